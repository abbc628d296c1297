/**
 * Serves the pre-rendered site: `npm run serve` (or `npm start`, which builds first when needed).
 * Env: PORT (default 4173), HOST (default 127.0.0.1), DIST_DIR (default `dist`, from the working directory).
 * Follows the hosts' rule set (scripts/hosts/host-rules.ts) like the configs the build writes for
 * Cloudflare Pages, Netlify, Apache and nginx; the security headers, CSP included, come from the
 * build's own dist/_headers, so this server sends exactly what those hosts send.
 * Files are indexed once at startup (sirv `dev: false`): restart after a rebuild.
 * `startServer` is also what the browser tests and the benchmarks start, on a free port.
 */
import { existsSync, readFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sirv from 'sirv'
import { parseHeadersFile } from './hosts/host-files'
import {
  ADMIN_PREFIX,
  ALLOWED_METHODS,
  CACHE_CONTROL,
  CANONICAL_REDIRECT_STATUS,
  HOST_CONFIG_FILES,
  INBOX_PREFIX,
  MAX_URL_LENGTH,
  NOT_FOUND_FILE,
  cacheClassFor,
} from './hosts/host-rules'

interface ServerOptions {
  root: string
  /** 0 picks a free port. */
  port: number
  host: string
  /** Security headers for every answer; default: the `/*` rule of the build's dist/_headers. */
  securityHeaders?: Record<string, string>
}

export interface RunningServer {
  url: string
  port: number
  close(): Promise<void>
}

const ALLOW = ALLOWED_METHODS.join(', ')

/** The headers the build wrote for every path (`/*` in dist/_headers), as Cloudflare Pages and Netlify read them. */
function readSecurityHeaders(root: string) {
  const file = path.join(root, '_headers')
  if (!existsSync(file))
    throw new Error(`${file} is missing: run npm run build (it writes the host configuration)`)
  const rules = parseHeadersFile(readFileSync(file, 'utf8'))
  const everyPath = rules.find((rule) => rule.pattern === '/*')
  if (!everyPath || !everyPath.headers['Content-Security-Policy'])
    throw new Error(`${file} has no /* rule with a Content-Security-Policy`)
  // The CMS's rule (when the build has one) replaces the site-wide values it names.
  const admin = rules.find((rule) => rule.pattern === `${ADMIN_PREFIX}*`)
  // The lead inbox's rule, more specific still, replaces both.
  const inbox = rules.find((rule) => rule.pattern === `${INBOX_PREFIX}*`)
  const adminAll = { ...everyPath.headers, ...admin?.headers }
  return { site: everyPath.headers, admin: adminAll, inbox: { ...adminAll, ...inbox?.headers } }
}

/**
 * The path as a file name: runs of slashes made one (`//nosotros` is `/nosotros`, as nginx's merge_slashes
 * reads it) and trailing slashes dropped (`/_headers/` names the file `_headers`). Every check of what may be
 * served, and every redirect target, is made on this form, however the request spelled it.
 */
function fileKey(pathname: string): string {
  const merged = pathname.replace(/\/{2,}/g, '/')
  return merged.length > 1 ? merged.replace(/\/+$/, '') || '/' : merged
}

/** The canonical form of a non-canonical page URL (`/x/`, `/x.html`, `/index.html`, `//x`), or null. */
function canonicalRedirect(pathname: string, pageExists: (route: string) => boolean): string | null {
  const key = fileKey(pathname)
  if (key === '/index.html') return '/'
  if (key !== pathname && (key === '/' || pageExists(key))) return key
  const named = /^(\/.+)\.html$/.exec(key)?.[1]
  if (named && named !== `/${NOT_FOUND_FILE.replace(/\.html$/, '')}` && pageExists(named)) return named
  return null
}

/** Whether a path names what is never served as a page: the host's files (in any folder) or the 404 page. */
function isHidden(pathname: string): boolean {
  const key = fileKey(pathname)
  const name = key.slice(key.lastIndexOf('/') + 1)
  return (
    key === '/404' || key === `/${NOT_FOUND_FILE}` || (HOST_CONFIG_FILES as readonly string[]).includes(name)
  )
}

/** A Location a browser reads as a path on this host: never `//host` or `/\host` (protocol-relative). */
function sameHostPath(location: string): string {
  return /^\/[/\\]/.test(location) ? `/${location.replace(/^[/\\]+/, '')}` : location
}

/**
 * The decoded pathname, or null when the target could reach outside the site in any encoding: `..`/`.`
 * segments, encoded or literal separators other than `/`, double encoding (`%252e`), control bytes (`%00`)
 * or malformed percent-encoding. sirv only serves files it indexed under the root; this answers 400 early.
 */
function safePathname(target: string): string | null {
  const queryAt = target.search(/[?#]/)
  const raw = queryAt === -1 ? target : target.slice(0, queryAt)
  if (!raw.startsWith('/') || /%(2f|5c)/i.test(raw)) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]|%[0-9a-f]{2}/i.test(decoded)) return null
  return decoded.split('/').some((segment) => segment === '.' || segment === '..') ? null : decoded
}

/**
 * sirv parses Range loosely: `bytes=5-1` gives a negative Content-Length and a throw, `bytes=-4` the first
 * five bytes, `bytes=0-0` the whole file, `bytes=abc` a 206 of everything. Rewrite the header to the one form it
 * handles (`bytes=start-end`, end > 0), or to `bytes=<size>-`, which sirv answers with 416 and the file size.
 * Other units and multiple ranges are ignored (full 200), as RFC 9110 allows; so is `0-0` on a larger file.
 */
function normalizeRange(req: IncomingMessage, size: number): void {
  const header = req.headers.range
  if (header === undefined) return
  if (!/^bytes=/i.test(header) || header.includes(',')) {
    delete req.headers.range
    return
  }
  const unsatisfiable = () => (req.headers.range = `bytes=${size}-`)
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  const [, first = '', last = ''] = match ?? []
  if (!match || (first === '' && last === '')) return void unsatisfiable()
  // `bytes=-N`: the last N bytes (N = 0: none); `bytes=A-`: from A to the end; `bytes=A-B`: B ≥ A or none.
  const suffix = first === ''
  if (suffix ? Number(last) === 0 : last !== '' && Number(last) < Number(first)) return void unsatisfiable()
  const start = suffix ? Math.max(0, size - Number(last)) : Number(first)
  const end = suffix || last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size) return void unsatisfiable()
  if (end === 0) delete req.headers.range
  else req.headers.range = `bytes=${start}-${end}`
}

/** Whether an Accept-Encoding header allows `coding`: its own q-value, else that of `*`; q=0 refuses. */
function accepts(header: string | undefined, coding: string): boolean {
  const qualities = new Map<string, number>()
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    const quality = params.find((param) => param.startsWith('q='))
    qualities.set(name, quality ? Number(quality.slice(2)) : 1)
  }
  return (qualities.get(coding) ?? qualities.get('*') ?? 0) > 0
}

/** The security headers of this server, set on every answer (kept by `reply`). */
const securityOf = new WeakMap<ServerResponse, Record<string, string>>()

/** An answer of our own: drops whatever was set for a file, keeps the security headers. */
function reply(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name)
  res.writeHead(status, {
    ...securityOf.get(res),
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(status === 204 ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
    ...headers,
  })
  res.end(body)
}

/** Answers 404.html (read once, here) with status 404, precompressed like every other page when accepted. */
function notFoundPage(root: string) {
  const file = path.join(root, NOT_FOUND_FILE)
  const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined)
  const [identity, br, gzip] = [read(''), read('.br'), read('.gz')]
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!identity) return reply(res, 404, {}, 'Not Found')
    const accept = req.headers['accept-encoding']
    const [encoding, body] =
      br && accepts(accept, 'br')
        ? ['br', br]
        : gzip && accepts(accept, 'gzip')
          ? ['gzip', gzip]
          : [null, identity]
    const html = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page }
    const encoded: Record<string, string> = encoding ? { 'Content-Encoding': encoding } : {}
    reply(res, 404, { ...html, Vary: 'Accept-Encoding', ...encoded }, body)
  }
}

export async function startServer({
  root,
  port,
  host,
  securityHeaders,
}: ServerOptions): Promise<RunningServer> {
  const dir = path.resolve(root)
  const policy = securityHeaders
    ? { site: securityHeaders, admin: securityHeaders, inbox: securityHeaders }
    : readSecurityHeaders(dir)
  const inboxFolder = INBOX_PREFIX.slice(0, -1)
  const pageExists = (route: string) => existsSync(path.join(dir, `${route.slice(1)}.html`))
  const notFound = notFoundPage(dir)
  const serveFile = sirv(dir, {
    extensions: ['html'],
    brotli: true,
    gzip: true,
    etag: true,
    dev: false,
    onNoMatch: notFound,
    setHeaders: (res, pathname, stats) => {
      // sirv's type table (mrmime) has no .ico and would send an empty Content-Type, which nosniff makes risky.
      if (pathname.endsWith('.ico')) res.setHeader('Content-Type', 'image/x-icon')
      normalizeRange(res.req, stats.size)
    },
  })

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const target = req.url ?? '/'
    const admin = target.startsWith(ADMIN_PREFIX)
    const inbox = target.startsWith(INBOX_PREFIX) || /^\/admin\/solicitudes([?#]|$)/.test(target)
    const headers = inbox ? policy.inbox : admin ? policy.admin : policy.site
    securityOf.set(res, headers)
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    if (target.length > MAX_URL_LENGTH) return reply(res, 414, {}, 'URI Too Long')
    if (req.method === 'OPTIONS') return reply(res, 204, { Allow: ALLOW })
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return reply(res, 405, { Allow: ALLOW }, 'Method Not Allowed')
    const pathname = safePathname(target)
    if (pathname === null) return reply(res, 400, {}, 'Bad Request')
    if (isHidden(pathname)) return notFound(req, res)
    const canonical =
      pathname === ADMIN_PREFIX.slice(0, -1)
        ? ADMIN_PREFIX
        : pathname === inboxFolder && existsSync(path.join(dir, INBOX_PREFIX, 'index.html'))
          ? INBOX_PREFIX
          : canonicalRedirect(pathname, pageExists)
    if (canonical !== null) {
      const query = target.includes('?') ? target.slice(target.indexOf('?')).replace(/#.*$/, '') : ''
      const redirect = { Location: sameHostPath(canonical) + query, 'Cache-Control': CACHE_CONTROL.page }
      return reply(res, CANONICAL_REDIRECT_STATUS, redirect)
    }

    // Set before sirv, which answers 304 without calling setHeaders.
    res.setHeader('Cache-Control', headers['Cache-Control'] ?? CACHE_CONTROL[cacheClassFor(pathname)])
    res.setHeader('Vary', 'Accept-Encoding')
    // Byte ranges count in the plain file, not in whichever precompressed sibling sirv would pick.
    if (req.headers.range !== undefined) delete req.headers['accept-encoding']
    serveFile(req, res)
  }

  // A slow or stalled client gets 10 s to send its headers and 15 s for the whole request, checked every 2 s.
  const timeouts = { headersTimeout: 10_000, requestTimeout: 15_000, connectionsCheckingInterval: 2_000 }
  const server = createServer({ ...timeouts, keepAliveTimeout: 5_000 }, (req, res) => {
    // sirv pipes a read stream without an error listener: a file gone since startup would crash the process.
    res.on('pipe', (source) => source.on('error', () => res.destroy()))
    try {
      handle(req, res)
    } catch (error) {
      console.error(error)
      if (res.headersSent) res.destroy()
      else reply(res, 500, {}, 'Internal Server Error')
    }
  })
  await once(server.listen(port, host), 'listening')
  const actualPort = (server.address() as AddressInfo).port
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

async function main(): Promise<void> {
  const root = path.resolve(process.env.DIST_DIR ?? 'dist')
  const port = Number(process.env.PORT ?? 4173)
  const host = process.env.HOST ?? '127.0.0.1'
  if (!existsSync(path.join(root, 'index.html')))
    throw new Error(`${path.join(root, 'index.html')} is missing: run npm run build first`)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0-65535, got ${port}`)
  const server = await startServer({ root, port, host })
  const shown = path.relative(process.cwd(), root)
  console.log(
    `Serving ${shown.startsWith('..') || path.isAbsolute(shown) ? root : shown || '.'}/ at ${server.url}`,
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void server.close().finally(() => process.exit(0)))
}

// Run as a script (`tsx scripts/serve.ts`). No import.meta check: ts-jest compiles this file to CommonJS for the
// tests, where import.meta does not exist.
if (/[\\/]scripts[\\/]serve\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
