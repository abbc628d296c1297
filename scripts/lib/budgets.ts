/**
 * Byte budgets of the built site, shared by `npm run bench` (scripts/bench/lighthouse.ts) and the budget test
 * (test/visitor/budgets.test.ts). Reads a dist folder only; no timings here, those stay in the benchmark.
 *
 * For each pre-rendered route (dist/index.html is `/`, dist/<slug>.html is `/<slug>`):
 * - htmlBytesBr: the brotli size of the HTML document, as served (its .br sibling from scripts/build/compress.ts);
 * - firstLoadJsBytesBr: the brotli size of every script the first load fetches: `<script type="module" src>`,
 *   `<link rel="modulepreload" href>`, plus their static imports per the Vite manifest (a chunk imported but
 *   not preloaded still loads before hydration).
 * A file without a .br sibling is brotli-compressed in memory at the same quality compress.ts uses.
 * Sizes are bytes; the budgets are KB of 1024 bytes (14 KB ≈ the first TCP round trip of 10 packets).
 * No import.meta here: ts-jest compiles this file to CommonJS for the test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { clientManifestPath } from './build-settings'

export const BUDGETS = { htmlKb: 14, firstLoadJsKb: 110 } as const

export interface RouteHtml {
  /** URL path: `/`, `/servicios`. */
  route: string
  /** Absolute path of the route's HTML file. */
  file: string
}

export interface RouteBudget {
  route: string
  htmlBytesBr: number
  firstLoadJsBytesBr: number
  /** Site paths (`/assets/index-abc.js`) of the first-load scripts, in the order found. */
  jsFiles: string[]
}

export const toKb = (bytes: number): number => bytes / 1024

/** Every pre-rendered page in `dist`: `/` first, then the others alphabetically (404.html is not a route). */
export function routeHtmlFiles(dist: string): RouteHtml[] {
  const root = path.resolve(dist)
  return readdirSync(root)
    .filter((name) => name.endsWith('.html') && name !== '404.html')
    .map((name) => ({
      route: name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`,
      file: path.join(root, name),
    }))
    .sort((a, b) => (a.route === '/' ? -1 : b.route === '/' ? 1 : a.route.localeCompare(b.route)))
}

/** Attributes of one start tag, names lower-cased, entities left as written except `&amp;`. */
function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {}
  for (const match of tag.matchAll(/([^\s=/<>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const [, name = '', double, single, bare] = match
    result[name.toLowerCase()] = (double ?? single ?? bare ?? '').replaceAll('&amp;', '&')
  }
  return result
}

/** Every `<script>` and `<link>` start tag, in document order: whether it is a script, and its attributes. */
const startTags = (html: string) =>
  [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, name = '', rest = '']) => ({
    script: name.toLowerCase() === 'script',
    attrs: attributes(rest),
  }))

const relList = (attrs: Record<string, string>) => (attrs.rel ?? '').toLowerCase().split(/\s+/)

/** URLs the HTML loads as first-load JavaScript: module scripts and module preloads, in document order. */
export function firstLoadScriptUrls(html: string): string[] {
  const urls = startTags(html).map(({ script, attrs }) =>
    script ? attrs.type === 'module' && attrs.src : relList(attrs).includes('modulepreload') && attrs.href,
  )
  return [...new Set(urls.filter((url): url is string => Boolean(url)))]
}

/**
 * `<link rel="stylesheet" href>` and `<script src>` that point to another host (absolute or protocol-relative
 * URLs): render-blocking requests the budget forbids. Relative URLs are always same-host.
 */
export function crossHostResources(html: string): string[] {
  const isCrossHost = (url: string | undefined) => Boolean(url && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(url))
  const tags = startTags(html)
  const stylesheets = tags.filter((tag) => !tag.script && relList(tag.attrs).includes('stylesheet'))
  const scripts = tags.filter((tag) => tag.script)
  return [...stylesheets.map((tag) => tag.attrs.href), ...scripts.map((tag) => tag.attrs.src)].filter(
    (url): url is string => isCrossHost(url),
  )
}

/** Brotli size of a file: its .br sibling when there is one, else compressed here at quality 11. */
export function brotliSize(file: string): number {
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11 }
  return brotliCompressSync(readFileSync(file), { params }).length
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

/** Static imports per output file (`assets/x.js` → [`assets/y.js`]), from the kept client manifest. */
function staticImportsByFile(dist: string): Map<string, string[]> {
  const manifestFile = clientManifestPath(dist)
  // Without it, chunks imported but not preloaded would go uncounted: refuse to measure.
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build first`)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
  return new Map(
    Object.values(manifest).map((chunk) => [
      chunk.file,
      (chunk.imports ?? []).flatMap((key) => (manifest[key] ? [manifest[key].file] : [])),
    ]),
  )
}

/** Site path of a same-origin script URL as written in the page at `route`, or null for another host. */
function sitePath(url: string, route: string): string | null {
  const base = 'http://site.invalid'
  const resolved = new URL(url, base + route)
  return resolved.origin === base ? resolved.pathname : null
}

/** The budget figures of one route's HTML file in `dist`. */
function measureRoute(dist: string, { route, file }: RouteHtml, imports: Map<string, string[]>): RouteBudget {
  const html = readFileSync(file, 'utf8')
  const jsFiles: string[] = []
  const add = (sitePathname: string) => {
    if (jsFiles.includes(sitePathname)) return
    jsFiles.push(sitePathname)
    imports.get(sitePathname.slice(1))?.forEach((imported) => add(`/${imported}`))
  }
  for (const url of firstLoadScriptUrls(html)) {
    const pathname = sitePath(url, route)
    if (pathname) add(pathname)
  }
  const firstLoadJsBytesBr = jsFiles.reduce((sum, js) => sum + brotliSize(path.join(dist, decodeURI(js))), 0)
  return { route, htmlBytesBr: brotliSize(file), firstLoadJsBytesBr, jsFiles }
}

/** Budget figures for every pre-rendered route in `dist` (see routeHtmlFiles for the order). */
export function measureRoutes(dist: string): RouteBudget[] {
  const root = path.resolve(dist)
  const imports = staticImportsByFile(root)
  return routeHtmlFiles(root).map((page) => measureRoute(root, page, imports))
}
