/**
 * A second accessibility engine beside axe (test/visitor/accessibility.test.ts): pa11y with
 * HTML_CodeSniffer, standard WCAG2AA, on every built page served by scripts/serve.ts (the 404 page
 * at an unknown path), at 1280 px and at 390 px: zero errors; warning and notice counts are printed,
 * with the tools' versions. pa11y drives our own Debian Chromium page (openPage: external hosts
 * intercepted), so nothing downloads a browser. Measured on the 2-core CI machine while other jobs
 * shared it (load 11–17): 26–49 s for the 12 runs (6 pages × 2 widths).
 * Run: `npx jest test/validators/accessibility-htmlcs.test.ts --selectProjects chromium` after a build.
 */
import type { Browser, Page } from 'puppeteer-core'
import { openPage, theBrowser } from '../helpers/browser'
import { builtPages } from '../helpers/built-pages'
import { theSite } from '../helpers/site'

interface Pa11yIssue {
  code: string
  type: 'error' | 'warning' | 'notice'
  message: string
  selector: string
  context: string
}
interface Pa11yOptions {
  browser: Browser
  page: Page
  actions: string[]
  runners: string[]
  standard: string
  includeWarnings: boolean
  includeNotices: boolean
  viewport: { width: number; height: number; isMobile?: boolean; hasTouch?: boolean }
  timeout: number
  log: Record<'debug' | 'error' | 'info', (message: string) => void>
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS package without types
const pa11y = require('pa11y') as (
  url: string,
  options: Pa11yOptions,
) => Promise<{ documentTitle: string; issues: Pa11yIssue[] }>

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a package's own package.json
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]
const quiet = { debug: () => undefined, error: () => undefined, info: () => undefined }

/**
 * pa11y judges the page a visitor uses, once the scripts have run. Until then the quote form's button is
 * `type="button"` on purpose (decision 026: the browser never sends the form itself) and HTML_CodeSniffer calls
 * that "no submit button" (H32.2); test/visitor/quote-form-before-scripts.test.ts covers that state. pa11y's own
 * wait (network almost idle) can come before hydration on a loaded machine, so each page waits until no form lacks
 * a submit control (HTML_CodeSniffer's definition of one).
 */
const HYDRATED = [
  'wait for element form:not(:has(input[type=submit], input[type=image], button:not([type=button], [type=reset])))' +
    ' to be removed',
]

const server = theSite()
// pa11y runs its checks through the Chrome DevTools Protocol: always Chromium, whatever engine the
// visitor-behaviour suites use.
const browser = theBrowser({ engine: 'chromium' })

test('pa11y with HTML_CodeSniffer (WCAG2AA) finds no error on any page, wide or narrow', async () => {
  const started = Date.now()
  const lines: string[] = []
  const errors: string[] = []
  const pages = builtPages()
  for (const { route } of pages) {
    for (const viewport of WIDTHS) {
      const { page } = await openPage(browser, viewport)
      const phone = viewport.width < 768
      const { documentTitle, issues } = await pa11y(`${server.url}${route}`, {
        browser,
        page,
        actions: HYDRATED,
        runners: ['htmlcs'],
        standard: 'WCAG2AA',
        includeWarnings: true,
        includeNotices: true,
        viewport: { ...viewport, isMobile: phone, hasTouch: phone },
        timeout: 30_000,
        log: quiet,
      })
      await page.close()
      // The page really loaded: a wrong URL or a failed load would be a clean but empty report.
      expect(documentTitle).toMatch(/ \| AquaPuebla$/)
      const count = (type: Pa11yIssue['type']) => issues.filter((issue) => issue.type === type).length
      lines.push(
        `  ${route} at ${viewport.width} px: ${count('error')} errors, ${count('warning')} warnings, ${count('notice')} notices`,
      )
      for (const issue of issues.filter((found) => found.type === 'error')) {
        const line = `${route} at ${viewport.width} px: ${issue.code} ${issue.message} (${issue.selector})`
        lines.push(`    ERROR ${line}`)
        errors.push(line)
      }
    }
  }
  console.log(
    [
      `pa11y ${versionOf('pa11y')} with HTML_CodeSniffer ${versionOf('@pa11y/html_codesniffer')} (WCAG2AA), ${pages.length} pages × ${WIDTHS.length} widths in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      ...lines,
    ].join('\n'),
  )
  expect(errors).toEqual([])
})
