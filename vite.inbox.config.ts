/**
 * The owner's lead inbox (src/inbox/, React 19), built on its own into dist/admin/solicitudes/ by `npm run build`
 * (`vite build --config vite.inbox.config.ts`, after the public build): a separate entry with its own copy of
 * React, so the public pages' bundles never contain a byte of it and stay byte-identical, and a static CSS file
 * and no styled-components, so its policy stays style-src 'self' (scripts/hosts/host-rules.ts,
 * inboxContentSecurityPolicy; decision 043). The public build's config is not touched. The company's name is
 * written into the page's shell (%BRAND% in index.html), so the bar reads right before the scripts run.
 * Beside it, `promesa.json`: content/promesa.yaml's checked values, which the lead endpoint reads through
 * Pages' ASSETS to give each lead its deadline (edge/leads/promise.ts; the edge cannot import YAML).
 */
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { loadContentOrThrow } from './scripts/build/content/load'
import { contentPlugin } from './scripts/build/content/vite-plugin'
import { readBuildSettings } from './scripts/lib/build-settings'
import { INBOX_PREFIX } from './scripts/hosts/host-rules'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char)

const outDir = path.resolve(process.env.DIST_DIR || 'dist', INBOX_PREFIX.slice(1))

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/inbox'),
  base: INBOX_PREFIX,
  publicDir: false,
  plugins: [
    contentPlugin(),
    react(),
    {
      name: 'aquapuebla-inbox-brand',
      transformIndexHtml: (html) => html.replace('%BRAND%', escapeHtml(loadContentOrThrow().site.brand)),
    },
    // React DOM is a chunk of its own (src/inbox/main.tsx imports it with import()): asked for by the page's
    // head with the entry, so it downloads while the entry already asks the API for the session.
    {
      name: 'aquapuebla-inbox-preload',
      enforce: 'post',
      transformIndexHtml: (_html, { bundle }) =>
        Object.values(bundle ?? {})
          .filter((chunk) => chunk.type === 'chunk' && !chunk.isEntry)
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', href: `${INBOX_PREFIX}${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
    },
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
