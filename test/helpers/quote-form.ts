/**
 * Shared by the quote-form browser tests: the form's controls by label (as a visitor finds them),
 * hydration, a fresh /contacto, and toasts inside the 'Notifications (F8)' region. Each helper takes a
 * puppeteer page (the Chromium-only suites) or a driver Tab (the suites every engine runs, test/helpers/driver.ts).
 */
import type { Browser, Page } from 'puppeteer-core'
import { openPage, type OpenedPage } from './browser'
import type { Handle, InPage, Tab } from './driver'

/** A puppeteer page or a driver tab: both run functions in the page. */
type PageOrTab = Page | Tab

const isTab = (target: PageOrTab): target is Tab => 'waitFor' in target

/**
 * Waits until `fn(...args)` is truthy in the page. A puppeteer page is polled by interval: its default polls
 * on animation frames, which stop in a tab that is not in front (another page of the same browser opened later).
 */
function waitIn(target: PageOrTab, fn: InPage<unknown>, args: unknown[], timeout: number, what: string) {
  if (isTab(target)) return target.waitFor(fn, args, { timeout, what })
  return target
    .waitForFunction(fn as never, { timeout, polling: 100 }, ...(args as never[]))
    .then(() => undefined)
}

const evaluateIn = <R>(target: PageOrTab, fn: InPage<R>, ...args: unknown[]): Promise<Awaited<R>> =>
  (target as Tab).evaluate(fn, ...args)

export const CONTACT_PATH = '/contacto'
/** Each control of the form: its label and its role in the accessibility tree. */
const CONTROLS = {
  name: { label: 'Nombre Completo', role: 'textbox' },
  phone: { label: 'Teléfono', role: 'textbox' },
  email: { label: 'Email', role: 'textbox' },
  service: { label: 'Servicio de Interés', role: 'combobox' },
  message: { label: 'Mensaje', role: 'textbox' },
} as const
export type FieldKey = keyof typeof CONTROLS
export const LABELS = Object.fromEntries(
  Object.entries(CONTROLS).map(([key, { label }]) => [key, label]),
) as Record<FieldKey, string>
export type FormValues = Record<FieldKey, string>
export const EMPTY: FormValues = { name: '', phone: '', email: '', service: '', message: '' }
/** A complete, valid quote request, as a visitor would type it. */
export const VALID: FormValues = {
  name: 'María Fernanda Ruiz',
  phone: '222 555 0101',
  email: 'maria@example.com',
  service: 'Mantenimiento Regular',
  message: 'Quiero mantenimiento mensual para una alberca de 8 x 4 m.',
}

export const SUBMIT = 'Enviar Mensaje'
export const SENDING = 'Enviando...'
export const SUCCESS_TITLE = '¡Mensaje Enviado!'
export const VIEWPORT_LABEL = 'Notifications (F8)'

export const field = (key: FieldKey) =>
  `::-p-aria([name="${CONTROLS[key].label}"][role="${CONTROLS[key].role}"])`
/** The form's control for `key`, by its role and label, in a driver tab. */
export const control = (tab: Tab, key: FieldKey): Promise<Handle> =>
  tab.byRole(CONTROLS[key].role, CONTROLS[key].label)
/** Types each non-empty value into its control, found by role and label (`control`). */
export async function fillControls(tab: Tab, values: Partial<FormValues>): Promise<void> {
  for (const [key, value] of Object.entries(values) as [FieldKey, string][])
    if (value) await tab.fill(await control(tab, key), value)
}
/**
 * The control a label names, found in the page, not through the accessibility tree (`byRole`): Firefox with
 * scripting off closes the page when puppeteer queries it there.
 */
export const labelled = (tab: Tab, key: FieldKey) =>
  tab.element(
    (text: string) =>
      [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.control,
    [LABELS[key]],
    { what: `the control labelled "${LABELS[key]}"` },
  )

/** The form's submit button, found by its text (as `labelled`, for a page with scripting off). */
export const submitButton = (tab: Tab) =>
  tab.element(
    (text: string) =>
      [...document.querySelectorAll('form button')].find((b) => b.textContent?.trim() === text),
    [SUBMIT],
    { what: `the "${SUBMIT}" button` },
  )

/** Types the values into the controls found by their labels, as a visitor does (`labelled`). */
export async function typeAsVisitor(tab: Tab, values: FormValues): Promise<void> {
  for (const [key, value] of Object.entries(values) as [FieldKey, string][])
    await tab.fill(await labelled(tab, key), value)
}

export const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * How long hydration may take before it counts as a hang: it is the most CPU-bound step a test waits for (the
 * chunks parsed and run, React's whole tree), ~0.7 s on a quiet 2-core machine, over 20 s under a stress run's load.
 */
const HYDRATION_HANG_GUARD_MS = 60_000

/**
 * React has attached its props to the submit button: the page is hydrated and listening. In a build without a lead
 * endpoint the button becomes the submit button in the same render as the form takes over its fields and its
 * draft (decision 026), so there the draft is back too. In a build with one, the draft comes back in the effect
 * that follows: a test that expects a draft waits for its values, one that expects none reads the storage.
 */
export async function waitForHydration(page: PageOrTab): Promise<void> {
  await waitIn(
    page,
    (submit: string) => {
      const target = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === submit)
      return (
        target !== undefined &&
        target.type === 'submit' &&
        Object.keys(target).some((key) => key.startsWith('__reactProps$'))
      )
    },
    [SUBMIT],
    HYDRATION_HANG_GUARD_MS,
    'the quote form to hydrate',
  ).catch(async (error: unknown) => {
    // A hang says what the page had: its state and the scripts it finished loading.
    const had = await evaluateIn(page, () => ({
      readyState: document.readyState,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
        .map((entry) => new URL(entry.name).pathname),
    })).catch(() => 'the page could not be read')
    throw new Error(`${String(error)}; the page: ${JSON.stringify(had)}`)
  })
}

/** The unsent draft the page keeps (src/leads/draft.ts DRAFT_KEY), or null. */
export const storedDraft = (page: PageOrTab) =>
  evaluateIn(page, () => localStorage.getItem('aquapuebla:cotizacion'))

/** Types the values as a visitor does, field by field. */
export async function fillForm(page: Page, values: Partial<FormValues>): Promise<void> {
  for (const [key, value] of Object.entries(values) as [FieldKey, string][])
    await page.locator(field(key)).fill(value)
}

/** The toasts the page shows: their text, background and links. */
export function toastsOf(page: PageOrTab) {
  return evaluateIn(
    page,
    (label: string) => {
      const region = document.querySelector(`[role="region"][aria-label="${label}"]`)
      return [...(region?.querySelectorAll('li') ?? [])].map((item) => ({
        text: (item as HTMLElement).innerText,
        background: getComputedStyle(item).backgroundColor,
        links: [...item.querySelectorAll('a')].map((a) => ({
          href: a.getAttribute('href') ?? '',
          text: a.innerText.trim(),
        })),
      }))
    },
    VIEWPORT_LABEL,
  )
}

/** The submit button's label and state ('Enviar Mensaje' or 'Enviando...'), or null. */
export function submitButtonState(page: PageOrTab) {
  return evaluateIn(
    page,
    (names: string[]) => {
      const target = [...document.querySelectorAll('button')].find((b) =>
        names.includes(b.textContent?.trim() ?? ''),
      )
      return target ? { label: target.textContent?.trim(), disabled: target.disabled } : null
    },
    [SUBMIT, SENDING],
  )
}

/**
 * A visitor sends the form on /contacto of `origin` in a page of its own: typed, sent, the success toast seen.
 * The page is returned open (the caller closes it).
 */
export async function sendQuote(
  browser: Browser,
  origin: string,
  values: FormValues = VALID,
): Promise<OpenedPage> {
  const opened = await openPage(browser)
  await openFreshContact(opened.page, origin)
  await fillForm(opened.page, values)
  await opened.page.locator(button(SUBMIT)).click()
  await waitForToast(opened.page, SUCCESS_TITLE)
  return opened
}

/**
 * Opens /contacto (of `baseUrl`, for a puppeteer page) with no draft left over from an earlier test (pages
 * share one localStorage).
 */
export async function openFreshContact(page: PageOrTab, baseUrl = ''): Promise<void> {
  const goto = (path: string) =>
    isTab(page)
      ? page.goto(path)
      : page.goto(`${baseUrl}${path}`, { waitUntil: 'load' }).then(() => undefined)
  await goto('/robots.txt')
  await evaluateIn(page, () => localStorage.clear())
  await goto(CONTACT_PATH)
  await waitForHydration(page)
}

/** The value of each control, found through its label. */
export function readValues(page: PageOrTab): Promise<FormValues> {
  return evaluateIn(
    page,
    (labels: typeof LABELS) =>
      Object.fromEntries(
        Object.entries(labels).map(([key, text]) => {
          const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)
          // An <input>, <select> or <textarea>: each has `value`.
          return [key, (label?.control as HTMLInputElement | null)?.value ?? null]
        }),
      ) as FormValues,
    LABELS,
  )
}

/**
 * Waits for a toast whose text includes `title`; returns when it was seen. The default timeout is a hang
 * guard (the simulated send takes 1 s; on a loaded 2-core machine the toast has come 2 s after the click),
 * not a measure: tests that mean a time measure it in the page's clock (`watchSending`).
 */
export async function waitForToast(page: PageOrTab, title: string, timeout = 15_000): Promise<number> {
  await waitIn(
    page,
    (label: string, expected: string) => {
      const region = document.querySelector(`[role="region"][aria-label="${label}"]`)
      return [...(region?.querySelectorAll('li') ?? [])].some((item) =>
        (item as HTMLElement).innerText.includes(expected),
      )
    },
    [VIEWPORT_LABEL, title],
    timeout,
    `a toast saying "${title}"`,
  )
  return Date.now()
}

/**
 * Where a test puts the field before submitting. The geometry is set up, not left to where the page happens
 * to put it with the installed fonts (on another machine the page was shorter and the field sat
 * under the header at load, which no engine scrolls away).
 */
export const PLACES = {
  /** The visitor scrolled down to the button: the field is above the top edge. */
  'above the viewport': (field: number, _height: number, header: number) => -field - header,
  /** The field's top half is under the sticky header, its label entirely. */
  'partly under the header': (field: number, _height: number, header: number) => header - field / 2,
  /** Fully in view, in the middle of what the header leaves. */
  'already in view': (field: number, height: number, header: number) => (header + height - field) / 2,
  /** Below the bottom edge (the visitor pressed Enter higher up in the form). */
  'below the fold': (_field: number, height: number) => height + 40,
} as const
export type Place = keyof typeof PLACES

interface SendRecord {
  /** performance.now() in the page. */
  t: number
  label: string | undefined
  disabled: boolean | undefined
  toast: boolean
}

/**
 * Records, in the page's own clock, the next click on 'Enviar Mensaje' and, at every change of the page after
 * it, the submit button's label and state and whether a toast with `title` is shown; the returned function
 * reads the click time and the records. Timed in the page so that the test's own queries in between
 * (accessibility-tree lookups take seconds in Firefox on a busy machine) do not count.
 */
export async function watchSending(
  page: PageOrTab,
  title: string,
): Promise<() => Promise<{ clicked: number; records: SendRecord[] }>> {
  await evaluateIn(
    page,
    (submitLabel: string, sendingLabel: string, label: string, expected: string) => {
      const log = { clicked: Number.NaN, records: [] as SendRecord[] }
      Object.assign(window, { __sending: log })
      const submitButton = () =>
        [...document.querySelectorAll('button')].find((b) =>
          [submitLabel, sendingLabel].includes(b.textContent?.trim() ?? ''),
        )
      document.addEventListener(
        'click',
        (event) => {
          const target = (event.target as Element).closest('button')
          if (target?.textContent?.trim() === submitLabel && Number.isNaN(log.clicked))
            log.clicked = performance.now()
        },
        true,
      )
      new MutationObserver(() => {
        if (Number.isNaN(log.clicked)) return
        const region = document.querySelector(`[role="region"][aria-label="${label}"]`)
        const target = submitButton()
        log.records.push({
          t: performance.now(),
          label: target?.textContent?.trim(),
          disabled: target?.disabled,
          toast: [...(region?.querySelectorAll('li') ?? [])].some((item) =>
            item.textContent?.includes(expected),
          ),
        })
      }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true })
    },
    SUBMIT,
    SENDING,
    VIEWPORT_LABEL,
    title,
  )
  return () =>
    evaluateIn(
      page,
      () => (window as unknown as { __sending: { clicked: number; records: SendRecord[] } }).__sending,
    )
}

/**
 * Counts, from now on, the page's `submit` events and the `invalid` events the browser's own validation fires.
 * The returned function waits until the browser has judged a submit (an `invalid` event: it blocked it, or a
 * `submit` event: it let it through) and says how many submits went through. A blocked submit fires no `submit`
 * at all, so this is the condition, where waiting "long enough for a toast" was a guess.
 */
export async function watchSubmits(page: PageOrTab): Promise<() => Promise<number>> {
  await evaluateIn(page, () => {
    const counts = { submits: 0, invalids: 0 }
    Object.assign(window, { __submits: counts })
    document.addEventListener('submit', () => (counts.submits += 1), true)
    document.addEventListener('invalid', () => (counts.invalids += 1), true)
  })
  type Counts = { submits: number; invalids: number }
  return async () => {
    await waitIn(
      page,
      () => {
        const counts = (window as unknown as { __submits: Counts }).__submits
        return counts.submits + counts.invalids > 0
      },
      [],
      10_000,
      'the browser to judge the submit',
    )
    return evaluateIn(page, () => (window as unknown as { __submits: Counts }).__submits.submits)
  }
}

/** Waits until the page stops scrolling (the root scrolls smoothly): its position the same in three checks in a row. */
export async function scrollSettled(tab: Tab): Promise<void> {
  await tab.waitFor(
    () => {
      const state = window as unknown as { __lastY?: number; __same?: number }
      state.__same = state.__lastY === window.scrollY ? (state.__same ?? 0) + 1 : 0
      state.__lastY = window.scrollY
      return state.__same >= 3
    },
    [],
    { what: 'the scroll to end' },
  )
}

export interface FieldLook {
  label: string
  /** Computed colours of the four borders, as the visitor sees them once transitions have ended. */
  border: string
  userInvalid: boolean
}

/** Each control's look, found through its label, after every running transition has finished. */
export async function looks(tab: Tab): Promise<FieldLook[]> {
  return tab.evaluate(async (labels: typeof LABELS) => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)))
    return Object.values(labels).map((text) => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)
      const found = label?.control as HTMLElement | null
      if (!found) return { label: text, border: 'missing', userInvalid: false }
      const style = getComputedStyle(found)
      return {
        label: text,
        border: ['top', 'right', 'bottom', 'left']
          .map((side) => style.getPropertyValue(`border-${side}-color`))
          .join(' '),
        userInvalid: found.matches(':user-invalid'),
      }
    })
  }, LABELS)
}
