/**
 * How the quote form looks around native validation (issue 11, findings 1 and 2): after a successful
 * send it looks exactly as on first load and still validates natively; after an empty submit, the
 * label of the field the browser points at is visible below the sticky header.
 * Runs in Chromium and, unchanged, in Firefox ESR (`npm run test:firefox`): finding 1 showed in both.
 * Run: `npx jest test/browser/quote-form-validity.test.ts --selectProjects browser` after a build
 * (DIST_DIR picks another build; BROWSER_ENGINE=firefox the engine).
 */
import type { Browser, Page } from 'puppeteer-core'
import type { RunningServer } from '../../scripts/serve'
import { launchBrowser, openPage, serveDist, type OpenedPage } from '../support/browser'
import {
  button,
  field,
  LABELS,
  openFreshContact,
  SENDING,
  sleep,
  SUBMIT,
  SUCCESS_TITLE,
  waitForToast,
  type FieldKey,
  type FormValues,
  VALID,
} from '../support/quote-form'

let browser: Browser
let server: RunningServer
const opened: OpenedPage[] = []

beforeAll(async () => {
  server = await serveDist()
  browser = await launchBrowser()
})

afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ page }) => page.close()))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function openContact(width: number, height: number): Promise<OpenedPage> {
  const result = await openPage(browser, { width, height })
  opened.push(result)
  await openFreshContact(result.page, server.url)
  return result
}

interface FieldLook {
  label: string
  /** Computed colours of the four borders, as the visitor sees them once transitions have ended. */
  border: string
  userInvalid: boolean
}

/** Each control's look, found through its label, after every running transition has finished. */
async function looks(page: Page): Promise<FieldLook[]> {
  return page.evaluate(async (labels) => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)))
    return Object.values(labels).map((text) => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)
      const control = label?.control as HTMLElement | null
      if (!control) return { label: text, border: 'missing', userInvalid: false }
      const style = getComputedStyle(control)
      return {
        label: text,
        border: [
          style.borderTopColor,
          style.borderRightColor,
          style.borderBottomColor,
          style.borderLeftColor,
        ].join(' '),
        userInvalid: control.matches(':user-invalid'),
      }
    })
  }, LABELS)
}

async function fill(page: Page, values: FormValues): Promise<void> {
  for (const [key, value] of Object.entries(values) as [FieldKey, string][]) {
    await page.locator(field(key)).fill(value)
  }
}

/** Waits until the page stops scrolling (the root scrolls smoothly when motion is allowed). */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1
  for (let tries = 0; tries < 40; tries++) {
    const y = await page.evaluate(() => window.scrollY)
    if (y === last) return
    last = y
    await sleep(100)
  }
}

interface LabelPlace {
  focused: string | undefined
  labelTop: number
  labelBottom: number
  headerBottom: number
  viewportHeight: number
}

/** Where the label of the focused control is, against the sticky header and the viewport. */
function focusedLabelPlace(page: Page): Promise<LabelPlace> {
  return page.evaluate(() => {
    const control = document.activeElement as HTMLInputElement
    const label = control.labels?.[0]
    const box = label?.getBoundingClientRect()
    return {
      focused: label?.textContent?.trim(),
      labelTop: box?.top ?? NaN,
      labelBottom: box?.bottom ?? NaN,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
      viewportHeight: window.innerHeight,
    }
  })
}

function expectLabelVisible(place: LabelPlace): void {
  expect(place.labelTop).toBeGreaterThanOrEqual(place.headerBottom)
  expect(place.labelBottom).toBeLessThanOrEqual(place.viewportHeight)
}

describe('after a successful send', () => {
  // Issue 11, finding 1: the five cleared fields kept matching :user-invalid and showed red borders
  // while the visitor was being thanked (Chromium, Firefox and WebKit alike).
  test('every field looks as on first load, and the next empty submit is still stopped by the browser', async () => {
    const { page, problems } = await openContact(1280, 800)
    const firstLoad = await looks(page)
    expect(firstLoad.map((look) => look.userInvalid)).toEqual([false, false, false, false, false])

    await fill(page, VALID)
    await page.locator(button(SUBMIT)).click()
    await page.mouse.move(1, 1)
    await waitForToast(page, SUCCESS_TITLE)
    await page.locator(button(SUBMIT)).wait()
    const afterSend = await looks(page)
    console.log(
      `after a successful send: ${afterSend.map((look) => `${look.label} ${look.border}${look.userInvalid ? ' :user-invalid' : ''}`).join('; ')}`,
    )
    expect(afterSend).toEqual(firstLoad)

    // The browser still validates: an empty submit focuses the first field and nothing is sent.
    await page.locator(button(SUBMIT)).click()
    await sleep(300)
    const blocked = await page.evaluate(
      (sending) => ({
        focused: (document.activeElement as HTMLInputElement).labels?.[0]?.textContent?.trim(),
        valid: document.querySelector('form')!.checkValidity(),
        sending: [...document.querySelectorAll('button')].some((b) => b.textContent?.includes(sending)),
      }),
      SENDING,
    )
    expect(blocked).toEqual({ focused: LABELS.name, valid: false, sending: false })
    expect((await looks(page)).every((look) => look.userInvalid)).toBe(true)
    expect(problems).toEqual([])
  })
})

describe('after an empty submit', () => {
  test.each([
    [390, 844],
    [1280, 800],
  ])('at %i px the label of the field the browser points at is below the header', async (width, height) => {
    const { page } = await openContact(width, height)
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
    await page.locator(button(SUBMIT)).click()
    await scrollSettled(page)
    const place = await focusedLabelPlace(page)
    console.log(`${width} px, empty submit: ${JSON.stringify(place)}`)
    expect(place.focused).toBe(LABELS.name)
    expectLabelVisible(place)
  })

  // Issue 11, finding 2: WebKit scrolls the invalid field to the top edge without the root's
  // scroll-padding-top, leaving its label behind the sticky header. Every engine honours the
  // element's own scroll-margin-top when it aligns an element to the top edge, so this is checked
  // here the way WebKit scrolls: field aligned to the top, with and without the root's padding.
  test.each([
    { width: 390, height: 844, padding: 'without' },
    { width: 390, height: 844, padding: 'with' },
    { width: 1280, height: 800, padding: 'without' },
    { width: 1280, height: 800, padding: 'with' },
  ])(
    'at $width px, each field aligned to the top $padding the root scroll-padding keeps its label below the header',
    async ({ width, height, padding }) => {
      const { page } = await openContact(width, height)
      const places: LabelPlace[] = []
      for (const key of Object.keys(LABELS) as FieldKey[]) {
        await page.focus(field(key))
        await page.evaluate((keep) => {
          if (!keep) document.documentElement.style.scrollPaddingTop = '0px'
          window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' })
        }, padding === 'with')
        // Let lazy content below settle, then align and measure in one go.
        await sleep(200)
        await page.evaluate(() =>
          document.activeElement!.scrollIntoView({ block: 'start', behavior: 'instant' }),
        )
        places.push(await focusedLabelPlace(page))
      }
      console.log(
        `${width} px, aligned to the top ${padding} padding: ${places.map((p) => `${p.focused} ${Math.round(p.labelTop)}–${Math.round(p.labelBottom)} (header ${p.headerBottom})`).join('; ')}`,
      )
      expect(places.map((place) => place.focused)).toEqual(Object.values(LABELS))
      places.forEach(expectLabelVisible)
    },
  )
})
