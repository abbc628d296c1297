/**
 * scripts/serve.ts against a tiny dist-like fixture (no build needed; its host configuration written by the
 * same code as the build's), for what only our own server has to get right: the spellings of a host file or the
 * 404 page that must never be served, protocol-relative redirects, a compressed 404 page, conditional and range
 * requests, the limits of a request, hostile paths against a secret beside the root, a file that disappears.
 * What every host must agree on (pages, redirects, 404s, caching, compression, security headers, HEAD), against
 * the real build, is hosts.test.ts's, whose table runs this server too. Raw `http.request`/`net` so paths reach
 * the server as written and compressed bodies arrive as sent.
 * Run: `npx jest test/hosts/serve.test.ts --selectProjects chromium`.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { headersFile } from '../../scripts/hosts/host-files'
import { collectHostPolicy } from '../../scripts/hosts/host-policy'
import { send as sendOn, sendRaw as sendRawOn } from '../helpers/http'
import { hooked } from '../helpers/hooks'
import { serveSite } from '../helpers/site'

const SECRET = `secret-${process.pid}-${Date.now()}`
const page = (marker: string) =>
  `<!doctype html><html lang="es-MX"><head><title>${marker}</title></head><body>${marker}</body></html>`
const FILES: Record<string, string> = {
  'index.html': page('Inicio AquaPuebla'),
  'nosotros.html': page('Nosotros AquaPuebla'),
  '404.html': page('Página no encontrada'),
  'assets/app-abc123.js': 'console.log("AquaPuebla");\n'.repeat(40),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
  'favicon.ico': 'not really an icon',
  'robots.txt': '0123456789abcdef',
  'gone.txt': 'deleted after startup',
}
const PRECOMPRESSED = ['index.html', 'nosotros.html', '404.html', 'assets/app-abc123.js']

const fixture = mkdtempSync(path.join(tmpdir(), 'aquapuebla-serve-'))
afterAll(() => rmSync(fixture, { recursive: true, force: true }))

/** One request on its own connection; the path goes out exactly as given (test/helpers/http.ts). */
const send = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
  sendOn(server.port, target, headers, method)
/** Bytes straight onto a socket, for request lines and headers that http.request would refuse to write. */
const sendRaw = (head: string) => sendRawOn(server.port, head)

const server = hooked(serveFixture, 'the server', 120_000)

/** The fixture written as the build writes it, served by scripts/serve.ts. */
async function serveFixture() {
  const root = path.join(fixture, 'dist')
  for (const [name, content] of Object.entries(FILES)) {
    const file = path.join(root, name)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, content)
    if (PRECOMPRESSED.includes(name)) {
      writeFileSync(`${file}.br`, brotliCompressSync(content))
      writeFileSync(`${file}.gz`, gzipSync(content))
    }
  }
  // Next to the root, where a traversal would land.
  writeFileSync(path.join(fixture, 'secret.txt'), SECRET)
  // The host configuration, as the build writes it (scripts/build/host-config.ts); the server reads _headers.
  const policy = await collectHostPolicy(root, {
    siteUrl: 'https://www.aquapuebla.mx',
    imageOrigin: 'https://images.unsplash.com',
    leadEndpoint: '',
  })
  writeFileSync(path.join(root, '_headers'), headersFile(policy))
  return serveSite({ build: { dir: root }, host: 'serve' })
}

test.each([
  '/_headers',
  '/_headers/',
  '/_headers//',
  '/_header%73',
  '/_header%73/',
  '/_redirects/',
  '//_redirects',
  '/.htaccess/',
  '/404.html',
  '/404.html/',
  '//404.html',
  '/404%2Ehtml',
  '/404',
  '/404/',
  // A trailing slash on a path that is not a page.
  '/no-existe/',
  '/assets/',
])('%s is never served as a page: the 404 page with status 404', async (target) => {
  const answer = await send(target)
  expect(answer.status).toBe(404)
  expect(answer.text).toContain('Página no encontrada')
  expect(answer.text).not.toMatch(/Content-Security-Policy|RewriteRule|\/\* +/)
})

test.each([
  ['//nosotros/', '/nosotros'],
  ['//nosotros', '/nosotros'],
  ['///nosotros//', '/nosotros'],
  ['/nosotros//', '/nosotros'],
  ['//', '/'],
  ['//index.html', '/'],
  ['//nosotros.html?x=1', '/nosotros?x=1'],
])('%s redirects to %s, never to a protocol-relative address', async (target, location) => {
  const answer = await send(target)
  expect(answer.status).toBe(301)
  expect(answer.headers.location).toBe(location)
  expect(answer.headers.location).not.toMatch(/^\/[/\\]/)
})

test('the 404 page comes brotli- or gzip-compressed when the client accepts it', async () => {
  const brotli = await send('/no-existe', { 'Accept-Encoding': 'gzip, deflate, br' })
  expect(brotli.status).toBe(404)
  expect(brotli.headers['content-encoding']).toBe('br')
  expect(brotli.headers.vary).toBe('Accept-Encoding')
  expect(brotliDecompressSync(brotli.body).toString()).toBe(FILES['404.html'])

  const gzip = await send('/no-existe', { 'Accept-Encoding': 'gzip, br;q=0' })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(gzip.body).toString()).toBe(FILES['404.html'])
})

test('favicon.ico gets an image type, which sirv alone leaves empty', async () => {
  const answer = await send('/favicon.ico')
  expect(answer.status).toBe(200)
  expect(answer.headers['content-type']).toBe('image/x-icon')
})

test('a matching If-None-Match gets 304 with the cache header kept', async () => {
  const first = await send('/assets/app-abc123.js')
  const etag = first.headers.etag ?? ''
  expect(etag).not.toBe('')
  const second = await send('/assets/app-abc123.js', { 'If-None-Match': etag })
  expect(second.status).toBe(304)
  expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('a method it does not serve answers 405, OPTIONS 204, each with Allow: GET, HEAD', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const status = method === 'OPTIONS' ? 204 : 405
    const answer = await send('/', { 'Content-Type': 'text/plain' }, method)
    expect({ method, status: answer.status, allow: answer.headers.allow }).toEqual({
      method,
      status,
      allow: 'GET, HEAD',
    })
  }
})

test.each([
  '/../secret.txt',
  '/../../../../../../etc/passwd',
  '/..%2fsecret.txt',
  '/..%2f..%2fetc/passwd',
  '/%2e%2e/secret.txt',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/%2E%2E%2Fsecret.txt',
  '/..\\secret.txt',
  '/..\\..\\etc\\passwd',
  '/%2e%2e%5csecret.txt',
  '/%252e%252e/secret.txt',
  '/%252e%252e%252fsecret.txt',
  '/..%c0%afsecret.txt',
  '/index.html%00.txt',
  '/%00',
  '/%E0%A4%A',
  '/%',
  '/assets/../../secret.txt',
  '/./index.html',
])('%s is refused and reveals nothing outside the root', async (target) => {
  const answer = await sendRaw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
  expect(answer.status).toBeGreaterThanOrEqual(400)
  expect(answer.status).toBeLessThan(500)
  expect(answer.text).not.toContain(SECRET)
  expect(answer.text).not.toMatch(/root:.*:0:0:/)
})

test('an absolute-form request target is refused', async () => {
  const answer = await sendRaw(
    'GET http://127.0.0.1/../secret.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
  )
  expect(answer.status).toBe(400)
  expect(answer.text).not.toContain(SECRET)
})

test('a URL longer than 2048 characters answers 414', async () => {
  expect((await send(`/${'a'.repeat(3000)}`)).status).toBe(414)
})

test('headers beyond the limit answer 431', async () => {
  const answer = await sendRaw(
    `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
  )
  expect(answer.status).toBe(431)
})

test.each([
  ['bytes=2-4', 206, 'bytes 2-4/16', '234'],
  ['bytes=10-', 206, 'bytes 10-15/16', 'abcdef'],
  ['bytes=-4', 206, 'bytes 12-15/16', 'cdef'],
  ['bytes=14-999', 206, 'bytes 14-15/16', 'ef'],
  ['bytes=0-0', 200, undefined, '0123456789abcdef'],
  ['bytes=0-1,4-5', 200, undefined, '0123456789abcdef'],
  ['items=0-1', 200, undefined, '0123456789abcdef'],
  ['bytes=abc', 416, 'bytes */16', ''],
  ['bytes=', 416, 'bytes */16', ''],
  ['bytes=-', 416, 'bytes */16', ''],
  ['bytes=-0', 416, 'bytes */16', ''],
  ['bytes=5-1', 416, 'bytes */16', ''],
  ['bytes=16-', 416, 'bytes */16', ''],
  ['bytes=999999999-', 416, 'bytes */16', ''],
  ['bytes=99999999999999999999999-1', 416, 'bytes */16', ''],
])('Range %s answers %i', async (range, status, contentRange, body) => {
  const answer = await send('/robots.txt', { Range: range })
  expect(answer.status).toBe(status)
  expect(answer.headers['content-range']).toBe(contentRange)
  expect(answer.text).toBe(body)
})

test('a byte range counts in the plain file even when the client accepts brotli', async () => {
  const answer = await send('/assets/app-abc123.js', { Range: 'bytes=0-6', 'Accept-Encoding': 'br' })
  expect(answer.status).toBe(206)
  expect(answer.headers['content-encoding']).toBeUndefined()
  expect(answer.text).toBe('console')
})

test('a file removed after startup ends that response without taking the server down', async () => {
  unlinkSync(path.join(fixture, 'dist', 'gone.txt'))
  await expect(send('/gone.txt')).rejects.toThrow(/aborted|socket hang up|ECONNRESET/)
  const answer = await send('/')
  expect(answer.status).toBe(200)
  expect(answer.text).toContain('Inicio AquaPuebla')
})
