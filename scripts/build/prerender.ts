/**
 * Prerender: reads dist/index.html and the server bundle (dist-server/entry-server.js; DIST_DIR and
 * SSR_DIST_DIR override both folders, as in vite.config.ts);
 * writes dist/<slug>.html for every route (dist/index.html for `/`), dist/404.html, sitemap.xml and
 * robots.txt, then moves Vite's manifest out of dist/ (build metadata is not published).
 * Run by `npm run build` after both Vite builds: `tsx scripts/build/prerender.ts`.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { pageFileFor } from '../hosts/host-rules'
import { clientManifestPath } from '../lib/build-settings'
import { deferScripts, preloadLinks } from './preload-links'

const root = path.resolve(import.meta.dirname, '../..')
// DIST_DIR / SSR_DIST_DIR: the same overrides vite.config.ts reads.
const dist = path.resolve(root, process.env.DIST_DIR || 'dist')
const serverDir = path.resolve(root, process.env.SSR_DIST_DIR || 'dist-server')

type ServerEntry = typeof import('../../renderer/entry-server')

async function main() {
  const server: ServerEntry = await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)
  const template = await readFile(path.join(dist, 'index.html'), 'utf8')
  const manifestText = await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')
  const manifest = JSON.parse(manifestText)

  const pages = [...server.paths.map((route) => ({ route, status: 200 })), { route: '/404', status: 404 }]
  for (const { route, status } of pages) {
    // 1. Render the route; the status must be the one we expect (200 for pages, 404 for the rest).
    const result = await server.render(route)
    if (result.status !== status) {
      const cause = result.errors ? { cause: result.errors } : undefined
      throw new Error(`${route} rendered with status ${result.status}, expected ${status}`, cause)
    }

    // 2. Fill the template: head tags, the markup, and the scripts (entry and the current page's
    //    chunks) deferred until after the first paint.
    const html = deferScripts(
      template.replace('<!--app-head-->', result.head).replace('<!--app-html-->', result.html),
      preloadLinks(manifest, server.pageModules[route]),
    )

    // 3. Write dist/<slug>.html (the home page overwrites the template) or dist/404.html: the layout
    //    every host serves at the canonical URL `/<slug>` with no redirect (scripts/hosts/host-rules.ts).
    const file = status === 404 ? '404.html' : pageFileFor(route)
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true })
    await writeFile(path.join(dist, file), html)
    console.log(
      `prerender: ${route} -> ${path.relative(root, path.join(dist, file))} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB)`,
    )
  }

  // 4. Crawling files from the same route table and SITE_URL.
  await writeFile(path.join(dist, 'sitemap.xml'), server.sitemapXml())
  await writeFile(path.join(dist, 'robots.txt'), server.robotsTxt())
  console.log('prerender: sitemap.xml, robots.txt')

  // 5. Vite's manifest is build metadata: it moves next to the server bundle, out of the published dist/.
  const keptManifest = clientManifestPath(dist)
  await mkdir(path.dirname(keptManifest), { recursive: true })
  await writeFile(keptManifest, manifestText)
  await rm(path.join(dist, '.vite'), { recursive: true, force: true })
  console.log(
    server.leadEndpoint
      ? `Quote requests are POSTed to ${server.leadEndpoint}.`
      : 'Quote requests are SIMULATED (nothing is sent): set LEAD_ENDPOINT=https://… at build time to receive them (see docs/quote-form.md).',
  )
}

main().catch((error: unknown) => {
  console.error('prerender failed:', error)
  process.exit(1)
})
