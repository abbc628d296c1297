/**
 * The owner's lead inbox (src/inbox/, React 19), built on its own into dist/admin/solicitudes/ by `npm run build`
 * (`vite build --config vite.inbox.config.ts`, after the public build): a separate entry with its own copy of
 * React, so the public pages' bundles never contain a byte of it and stay byte-identical, and a static CSS file
 * and no styled-components, so its policy stays style-src 'self' (scripts/hosts/host-rules.ts,
 * inboxContentSecurityPolicy; decision 043). The public build's config is not touched. The company's name is
 * written into the page's shell (%BRAND% in index.html), so the bar reads right before the scripts run.
 * Beside it, `promesa.json`: content/promesa.yaml's checked values, which the lead endpoint reads through
 * Pages' ASSETS to give each lead its deadline (edge/leads/promise.ts; the edge cannot import YAML).
 * And what makes it an installable app (issue 42, decision 045): `manifest.webmanifest` (src/inbox/web-manifest.ts)
 * and the service worker `sw.js` (src/inbox/sw.ts, a second entry with a fixed name, since a worker's address
 * is its identity), into which the build writes the shell's files and a version from their bytes.
 */
import { createHash } from 'node:crypto'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { loadContentOrThrow } from './scripts/build/content/load'
import { contentPlugin } from './scripts/build/content/vite-plugin'
import { readBuildSettings } from './scripts/lib/build-settings'
import { INBOX_PREFIX } from './scripts/hosts/host-rules'
import { inboxManifest } from './src/inbox/web-manifest'

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
    // head with the entry, so it downloads while the entry already asks the API for the session. So are the
    // chunks the entry imports; not the «Avisos» panel's (below the list, loaded once the inbox is on screen).
    {
      name: 'aquapuebla-inbox-preload',
      enforce: 'post',
      transformIndexHtml: (_html, { bundle }) => {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk')
        const wanted = new Set<string>()
        const follow = (fileName: string): void => {
          if (wanted.has(fileName)) return
          wanted.add(fileName)
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
            follow(imported)
        }
        for (const chunk of chunks)
          if ((chunk.isEntry && chunk.name === 'index') || chunk.name === 'react-dom-client')
            follow(chunk.fileName)
        return chunks
          .filter((chunk) => !chunk.isEntry && wanted.has(chunk.fileName))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', href: `${INBOX_PREFIX}${chunk.fileName}` },
            injectTo: 'head' as const,
          }))
      },
    },
    {
      name: 'aquapuebla-inbox-manifest',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: 'manifest.webmanifest',
          source: `${JSON.stringify(inboxManifest(loadContentOrThrow().site.brand), null, 2)}\n`,
        })
      },
    },
    // The service worker's BUILD: every file of the shell (the page at its address, its scripts and style, the
    // manifest and its icons) and a version that changes with any of their bytes, so a new build installs anew.
    {
      name: 'aquapuebla-inbox-service-worker',
      enforce: 'post',
      generateBundle(_options, bundle) {
        const worker = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === 'sw')
        if (worker?.type !== 'chunk') throw new Error('the inbox build has no sw.js')
        const shell = Object.values(bundle).filter(
          (file) => file !== worker && file.fileName !== 'promesa.json',
        )
        const version = createHash('sha256')
        for (const file of shell.sort((a, b) => a.fileName.localeCompare(b.fileName)))
          version.update(file.fileName).update(file.type === 'chunk' ? file.code : file.source)
        const files = [
          ...shell.map((file) =>
            file.fileName === 'index.html' ? INBOX_PREFIX : `${INBOX_PREFIX}${file.fileName}`,
          ),
          ...inboxManifest('').icons.map((icon) => icon.src),
        ]
        const build = JSON.stringify({ version: version.digest('hex').slice(0, 16), files })
        const placeholder = /(["'`])__INBOX_BUILD__\1/
        if (!placeholder.test(worker.code)) throw new Error('sw.js has lost its __INBOX_BUILD__ placeholder')
        worker.code = worker.code.replace(placeholder, () => JSON.stringify(build))
      },
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
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'src/inbox/index.html'),
        sw: path.resolve(import.meta.dirname, 'src/inbox/sw.ts'),
      },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
  },
})
