/**
 * The visitor suites in WebKit, Safari's engine (every iPhone browser is WebKit): Debian's WebKitGTK
 * MiniBrowser through WebKitWebDriver and selenium-webdriver (test/helpers/webkit.ts), on a build that
 * answers its stock photos from loopback and carries the problem probe (test/helpers/webkit-site.ts).
 * Run: `npm run test:webkit` (builds its own variant; needs webkit2gtk-driver, and xvfb without a display).
 *
 * The same assertions as the Chromium/Firefox suites (test/visitor/site.test.ts, quote-form.test.ts,
 * quote-form-validity.test.ts), on this subset, chosen because it is what differs between engines:
 * - every route: script-less rendering (heading and content visible), hydration with no console error,
 *   page error or CSP violation, one title; client-side navigation through the header; the 404 screen;
 * - the mobile menu (at 447 px: WebKitGTK's narrowest window, below every phone breakpoint);
 * - the quote form: after a blocked submit the field and its label are below the sticky header wherever the
 *   field was (issue 15 found this defect in WebKit); 'Enviando...', the success toast no sooner than the
 *   simulated second, cleared fields that look as on first load, drafts kept across a reload until sent.
 * Left to Chromium, which proves them for every engine or needs what WebDriver lacks: raw HTML, headers,
 * sitemap and validators (no browser involved); prefers-reduced-motion (media emulation); touch and swipe on
 * toasts, toast timers and pointer pause (Radix logic, not layout); the slow-photo script ordering (request
 * interception); real delivery to LEAD_ENDPOINT (a second build).
 */
import { Key, type WebDriver, type WebElement } from 'selenium-webdriver'
import { Select } from 'selenium-webdriver/lib/select'
import { paths } from '../../src/config/paths'
import { contacto } from '../../src/content/contacto'
import { servicios } from '../../src/content/servicios'
import { mainNav } from '../../src/content/shared'
import {
  EMPTY,
  LABELS,
  PLACES,
  SENDING,
  SUBMIT,
  SUCCESS_TITLE,
  VALID,
  VIEWPORT_LABEL,
  type FieldKey,
  type FormValues,
  type Place,
} from '../helpers/quote-form'
import {
  byRole,
  clickInView,
  MIN_WIDTH,
  problemsOf,
  setViewport,
  startWebKit,
  waitInPage,
  webkitExecutables,
  type WebKit,
} from '../helpers/webkit'
import { serveWebKitSite, type WebKitSite } from '../helpers/webkit-site'
import { ROUTES } from '../helpers/routes'

// Hang guards for a loaded 2-core machine, not measurements: a WebDriver round trip is a few ms.
jest.setTimeout(90_000)

let site: WebKitSite
let webkit: WebKit
let driver: WebDriver

beforeAll(async () => {
  // A missing driver, browser or display fails here at once, naming its Debian package (before the build).
  webkitExecutables()
  site = await serveWebKitSite()
  webkit = await startWebKit()
  driver = webkit.driver
}, 300_000)

afterAll(async () => {
  await webkit?.close()
  await site?.close()
})

const urlOf = (path: string) => new URL(path, site.url).href
const h1Text = (d: WebDriver) =>
  d.executeScript<string>(() => document.querySelector('h1')?.textContent?.trim() ?? '')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Header links carry React's props: the page is hydrated. */
async function waitForHydration(d: WebDriver): Promise<void> {
  await waitInPage(
    d,
    () => {
      const link = document.querySelector('header a')
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps$'))
    },
    [],
    20_000,
    'hydration',
  )
}

async function load(path: string): Promise<void> {
  await driver.get(urlOf(path))
  await waitForHydration(driver)
  // Effects and late console messages.
  await sleep(300)
}

async function headerNav(): Promise<WebElement> {
  return byRole(driver, 'navigation', 'Navegación principal')
}

describe('with JavaScript disabled', () => {
  let scriptless: WebKit

  beforeAll(async () => {
    scriptless = await startWebKit({ javascript: false })
    await setViewport(scriptless.driver, 1280, 800)
  }, 120_000)

  afterAll(() => scriptless?.close())

  test.each(ROUTES)('the heading and main content of $path are visible', async (route) => {
    const d = scriptless.driver
    await d.get(urlOf(route.path))
    expect(
      await d.executeScript(
        () => typeof (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData,
      ),
    ).toBe('undefined')
    // CSS animations run without scripts too: let any entrance animation finish before judging.
    await d.wait(
      async () =>
        (await d.executeScript<number>(
          () => document.getAnimations().filter((animation) => animation.playState === 'running').length,
        )) === 0,
      5000,
      'animations still running',
    )
    expect(await h1Text(d)).toBe(route.h1)
    const hidden = await d.executeScript<string[]>(() =>
      [...document.querySelectorAll('main h1, main h2, main h3, main p, main li')]
        .filter((element) => {
          if (element.closest('[hidden], noscript')) return false
          if (element.getClientRects().length === 0) return true
          for (let node: Element | null = element; node; node = node.parentElement) {
            const style = getComputedStyle(node)
            if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 1)
              return true
          }
          return false
        })
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60)}`),
    )
    expect(hidden).toEqual([])
  })
})

describe('with JavaScript enabled, at 1280×800', () => {
  beforeAll(async () => {
    await setViewport(driver, 1280, 800)
  })

  test.each(ROUTES)('$path hydrates without console problems and keeps one title', async (route) => {
    await load(route.path)
    expect(await problemsOf(driver)).toEqual([])
    expect(await driver.executeScript(() => document.querySelectorAll('title').length)).toBe(1)
    expect(await driver.getTitle()).toBe(`${route.head.title} | AquaPuebla`)
    expect(await h1Text(driver)).toBe(route.h1)
    // Every photo on the page came from the loopback image server and decoded.
    const broken = await driver.executeScript<string[]>(() =>
      [...document.images]
        .filter((image) => image.complete && image.naturalWidth === 0)
        .map((image) => image.src),
    )
    expect(broken).toEqual([])
  })

  test('header links navigate on the client, without a full reload', async () => {
    await load(paths.inicio)
    await driver.executeScript(() => {
      ;(window as unknown as { __marker: number }).__marker = 1
    })
    for (const route of [...ROUTES.slice(1), ROUTES[0]!]) {
      await (await byRole(driver, 'link', route.nav, await headerNav())).click()
      await waitInPage(driver, (h1: string) => document.querySelector('h1')?.textContent?.trim() === h1, [
        route.h1,
      ])
      await sleep(150)
      expect(new URL(await driver.getCurrentUrl()).pathname).toBe(route.path)
      expect(await driver.executeScript(() => (window as { __marker?: number }).__marker)).toBe(1)
      expect(await driver.getTitle()).toBe(`${route.head.title} | AquaPuebla`)
      expect(await driver.executeScript(() => document.querySelectorAll('title').length)).toBe(1)
      const current = await driver.executeScript<string[]>(() =>
        [...document.querySelectorAll('header nav a[aria-current="page"]')].map(
          (link) => link.textContent?.trim() ?? '',
        ),
      )
      expect({ path: route.path, current }).toEqual({ path: route.path, current: [route.nav] })
    }
    expect(await problemsOf(driver)).toEqual([])
  })

  test('an unknown path shows the error screen inside the site chrome and hydrates without problems', async () => {
    await load('/no-existe')
    expect(await problemsOf(driver)).toEqual([])
    expect(await h1Text(driver)).toBe('Unexpected Application Error!')
    expect(await driver.executeScript(() => document.querySelector('main')?.textContent)).toContain(
      '404 Not Found',
    )
    expect(
      await driver.executeScript(() => [
        !!document.querySelector('header'),
        !!document.querySelector('footer'),
      ]),
    ).toEqual([true, true])
  })
})

describe(`mobile menu at ${MIN_WIDTH}×844`, () => {
  const toggleExpanded = () =>
    driver.executeScript<string | null>(
      () => document.querySelector('header button[aria-controls]')?.getAttribute('aria-expanded') ?? null,
    )
  const visiblePanelLinks = () =>
    driver.executeScript<string[]>(() => {
      const id = document.querySelector('header button[aria-controls]')?.getAttribute('aria-controls')
      return [...document.querySelectorAll(`#${id} a`)]
        .filter((link) => link.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((link) => link.textContent?.trim() ?? '')
    })
  const focused = () =>
    driver.executeScript<string | null>(
      () =>
        document.activeElement?.getAttribute('aria-label') ??
        document.activeElement?.textContent?.trim() ??
        null,
    )

  beforeAll(async () => {
    const viewport = await setViewport(driver, MIN_WIDTH, 844)
    expect(viewport.width).toBeLessThan(480)
    await load(paths.inicio)
  })

  test('the closed toggle is named and collapsed, and the menu links are hidden', async () => {
    await byRole(driver, 'button', 'Abrir menú')
    expect(await toggleExpanded()).toBe('false')
    expect(await visiblePanelLinks()).toEqual([])
  })

  test('opening shows the links and Cotizar Ahora and focuses the first link', async () => {
    await (await byRole(driver, 'button', 'Abrir menú')).click()
    await sleep(150)
    expect(await toggleExpanded()).toBe('true')
    await byRole(driver, 'button', 'Cerrar menú')
    expect(await visiblePanelLinks()).toEqual([...mainNav.map((item) => item.label), 'Cotizar Ahora'])
    expect(await focused()).toBe(mainNav[0].label)
  })

  test('Escape closes the menu and returns focus to the toggle', async () => {
    await driver.actions().sendKeys(Key.ESCAPE).perform()
    await sleep(150)
    expect(await toggleExpanded()).toBe('false')
    expect(await visiblePanelLinks()).toEqual([])
    expect(await focused()).toBe('Abrir menú')
  })

  test('choosing Servicios navigates on the client and closes the menu', async () => {
    await driver.executeScript(() => {
      ;(window as unknown as { __marker: number }).__marker = 1
    })
    await (await byRole(driver, 'button', 'Abrir menú')).click()
    await sleep(150)
    const panel = await driver.executeScript<WebElement>(() =>
      document.getElementById(
        document.querySelector('header button[aria-controls]')!.getAttribute('aria-controls')!,
      ),
    )
    await (await byRole(driver, 'link', 'Servicios', panel)).click()
    await waitInPage(driver, (h1: string) => document.querySelector('h1')?.textContent?.trim() === h1, [
      servicios.intro.title,
    ])
    await sleep(150)
    expect(new URL(await driver.getCurrentUrl()).pathname).toBe(paths.servicios)
    expect(await driver.executeScript(() => (window as { __marker?: number }).__marker)).toBe(1)
    expect(await toggleExpanded()).toBe('false')
    expect(await visiblePanelLinks()).toEqual([])
    expect(await problemsOf(driver)).toEqual([])
  })
})

// --- The quote form ---------------------------------------------------------------------------------------

/**
 * The roles WebKit's accessibility tree gives the form's controls. A single-choice <select> is a pop-up
 * button in WebKit (as in Safari: AXPopUpButton), where Chromium and Firefox say combobox.
 */
const ROLE_OF: Record<FieldKey, string> = {
  name: 'textbox',
  phone: 'textbox',
  email: 'textbox',
  service: 'button',
  message: 'textbox',
}

/** /contacto with no draft left from an earlier test, hydrated (the draft is restored right after). */
async function openFreshContact(): Promise<void> {
  await driver.get(urlOf('/robots.txt'))
  await driver.executeScript(() => localStorage.clear())
  await driver.get(urlOf(paths.contacto))
  await waitInPage(
    driver,
    (submit: string) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === submit)
      return button !== undefined && Object.keys(button).some((key) => key.startsWith('__reactProps$'))
    },
    [SUBMIT],
    20_000,
    'the quote form to hydrate',
  )
  await sleep(150)
}

const control = (key: FieldKey) => byRole(driver, ROLE_OF[key], LABELS[key])

async function fill(values: Partial<FormValues>): Promise<void> {
  for (const [key, value] of Object.entries(values) as [FieldKey, string][]) {
    const element = await control(key)
    if (key === 'service') {
      if (value) await new Select(element).selectByVisibleText(value)
    } else if (value) {
      // Each test opens the form empty, so typing is enough.
      await element.sendKeys(value)
    }
  }
}

function readValues(): Promise<FormValues> {
  return driver.executeScript<FormValues>((labels: Record<string, string>) => {
    const values: Record<string, string | null> = {}
    for (const [key, text] of Object.entries(labels)) {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)
      values[key] = (label?.control as HTMLInputElement | null)?.value ?? null
    }
    return values
  }, LABELS)
}

/** Scrolls so that the top of `key`'s control is where `place` says, and returns where it really is. */
async function putField(key: FieldKey, place: Place): Promise<{ wanted: number; actual: number }> {
  const [height, header, viewport] = await driver.executeScript<[number, number, number]>((label: string) => {
    const field = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!
      .control as HTMLElement
    return [
      field.getBoundingClientRect().height,
      document.querySelector('header')!.getBoundingClientRect().bottom,
      window.innerHeight,
    ]
  }, LABELS[key])
  const wanted = Math.round(PLACES[place](height, viewport, header))
  const actual = await driver.executeScript<number>(
    (label: string, top: number) => {
      const field = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!
        .control as HTMLElement
      window.scrollTo({ top: window.scrollY + field.getBoundingClientRect().top - top, behavior: 'instant' })
      return Math.round(field.getBoundingClientRect().top)
    },
    LABELS[key],
    wanted,
  )
  return { wanted, actual }
}

/** Keyboard submit from the submit button, focused without scrolling (a click would scroll it into view). */
async function submitWithoutScrolling(): Promise<void> {
  await driver.executeScript((name: string) => {
    ;[...document.querySelectorAll('button')]
      .find((b) => b.textContent?.trim() === name)!
      .focus({ preventScroll: true })
  }, SUBMIT)
  await driver.actions().sendKeys(Key.ENTER).perform()
}

async function scrollSettled(): Promise<void> {
  let last = -1
  for (let tries = 0; tries < 40; tries++) {
    const y = await driver.executeScript<number>(() => window.scrollY)
    if (y === last) return
    last = y
    await sleep(100)
  }
}

function focusedLabelPlace() {
  return driver.executeScript<{
    focused: string | undefined
    labelTop: number
    fieldBottom: number
    headerBottom: number
    viewportHeight: number
  }>(() => {
    const focusedControl = document.activeElement as HTMLInputElement
    const label = focusedControl.labels?.[0]
    return {
      focused: label?.textContent?.trim(),
      labelTop: label?.getBoundingClientRect().top ?? NaN,
      fieldBottom: focusedControl.getBoundingClientRect().bottom,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
      viewportHeight: window.innerHeight,
    }
  })
}

describe.each([
  [MIN_WIDTH, 844],
  [1280, 800],
])('quote form at %i×%i: after a submit the browser blocks', (width, height) => {
  beforeAll(async () => {
    await setViewport(driver, width, height)
  })

  test.each(Object.keys(PLACES) as Place[])(
    'with every field empty and the first one %s, its label shows below the header',
    async (place) => {
      await openFreshContact()
      const where = await putField('name', place)
      // Scroll offsets are whole pixels, layout positions are not: within a pixel is where it was asked.
      expect(Math.abs(where.actual - where.wanted)).toBeLessThanOrEqual(1)
      await submitWithoutScrolling()
      await scrollSettled()
      const placed = await focusedLabelPlace()
      console.log(`WebKit ${width} px, all empty, field ${place}: ${JSON.stringify(placed)}`)
      expect(placed.focused).toBe(LABELS.name)
      expect(placed.labelTop).toBeGreaterThanOrEqual(placed.headerBottom)
      expect(placed.fieldBottom).toBeLessThanOrEqual(placed.viewportHeight)
      expect(await problemsOf(driver)).toEqual([])
    },
  )

  test.each(Object.keys(PLACES) as Place[])(
    'with only the message missing and it %s, its label shows below the header',
    async (place) => {
      await openFreshContact()
      await fill({ ...VALID, message: '' })
      const where = await putField('message', place)
      // Scroll offsets are whole pixels, layout positions are not: within a pixel is where it was asked.
      expect(Math.abs(where.actual - where.wanted)).toBeLessThanOrEqual(1)
      await submitWithoutScrolling()
      await scrollSettled()
      const placed = await focusedLabelPlace()
      console.log(`WebKit ${width} px, message missing, field ${place}: ${JSON.stringify(placed)}`)
      expect(placed.focused).toBe(LABELS.message)
      expect(placed.labelTop).toBeGreaterThanOrEqual(placed.headerBottom)
      expect(placed.fieldBottom).toBeLessThanOrEqual(placed.viewportHeight)
      expect(await readValues()).toEqual({ ...VALID, message: '' })
      expect(await problemsOf(driver)).toEqual([])
    },
  )
})

describe('quote form at 1280×800: sending', () => {
  beforeAll(async () => {
    await setViewport(driver, 1280, 800)
  })

  const userInvalid = () =>
    driver.executeScript<boolean[]>(() =>
      [...document.querySelectorAll('form input:not([tabindex="-1"]), form select, form textarea')].map(
        (element) => element.matches(':user-invalid'),
      ),
    )

  test("a valid request shows 'Enviando...', then after the simulated second the success toast, and the fields empty", async () => {
    await openFreshContact()
    expect(await userInvalid()).toEqual([false, false, false, false, false])
    await fill(VALID)
    // The page's own clock: when the visitor submitted, and when the toast appeared.
    await driver.executeScript(
      (title: string, region: string) => {
        const times: Record<string, number> = {}
        Object.assign(window, { __times: times })
        document
          .querySelector('form')!
          .addEventListener('submit', () => (times.submitted = performance.now()), true)
        new MutationObserver(() => {
          const items = document.querySelectorAll(`[role="region"][aria-label="${region}"] li`)
          if (!times.shown && [...items].some((item) => (item as HTMLElement).innerText.includes(title)))
            times.shown = performance.now()
        }).observe(document.body, { childList: true, subtree: true, characterData: true })
      },
      SUCCESS_TITLE,
      VIEWPORT_LABEL,
    )

    await clickInView(driver, await byRole(driver, 'button', SUBMIT))
    // While it sends: the button says so and cannot be pressed again.
    const sending = await byRole(driver, 'button', SENDING)
    expect(await sending.isEnabled()).toBe(false)

    await waitInPage(
      driver,
      (region: string, title: string) =>
        [...document.querySelectorAll(`[role="region"][aria-label="${region}"] li`)].some((item) =>
          (item as HTMLElement).innerText.includes(title),
        ),
      [VIEWPORT_LABEL, SUCCESS_TITLE],
      10_000,
      'the success toast',
    )
    const toastText = await driver.executeScript<string>(
      (region: string) =>
        (document.querySelector(`[role="region"][aria-label="${region}"] li`) as HTMLElement).innerText,
      VIEWPORT_LABEL,
    )
    expect(toastText).toContain(contacto.form.success.description)
    const times = await driver.executeScript<{ submitted: number; shown: number }>(
      () => (window as unknown as { __times: { submitted: number; shown: number } }).__times,
    )
    // The simulated send is a 1000 ms timer: the toast can never come sooner (a lower bound in the page's clock).
    expect(times.shown - times.submitted).toBeGreaterThanOrEqual(1000)

    await byRole(driver, 'button', SUBMIT)
    expect(await readValues()).toEqual(EMPTY)
    // Cleared fields look as on first load: not one is marked invalid.
    expect(await userInvalid()).toEqual([false, false, false, false, false])
    expect(await problemsOf(driver)).toEqual([])
  })

  test('what the visitor typed survives a reload until it is sent, and is gone after', async () => {
    await openFreshContact()
    const typed = { name: VALID.name, message: VALID.message }
    await fill(typed)
    await sleep(300)
    await driver.navigate().refresh()
    await waitForHydration(driver)
    await waitInPage(
      driver,
      (label: string, expected: string) =>
        (
          [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)
            ?.control as HTMLInputElement | null
        )?.value === expected,
      [LABELS.name, typed.name],
      10_000,
      'the draft to be restored',
    )
    expect(await readValues()).toEqual({ ...EMPTY, ...typed })

    await fill({ phone: VALID.phone, email: VALID.email, service: VALID.service })
    await clickInView(driver, await byRole(driver, 'button', SUBMIT))
    await waitInPage(
      driver,
      (region: string, title: string) =>
        [...document.querySelectorAll(`[role="region"][aria-label="${region}"] li`)].some((item) =>
          (item as HTMLElement).innerText.includes(title),
        ),
      [VIEWPORT_LABEL, SUCCESS_TITLE],
      10_000,
      'the success toast',
    )
    await driver.navigate().refresh()
    await waitForHydration(driver)
    await sleep(300)
    expect(await readValues()).toEqual(EMPTY)
    expect(await problemsOf(driver)).toEqual([])
  })
})

describe('when WebKit cannot run', () => {
  test('a missing driver or browser is named with its Debian package', () => {
    expect(() =>
      webkitExecutables({ ...process.env, WEBKIT_WEBDRIVER_PATH: '/nonexistent/WebKitWebDriver' }),
    ).toThrow(
      /WebKitWebDriver not found at \/nonexistent\/WebKitWebDriver: apt-get install webkit2gtk-driver/,
    )
    expect(() =>
      webkitExecutables({ ...process.env, WEBKIT_BROWSER_PATH: '', PATH: '/nonexistent', DISPLAY: '' }),
    ).toThrow(/no DISPLAY and no xvfb-run: apt-get install xvfb/)
  })

  test("a session that cannot start is tried 3 times, then fails with the driver's own message", async () => {
    // /bin/false is no browser: it exits at once, and the driver never gets a session from it.
    const attempt = startWebKit({
      env: { ...process.env, WEBKIT_BROWSER_PATH: '/bin/false' },
      sessionTimeoutMs: 5000,
    })
    await expect(attempt).rejects.toThrow(/^WebKit session could not start after 3 attempts: .+/)
  })
})

test('the stock photos were answered by the loopback image server the WebKit build points at', () => {
  expect(site.photos.length).toBeGreaterThan(0)
})
