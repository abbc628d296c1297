/**
 * Accessibility of the built site: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every route at phone and
 * desktop width, with the mobile menu open, with the success toast showing and on the 404 screen; plus a
 * visible focus indicator on the first stops of the keyboard path. axe runs through @axe-core/puppeteer, with the
 * rules of the axe-core version this project pins (its peer dependency `puppeteer` is an alias of puppeteer-core
 * in package.json, so no browser is downloaded; tests drive Debian's Chromium).
 * Run: `npm run build`, then `npx jest test/visitor/accessibility.test.ts --selectProjects chromium --runInBand`.
 */
import type { Page } from 'puppeteer-core'
import { pagePaths, paths } from '../../schema/paths'
import { accessibilityViolations } from '../helpers/axe'
import { openPage, theBrowser } from '../helpers/browser'
import { puppeteerTab } from '../helpers/driver'
import { fillForm, VALID } from '../helpers/quote-form'
import { theSite } from '../helpers/site'

const WIDTHS = [390, 1280] as const
const HEIGHT = { 390: 844, 1280: 800 } as const
type Width = (typeof WIDTHS)[number]

const site = theSite()
const browser = theBrowser()

/**
 * Opens `path` with reduced motion (entrance animations off, so nothing is judged half-transparent),
 * waits for hydration, and scrolls to the bottom and back so every lazy block has been revealed.
 */
async function openHydrated(path: string, width: Width) {
  const opened = await openPage(browser, { width, height: HEIGHT[width] })
  const { page } = opened
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }])
  await page.goto(new URL(path, site.url).href, { waitUntil: 'networkidle0' })
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50))
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await pause()
    }
    window.scrollTo(0, 0)
    await pause()
  })
  return opened
}

/** axe's WCAG A/AA rules on the page (test/helpers/axe.ts), one line per violation. */
const violationsOf = (page: Page) => accessibilityViolations(puppeteerTab(page, { baseUrl: site.url }))
const expectNoViolations = async (page: Page) => expect(await violationsOf(page)).toEqual([])

/**
 * What else is checked on a page once its own check has passed, on the same load (a page load is most of each
 * test's time): the home page's mobile menu open, and a photo losing its text alternative (the check itself
 * catches it), at phone width; the keyboard path's focus indicator on the home page and the contact page with the
 * success toast showing, at desktop width.
 */
const THEN: Record<Width, Record<string, { what: string; run(page: Page): Promise<void> }>> = {
  390: {
    [paths.inicio]: {
      what: ', nor with the mobile menu open; the check catches a photo that lost its text alternative',
      async run(page) {
        await page.locator('::-p-aria([name="Abrir menú"][role="button"])').click()
        await page.waitForSelector('::-p-aria([name="Cerrar menú"][role="button"])')
        await page.waitForSelector('header nav a', { visible: true })
        await expectNoViolations(page)
        await page.$eval('main img', (img) => img.removeAttribute('alt'))
        expect((await violationsOf(page)).map((violation) => violation.split(':')[0])).toContain('image-alt')
      },
    },
  },
  1280: {
    [paths.inicio]: {
      what: '; the first fifteen keyboard stops show a focus indicator',
      run: expectFocusIndicators,
    },
    [paths.contacto]: {
      what: ', nor with the success toast showing',
      async run(page) {
        await fillForm(page, { ...VALID, message: 'Mantenimiento mensual para una alberca de 8 × 4 m.' })
        await page.locator('::-p-aria([name="Enviar Mensaje"][role="button"])').click()
        await page.waitForSelector('::-p-text(¡Mensaje Enviado!)', { visible: true, timeout: 5_000 })
        await expectNoViolations(page)
      },
    },
  },
}

async function expectFocusIndicators(page: Page): Promise<void> {
  const stops: { element: string; outline: string; boxShadow: string; visible: boolean }[] = []
  for (let stop = 0; stop < 15; stop += 1) {
    await page.keyboard.press('Tab')
    stops.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement
        const style = getComputedStyle(element)
        const outline =
          style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0
            ? 'none'
            : `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
        return {
          element: `${element.tagName.toLowerCase()} "${name}"`,
          outline,
          boxShadow: style.boxShadow,
          visible: outline !== 'none' || style.boxShadow !== 'none',
        }
      }),
    )
  }
  expect(stops.map((stop) => stop.element)).not.toContain('body ""')
  expect(stops.filter((stop) => !stop.visible)).toEqual([])
}

describe.each(WIDTHS)('at %i px wide', (width) => {
  test.each(pagePaths.map((path) => [path, THEN[width][path]?.what ?? ''] as const))(
    '%s has no WCAG A/AA violations%s',
    async (path) => {
      const { page } = await openHydrated(path, width)
      try {
        await expectNoViolations(page)
        await THEN[width][path]?.run(page)
      } finally {
        await page.close()
      }
    },
  )

  test('the 404 screen has no WCAG A/AA violations', async () => {
    const { page } = await openHydrated('/no-existe', width)
    try {
      expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('Unexpected Application Error!')
      await expectNoViolations(page)
    } finally {
      await page.close()
    }
  })
})
