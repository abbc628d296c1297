/**
 * One way for a suite to drive a browser, whatever engine its jest project names (BROWSER_ENGINE): Chromium and
 * Firefox through puppeteer-core (browser.ts), WebKit through selenium-webdriver (webkit.ts). What a test checks
 * runs in the page, the same function in every engine (docs/testing.md, decision 030).
 */
import type { Browser, ElementHandle, JSHandle, KeyInput, Page } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { engine, type Engine } from './engines'
import { hooked, until } from './hooks'
import { candidateSelector, candidatesInPage } from './role-candidates'
import { serveSite, type ServedSite } from './site'
import { MIN_WIDTH, openWebKitSite } from './webkit'

export { engine }
export type EngineName = Engine

/** The narrowest viewport the engine's window can have (WebKitGTK: 447 px). */
export const narrowest = engine === 'webkit' ? MIN_WIDTH : 0

/** The widths a test asks for, as this engine can give them (each once). */
export const widthsFor = (widths: number[]) => [...new Set(widths.map((width) => Math.max(width, narrowest)))]

/**
 * `test` or `describe` (or their `.each`) in the engines named, and not there at all in the others: for what
 * only some drivers can do, or what one engine proves for all. `why` is the reason, said where the test is.
 */
export function onlyIn<T extends jest.It | jest.Describe>(engines: EngineName[], why: string, block: T): T {
  if (!why) throw new Error('onlyIn needs its reason')
  if (engines.includes(engine)) return block
  const absent = () => undefined
  return Object.assign(absent, { each: () => absent }) as unknown as T
}

/** An element found in the page. Passed to `evaluate`/`waitFor` it arrives as the DOM element. */
export interface Handle {
  readonly native: unknown
}

export type Key = 'Enter' | 'Escape' | 'Tab' | 'F8' | 'Backspace'

export interface TabOptions {
  width?: number
  height?: number
  /** false: a page with scripting off (no JavaScript at all). */
  javascript?: boolean
  /** A browser profile of its own: no cookies or storage from earlier tabs (a first visit on a new device). */
  fresh?: boolean
}

/** A cookie the browser keeps for the page's URL, HttpOnly ones included, as the engine reports it. */
export interface Cookie {
  name: string
  domain: string
  path: string
  httpOnly: boolean
  sameSite?: string
}

export interface Request {
  method: string
  /** As the page asked for it (WebKit's loopback photos are named by the stock-photo host they stand for). */
  url: string
}

/** A function run in the page: its arguments and result must be JSON-like (or elements, both ways). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InPage<R> = (...args: any[]) => R

export interface Tab {
  readonly engine: EngineName
  /** The viewport the page got (WebKitGTK's window is never narrower than 447 px: test/helpers/webkit.ts). */
  readonly width: number
  readonly height: number
  /** Chromium below 768 px emulates a touch phone: `tap` taps there, clicks elsewhere. */
  readonly hasTouch: boolean
  /** Loads a path of the site (or an absolute URL) and waits for its load event. */
  goto(pathOrUrl: string): Promise<void>
  reload(): Promise<void>
  /** The page's current URL. */
  url(): Promise<string>
  title(): Promise<string>
  /** Runs `fn` in the page with `args` (elements as Handles) and returns its result (a promise is awaited). */
  evaluate<R>(fn: InPage<R>, ...args: unknown[]): Promise<Awaited<R>>
  /** Waits until `fn(...args)` is truthy in the page (polled); fails naming `what`. */
  waitFor(fn: InPage<unknown>, args?: unknown[], options?: { timeout?: number; what?: string }): Promise<void>
  /** Waits until `fn(...args)` returns an element in the page, and returns it. */
  element(
    fn: InPage<Element | null | undefined>,
    args?: unknown[],
    options?: { timeout?: number; what?: string },
  ): Promise<Handle>
  /**
   * The one element with this accessible role and name (the engine's own accessibility tree), inside `within`
   * when given; waits for it. A single-choice <select> is a `combobox` (WebKit says pop-up button).
   */
  byRole(role: string, name: string, within?: Handle): Promise<Handle>
  /** Scrolls `target` to the middle of the screen and clicks it, as a visitor would. */
  click(target: Handle): Promise<void>
  /** A tap on a touch page, else a click. */
  tap(target: Handle): Promise<void>
  /** Replaces the value of a text control, or chooses the option with this text in a <select>. */
  fill(target: Handle, value: string): Promise<void>
  /** Hands a file to an <input type="file">. */
  upload(target: Handle, file: string): Promise<void>
  /** One key press on whatever has focus. */
  press(key: Key): Promise<void>
  /** Moves the mouse pointer to a point of the viewport (e.g. a corner, off whatever it rested on). */
  moveMouse(x: number, y: number): Promise<void>
  /** Console errors and warnings, uncaught errors, CSP violations and dialogs since the tab opened. */
  problems(): Promise<string[]>
  /** Every request the page made since the tab opened. */
  requests(): Request[]
  /** The cookies the browser keeps for the page's URL (HttpOnly ones too: the browser's view, not the page's). */
  cookies(): Promise<Cookie[]>
  /** The viewport, or with `fullPage` the whole page, as a PNG. */
  screenshot(file: string, options?: { fullPage?: boolean }): Promise<void>
  close(): Promise<void>
}

/** The site under test, served, and a browser of the project's engine to visit it. */
export interface Site {
  /** The site's origin, e.g. http://127.0.0.1:41234 */
  url: string
  /** Whether tabs see console problems (false only for WebKit on an origin opened without its probe). */
  seesProblems: boolean
  /** Opens a tab at the given size (default 1280×800). In WebKit one tab at a time per kind (scripts on/off). */
  open(options?: TabOptions): Promise<Tab>
  close(): Promise<void>
}

export interface SiteOptions {
  /** A server already running there (the CMS's dev server, a Pages stack) instead of a served build. */
  origin?: string
  /**
   * WebKit: false opens `origin` directly, without the front server that puts the problem probe in its pages (the
   * CMS's proxy answers only its admin's own origin): those tabs cannot report console problems.
   */
  probe?: boolean
}

/** The project's browser started and dist/ served by the project's host, or the server running at `origin`. */
export async function openSite({ origin, probe = true }: SiteOptions = {}): Promise<Site> {
  if (engine === 'webkit') return openWebKitSite(origin, probe)
  const [browser, server] = await Promise.all([launchBrowser(), origin ? undefined : serveSite()])
  return puppeteerSite(browser, server, origin ?? server!.url)
}

/** The site in the project's browser for the whole file (opened in beforeAll, closed in afterAll). */
export const theOpenSite = (options: SiteOptions = {}): Site => hooked(() => openSite(options), 'the site')

/** Opens tabs of `site` for the test that asks; each is closed after that test. */
export function tabsOf(site: Site): (options?: TabOptions) => Promise<Tab> {
  const opened: Tab[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((tab) => tab.close()))
  })
  return async (options = {}) => {
    const tab = await site.open(options)
    opened.push(tab)
    return tab
  }
}

/** Closing the browser closes every tab and context it opened. */
function puppeteerSite(browser: Browser, server: ServedSite | undefined, url: string): Site {
  return {
    url,
    seesProblems: true,
    async open({ fresh = false, ...options } = {}) {
      const owner = fresh ? ((await browser.createBrowserContext()) as unknown as Browser) : browser
      const opened = await openPage(owner, options)
      return puppeteerTab(opened.page, { baseUrl: url, problems: opened.problems, ...options })
    },
    async close() {
      await Promise.all([browser.close(), server?.close()])
    },
  }
}

/** Opens a tab of `site`, runs `run` with it and closes it, whatever happens. */
export async function withTab<T>(site: Site, options: TabOptions, run: (tab: Tab) => Promise<T>): Promise<T> {
  const tab = await site.open(options)
  try {
    return await run(tab)
  } finally {
    await tab.close()
  }
}

class PuppeteerHandle implements Handle {
  constructor(readonly native: ElementHandle<Element>) {}
}

/**
 * A page load's hang guard in Chromium and Firefox (WebKit's WebDriver gives 300 s): Decap's admin page, the
 * heaviest this suite loads, passed puppeteer's 30 s default under a stress pair's load (~24 on two cores). It stays
 * under the browser tests' 120 s so a hang is reported as the load it is.
 */
const loaded = { waitUntil: 'load', timeout: 90_000 } as const

const unwrap = (args: unknown[]) => args.map((arg) => (arg instanceof PuppeteerHandle ? arg.native : arg))

/**
 * A Tab over a puppeteer page (Chromium or Firefox): `openSite` makes them, and a suite that opened a page its
 * own way (a pop-up sign-in, another browser context) wraps it with this.
 */
export function puppeteerTab(
  page: Page,
  {
    baseUrl,
    problems = [],
    width = page.viewport()?.width ?? 1280,
    height = page.viewport()?.height ?? 800,
    javascript = true,
  }: { baseUrl: string; problems?: string[]; width?: number; height?: number; javascript?: boolean },
): Tab {
  const requests: Request[] = []
  page.on('request', (request) => requests.push({ method: request.method(), url: request.url() }))
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`)
    void dialog.dismiss().catch(() => undefined)
  })
  const touch = Boolean(page.viewport()?.hasTouch)
  /**
   * Waits until `fn(...args)` is truthy in the page. With scripts on the page polls itself by interval:
   * puppeteer's default, every animation frame, stalls in a tab that is not in front (frames do not run there).
   * With scripting off (Firefox's second browser) the page's own timers never run, so it is asked from here.
   */
  const waitInPage = async (fn: InPage<unknown>, args: unknown[], timeout: number, what: string) => {
    const inPage = unwrap(args) as never[]
    if (javascript)
      return (
        page.waitForFunction(fn as never, { timeout, polling: 100 }, ...inPage) as Promise<JSHandle<unknown>>
      ).catch((error: Error) => {
        throw new Error(`waiting for ${what}: ${error.message}`)
      })
    return until(
      async () => {
        const handle = (await page.evaluateHandle(fn as never, ...inPage)) as JSHandle<unknown>
        if (await handle.evaluate((value) => Boolean(value))) return handle
        await handle.dispose()
      },
      what,
      timeout,
    )
  }
  type Scope = Page | ElementHandle<Element>
  /** Chromium: its accessibility tree answers a query over the whole page at once (CDP's queryAXTree). */
  const chromiumByRole = async (role: string, name: string, selector: string, scope: Scope) => {
    await scope.waitForSelector(selector, { timeout: 10_000 }).catch((error: Error) => {
      throw new Error(`no ${role} named "${name}": ${error.message}`)
    })
    return scope.$$(selector)
  }
  /**
   * Firefox: BiDi's accessibility locator takes ~0.6-0.8 s over /contacto's whole page, ~0.25 s under one
   * element's parent (measured here), and a test finds ~7 controls. So the candidates are picked in the page
   * (test/helpers/role-candidates.ts) and Firefox's tree is asked about each under its parent.
   */
  const firefoxByRole = async (role: string, name: string, selector: string, scope: Scope) => {
    const css = candidateSelector(role)
    const root = scope === page ? null : (scope as ElementHandle<Element>)
    let candidates: ElementHandle<Element>[] = []
    return until(
      async () => {
        const list = await page.evaluateHandle(candidatesInPage, css, name, root)
        candidates = [...(await list.getProperties()).values()].flatMap(
          (handle) => (handle.asElement() as ElementHandle<Element> | null) ?? [],
        )
        const found: ElementHandle<Element>[] = []
        for (const candidate of candidates) {
          const parent = (await candidate.evaluateHandle(
            (element) => element.parentElement ?? element,
          )) as ElementHandle<Element>
          const named = await parent.$$(selector)
          if (await candidate.evaluate((element, ...all) => all.includes(element), ...named))
            found.push(candidate)
          await Promise.all([parent, ...named].map((handle) => handle.dispose()))
        }
        await list.dispose()
        return found.length > 0 && found
      },
      `a ${role} named "${name}"`,
      10_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}: ${candidates.length} candidate(s) in the page, none with that role and name in Firefox's accessibility tree`,
      )
    })
  }
  const tab: Tab & { page: Page } = {
    page,
    engine,
    width,
    height,
    hasTouch: touch,
    async goto(pathOrUrl) {
      await page.goto(new URL(pathOrUrl, baseUrl).href, loaded)
    },
    async reload() {
      await page.reload(loaded)
    },
    url: async () => page.url(),
    title: () => page.title(),
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(unwrap(args) as never[])) as never,
    async waitFor(fn, args = [], { timeout = 10_000, what = 'a condition in the page' } = {}) {
      await waitInPage(fn, args, timeout, what)
    },
    async element(fn, args = [], { timeout = 10_000, what = 'an element' } = {}) {
      const found = await waitInPage(fn, args, timeout, what)
      const element = found.asElement()
      if (!element) throw new Error(`${what} is not an element`)
      return new PuppeteerHandle(element as ElementHandle<Element>)
    },
    async byRole(role, name, within) {
      const selector = `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`
      const scope = within instanceof PuppeteerHandle ? within.native : page
      const found = await (engine === 'firefox' ? firefoxByRole : chromiumByRole)(role, name, selector, scope)
      if (found.length > 1) throw new Error(`${found.length} elements of role ${role} named "${name}"`)
      return new PuppeteerHandle(found[0]!)
    },
    async click(target) {
      await centre(target)
      const element = (target as PuppeteerHandle).native
      if (javascript) return void (await element.click())
      // Scripting off: puppeteer's click waits in the page (Firefox's then never answers); click the middle.
      const { x, y } = await element.evaluate((node) => {
        const box = node.getBoundingClientRect()
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      })
      await page.mouse.click(x, y)
    },
    async tap(target) {
      await centre(target)
      const element = (target as PuppeteerHandle).native
      await (touch ? element.tap() : element.click())
    },
    async fill(target, value) {
      const element = (target as PuppeteerHandle).native
      // A <select>: the option with this text, as in WebKit (its value may differ: «Contactado» is `contactado`).
      const option = await element.evaluate(
        (el, text) =>
          el instanceof HTMLSelectElement
            ? ([...el.options].find((o) => o.text === text)?.value ?? null)
            : undefined,
        value,
      )
      if (option === null) throw new Error(`the select has no option "${value}"`)
      if (option !== undefined)
        return void (await (element as ElementHandle<HTMLSelectElement>).select(option))
      if (javascript) return void (await element.asLocator().fill(value))
      // Scripting off: a locator waits in the page, which runs nothing; the element is there, so type as a
      // visitor does.
      await element.evaluate((node) => ((node as HTMLInputElement).value = ''))
      await element.type(value)
    },
    async upload(target, file) {
      await ((target as PuppeteerHandle).native as ElementHandle<HTMLInputElement>).uploadFile(file)
    },
    async press(key) {
      await page.keyboard.press(key as KeyInput)
    },
    async moveMouse(x, y) {
      await page.mouse.move(x, y)
    },
    problems: async () => [...problems],
    requests: () => [...requests],
    async cookies() {
      return (await page.cookies()).map(({ name, domain, path, httpOnly, sameSite }) => ({
        name,
        domain,
        path,
        httpOnly: Boolean(httpOnly),
        sameSite,
      }))
    },
    async screenshot(file, { fullPage = false } = {}) {
      await page.screenshot({ path: file as `${string}.png`, fullPage })
    },
    async close() {
      if (!page.isClosed()) await page.close()
    },
  }
  return tab
}

/** Scrolls an element to the middle of the screen at once (never under the sticky header). */
async function centre(target: Handle): Promise<void> {
  await (target as PuppeteerHandle).native.evaluate((element) =>
    element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' }),
  )
}

/**
 * The puppeteer page behind a tab, for the tests that `onlyIn` names Chromium or Firefox (interception, media
 * emulation, a script before the page's own, pointer gestures, the file chooser).
 */
export function puppeteerPage(tab: Tab): Page {
  const page = (tab as Tab & { page?: Page }).page
  if (!page)
    throw new Error(`${tab.engine} has no puppeteer page: mark the test onlyIn(['chromium', 'firefox'], …)`)
  return page
}

/** A request to a host other than this machine's, other than the stock-photo host (answered locally). */
export function offMachine(request: Request): boolean {
  const { hostname, protocol } = new URL(request.url)
  if (protocol === 'data:' || protocol === 'blob:') return false
  return !['127.0.0.1', 'localhost', '[::1]', 'images.unsplash.com'].includes(hostname)
}
