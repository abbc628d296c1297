/**
 * The site as the WebKit suite sees it (test/helpers/webkit.ts says why each piece is needed):
 * 1. a loopback image server that answers the stock photos (`/photo-*?w=&h=`) with the same placeholder the
 *    puppeteer suites answer intercepted requests with;
 * 2. a build of the site whose IMAGE_ORIGIN is that server (`buildVariant`, ~40 s), so no request leaves the
 *    machine; everything else is built exactly as `npm run build` builds it;
 * 3. the probe: the first script of every page records console errors and warnings, uncaught errors,
 *    unhandled rejections and CSP violations in `window.__problems`, as puppeteer's evaluateOnNewDocument
 *    does for the other engines; its hash is added to script-src, the rest of the CSP is the build's own;
 * 4. scripts/serve.ts serving that build on a free loopback port, with the build's security headers.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { parseHeadersFile } from '../../scripts/hosts/host-files'
import { placeholderPhoto } from '../../scripts/lib/offline-images'
import { startServer } from '../../scripts/serve'
import { buildVariant, projectRoot, removeVariant } from './browser'

/** Runs in the page before anything else; every entry is one problem, worded as in test/helpers/browser.ts. */
const PROBE = `(() => {
  const problems = []
  window.__problems = problems
  const text = (values) => values.map((value) => value instanceof Error ? String(value.stack || value) : String(value)).join(' ')
  for (const level of ['error', 'warn']) {
    const original = console[level]
    console[level] = (...values) => { problems.push(level + ': ' + text(values)); original.apply(console, values) }
  }
  addEventListener('error', (event) => problems.push('pageerror: ' + (event.error ? String(event.error.stack || event.error) : event.message)))
  addEventListener('unhandledrejection', (event) => problems.push('pageerror: ' + String(event.reason)))
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push('CSP violation: ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline code') + ' (' + event.sample + ')'))
})()`

const probeHash = `'sha256-${createHash('sha256').update(PROBE).digest('base64')}'`

export interface WebKitSite {
  /** The site's origin, e.g. http://127.0.0.1:41234 */
  url: string
  /** Image requests the stub answered (paths), to show nothing was fetched elsewhere. */
  photos: string[]
  close: () => Promise<void>
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })
}

/** Builds and serves the WebKit variant of the site (see the file header). Call `close` to remove it all. */
export async function serveWebKitSite(): Promise<WebKitSite> {
  const photos: string[] = []
  const images = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (!url.pathname.startsWith('/photo-')) return void response.writeHead(404).end()
    photos.push(url.pathname)
    response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' })
    response.end(placeholderPhoto(url))
  })
  const imagePort = await listen(images)
  const outDir = path.join(projectRoot, '.variants', 'webkit-dist')
  let built: { ssrDir: string } | undefined
  try {
    built = buildVariant(outDir, { IMAGE_ORIGIN: `http://127.0.0.1:${imagePort}` })
    instrument(outDir)
    const everyPath = parseHeadersFile(readFileSync(path.join(outDir, '_headers'), 'utf8')).find(
      (rule) => rule.pattern === '/*',
    )
    if (!everyPath) throw new Error('the WebKit build has no /* rule in _headers')
    const headers = { ...everyPath.headers }
    headers['Content-Security-Policy'] = headers['Content-Security-Policy']!.replace(
      "script-src 'self'",
      `script-src 'self' ${probeHash}`,
    )
    const site = await startServer({ root: outDir, port: 0, host: '127.0.0.1', securityHeaders: headers })
    return {
      url: site.url,
      photos,
      close: async () => {
        await site.close()
        await new Promise((resolve) => images.close(resolve))
        removeVariant(outDir, built)
      },
    }
  } catch (error) {
    images.close()
    removeVariant(outDir, built)
    throw error
  }
}

/** Puts the probe first in every page's <head>; the precompressed copies of the pages go (they would be stale). */
function instrument(dir: string): void {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
    const page = path.join(dir, file)
    const html = readFileSync(page, 'utf8')
    if (!html.includes('<head>')) throw new Error(`${file} has no <head>`)
    writeFileSync(page, html.replace('<head>', `<head><script>${PROBE}</script>`))
    rmSync(`${page}.br`, { force: true })
    rmSync(`${page}.gz`, { force: true })
  }
}
