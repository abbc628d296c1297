/**
 * The quote form of the default build (no LEAD_ENDPOINT: a static host serves it) where its scripts have not run:
 * with JavaScript off, and on a slow phone between the first paint and hydration (the site's JavaScript held
 * back by a loopback proxy, test/helpers/held-scripts.ts). Whatever the visitor types and presses, the browser
 * never sends the form itself (decision 026): no request and no URL (the address bar, the history) carries the
 * typed name, e-mail or phone, and the visitor is told why and offered the phone and WhatsApp. Once the scripts
 * have run, what was typed is still there and sends. Screenshots of those states in test/.artifacts/quote-form/
 * (or QUOTE_FORM_SHOTS_DIR), `<state>-<engine>-<width>.png`.
 * Written once against test/helpers/driver.ts, run by the jest projects `chromium`, `firefox` and `webkit`.
 * Run one: `npx jest test/visitor/quote-form-before-scripts.test.ts --selectProjects chromium` (or firefox,
 * webkit) after `npm run build`.
 *
 * What runs where: the page without JavaScript, in every engine. The press before the scripts needs the page
 * in hand before its load event, which the held entry module holds back: puppeteer can stop at
 * DOMContentLoaded (Chromium, Firefox); WebKitWebDriver waits for the load event before every command, so
 * that test does not run in WebKit.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { site as company } from '../../src/config/site'
import { projectRoot } from '../helpers/builds'
import { onlyIn, openSite, puppeteerPage, tabsOf, widthsFor, type Tab } from '../helpers/driver'
import { holdScripts } from '../helpers/held-scripts'
import { hooked, until } from '../helpers/hooks'
import { theSite } from '../helpers/site'
import {
  CONTACT_PATH,
  EMPTY,
  labelled,
  readValues,
  sleep,
  submitButton,
  SUCCESS_TITLE,
  typeAsVisitor,
  VALID,
  waitForHydration,
  waitForToast,
} from '../helpers/quote-form'

const SHOTS = process.env.QUOTE_FORM_SHOTS_DIR || path.join(projectRoot, 'test', '.artifacts', 'quote-form')
const PHONE_HREF = 'tel:+522221234567'
const WHATSAPP_HREF = /^https:\/\/wa\.me\/522221234567\?text=/
/** As the page writes it (with no-break spaces), from the company's facts. */
const PHONE_TEXT = company.phone.display
const EARLY_NOTE = 'Tu mensaje aún no se ha enviado: la página sigue cargando.'
const NOSCRIPT_NOTE = 'Tu navegador no ejecuta JavaScript, así que este formulario no puede enviarse.'
const NOSCRIPT_BUTTON_NOTE = 'Sin JavaScript este botón no envía tu mensaje'
const LINKS = [
  { text: PHONE_TEXT, href: PHONE_HREF },
  { text: 'WhatsApp', href: expect.stringMatching(WHATSAPP_HREF) },
]

mkdirSync(SHOTS, { recursive: true })
const server = theSite()
// Every tab reaches the site through the proxy, which holds the entry module until a test releases it.
const proxy = hooked(() => holdScripts(server.url), 'the proxy')
const open = tabsOf(hooked(() => openSite({ origin: proxy.url }), 'the site'))

/** Every way a value may be written in a URL: as typed, percent-encoded, `+` for spaces. */
function spellings(value: string): string[] {
  const encoded = encodeURIComponent(value)
  return [value, encoded, encoded.replace(/%20/g, '+'), value.replace(/ /g, '+')].map((text) =>
    text.toLowerCase(),
  )
}
const PERSONAL = [VALID.name, VALID.email, VALID.phone].flatMap(spellings)
const carriesPersonalData = (text: string) => PERSONAL.some((value) => text.toLowerCase().includes(value))

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search

/** A note under or above the form, as the visitor sees it: its text, whether it is drawn, its links. */
function note(tab: Tab, text: string) {
  return tab.evaluate((wanted: string) => {
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

/**
 * What a browser that submitted the form would have left behind, checked after the visitor pressed: the address
 * bar still the contact page, no history entry added, no request but GETs, and none with the typed data.
 */
async function expectNothingSent(tab: Tab, historyBefore: number): Promise<void> {
  expect(pathOf(await tab.url())).toBe(CONTACT_PATH)
  expect(await tab.evaluate(() => history.length)).toBe(historyBefore)
  const requests = tab.requests()
  expect(requests.filter((request) => request.method !== 'GET').map((request) => request.url)).toEqual([])
  expect(requests.map((request) => request.url).filter(carriesPersonalData)).toEqual([])
}

/** The note in view, at the tab's width: `<state>-<engine>-<width>.png`. */
async function screenshot(tab: Tab, state: string, focus: string): Promise<void> {
  await tab.evaluate((text: string) => {
    const target = [...document.querySelectorAll('form p')].find((p) => p.textContent?.includes(text))
    target?.scrollIntoView({ block: 'center', behavior: 'instant' })
  }, focus)
  await tab.screenshot(path.join(SHOTS, `${state}-${tab.engine}-${tab.width}.png`))
}

onlyIn(
  ['chromium', 'firefox'],
  'the page must be in hand before its load event, which the held script holds: WebKitWebDriver waits for load',
  describe,
)('the default build, before its scripts have run (a slow phone)', () => {
  test('pressing Enviar or Enter sends nothing and says why, with the phone and WhatsApp; once live, it sends what was typed', async () => {
    const tab = await open({ width: 390, height: 844 })
    await puppeteerPage(tab).goto(new URL(CONTACT_PATH, proxy.url).href, { waitUntil: 'domcontentloaded' })
    // The first paint is done and the entry module is on its way (held): React has not attached.
    await tab.element(() => document.querySelector('form button'), [], { what: 'the form, painted' })
    await until(() => proxy.held() > 0, 'the entry module, held by the proxy')
    const historyBefore = await tab.evaluate(() => history.length)

    await typeAsVisitor(tab, VALID)
    const send = await submitButton(tab)
    expect(await tab.evaluate((button: HTMLButtonElement) => button.type, send)).toBe('button')
    expect(await note(tab, EARLY_NOTE)).toMatchObject({ shown: false })

    await tab.click(send)
    await tab.waitFor(
      (text: string) =>
        [...document.querySelectorAll('form p')].some(
          (p) => p.textContent?.includes(text) && (p as HTMLElement).offsetHeight > 0,
        ),
      [EARLY_NOTE],
      { timeout: 5000, what: 'the note that the message is not sent yet' },
    )
    expect(await note(tab, EARLY_NOTE)).toEqual({ shown: true, inLiveRegion: true, links: LINKS })
    await screenshot(tab, 'before-scripts-pressed', EARLY_NOTE)

    // Enter in a field, as a visitor who finishes with the keyboard: the browser does not submit either.
    await tab.click(await labelled(tab, 'email'))
    await tab.press('Enter')
    // Waiting for nothing to happen: a form submission would have started navigating by now.
    await sleep(1000)
    await expectNothingSent(tab, historyBefore)
    expect(await readValues(tab)).toEqual(VALID)

    // The scripts arrive: the form takes over what was typed, keeps it while the visitor goes on, and sends.
    proxy.release()
    await waitForHydration(tab)
    expect(await readValues(tab)).toEqual(VALID)
    await tab.fill(await labelled(tab, 'message'), `${VALID.message} Gracias.`)
    expect(await readValues(tab)).toEqual({ ...VALID, message: `${VALID.message} Gracias.` })
    await tab.click(await submitButton(tab))
    await waitForToast(tab, SUCCESS_TITLE)
    expect(await note(tab, EARLY_NOTE)).toMatchObject({ shown: false })
    expect(await readValues(tab)).toEqual(EMPTY)
    await expectNothingSent(tab, historyBefore)
    expect(await tab.problems()).toEqual([])
  })
})

describe('the default build without JavaScript', () => {
  test.each(widthsFor([390, 1280]))(
    'pressing Enviar or Enter stays on the page, sends nothing, and the notes say to call or write (%i px)',
    async (width) => {
      const tab = await open({ width, height: width < 768 ? 844 : 800, javascript: false })
      await tab.goto(CONTACT_PATH)
      const historyBefore = await tab.evaluate(() => history.length)

      await typeAsVisitor(tab, VALID)
      await tab.click(await submitButton(tab))
      await tab.click(await labelled(tab, 'name'))
      await tab.press('Enter')
      // Waiting for nothing to happen: a submission would have navigated by now (the page runs no script).
      await sleep(1000)
      await expectNothingSent(tab, historyBefore)
      expect(await readValues(tab)).toEqual(VALID)

      expect(await note(tab, NOSCRIPT_NOTE)).toEqual({ shown: true, inLiveRegion: false, links: LINKS })
      expect(await note(tab, NOSCRIPT_BUTTON_NOTE)).toEqual({ shown: true, inLiveRegion: true, links: LINKS })
      // The note for a press before the scripts is for a page whose scripts are coming: not shown here.
      expect(await note(tab, EARLY_NOTE)).toMatchObject({ shown: false })
      await screenshot(tab, 'no-javascript', NOSCRIPT_BUTTON_NOTE)
      await screenshot(tab, 'no-javascript-top', NOSCRIPT_NOTE)
    },
  )
})
