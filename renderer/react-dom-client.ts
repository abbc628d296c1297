/**
 * React DOM's browser client, as a module of its own: the entry imports it dynamically, so the browser
 * evaluates React DOM (about half of the start-up JavaScript) in a task of its own instead of inside the
 * entry's single module-evaluation task, the longest task of the load (issue 18, bench/tbt-breakdown.md).
 * The prerender preloads its chunk with the page's (STARTUP_MODULES in scripts/lib/preload-links.ts), so
 * splitting it off costs no round trip.
 */
export { createRoot, hydrateRoot } from 'react-dom/client'
