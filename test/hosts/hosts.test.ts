/**
 * Every server the site is deployed on answers the same, from the one rule set (scripts/hosts/host-rules.ts)
 * and the host files the build wrote: our own scripts/serve.ts, Debian's nginx with the build's nginx.conf,
 * Debian's apache2 configured by dist/.htaccess (AllowOverride All, as on shared hosting) and Cloudflare's
 * Pages server (wrangler pages dev) reading dist/_headers and dist/_redirects. One suite, run against each.
 *
 * Needs a build (`npm run build`) and the Debian packages nginx, libnginx-mod-http-brotli-static and
 * apache2 (.ci/run installs them); a missing server fails its suite with the package name, never skips.
 * About 30 s, most of it wrangler's start-up.
 * Run alone: `npx jest test/hosts/hosts.test.ts --selectProjects chromium`.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { site } from '../../src/config/site'
import { pagePaths } from '../../schema/paths'
import { parseHeadersFile } from '../../scripts/hosts/host-files'
import { deployDirFor } from '../../scripts/hosts/host-policy'
import {
  ADMIN_PREFIX,
  CACHE_CONTROL,
  INBOX_PREFIX,
  inboxContentSecurityPolicy,
  pageFileFor,
} from '../../scripts/hosts/host-rules'
import { hostStarters } from '../../scripts/hosts/servers'
import { distDir, projectRoot } from '../helpers/builds'
import { send, sendRaw, type Answer } from '../helpers/http'
import { hooked } from '../helpers/hooks'
import { startProxy } from '../helpers/proxy'
import { serveSite, type Host } from '../helpers/site'
import { observatoryScore } from '../helpers/observatory'

jest.setTimeout(120_000)

const nginxConf = path.join(deployDirFor(projectRoot, distDir), 'nginx.conf')

/** Each server, started on a free loopback port. */
const SERVERS: Host[] = ['serve', 'nginx', 'apache', 'pages']
const IDENTITY = { 'Accept-Encoding': 'identity' }

/** A file of the build, as text. */
const built = (file: string) => readFileSync(path.join(distDir, file), 'utf8')
const headerRules = parseHeadersFile(built('_headers'))
function ruleOf(pattern: string): Record<string, string> {
  const rule = headerRules.find((candidate) => candidate.pattern === pattern)
  if (!rule) throw new Error(`dist/_headers has no ${pattern} rule`)
  return rule.headers
}
const securityHeaders = ruleOf('/*')
/** The CMS's headers are the site-wide ones with its own over them; the lead inbox's, its own over the CMS's. */
const adminHeaders = { ...securityHeaders, ...ruleOf(`${ADMIN_PREFIX}*`) }
const inboxHeaders = { ...adminHeaders, ...ruleOf(`${INBOX_PREFIX}*`) }
const inboxScript =
  /\/admin\/solicitudes\/assets\/[\w-]+\.js/.exec(built(`${INBOX_PREFIX}index.html`))?.[0] ?? ''

const asset = /\/assets\/[\w-]+\.js/.exec(built('index.html'))?.[0] ?? ''
const notFoundTitle = /<title>([^<]*)<\/title>/.exec(built('404.html'))?.[1] ?? ''

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8')
  return answer.text
}

function expectSecurityHeaders(answer: Answer, expected: Record<string, string> = securityHeaders): void {
  for (const [name, value] of Object.entries(expected))
    expect({ header: name, value: answer.headers[name.toLowerCase()] }).toEqual({ header: name, value })
}

/** Location resolved against the request, as a browser follows it: path and query. */
function redirectTarget(answer: Answer, port: number): string {
  const location = answer.headers.location ?? ''
  const url = new URL(location, `http://127.0.0.1:${port}/`)
  return url.pathname + url.search
}

test('the build publishes no build metadata and writes every host file', () => {
  expect(existsSync(path.join(distDir, '.vite'))).toBe(false)
  const hostFiles = [
    '_headers',
    '_redirects',
    '.htaccess',
    'assets/.htaccess',
    'admin/.htaccess',
    'admin/solicitudes/.htaccess',
  ]
  expect(hostFiles.filter((file) => !existsSync(path.join(distDir, file)))).toEqual([])
  expect(existsSync(nginxConf)).toBe(true)
  for (const route of pagePaths) expect(existsSync(path.join(distDir, pageFileFor(route)))).toBe(true)
})

// What a start-up waits for: the server's own word that it holds its port (nginx's and Apache's pid file,
// wrangler's «Ready on» line), never merely an answer there. A port another process took between its choice and
// the bind ends the server with its bind error, so a test can never talk to the other process instead.
test.each(['nginx', 'apache', 'pages'] as const)(
  '%s on a port another process holds refuses to start, with its bind error',
  async (name) => {
    const squatter = await startProxy('', ({ res }) => void res.end('otro proceso'))
    try {
      const port = Number(new URL(squatter.url).port)
      await expect(hostStarters[name]({ root: distDir, port, nginxConf })).rejects.toThrow(
        /Address already in use/,
      )
      expect(await (await fetch(squatter.url)).text()).toBe('otro proceso')
    } finally {
      await squatter.close()
    }
  },
)

describe.each(SERVERS)('%s', (name) => {
  // nginx with its config's plain-HTTP server too, on redirectPort.
  const server = hooked(() => serveSite({ host: name, httpRedirect: name === 'nginx' }), name, 120_000)
  const get = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
    send(server.port, target, headers, method)
  /**
   * Mozilla Observatory's grade. Plain HTTP is redirected to HTTPS by the host: measured for Apache (.htaccess)
   * and nginx (its port-80 server) below; Cloudflare Pages and Netlify do it on their edge; our server runs
   * behind a TLS proxy (docs/deploying/README.md).
   */
  const graded = (answer: Answer) =>
    observatoryScore({
      headers: answer.headers,
      html: answer.text,
      origin: server.url,
      redirection: 'to-https',
    })

  test.each(pagePaths)(
    '%s answers 200 at its canonical URL with no redirect, indexable, graded A+ by Mozilla Observatory',
    async (route) => {
      const answer = await get(route, IDENTITY)
      expect(answer.status).toBe(200)
      expect(answer.headers.location).toBeUndefined()
      expect(answer.headers['content-type']).toMatch(/^text\/html;\s*charset=utf-8$/i)
      expect(answer.text).toContain(`<link rel="canonical" href="${site.url}${route === '/' ? '/' : route}"`)
      expect(answer.headers['cache-control']).toBe(CACHE_CONTROL.page)
      // The site's own policy, not the CMS's: no X-Robots-Tag, and COOP without the admin's pop-up exception.
      expectSecurityHeaders(answer)
      expect(answer.headers['x-robots-tag']).toBeUndefined()
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin')
      const result = graded(answer)
      expect({ grade: result.grade, csp: result.tests['content-security-policy'] }).toEqual({
        grade: 'A+',
        csp: { result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 },
      })
      if (route === '/') console.log(`${name}: Observatory score ${result.score} (${result.grade})`)
    },
  )

  test.each(pagePaths.filter((route) => route !== '/'))(
    '%s/, %s.html and %s?x=1 reach the page (a redirect to the canonical URL keeps the query)',
    async (route) => {
      const canonical = await get(route, IDENTITY)
      for (const [target, expected] of [
        [`${route}/`, route],
        [`${route}/?utm_source=qa`, `${route}?utm_source=qa`],
        [`${route}.html`, route],
      ] as const) {
        const answer = await get(target)
        expect({ target, redirected: [301, 308].includes(answer.status) }).toEqual({
          target,
          redirected: true,
        })
        expect(redirectTarget(answer, server.port)).toBe(expected)
        expectSecurityHeaders(answer)
      }
      const withQuery = await get(`${route}?x=1`, IDENTITY)
      expect(withQuery.status).toBe(200)
      expect(withQuery.text).toBe(canonical.text)
    },
  )

  test.each([
    ['/index.html', '/'],
    // Without the slash, the folder's address leads to it.
    [ADMIN_PREFIX.slice(0, -1), ADMIN_PREFIX],
    [INBOX_PREFIX.slice(0, -1), INBOX_PREFIX],
  ])('%s redirects to %s', async (target, location) => {
    const answer = await get(target)
    expect([301, 308]).toContain(answer.status)
    expect(redirectTarget(answer, server.port)).toBe(location)
  })

  // Cloudflare Pages and Netlify redirect plain HTTP on their edge; our server runs behind a TLS proxy.
  if (name === 'apache' || name === 'nginx')
    test('plain HTTP goes to https:// on the canonical host (.htaccess; the port-80 server of nginx.conf)', async () => {
      const host = new URL(site.url).host
      for (const target of ['/', '/nosotros?x=1', '/no-existe']) {
        const answer = await send(server.redirectPort ?? server.port, target, { Host: host })
        expect({ target, status: answer.status, location: answer.headers.location }).toEqual({
          target,
          status: 301,
          location: `https://${host}${target}`,
        })
      }
    })

  test.each([
    '/no-existe',
    '/servicios/que-no-hay',
    '/assets/no-existe.js',
    '/no-existe/',
    '/.vite/manifest.json',
    '/.env',
  ])('%s answers 404 with the error page, not cached', async (target) => {
    const answer = await get(target, IDENTITY)
    expect(answer.status).toBe(404)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.text).toContain(`<title>${notFoundTitle}</title>`)
    expect(answer.headers['cache-control']).toMatch(/no-cache|no-store/)
    expectSecurityHeaders(answer)
  })

  test('hashed assets are immutable for a year, other files cached for an hour', async () => {
    const hashed = await get(asset)
    expect(hashed.status).toBe(200)
    expect(hashed.headers['content-type']).toMatch(/javascript/)
    expect(hashed.headers['cache-control']).toBe(CACHE_CONTROL.hashed)
    expectSecurityHeaders(hashed)
    const others = ['/robots.txt', '/sitemap.xml', '/favicon.svg', '/og-image.jpg', '/manifest.webmanifest']
    for (const file of others) {
      const { status, headers } = await get(file)
      expect({ file, status, cache: headers['cache-control'] }).toEqual({
        file,
        status: 200,
        cache: CACHE_CONTROL.other,
      })
    }
  })

  test('pages and scripts come compressed: brotli or gzip, as the visitor accepts', async () => {
    for (const target of ['/', '/servicios', asset]) {
      const identity = await get(target, IDENTITY)
      expect(identity.headers['content-encoding']).toBeUndefined()
      for (const [accept, expected] of [
        ['br', ['br']],
        ['gzip', ['gzip']],
        // A browser offers both; each server picks one (wrangler prefers gzip, the others brotli).
        ['gzip, deflate, br', ['br', 'gzip']],
      ] as const) {
        const answer = await get(target, { 'Accept-Encoding': accept })
        const encoding = answer.headers['content-encoding'] ?? 'none'
        expect({
          target,
          accept,
          encoding: (expected as readonly string[]).includes(encoding) ? 'as expected' : encoding,
        }).toEqual({ target, accept, encoding: 'as expected' })
        expect(decoded(answer)).toBe(identity.text)
        // wrangler's Pages server compresses on the fly and leaves Vary to Cloudflare's edge cache.
        if (name !== 'pages') expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
      }
    }
  })

  test('/admin/ is the CMS, with its own Content-Security-Policy, never indexed, never cached stale', async () => {
    const page = await get(ADMIN_PREFIX, IDENTITY)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow" />')
    expect(page.text).toContain(`<script src="${ADMIN_PREFIX}decap-cms.js"></script>`)
    expectSecurityHeaders(page, adminHeaders)
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['content-security-policy']).not.toBe(securityHeaders['Content-Security-Policy'])
    // The GitHub sign-in pop-up keeps its opener (one value, not joined with the site-wide one);
    // docs/decisions/020-admin-coop-allows-its-sign-in-pop-up.md.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    for (const file of ['config.yml', 'decap-cms.js']) {
      const answer = await get(`${ADMIN_PREFIX}${file}`, IDENTITY)
      expect({ file, status: answer.status }).toEqual({ file, status: 200 })
      expectSecurityHeaders(answer, adminHeaders)
      expect(answer.headers['cache-control']).toBe(CACHE_CONTROL.page)
    }
    const config = await get(`${ADMIN_PREFIX}config.yml`, IDENTITY)
    expect(config.text).toMatch(/^locale: es$/m)
    // A build's admin allows no http: source (the local CMS proxy is only in what `npm run cms` serves),
    // so Mozilla's Observatory grades it A+ like the public pages.
    expect(page.headers['content-security-policy']).not.toMatch(/http:/)
    const result = graded(page)
    expect({ grade: result.grade, csp: result.tests['content-security-policy'] }).toEqual({
      grade: 'A+',
      csp: expect.objectContaining({ modifier: expect.any(Number) }),
    })
  })

  test('/admin/solicitudes/ is the lead inbox, with a policy stricter than the CMS’s, never indexed', async () => {
    for (const target of [INBOX_PREFIX, inboxScript]) {
      const answer = await get(target, IDENTITY)
      expect({ target, status: answer.status }).toEqual({ target, status: 200 })
      // One value per header: Cloudflare's `! Name` lines keep the admin's and the site's out.
      expectSecurityHeaders(answer, inboxHeaders)
      expect(answer.headers['content-security-policy']).toBe(inboxContentSecurityPolicy())
      expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow')
      expect(answer.headers['cache-control']).toBe(CACHE_CONTROL.page)
    }
    expect(inboxContentSecurityPolicy()).not.toMatch(/unsafe/)
    expect(inboxContentSecurityPolicy()).toContain("connect-src 'self';")
    const page = await get(INBOX_PREFIX, IDENTITY)
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow" />')
  })

  test('host configuration files are not served', async () => {
    for (const target of [
      '/_headers',
      '/_redirects',
      ...(name === 'pages' ? [] : ['/.htaccess', '/admin/.htaccess', '/admin/solicitudes/.htaccess']),
    ]) {
      const answer = await get(target)
      // wrangler's dev server answers 502 for these names; Cloudflare Pages itself never publishes them.
      expect({ target, refused: answer.status >= 400 }).toEqual({ target, refused: true })
      expect(answer.text).not.toContain('Content-Security-Policy:')
    }
  })

  test.each([
    '/../package.json',
    '/../../../../../../etc/passwd',
    '/..%2fpackage.json',
    '/%2e%2e/package.json',
    '/%2E%2E%2Fpackage.json',
    '/..\\package.json',
    '/%2e%2e%5cpackage.json',
    '/%252e%252e/package.json',
    '/..%c0%afpackage.json',
    '/assets/../../package.json',
    '/index.html%00.txt',
    '/%',
  ])('%s is refused with a 4xx and reveals nothing', async (target) => {
    const answer = await sendRaw(
      server.port,
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    )
    expect(answer.status).toBeGreaterThanOrEqual(400)
    // wrangler's local asset server fails (502) on a NUL byte in the path; the last test of this
    // suite checks it still answers. Everywhere else, and for every other target, a 4xx.
    if (!(name === 'pages' && target.includes('%00'))) expect(answer.status).toBeLessThan(500)
    expect(answer.text).not.toContain('"name": "aquapuebla-site"')
    expect(answer.text).not.toMatch(/root:.*:0:0:/)
  })

  test('an overlong URL and methods a static site does not serve get 4xx (501 for unknown ones)', async () => {
    expect([400, 404, 414, 431]).toContain((await get(`/${'a'.repeat(10_000)}`)).status)
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await get('/', { 'Content-Type': 'text/plain' }, method)
      expect({ method, status: answer.status }).toEqual({ method, status: 405 })
    }
    const unknown = await sendRaw(
      server.port,
      'BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    )
    expect([400, 405, 501]).toContain(unknown.status)
  })

  test.each([
    ['/nosotros', 200],
    ['/no-existe', 404],
  ])('HEAD %s answers like GET (%i, its Content-Length) without a body', async (target, status) => {
    const [head, full] = await Promise.all(['HEAD', 'GET'].map((method) => get(target, IDENTITY, method)))
    expect({
      status: head?.status,
      length: head?.headers['content-length'],
      body: head?.body.length,
    }).toEqual({
      status,
      // wrangler's local Pages server streams its answers: no Content-Length on GET, none on HEAD either.
      length: name === 'pages' ? full?.headers['content-length'] : String(full?.body.length),
      body: 0,
    })
  })

  test('after all of that the server still answers', async () => {
    const answer = await get('/', IDENTITY)
    expect(answer.status).toBe(200)
    expect(answer.text).toContain(site.brand)
  })
})
