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
import type { Browser, Page } from 'puppeteer-core'
import { INBOX_PREFIX } from '../../scripts/hosts/host-rules'
import { launchBrowser } from '../helpers/browser'
import { seedStatements } from '../helpers/inbox-seed'
import { theGitHub } from '../helpers/owner'
import { thePagesStack, type StackOptions } from '../helpers/pages-stack'
import { startProxy } from '../helpers/proxy'
import { startWebKit, type WebKit } from '../helpers/webkit'

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
  const browser = await launchBrowser({ engine, acceptInsecureCerts: true })
  return puppeteerDriver(browser, await browser.newPage())
}

const github = theGitHub({ clientId: 'Iv1.motores' })
// Two servers, each with its own D1 holding the inbox's leads: plain HTTP, and HTTPS as production serves the site.
const stack: StackOptions = {
  build: 'default',
  github,
  seed: (db) => db.batch(seedStatements().map((statement) => db.prepare(statement))),
}
const plain = thePagesStack(stack)
const secure = thePagesStack({ ...stack, protocol: 'https' })

/** A page on plain-HTTP loopback that sets a __Host- cookie, a Secure one and a plain one, then shows what came back. */
const cookieProbe = () =>
  startProxy('', ({ req, res }) => {
    if (req.url === '/set')
      return void res
        .writeHead(303, {
          Location: '/echo',
          'Set-Cookie': [
            '__Host-prefijo=1; Path=/; Secure; HttpOnly; SameSite=Strict',
            'seguro=1; Path=/; Secure; HttpOnly; SameSite=Strict',
            'simple=1; Path=/; HttpOnly; SameSite=Strict',
          ],
        })
        .end()
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<p id="vuelta">${(req.headers.cookie ?? '').replace(/=1/g, '')}</p>`)
  })

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
      const port = new URL(probe.url).port
      for (const host of ['127.0.0.1', 'localhost']) {
        await browser.goto(`http://${host}:${port}/set`)
        await browser.waitForText('simple')
        expect({ host, kept: (await browser.bodyText()).trim() }).toEqual({
          host,
          kept: EXPECTED_ON_PLAIN_HTTP[engine],
        })
      }
    } finally {
      await probe.close()
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
    (name) =>
      // A failure says what the server printed (its requests, its errors): a browser's error page does not.
      signInsOn(name).catch((error: Error) => {
        const server = name.startsWith('https:') ? secure : plain
        throw new Error(`${error.message}\n\nwrangler (${server.url}):\n${server.log().slice(-4000)}`, {
          cause: error,
        })
      }),
  )

  async function signInsOn(name: string): Promise<void> {
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
  }
})
