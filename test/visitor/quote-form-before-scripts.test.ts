/**
 * The quote form of the default build (no LEAD_ENDPOINT: a static host serves it) where its scripts have not run:
 * with JavaScript off, and on a slow phone between the first paint and hydration (the site's JavaScript held
 * back by a loopback proxy, test/helpers/held-scripts.ts). Whatever the visitor types and presses, the browser
 * never sends the form itself (decision 026): no request and no URL (the address bar, the history) carries the
 * typed name, e-mail or phone, and the visitor is told why and offered the phone and WhatsApp. Once the scripts
 * have run, what was typed is still there and sends. Screenshots of those states at 390 and 1280 px in
 * test/.artifacts/quote-form/ (or QUOTE_FORM_SHOTS_DIR).
 * Run: `npx jest test/visitor/quote-form-before-scripts.test.ts --selectProjects chromium` after `npm run build`.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, HTTPRequest, Page } from 'puppeteer-core'
import type { RunningServer } from '../../scripts/serve'
import { site } from '../../src/config/site'
import { launchBrowser, openPage, projectRoot, serveDist, type OpenedPage } from '../helpers/browser'
import { holdScripts, type HeldScripts } from '../helpers/held-scripts'
import {
  CONTACT_PATH,
  EMPTY,
  readValues,
  SUBMIT,
  SUCCESS_TITLE,
  VALID,
  waitForToast,
  type FormValues,
} from '../helpers/quote-form'

const SHOTS = process.env.QUOTE_FORM_SHOTS_DIR || path.join(projectRoot, 'test', '.artifacts', 'quote-form')
const PHONE_HREF = 'tel:+522221234567'
const WHATSAPP_HREF = /^https:\/\/wa\.me\/522221234567\?text=/
/** As the page writes it (with no-break spaces), from the company's facts. */
const PHONE_TEXT = site.phone.display
const EARLY_NOTE = 'Tu mensaje aún no se ha enviado: la página sigue cargando.'
const NOSCRIPT_NOTE = 'Tu navegador no ejecuta JavaScript, así que este formulario no puede enviarse.'
const NOSCRIPT_BUTTON_NOTE = 'Sin JavaScript este botón no envía tu mensaje'

let browser: Browser
let server: RunningServer
const opened: OpenedPage[] = []
const proxies: HeldScripts[] = []

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  server = await serveDist()
  browser = await launchBrowser()
})

afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ page }) => page.close()))
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** Every way a value may be written in a URL or a form body: as typed, percent-encoded, `+` for spaces. */
function spellings(value: string): string[] {
  const encoded = encodeURIComponent(value)
  return [value, encoded, encoded.replace(/%20/g, '+'), value.replace(/ /g, '+')].map((text) =>
    text.toLowerCase(),
  )
}
const PERSONAL = [VALID.name, VALID.email, VALID.phone].flatMap(spellings)
const carriesPersonalData = (text: string) => PERSONAL.some((value) => text.toLowerCase().includes(value))

/** Records every request the page makes from now on: method, URL and body. */
function recordRequests(page: Page): HTTPRequest[] {
  const requests: HTTPRequest[] = []
  page.on('request', (request) => requests.push(request))
  return requests
}

/** The page's session history as the browser keeps it (every entry's URL), through the DevTools protocol. */
async function historyUrls(page: Page): Promise<string[]> {
  const session = await page.createCDPSession()
  try {
    const { entries } = await session.send('Page.getNavigationHistory')
    // The tab's own first entry (about:blank) is not the site's.
    return entries.map((entry) => entry.url).filter((url) => !url.startsWith('about:'))
  } finally {
    await session.detach()
  }
}

/** Types the values as a visitor does (keys, and the list's choice), through the page's own controls. */
async function typeAsVisitor(page: Page, values: FormValues): Promise<void> {
  for (const name of ['name', 'phone', 'email', 'message'] as const)
    await page.type(`[name="${name}"]`, values[name])
  await page.select('[name="service"]', values.service)
}

/** A note under or above the form, as the visitor sees it: its text, whether it is drawn, its links. */
function note(page: Page, text: string) {
  return page.evaluate((wanted) => {
    const paragraph = [...document.querySelectorAll('form p')].find((p) =>
      p.textContent?.replace(/\s+/g, ' ').includes(wanted),
    ) as HTMLElement | undefined
    if (!paragraph) return null
    const box = paragraph.getBoundingClientRect()
    return {
      shown: box.height > 0 && getComputedStyle(paragraph).display !== 'none',
      inLiveRegion: paragraph.closest('[role="status"]') !== null,
      links: [...paragraph.querySelectorAll('a')].map((a) => ({
        text: a.textContent,
        href: a.getAttribute('href'),
      })),
    }
  }, text)
}

const submitButton = (page: Page) =>
  page.waitForSelector(`::-p-xpath(//form//button[normalize-space()="${SUBMIT}"])`)

/** Both widths, the form in view: `<state>-390.png`, `<state>-1280.png`. */
async function screenshots(page: Page, state: string, focus: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewport({ width, height: width < 768 ? 844 : 800, deviceScaleFactor: 1 })
    await page.evaluate((text) => {
      const target = [...document.querySelectorAll('form p')].find((p) => p.textContent?.includes(text))
      target?.scrollIntoView({ block: 'center', behavior: 'instant' })
    }, focus)
    await page.screenshot({ path: path.join(SHOTS, `${state}-${width}.png`) })
  }
  await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 })
}

describe('the default build, before its scripts have run (a slow phone)', () => {
  test('pressing Enviar or Enter sends nothing and says why, with the phone and WhatsApp; once live, it sends what was typed', async () => {
    const proxy = await holdScripts(server.url)
    proxies.push(proxy)
    const result = await openPage(browser)
    opened.push(result)
    const { page } = result
    await page.setCacheEnabled(false)
    const requests = recordRequests(page)
    await page.goto(`${proxy.url}${CONTACT_PATH}`, { waitUntil: 'domcontentloaded' })
    // The first paint is done and the scripts are on their way (held): React has not attached.
    await page.waitForFunction(() => document.querySelector('form button') !== null)
    const waitForHeld = Date.now()
    while (proxy.held() === 0 && Date.now() - waitForHeld < 10_000)
      await new Promise((r) => setTimeout(r, 50))
    expect(proxy.held()).toBeGreaterThan(0)

    await typeAsVisitor(page, VALID)
    const button = await submitButton(page)
    expect(await button?.evaluate((b) => (b as HTMLButtonElement).type)).toBe('button')
    expect(await note(page, EARLY_NOTE)).toMatchObject({ shown: false })

    await button?.click()
    await page.waitForFunction(
      (text) =>
        [...document.querySelectorAll('form p')].some(
          (p) => p.textContent?.includes(text) && (p as HTMLElement).offsetHeight > 0,
        ),
      { timeout: 5000 },
      EARLY_NOTE,
    )
    expect(await note(page, EARLY_NOTE)).toEqual({
      shown: true,
      inLiveRegion: true,
      links: [
        { text: PHONE_TEXT, href: PHONE_HREF },
        { text: 'WhatsApp', href: expect.stringMatching(WHATSAPP_HREF) },
      ],
    })
    await screenshots(page, 'before-scripts-pressed', EARLY_NOTE)

    // Enter in a field, as a visitor who finishes with the keyboard: the browser does not submit either.
    await page.focus('[name="email"]')
    await page.keyboard.press('Enter')
    // Waiting for nothing to happen: a form submission would have started navigating by now.
    await new Promise((resolve) => setTimeout(resolve, 1000))

    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(CONTACT_PATH)
    expect((await historyUrls(page)).map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
      CONTACT_PATH,
    ])
    expect(requests.filter((request) => request.method() !== 'GET').map((r) => r.url())).toEqual([])
    expect(
      requests.map((r) => `${r.url()} ${r.postData() ?? ''}`).filter((text) => carriesPersonalData(text)),
    ).toEqual([])
    expect(await readValues(page)).toEqual(VALID)

    // The scripts arrive: the form takes over what was typed, keeps it while the visitor goes on, and sends.
    proxy.release()
    await page.waitForSelector('form button[type="submit"]', { timeout: 30_000 })
    await page.type('[name="message"]', ' Gracias.')
    expect(await readValues(page)).toEqual({ ...VALID, message: `${VALID.message} Gracias.` })
    await (await submitButton(page))?.click()
    await waitForToast(page, SUCCESS_TITLE)
    expect(await note(page, EARLY_NOTE)).toMatchObject({ shown: false })
    expect(await readValues(page)).toEqual(EMPTY)
    expect(carriesPersonalData(page.url())).toBe(false)
    expect(requests.filter((request) => request.method() !== 'GET').map((r) => r.url())).toEqual([])
    expect(result.problems).toEqual([])
  })
})

describe('the default build without JavaScript', () => {
  test('pressing Enviar or Enter stays on the page, sends nothing, and the notes say to call or write', async () => {
    const result = await openPage(browser, { javascript: false })
    opened.push(result)
    const { page } = result
    await page.setCacheEnabled(false)
    const requests = recordRequests(page)
    const response = await page.goto(`${server.url}${CONTACT_PATH}`, { waitUntil: 'load' })
    expect(response?.status()).toBe(200)

    await typeAsVisitor(page, VALID)
    await (await submitButton(page))?.click()
    await page.focus('[name="name"]')
    await page.keyboard.press('Enter')
    // Waiting for nothing to happen: a submission would have navigated by now (the page runs no script).
    await new Promise((resolve) => setTimeout(resolve, 1000))

    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(CONTACT_PATH)
    expect((await historyUrls(page)).map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
      CONTACT_PATH,
    ])
    expect(requests.filter((request) => request.method() !== 'GET').map((r) => r.url())).toEqual([])
    expect(
      requests.map((r) => `${r.url()} ${r.postData() ?? ''}`).filter((text) => carriesPersonalData(text)),
    ).toEqual([])
    expect(await readValues(page)).toEqual(VALID)

    const links = [
      { text: PHONE_TEXT, href: PHONE_HREF },
      { text: 'WhatsApp', href: expect.stringMatching(WHATSAPP_HREF) },
    ]
    expect(await note(page, NOSCRIPT_NOTE)).toEqual({ shown: true, inLiveRegion: false, links })
    expect(await note(page, NOSCRIPT_BUTTON_NOTE)).toEqual({ shown: true, inLiveRegion: true, links })
    // The note for a press before the scripts is for a page whose scripts are coming: not shown here.
    expect(await note(page, EARLY_NOTE)).toMatchObject({ shown: false })
    await screenshots(page, 'no-javascript', NOSCRIPT_BUTTON_NOTE)
    await screenshots(page, 'no-javascript-top', NOSCRIPT_NOTE)
  })
})
