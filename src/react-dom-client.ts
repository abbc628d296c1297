/**
 * React DOM's browser client, as a module of its own: the entry imports it dynamically, so the browser
 * evaluates React DOM (about half of the start-up JavaScript) in a task of its own instead of inside the
 * entry's single module-evaluation task, the longest task of the load (docs/performance.md: tbt-breakdown).
 * The prerender preloads its chunk with the page's (STARTUP_MODULES in scripts/build/preload-links.ts), so
 * splitting it off costs no round trip. Browser code that needs React DOM's client imports this module, and
 * only with `import()` (the analytics consent notice does too): a static importer, or an import of
 * 'react-dom/client' itself, made Rollup move React DOM into a shared chunk that Vite's manifest no longer
 * files under this module, and the prerender refused the build (found with analytics enabled). ESLint
 * enforces both (eslint.config.js).
 */
export { createRoot, hydrateRoot } from 'react-dom/client'
