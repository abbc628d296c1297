/**
 * The phone the benchmarks and visitor tests emulate (scripts/bench/tbt-breakdown.ts, scripts/bench/cpu.ts, typing.ts):
 * the phone they emulate, a page answering the stock-photo host locally, one traced page load, the moment
 * hydration is over, and the median of their figures.
 */
import type { Browser, HTTPRequest, Page } from 'puppeteer-core'

/** Lighthouse's mobile preset: a 412×823 phone at 1.75 device pixels, touch. */
export const PHONE_VIEWPORT = {
  width: 412,
  height: 823,
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}

/** The stock-photo host the default build points at; offline, the scripts answer it themselves. */
export const STOCK_ORIGIN = 'https://images.unsplash.com'

/** A new page of `browser` with the phone viewport; `stock` answers each request to the stock-photo host. */
export async function phonePage(browser: Browser, stock: (request: HTTPRequest) => void): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewport(PHONE_VIEWPORT)
  await page.setRequestInterception(true)
  page.on('request', (request) => {
    if (request.url().startsWith(STOCK_ORIGIN)) stock(request)
    else void request.continue()
  })
  return page
}

/**
 * Runs in the page (`page.waitForFunction(everyLinkHydrated)`): hydration is over when React has taken
 * every link (the header, each section and the footer hydrate in passes of their own,
 * src/components/ui/hydration-boundary.tsx). Self-contained: puppeteer sends its source to the page. A hidden
 * element's links are not React's (the quote form's note for a press before its scripts, which only the
 * prerender writes: decision 026).
 */
export function everyLinkHydrated(): boolean {
  const links = [...document.querySelectorAll('#root a')].filter((a) => !a.closest('[hidden]'))
  return links.length > 0 && links.every((a) => Object.keys(a).some((key) => key.startsWith('__reactProps')))
}

/** Loads `url` in `page` while Chromium traces `categories`, until the network is idle plus `settleMs`. */
export async function recordLoad(
  page: Page,
  url: string,
  categories: string[],
  settleMs: number,
): Promise<string> {
  await page.tracing.start({ categories })
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 })
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const buffer = await page.tracing.stop()
  return Buffer.from(buffer ?? new Uint8Array()).toString('utf8')
}

/** The one median (scripts/bench/statistics.ts), for the load-tracing scripts that import it from here. */
export { median } from './statistics'
