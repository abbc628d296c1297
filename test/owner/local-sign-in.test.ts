/**
 * The owner's sign-ins in every engine the tests use (Chromium and Firefox through puppeteer, WebKit through
 * WebKitWebDriver), locally and as in production (edge/owner/cookies.ts):
 *   1. What each engine does with a `Secure` (and a `__Host-`) cookie that a plain-HTTP loopback page sets, on
 *      http://127.0.0.1 and http://localhost: the fact the local cookie rule rests on. Measured (2026-11-25):
 *      Chromium 156 and Firefox ESR 153 keep them (loopback counts as a secure context); WebKitGTK 2.50 drops
 *      every one of them, so a Secure cookie there is no local sign-in at all in Safari's engine.
 *   2. On `wrangler pages dev` over plain HTTP (both loopback names) and over HTTPS (wrangler's self-signed
 *      certificate, accepted for the test): the inbox's GitHub sign-in (its state cookie, then its session
 *      cookie) ends in the inbox with the leads, and the CMS's sign-in gets its state cookie back (GitHub's code
 *      is exchanged only then). Over HTTPS the cookies are the production ones: `__Host-`, Secure, HttpOnly.
 * One scenario, a table of engines and origins. GitHub is the stand-in. About 2-3 minutes.
 * Run: `npx jest test/owner/local-sign-in.test.ts --selectProjects chromium --runInBand`.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { chromiumArgs } from '../../scripts/lib/offline-images'
import { createLocalD1, startPages, type HostServer } from '../../scripts/hosts/servers'
import { INBOX_PREFIX } from '../../scripts/hosts/host-rules'
import { distDir, projectRoot } from '../helpers/browser'
import { openLocalD1 } from '../helpers/d1'
import { executableFor, firefoxPrefs } from '../helpers/engines'
import { seedStatements } from '../helpers/inbox-seed'
import { startWebKit, type WebKit } from '../helpers/webkit'
import { startGitHubStandIn, type GitHubStandIn } from '../stand-ins/github'

jest.setTimeout(180_000)

type EngineName = 'chromium' | 'firefox' | 'webkit'

interface CookieSeen {
  name: string
  secure: boolean
  httpOnly: boolean
}

/** What the scenario needs of a browser, whichever drives it. */
interface Driver {
  goto(url: string): Promise<void>
  url(): Promise<string>
  /** Waits for visible text on the page. */
  waitForText(text: string): Promise<void>
  bodyText(): Promise<string>
  /**
   * The cookies the browser keeps for `url`, HttpOnly ones included; null where the driver cannot list them
   * (WebKitGTK 2.50's WebDriver lists none after a redirect to another host, though the browser sends them).
   */
  cookies(url: string): Promise<CookieSeen[] | null>
  close(): Promise<void>
}

function puppeteerDriver(browser: Browser, page: Page): Driver {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    waitForText: async (text) =>
      void (await page.waitForFunction(
        (wanted) => document.body?.innerText.includes(wanted),
        { timeout: 30_000 },
        text,
      )),
    bodyText: () => page.evaluate(() => document.body?.innerText ?? ''),
    cookies: async (url) =>
      (await page.cookies(url)).map(({ name, secure, httpOnly }) => ({
        name,
        secure,
        httpOnly: Boolean(httpOnly),
      })),
    close: () => browser.close(),
  }
}

function webkitDriver(webkit: WebKit): Driver {
  const { driver } = webkit
  return {
    goto: (url) => driver.get(url),
    url: () => driver.getCurrentUrl(),
    waitForText: async (text) =>
      void (await driver.wait(
        async () => (await driver.executeScript<string>(() => document.body?.innerText ?? '')).includes(text),
        30_000,
        `waiting for "${text}"`,
      )),
    bodyText: () => driver.executeScript<string>(() => document.body?.innerText ?? ''),
    cookies: async () => null,
    close: () => webkit.close(),
  }
}

/** A browser of `engine` that accepts wrangler's self-signed certificate (as if it were a real one). */
async function launch(engine: EngineName): Promise<Driver> {
  if (engine === 'webkit') return webkitDriver(await startWebKit({ acceptInsecureCerts: true }))
  const browser =
    engine === 'firefox'
      ? await puppeteer.launch({
          browser: 'firefox',
          executablePath: executableFor('firefox'),
          headless: true,
          extraPrefsFirefox: firefoxPrefs,
          acceptInsecureCerts: true,
        })
      : await puppeteer.launch({
          executablePath: executableFor('chromium'),
          args: chromiumArgs,
          acceptInsecureCerts: true,
        })
  return puppeteerDriver(browser, await browser.newPage())
}

const scratch = mkdtempSync(path.join(tmpdir(), 'local-sign-in-'))
let github: GitHubStandIn
let plain: HostServer
let secure: HostServer

beforeAll(async () => {
  github = await startGitHubStandIn({
    clientId: 'Iv1.motores',
    secret: 'secreto-de-la-app',
    code: 'codigo-de-github',
    token: 'gho_duena',
    repository: {
      fullName: 'aquapuebla/sitio',
      seedDir: path.join(projectRoot, 'content'),
      under: 'content',
    },
  })
  const local = createLocalD1(path.join(scratch, 'd1'))
  const store = await openLocalD1(local)
  await store.db.batch(seedStatements().map((statement) => store.db.prepare(statement)))
  await store.close()
  const functions = {
    dir: path.join(projectRoot, 'functions'),
    vars: {
      SESSION_SECRET: 'secreto-de-sesion-de-la-prueba-con-32-caracteres',
      GITHUB_CLIENT_ID: 'Iv1.motores',
      GITHUB_CLIENT_SECRET: 'secreto-de-la-app',
      GITHUB_OAUTH_ORIGIN: github.origin,
      GITHUB_API_ORIGIN: github.origin,
      CMS_GITHUB_REPO: 'aquapuebla/sitio',
    },
    d1: local,
  }
  ;[plain, secure] = await Promise.all([
    startPages({ root: distDir, port: 0, functions }),
    startPages({ root: distDir, port: 0, functions, protocol: 'https' }),
  ])
}, 180_000)

afterAll(async () => {
  await plain?.close()
  await secure?.close()
  await github?.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** A page on plain-HTTP loopback that sets a __Host- cookie, a Secure one and a plain one, then shows what came back. */
async function cookieProbe(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/set') {
      res.writeHead(303, {
        Location: '/echo',
        'Set-Cookie': [
          '__Host-prefijo=1; Path=/; Secure; HttpOnly; SameSite=Strict',
          'seguro=1; Path=/; Secure; HttpOnly; SameSite=Strict',
          'simple=1; Path=/; HttpOnly; SameSite=Strict',
        ],
      })
      return res.end()
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<p id="vuelta">${(req.headers.cookie ?? '').replace(/=1/g, '')}</p>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const EXPECTED_ON_PLAIN_HTTP: Record<EngineName, string> = {
  chromium: '__Host-prefijo; seguro; simple',
  firefox: '__Host-prefijo; seguro; simple',
  webkit: 'simple',
}

describe.each(['chromium', 'firefox', 'webkit'] as const)('%s', (engine) => {
  let browser: Driver

  beforeAll(async () => {
    browser = await launch(engine)
  }, 120_000)
  afterAll(() => browser?.close())

  test('a Secure cookie set by a plain-HTTP loopback page: kept or dropped, on 127.0.0.1 and localhost', async () => {
    const probe = await cookieProbe()
    try {
      const port = (probe.address() as AddressInfo).port
      for (const host of ['127.0.0.1', 'localhost']) {
        await browser.goto(`http://${host}:${port}/set`)
        await browser.waitForText('simple')
        expect({ host, kept: (await browser.bodyText()).trim() }).toEqual({
          host,
          kept: EXPECTED_ON_PLAIN_HTTP[engine],
        })
      }
    } finally {
      probe.closeAllConnections()
      probe.close()
    }
  })

  /** The server's origin for each of the three ways in (the ports are known once the servers run). */
  const originOf = (name: string) =>
    name === 'https://127.0.0.1'
      ? secure.url
      : name === 'http://localhost'
        ? plain.url.replace('127.0.0.1', 'localhost')
        : plain.url

  test.each(['http://127.0.0.1', 'http://localhost', 'https://127.0.0.1'])(
    'the inbox and CMS sign-ins keep their cookies on %s',
    async (name) => {
      const origin = originOf(name)
      const production = name.startsWith('https:')
      // The inbox: GitHub's consent page (already granted) sends the browser back; the state cookie is checked,
      // the session cookie set, the leads shown.
      await browser.goto(`${origin}/api/inbox/login`)
      await browser.waitForText('Ana López')
      expect({ name, at: await browser.url() }).toEqual({ name, at: `${origin}${INBOX_PREFIX}` })
      // The server reads only the name its context sets (__Host- on https), so the leads on screen already say
      // the browser kept and sent that cookie. Where the driver lists cookies, the cookie itself: a host's cookies
      // are shared by its http and https pages, so the https origin also lists the one plain HTTP set.
      const listed = await browser.cookies(`${origin}${INBOX_PREFIX}`)
      if (listed !== null) {
        const cookies = listed.filter((cookie) => cookie.name.includes('aquapuebla_inbox'))
        expect({ name, cookies }).toEqual({
          name,
          cookies: expect.arrayContaining([
            production
              ? { name: '__Host-aquapuebla_inbox', secure: true, httpOnly: true }
              : { name: 'aquapuebla_inbox', secure: false, httpOnly: true },
          ]),
        })
      }
      // The CMS: its state cookie comes back to /api/callback, so the code is exchanged (once).
      const exchanged = github.tokenRequests.length
      await browser.goto(`${origin}/api/auth?provider=github&scope=repo`)
      await browser.waitForText('ventana')
      expect({ name, exchanges: github.tokenRequests.length - exchanged }).toEqual({ name, exchanges: 1 })
      expect(github.tokenRequests.at(-1)?.redirect_uri).toBe(`${origin}/api/callback`)
    },
  )
})
