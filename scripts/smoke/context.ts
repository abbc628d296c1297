/**
 * What every group of checks shares: the options, the results, the pages' HTTP answers, and Chromium tabs
 * that report console errors, page errors, failed requests and CSP violations of whatever they load.
 */
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core'
import { chromiumArgs, chromiumPath, placeholderPhoto } from '../lib/offline-images'
import type { CheckName } from './checks'
import { get, type HttpAnswer } from './http'

export interface SmokeOptions {
  /** The deployment, e.g. https://staging.example.mx (origin only). */
  origin: string
  /** The origin canonical URLs, the sitemap and robots.txt must name (default: the deployment's). */
  siteOrigin: string
  only: ReadonlySet<CheckName>
  /** Pages to check instead of every page of the sitemap (--pages). */
  pages: readonly string[] | null
  /** Milliseconds for each request, navigation and wait. */
  timeout: number
  headful: boolean
  submitReal: boolean
  outDir: string
  /** Full-page screenshots of every visit into outDir (--no-screenshots: none). */
  screenshots: boolean
  /** Testing aid: answer images from other origins (the stock-photo host) with a local placeholder. */
  offlineImages: boolean
}

/** Problems and notes per check; only selected checks record anything. */
export class Results {
  readonly problems = new Map<CheckName, string[]>()
  readonly notes = new Map<CheckName, string[]>()
  readonly seconds = new Map<CheckName, number>()

  constructor(readonly selected: ReadonlySet<CheckName>) {}

  wants(...names: CheckName[]): boolean {
    return names.some((name) => this.selected.has(name))
  }

  fail(name: CheckName, problem: string): void {
    if (!this.selected.has(name)) return
    const list = this.problems.get(name) ?? []
    if (!list.includes(problem)) list.push(problem)
    this.problems.set(name, list)
  }

  note(name: CheckName, text: string): void {
    if (!this.selected.has(name)) return
    this.notes.set(name, [...(this.notes.get(name) ?? []), text])
  }
}

export interface Tab {
  page: Page
  /** Who opened it, for problem lines: "/servicios at 390 px", "hydration". */
  label: string
  /** Images that failed at the network level (any origin), for the images check. */
  brokenImages: string[]
  close(): Promise<void>
}

export interface TabOptions {
  width: number
  /** Answer a request yourself (return true) before the defaults (offline images, else the network). */
  intercept?: (request: HTTPRequest) => boolean
  /** Requests a check makes in order to be refused (the quote form's endpoint probe): their 4xx is no failure. */
  probe?: (request: HTTPRequest) => boolean
}

export class SmokeContext {
  /** Paths to check, from the sitemap (plus the known pages it lacks). Set by the files group. */
  routes: string[] = []
  private readonly answers = new Map<string, Promise<HttpAnswer>>()
  private browserPromise: Promise<Browser> | null = null
  private readonly tabs = new Set<Tab>()

  constructor(
    readonly options: SmokeOptions,
    readonly results: Results,
  ) {}

  url(path: string): string {
    return new URL(path, this.options.origin).href
  }

  /** GET a path on the deployment once per run (br/gzip accepted, no redirect followed). */
  fetchPath(path: string): Promise<HttpAnswer> {
    if (!this.answers.has(path))
      this.answers.set(path, get(this.url(path), { timeout: this.options.timeout }))
    return this.answers.get(path)!
  }

  browser(): Promise<Browser> {
    // index.ts has checked that Chromium is there before any group runs.
    this.browserPromise ??= puppeteer.launch({
      executablePath: chromiumPath,
      // Two tabs work at once: neither may be throttled as a background tab.
      args: [
        ...chromiumArgs,
        '--disable-background-timer-throttling',
        '--disable-renderer-backgrounding',
        '--disable-backgrounding-occluded-windows',
      ],
      headless: !this.options.headful,
      defaultViewport: null,
    })
    return this.browserPromise
  }

  async openTab(label: string, { width, intercept, probe }: TabOptions): Promise<Tab> {
    const browser = await this.browser()
    // A browser context per tab: a fresh profile (no draft left in localStorage), and a window of its
    // own, so a tab is never hidden behind another (hidden tabs get no animation frames to hydrate in).
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    const { results, options } = this
    const mobile = width < 768
    await page.setViewport({
      width,
      height: mobile ? 844 : 800,
      deviceScaleFactor: 1,
      isMobile: mobile,
      hasTouch: mobile,
    })
    // Stable screenshots: entrance animations are skipped, content is where it ends up.
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }])
    page.setDefaultTimeout(options.timeout)
    page.setDefaultNavigationTimeout(options.timeout)

    const tab: Tab = {
      page,
      label,
      brokenImages: [],
      close: async () => {
        this.tabs.delete(tab)
        await context.close().catch(() => undefined)
      },
    }
    this.tabs.add(tab)
    const own = (url: string) => url.startsWith(`${options.origin}/`) || url === options.origin

    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = message.text()
      // Chromium echoes every failed response on the console; failed-requests reports those with their URL.
      if (/^Failed to load resource/.test(text)) return
      results.fail('console-errors', `${label}: console error "${oneLine(text)}"`)
    })
    page.on('pageerror', (error) => {
      results.fail('console-errors', `${label}: uncaught ${oneLine(String(error))}`)
    })
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed'
      // Cancelled by the browser itself (a page closing, a navigation), not an answer of the server.
      if (reason === 'net::ERR_ABORTED') return
      if (request.resourceType() === 'image') tab.brokenImages.push(`${request.url()} (${reason})`)
      if (own(request.url())) results.fail('failed-requests', `${label}: ${request.url()} ${reason}`)
    })
    page.on('response', (response) => {
      const status = response.status()
      if (status < 400) return
      const request = response.request()
      // A probe's refusal is what the check looks for; its own check judges a 404, 405 or 5xx.
      if (probe?.(request)) return
      if (request.resourceType() === 'image') tab.brokenImages.push(`${response.url()} (${status})`)
      if (own(response.url()))
        results.fail('failed-requests', `${label}: ${response.url()} answered ${status}`)
    })

    // tsx (esbuild keepNames) wraps named inner functions of what we evaluate in the page in __name().
    const keepNames = 'globalThis.__name = globalThis.__name || ((fn) => fn)'
    await page.evaluateOnNewDocument(keepNames)
    await page.evaluate(keepNames)
    await page.exposeFunction('__smokeCspViolation', (text: string) => {
      results.fail('csp-violations', `${label}: ${text}`)
    })
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __smokeCspViolation: (text: string) => void })
          .__smokeCspViolation
        const blocked =
          !event.blockedURI || event.blockedURI === 'inline'
            ? 'inline code'
            : event.blockedURI === 'eval'
              ? 'eval'
              : event.blockedURI
        report(`${event.effectiveDirective} blocked ${blocked}${event.sample ? ` ("${event.sample}")` : ''}`)
      })
    })

    if (intercept || options.offlineImages) {
      await page.setRequestInterception(true)
      page.on('request', (request) => {
        if (intercept?.(request)) return
        const url = new URL(request.url())
        if (options.offlineImages && request.resourceType() === 'image' && url.origin !== options.origin) {
          void request.respond({ status: 200, contentType: 'image/svg+xml', body: placeholderPhoto(url) })
          return
        }
        void request.continue()
      })
    }
    return tab
  }

  async close(): Promise<void> {
    for (const tab of [...this.tabs]) await tab.close()
    if (this.browserPromise) await (await this.browserPromise).close()
  }
}

export function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** File-name slug of a path: / is "inicio" (the site's own name for it), /a/b is "a-b". */
export function slugOf(path: string): string {
  const slug = path.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-')
  return slug || 'inicio'
}

/** Waits for the network to go quiet; a page that keeps polling is not a failure in itself. */
export async function settle(page: Page, timeout: number): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: 300, timeout }).catch(() => undefined)
}

/** Whether a wait got what it waited for: its timeout is an answer here, not an error. */
export const holds = (wait: Promise<unknown>): Promise<boolean> =>
  wait.then(
    () => true,
    () => false,
  )

/** Whether React has hydrated the page: its header links carry React's internal keys. */
export function waitForHydration(page: Page, timeout: number): Promise<boolean> {
  return holds(
    page.waitForFunction(
      () => {
        const link = document.querySelector('header a[href]')
        return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps'))
      },
      { timeout, polling: 100 },
    ),
  )
}
