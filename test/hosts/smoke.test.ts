/**
 * The QA smoke kit (`npm run smoke`, scripts/smoke/) against our build on a real host server (nginx with the
 * build's nginx.conf: its headers, caching, compression, 404 page and redirects, as on a VPS): it passes there,
 * and it FAILS (exit 1, naming the right check) against deliberately broken copies of the build. The kit
 * runs as QA runs it, a child process: in this process it would share one thread with the servers under test
 * (a form-only run took twice as long). Stock photos are answered by its --offline-images aid
 * (the machine is offline); everything else it asks for is on loopback. A broken deployment is run with --only
 * the checks its breakages trip and --pages the pages they are on.
 * Run: `DIST_DIR=… npx jest test/hosts/smoke.test.ts --selectProjects chromium` after a build (the path
 * first: after --selectProjects it would be read as a second project name, and every browser test runs).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { freePort } from '../../scripts/hosts/servers'
import { readBuildSettings } from '../../scripts/lib/build-settings'
import { pageFileFor } from '../../scripts/hosts/host-rules'
import { CHECK_NAMES, type CheckName } from '../../scripts/smoke/checks'
import { pagePaths } from '../../schema/paths'
import { distDir, projectRoot } from '../helpers/builds'
import { thePagesStack } from '../helpers/pages-stack'
import { startProxy } from '../helpers/proxy'
import { serveSite, theSite } from '../helpers/site'
import { leadsStandIn } from '../stand-ins/leads'

/**
 * Hang guards, not measures: about three times the slowest run seen on a loaded 2-core machine (a broken copy
 * 65 s, a full run over every page 206 s at load average 25). The kit's checks have their own --timeout.
 */
jest.setTimeout(200_000)
const FULL_RUN_HANG_GUARD_MS = 600_000

const TSX = path.join(projectRoot, 'node_modules/.bin/tsx')
const ENTRY = path.join(projectRoot, 'scripts/smoke/index.ts')
/** The origin this build's canonical URLs name (serve.ts runs on loopback, so QA passes --site-url). */
const SITE_ORIGIN = new URL(readBuildSettings().SITE_URL).origin
const scratch = mkdtempSync(path.join(tmpdir(), 'smoke-test-'))

/** Runs the smoke CLI without blocking this process (the servers under test live in it). */
async function smoke(args: string[], env = process.env) {
  const child = spawn(TSX, [ENTRY, ...args], { cwd: projectRoot, env })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, stdout, stderr, lines: stdout.trimEnd().split('\n') }
}
type SmokeRun = Awaited<ReturnType<typeof smoke>>

/** How our own tests run the kit: stock photos answered locally, the canonical origin given. */
const OUR_FLAGS = ['--site-url', SITE_ORIGIN, '--offline-images', '--timeout', '20000']
/** A smoke run against `url` as our own tests run it, its report in scratch/<out>. */
const smokeAt = (url: string, out: string, extra: string[] = []) =>
  smoke([url, ...OUR_FLAGS, '--out', path.join(scratch, out), ...extra])

const summary = ({ lines }: SmokeRun) => ({
  failed: lines.filter((line) => line.startsWith('FAIL ')),
  total: lines.at(-1),
})

/* ------------------------------------------------------------------------------------------------ */
/* Broken copies of the build.                                                                         */

/** The file a page's URL is served from, by the hosts' one rule set. */
const pageFile = (root: string, urlPath: string) => path.join(root, pageFileFor(urlPath))

/** Rewrites a page, and its precompressed siblings so every client gets the same broken HTML. */
function editPage(root: string, urlPath: string, edit: (html: string) => string): void {
  const file = pageFile(root, urlPath)
  const before = readFileSync(file, 'utf8')
  const after = edit(before)
  if (after === before) throw new Error(`the edit of ${urlPath} changed nothing`)
  writeFileSync(file, after)
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(after))
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(after))
}

/** Width of a PNG, from its IHDR chunk. */
function pngWidth(file: string): number {
  const bytes = readFileSync(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return bytes.readUInt32BE(16)
}

function junitCases(file: string): { name: string; failed: boolean }[] {
  const xml = readFileSync(file, 'utf8')
  const cases = xml.matchAll(/<testcase [^>]*name="([^"]+)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)
  return [...cases].map(([, name = '', , body = '']) => ({ name, failed: body.includes('<failure') }))
}

// The default build as served in production on a VPS (scripts/hosts/servers.ts); our own server serves the
// broken copies below.
const good = theSite({ host: 'nginx' })
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the smoke kit on the command line', () => {
  test('--help lists every check and every flag, and runs none', async () => {
    let requests = 0
    const recorder = await startProxy(good.url, (exchange) => {
      requests += 1
      exchange.pass()
    })
    try {
      const run = await smoke(['--help'], { ...process.env, SMOKE_URL: recorder.url })
      expect(run.code).toBe(0)
      const checks = run.lines.slice(run.lines.indexOf('Checks:') + 1)
      const listed = checks.flatMap((line) => /^ {2}([a-z0-9-]+) {2,}\S/.exec(line)?.[1] ?? [])
      expect(listed).toEqual(CHECK_NAMES)
      const flags =
        '--only --pages --timeout --headful --site-url --submit-real --out --no-screenshots --offline-images SMOKE_URL'
      for (const flag of flags.split(' ')) expect(run.stdout).toContain(flag)
      expect(requests).toBe(0)
    } finally {
      await recorder.close()
    }
  })

  test('an unreachable deployment exits 2 with one line saying so', async () => {
    // A free port: nothing listens there.
    const port = await freePort()
    const run = await smoke([`http://127.0.0.1:${port}`, '--out', path.join(scratch, 'unreachable')])
    expect({ code: run.code, lines: run.lines }).toEqual({
      code: 2,
      lines: [`Cannot reach http://127.0.0.1:${port}: connection refused. No check was run.`],
    })
    expect(existsSync(path.join(scratch, 'unreachable'))).toBe(false)
  })

  test('--headful without a display is refused in one line, and so is an unknown check', async () => {
    const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...noDisplay } = process.env
    const headful = await smoke([good.url, '--headful'], noDisplay)
    expect(headful.code).toBe(3)
    expect(headful.stderr).toMatch(/--headful needs a display, and DISPLAY is not set/)
    const unknown = await smoke([good.url, '--only', 'page-status,no-such-check'])
    expect(unknown.code).toBe(3)
    expect(unknown.stderr).toMatch(/unknown check no-such-check/)
  })
})

describe("against our default build on nginx with the build's nginx.conf", () => {
  const out = path.join(scratch, 'good')
  let run: SmokeRun

  beforeAll(async () => {
    run = await smokeAt(good.url, 'good')
  }, FULL_RUN_HANG_GUARD_MS)

  test('every check passes (the simulated form said to be simulated), the run exits 0, a screenshot of every page at 390 and 1280 px, one passing JUnit testcase per check', () => {
    expect(summary(run)).toEqual({ failed: [], total: `${CHECK_NAMES.length} passed, 0 failed` })
    expect(run.lines.filter((line) => line.startsWith('PASS ')).map((line) => line.split(' ')[1])).toEqual(
      CHECK_NAMES,
    )
    expect(run.code).toBe(0)
    expect(run.lines).toContainEqual(
      expect.stringMatching(/^PASS form-submit \(simulated sending: .*nothing was POSTed/),
    )
    const files = readdirSync(out)
      .filter((file) => file.endsWith('.png'))
      .sort()
    const slugs = pagePaths.map((page) => page.replace(/^\//, '') || 'inicio')
    expect(files).toEqual(slugs.flatMap((slug) => [`${slug}-1280.png`, `${slug}-390.png`]).sort())
    for (const file of files)
      expect(pngWidth(path.join(out, file))).toBe(Number(/-(\d+)\.png$/.exec(file)?.[1]))
    expect(junitCases(path.join(out, 'junit.xml'))).toEqual(
      CHECK_NAMES.map((name) => ({ name, failed: false })),
    )
  })
})

/**
 * A broken deployment, and what each check it runs must say: the breakages of one deployment are on different
 * pages and trip different checks, so one run proves each check fails alone and names its problem.
 */
interface Breakage {
  what: string
  pages?: string
  timeout?: string
  /** Prepares the broken deployment; returns its URL and what to stop afterwards. */
  serve(): Promise<{ url: string; stop(): Promise<void> }>
  /** What each check's FAIL line must say, in the kit's order of checks. */
  says: Partial<Record<CheckName, RegExp>>
}

/** Serves a broken copy of the build made by `breakCopy`, through a proxy that drops `dropHeader` if given. */
function brokenCopy(name: string, breakCopy: (root: string) => void, dropHeader?: string): Breakage['serve'] {
  return async () => {
    const root = path.join(scratch, name)
    cpSync(distDir, root, { recursive: true })
    breakCopy(root)
    const server = await serveSite({ build: { dir: root } })
    if (!dropHeader) return { url: server.url, stop: () => server.close() }
    // A host misconfigured: a proxy in front that drops one response header.
    const proxy = await startProxy(server.url, (exchange) =>
      exchange.pass(({ status, headers: { [dropHeader]: _dropped, ...headers }, body }) =>
        exchange.res.writeHead(status, headers).end(body),
      ),
    )
    return { url: proxy.url, stop: () => proxy.close().finally(() => server.close()) }
  }
}

/** Removes a file (it must be there: a page moved fails here) and its precompressed siblings. */
function removeFile(file: string): void {
  rmSync(file)
  for (const variant of [`${file}.br`, `${file}.gz`]) rmSync(variant, { force: true })
}

/** The entry module every page loads: the one /assets/index-*.js the home page names. */
function entryModule(root: string): string {
  const names = new Set(readFileSync(pageFile(root, '/'), 'utf8').match(/\/assets\/index-[\w-]+\.js/g) ?? [])
  if (names.size !== 1)
    throw new Error(`expected one entry module in the home page, found ${[...names].join(', ')}`)
  return path.join(root, [...names][0] ?? '')
}

const breakages: Breakage[] = [
  {
    // Files and headers over HTTP, and the hydration tab on / (the --timeout it names is the wait it gives up).
    what: 'no sitemap, a missing page, a missing security header and no entry script',
    timeout: '5000',
    serve: brokenCopy(
      'broken-files',
      (root) => {
        removeFile(path.join(root, 'sitemap.xml'))
        removeFile(pageFile(root, '/nosotros'))
        removeFile(entryModule(root))
      },
      'x-content-type-options',
    ),
    says: {
      sitemap: /^FAIL sitemap: \/sitemap\.xml answered 404; checking the five known pages$/,
      'page-status': /^FAIL page-status: \/nosotros: answered 404, expected 200$/,
      'security-headers': /^FAIL security-headers: X-Content-Type-Options missing \(every page\)$/,
      hydration: /^FAIL hydration: \/ did not hydrate within 5000 ms/,
    },
  },
  {
    // /servicios comes first, so its visits (two at a time) report before any other page's.
    what: 'a page whose script throws and whose canonical is on the wrong host, an image that 404s, an inline script the Content-Security-Policy does not allow, a form field without its label',
    pages: '/servicios,/nosotros,/ubicacion',
    serve: brokenCopy('broken-pages', (root) => {
      writeFileSync(path.join(root, 'smoke-broken.js'), "throw new Error('roto a propósito')\n")
      editPage(root, '/servicios', (html) =>
        html
          .replace('</head>', '<script src="/smoke-broken.js"></script></head>')
          .replace(/(<link rel="canonical" href=")[^"]*(")/, '$1https://staging.example.mx/servicios$2'),
      )
      editPage(root, '/nosotros', (html) =>
        html.replace(/<img\b[^>]*>/, (tag) =>
          tag.replace(/ src="[^"]*"/, ' src="/fotos/no-existe.jpg"').replace(/ srcSet="[^"]*"/i, ''),
        ),
      )
      editPage(root, '/ubicacion', (html) =>
        html.replace('</body>', '<script>document.title = "x"</script></body>'),
      )
      editPage(root, '/contacto', (html) => html.replace('for="quote-email"', 'for="quote-correo"'))
    }),
    says: {
      'head-tags':
        /^FAIL head-tags: \/servicios: canonical https:\/\/staging\.example\.mx\/servicios is on https:\/\/staging\.example\.mx, not on /,
      'console-errors': /^FAIL console-errors: \/servicios at \d+ px: uncaught Error: roto a propósito/,
      images:
        /^FAIL images: \/nosotros at \d+ px: http:\/\/127\.0\.0\.1:\d+\/fotos\/no-existe\.jpg .*did not load/,
      'csp-violations': /^FAIL csp-violations: \/ubicacion at \d+ px: script-src(-elem)? blocked inline code/,
      'form-fields':
        /^FAIL form-fields: the label "Email" is tied to no field; the field "email" has no label$/,
    },
  },
]

describe('against a broken deployment it exits 1 and names each failing check', () => {
  test.each(breakages)('$what', async ({ what, pages, timeout, serve, says }) => {
    const checks = CHECK_NAMES.filter((name) => says[name])
    const out = `out-${checks[0] ?? ''}`
    const report = path.join(scratch, out)
    const deployment = await serve()
    try {
      // Without screenshots (the full run above proves them): the same visits at a quarter of the work.
      const run = await smokeAt(deployment.url, out, [
        '--no-screenshots',
        '--only',
        checks.join(','),
        ...(pages ? ['--pages', pages] : []),
        ...(timeout ? ['--timeout', timeout] : []),
      ])
      const { failed, total } = summary(run)
      expect({ what, failed, total }).toEqual({
        what,
        failed: checks.map((name) => expect.stringMatching(says[name] ?? '')),
        total: `0 passed, ${checks.length} failed`,
      })
      expect(run.code).toBe(1)
      expect(junitCases(path.join(report, 'junit.xml'))).toEqual(
        checks.map((name) => ({ name, failed: true })),
      )
      expect(readdirSync(report).filter((file) => file.endsWith('.png'))).toEqual([])
    } finally {
      await deployment.stop()
    }
  })
})

/* ------------------------------------------------------------------------------------------------ */
/* A build with a lead endpoint: the form POSTs to /api/leads (LEAD_ENDPOINT), as `npm start` builds it. */

const CONTACT = '/contacto'
/** The form's check alone, on the page with the form. */
const FORM_ONLY = ['--only', 'form-submit', '--pages', CONTACT]

describe('against a build with a lead endpoint (LEAD_ENDPOINT=/api/leads)', () => {
  // The endpoint build on the Pages stack (its functions, a local D1, the owner's e-mail a stand-in) is the site
  // as deployed on Cloudflare Pages and as `npm start` runs it. The broken endpoints below are the same build
  // behind a stand-in endpoint that answers 500 or 404, or on a static host: how the server answers, not another
  // build.
  const stack = thePagesStack({ vars: { LEAD_HASH_SECRET: 'secreto-de-prueba', LEAD_WEBHOOK_URL: '' } })
  beforeEach(() => stack.reset())

  test(
    'on Cloudflare Pages with its functions and D1, every check passes on /contacto; the lead is intercepted and nothing is stored',
    async () => {
      // Every check, on the page with the form (the full run over every page is the default build's, above).
      const run = await smokeAt(stack.url, 'endpoint-pages', ['--pages', CONTACT, '--no-screenshots'])
      expect(summary(run)).toEqual({ failed: [], total: `${CHECK_NAMES.length} passed, 0 failed` })
      expect(run.code).toBe(0)
      // The form's POST never left the browser; the endpoint only saw the kit's empty probe, and refused it.
      expect(run.lines).toContainEqual(
        expect.stringMatching(
          /^PASS form-submit \(the lead for http:\/\/127\.0\.0\.1:\d+\/api\/leads was intercepted .*answered 422 to an empty request/,
        ),
      )
      expect(await stack.rows('SELECT id FROM leads')).toEqual([])
      expect(await stack.rows('SELECT * FROM rate_limits')).toEqual([])
      expect(stack.notify.requests).toEqual([])
    },
    FULL_RUN_HANG_GUARD_MS,
  )

  test('--submit-real delivers one QA lead: stored once as a new lead, the owner told once, marked as a test', async () => {
    const run = await smokeAt(stack.url, 'endpoint-real', [...FORM_ONLY, '--submit-real'])
    expect(summary(run)).toEqual({ failed: [], total: '1 passed, 0 failed' })
    expect(run.lines).toContainEqual(
      expect.stringMatching(
        /^PASS form-submit \(one real lead "PRUEBA QA" delivered to .*\/api\/leads \(201\)/,
      ),
    )
    // What it leaves behind: one lead the owner sees (not spam: typed at a person's pace), named and
    // written as a test; the kit cannot delete it (it has no owner's session), so the owner deletes it.
    expect(await stack.rows('SELECT name, email, service, page, status, spam_reason FROM leads')).toEqual([
      {
        name: 'PRUEBA QA',
        email: 'prueba-qa@example.com',
        service: 'Consulta General',
        page: '/contacto',
        status: 'nuevo',
        spam_reason: null,
      },
    ])
    expect(String((await stack.rows('SELECT message FROM leads'))[0]?.message)).toMatch(
      /^PRUEBA QA: .*Ignórelo/,
    )
    const emails = await stack.notify.waitFor(1)
    expect(emails.map((email) => email.path)).toEqual(['/emails'])
    expect(JSON.stringify(emails[0]?.body)).toContain('PRUEBA QA')
  })

  /** The endpoint build on our own server, its /api/leads answering `status` (a static host: none, 405). */
  const broken = (status?: number) => async () => {
    const leads = leadsStandIn()
    if (status) leads.mode = status
    const site = await serveSite({ build: 'endpoint', leads: status ? leads : undefined })
    return { url: site.url, stop: () => site.close() }
  }

  test.each([
    {
      what: 'an endpoint that answers 500',
      serve: broken(500),
      says: /^FAIL form-submit: the lead endpoint http:\/\/127\.0\.0\.1:\d+\/api\/leads is broken: an empty request answered 500: every quote request a visitor sends fails$/,
    },
    {
      // A 404 there takes the same verdict as this 405 (scripts/smoke/quote-form.ts: 404, 405, 410, 501).
      what: 'the endpoint build on a static host, without functions (405)',
      serve: broken(),
      says: /^FAIL form-submit: the lead endpoint http:\/\/127\.0\.0\.1:\d+\/api\/leads is missing: an empty request answered 405 \(the host serves no endpoint there\)/,
    },
  ])('$what: form-submit fails and says so', async ({ what, serve, says }) => {
    const deployment = await serve()
    try {
      const run = await smokeAt(deployment.url, `endpoint-${what.replace(/\W+/g, '-')}`, FORM_ONLY)
      expect({ what, ...summary(run) }).toEqual({
        what,
        failed: [expect.stringMatching(says)],
        total: '0 passed, 1 failed',
      })
      expect(run.code).toBe(1)
    } finally {
      await deployment.stop()
    }
  })
})
