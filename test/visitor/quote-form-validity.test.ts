/**
 * How the quote form looks around native validation: after a submit the browser blocks, the field it points at
 * and its label are fully visible below the sticky header, wherever the field was (that after a successful send
 * it looks as on first load and still validates natively: quote-form.test.ts, «simulated sending»).
 * Native validation and the scrolling to the first invalid field are the engine's own, so every engine runs
 * all of it (jest projects `chromium`, `firefox`, `webkit`; test/helpers/driver.ts). The phone width is 390 px,
 * 447 px in WebKit (its narrowest window, below the site's 480 and 768 px breakpoints either way).
 * Run one: `npx jest test/visitor/quote-form-validity.test.ts --selectProjects webkit` (or chromium, firefox).
 */
import { tabsOf, theOpenSite, type Tab } from '../helpers/driver'
import {
  fillControls,
  LABELS,
  looks,
  openFreshContact,
  readValues,
  scrollSettled,
  SUBMIT,
  type FieldKey,
  type FieldLook,
  type FormValues,
  PLACES,
  type Place,
  VALID,
  EMPTY,
} from '../helpers/quote-form'

const open = tabsOf(theOpenSite())

async function openContact(width: number, height: number): Promise<Tab> {
  const tab = await open({ width, height })
  await openFreshContact(tab)
  return tab
}

/** Where the label of the focused control and the control are, against the sticky header and the viewport. */
function focusedLabelPlace(tab: Tab) {
  return tab.evaluate(() => {
    const focused = document.activeElement as HTMLInputElement
    const label = focused.labels?.[0]
    return {
      focused: label?.textContent?.trim(),
      labelTop: label?.getBoundingClientRect().top ?? NaN,
      // The bottom of the focused control: the label sits above it, so this is the bottom of the pair.
      fieldBottom: focused.getBoundingClientRect().bottom,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
      viewportHeight: window.innerHeight,
    }
  })
}

/**
 * Scrolls so that the top of `key`'s control is where `place` says (in viewport pixels), at once, and returns
 * where it really is: a page too short for the place fails here, by name, instead of testing something else.
 */
async function putField(tab: Tab, key: FieldKey, place: Place): Promise<{ wanted: number; actual: number }> {
  const text = LABELS[key]
  const [controlHeight, headerBottom, viewportHeight] = await tab.evaluate((label: string) => {
    const found = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!
      .control as HTMLElement
    return [
      found.getBoundingClientRect().height,
      document.querySelector('header')!.getBoundingClientRect().bottom,
      window.innerHeight,
    ] as const
  }, text)
  const wanted = Math.round(PLACES[place](controlHeight, viewportHeight, headerBottom))
  const actual = await tab.evaluate(
    (label: string, top: number) => {
      const found = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!
        .control as HTMLElement
      const current = found.getBoundingClientRect().top
      window.scrollTo({ top: window.scrollY + current - top, behavior: 'instant' })
      return Math.round(found.getBoundingClientRect().top)
    },
    text,
    wanted,
  )
  return { wanted, actual }
}

/**
 * Submits with the keyboard from the focused submit button, focused without scrolling: a click would scroll
 * the button into view first and undo the geometry the test set up.
 */
async function submitWithoutScrolling(tab: Tab): Promise<void> {
  await tab.evaluate((name: string) => {
    const submit = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!
    submit.focus({ preventScroll: true })
  }, SUBMIT)
  await tab.press('Enter')
}

/**
 * Puts the form back in the state a case starts from, without a fresh page load: a blocked submit leaves the
 * invalid fields matching `:user-invalid` and one of them focused. A form reset forgets that the visitor touched
 * them (the site's own success path relies on it in every engine: quote-form.test.ts, «simulated sending»); the select's choice is made its
 * default first, since React keeps a select's value as a property only and a reset would drop it. Checked, not
 * assumed: afterwards each field looks exactly as on the page's first load (no style marks a valid field), holds
 * what was typed, and nothing is focused.
 */
async function resetToFirstLoad(tab: Tab, firstLoad: FieldLook[], values: FormValues): Promise<void> {
  await tab.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null
    focused?.blur()
    const form = document.querySelector('form')!
    for (const option of form.querySelectorAll('option')) option.defaultSelected = option.selected
    form.reset()
    // Chromium does not restyle a field whose user validity the reset cleared while its value stayed (the
    // site's own reset changes the values too): an attribute a rule reads makes it match its rules again.
    for (const element of form.querySelectorAll('input, select, textarea')) {
      element.setAttribute('aria-invalid', 'false')
      element.removeAttribute('aria-invalid')
    }
  })
  expect(await looks(tab)).toEqual(firstLoad)
  expect(await readValues(tab)).toEqual(values)
  expect(await tab.evaluate(() => document.activeElement === document.body)).toBe(true)
}

// Regression: a fresh machine (other fonts, a shorter page) and real WebKit showed the label of the first missing
// field under the sticky header, because the field was already "in view" for the browser. Each case sets up
// where the field is before the submit, then checks that the field and its label end up fully visible below
// the header: with all five fields empty (the browser points at the first) and with only the message missing.
const MISSING: { what: string; key: FieldKey; values: FormValues }[] = [
  { what: 'every field empty and the first one', key: 'name', values: EMPTY },
  { what: 'only the message missing and it', key: 'message', values: { ...VALID, message: '' } },
]
const EVERY_PLACE = Object.keys(PLACES) as Place[]

describe.each([
  [390, 844],
  [1280, 800],
])('at %i×%i, after a submit the browser blocks', (width, height) => {
  test.each(MISSING)(
    `with $what ${EVERY_PLACE.join(', ')} in turn, its label shows below the header`,
    async ({ key, values }) => {
      const tab = await openContact(width, height)
      const firstLoad = await looks(tab)
      await fillControls(tab, values)
      for (const place of EVERY_PLACE) {
        await resetToFirstLoad(tab, firstLoad, values)
        const where = await putField(tab, key, place)
        // Scroll offsets are whole pixels, layout positions are not: within a pixel is where it was asked.
        expect(Math.abs(where.actual - where.wanted)).toBeLessThanOrEqual(1)
        await submitWithoutScrolling(tab)
        await scrollSettled(tab)
        const placed = await focusedLabelPlace(tab)
        console.log(
          `${tab.engine} ${tab.width} px, ${key} missing, field ${place}: ${JSON.stringify(placed)}`,
        )
        expect({ place, focused: placed.focused }).toEqual({ place, focused: LABELS[key] })
        expect(placed.labelTop).toBeGreaterThanOrEqual(placed.headerBottom)
        expect(placed.fieldBottom).toBeLessThanOrEqual(placed.viewportHeight)
        // Nothing was sent and the visitor's text is all still there.
        expect(await readValues(tab)).toEqual(values)
        expect(await tab.evaluate(() => document.querySelector('form')!.checkValidity())).toBe(false)
      }
      expect(await tab.problems()).toEqual([])
    },
  )
})
