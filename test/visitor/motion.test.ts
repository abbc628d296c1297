/**
 * Entrance animations and smooth scrolling follow the visitor's motion preference, on the home page at 390 px.
 * Chromium only (the jest project `chromium`; `firefox` and `webkit` do not list this file): puppeteer emulates
 * `prefers-reduced-motion` over CDP only, which Firefox's WebDriver BiDi does not offer, nor WebKit's classic
 * WebDriver. The preference is read by CSS media queries and one matchMedia call, the same in every engine.
 * Run: `npm run build`, then `npx jest test/visitor/motion.test.ts --selectProjects chromium`.
 */
import type { Page } from 'puppeteer-core'
import { everyLinkHydrated } from '../helpers/hydration'
import { paths } from '../../schema/paths'
import { openPage, theBrowser } from '../helpers/browser'
import { theSite } from '../helpers/site'

const site = theSite()
const browser = theBrowser()

/** The page loaded, every link hydrated and the browser idle (as site.test.ts loads a page). */
async function loadHydrated(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, site.url).href, { waitUntil: 'networkidle0' })
  await page.waitForFunction(() => document.readyState === 'complete', { polling: 100 })
  await page.waitForFunction(everyLinkHydrated, { timeout: 15_000, polling: 100 })
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
  )
}

describe('motion preferences, on the home page at 390 px', () => {
  /** Opens the home page hydrated, with `prefers-reduced-motion` set as given. */
  async function openWithMotion(motion: 'reduce' | 'no-preference') {
    const opened = await openPage(browser, { width: 390, height: 844 })
    await opened.page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: motion }])
    await loadHydrated(opened.page, paths.inicio)
    return opened
  }

  const scrollBehavior = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)

  test('reduced motion: no block is ever hidden for an entrance, and scrolling jumps', async () => {
    const { page, problems } = await openWithMotion('reduce')
    try {
      expect(await scrollBehavior(page)).toBe('auto')
      // Walk down the page: every block is fully opaque on arrival, none waits to be revealed.
      const hiddenOnArrival = await page.evaluate(async () => {
        const hidden = new Set<string>()
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y)
          await new Promise((resolve) => setTimeout(resolve, 60))
          for (const block of document.querySelectorAll('main h2, main h3, main p')) {
            if (Number(getComputedStyle(block.closest('[data-reveal]') ?? block).opacity) < 1)
              hidden.add(block.textContent?.trim().slice(0, 40) ?? '')
          }
        }
        return [...hidden]
      })
      expect(hiddenOnArrival).toEqual([])
      expect(await page.$$('[data-reveal]')).toHaveLength(0)
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })

  test('no preference: blocks below the fold fade in as they arrive, and scrolling is smooth', async () => {
    const { page, problems } = await openWithMotion('no-preference')
    try {
      expect(await scrollBehavior(page)).toBe('smooth')
      const waiting = await page.$('[data-reveal="waiting"]')
      expect(waiting).not.toBeNull()
      expect(await waiting?.evaluate((block) => getComputedStyle(block).opacity)).toBe('0')
      await waiting?.evaluate((block) => block.scrollIntoView({ behavior: 'instant', block: 'center' }))
      await page.waitForFunction(
        (block) => block?.getAttribute('data-reveal') === 'shown' && getComputedStyle(block).opacity === '1',
        { timeout: 3000, polling: 100 },
        waiting,
      )
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })
})
