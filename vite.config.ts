import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { contentPlugin } from './scripts/build/content/vite-plugin'
import {
  globalCssInHead,
  helmetReact19Only,
  plainDynamicImports,
  reactRouterProduction,
  styledComponentsBabel,
  styledComponentsNoPrefixer,
} from './scripts/build/vite-plugins'
import { adminDevPlugin } from './scripts/cms/dev-plugin'
import { readBuildSettings } from './scripts/lib/build-settings'
import { requireProjectNode } from './scripts/lib/require-node.js'

requireProjectNode('vite')

/** Build-time constants: the settings of scripts/lib/build-settings.ts (one reader for the env). */
export const buildConstants = readBuildSettings()

/** Output folders; tests build variants (another LEAD_ENDPOINT, say) into their own. */
const outDir = process.env.DIST_DIR || 'dist'
const ssrOutDir = process.env.SSR_DIST_DIR || 'dist-server'

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    contentPlugin(),
    // `npm run cms`: the admin at /admin/ in the dev server (the build writes dist/admin/ instead).
    adminDevPlugin(),
    react({ babel: { plugins: [styledComponentsBabel(command === 'serve')] } }),
    globalCssInHead,
    ...(command === 'build' && !isSsrBuild
      ? [helmetReact19Only, styledComponentsNoPrefixer, plainDynamicImports]
      : []),
  ],
  resolve: command === 'build' && !isSsrBuild ? { alias: reactRouterProduction } : {},
  define: Object.fromEntries(
    Object.entries(buildConstants).map(([key, value]) => [key, JSON.stringify(value)]),
  ),
  build: isSsrBuild
    ? { outDir: ssrOutDir, emptyOutDir: true, target: 'node22', minify: false }
    : {
        outDir,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        // The prerender preloads the current page's chunks itself; no runtime preload helper.
        modulePreload: false,
        assetsInlineLimit: 0,
        minify: 'terser',
        terserOptions: { compress: { passes: 2 }, format: { comments: false } },
      },
  ssr: {
    // Bundle these into the server build so their ESM/CJS interop matches the client's.
    noExternal: ['styled-components', 'react-helmet-async', 'lucide-react', '@radix-ui/*'],
  },
}))
