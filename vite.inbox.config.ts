/**
 * The owner's lead inbox (src/inbox/), built on its own into dist/admin/solicitudes/ by `npm run build`
 * (`vite build --config vite.inbox.config.ts`, after the public build): a separate entry, so the public
 * pages' bundles never contain a byte of it, and a static CSS file, so its policy stays style-src 'self'
 * (scripts/hosts/host-rules.ts, inboxContentSecurityPolicy). The public build's config is not touched.
 * Beside it, `promesa.json`: content/promesa.yaml's checked values, which the lead endpoint reads through
 * Pages' ASSETS to give each lead its deadline (edge/leads/promise.ts; the edge cannot import YAML).
 */
import path from 'node:path'
import { defineConfig } from 'vite'
import { loadContentOrThrow } from './scripts/build/content/load'
import { contentPlugin } from './scripts/build/content/vite-plugin'
import { readBuildSettings } from './scripts/lib/build-settings'
import { INBOX_PREFIX } from './scripts/hosts/host-rules'

const outDir = path.resolve(process.env.DIST_DIR || 'dist', INBOX_PREFIX.slice(1))

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/inbox'),
  base: INBOX_PREFIX,
  publicDir: false,
  plugins: [
    contentPlugin(),
    {
      name: 'aquapuebla-promise',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: 'promesa.json',
          source: `${JSON.stringify(loadContentOrThrow().promesa)}\n`,
        })
      },
    },
  ],
  define: Object.fromEntries(
    Object.entries(readBuildSettings()).map(([key, value]) => [key, JSON.stringify(value)]),
  ),
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    assetsInlineLimit: 0,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
  },
})
