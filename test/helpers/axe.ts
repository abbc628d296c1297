/**
 * axe-core's WCAG 2.x A and AA rules on the page a tab shows, in every engine: through @axe-core/puppeteer in
 * Chromium and Firefox (the protocol puts axe in the page, outside its policy); in WebKit as a <script src> of
 * the page's own origin that the front server answers (test/helpers/webkit.ts AXE_PATH), so the policy the page
 * got is not changed.
 */
import { AxePuppeteer } from '@axe-core/puppeteer'
import axe from 'axe-core'
import { engine, puppeteerPage, type Tab } from './driver'
import { AXE_PATH } from './webkit'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

type Violation = Pick<axe.Result, 'id' | 'help'> & { nodes: { target: unknown[] }[] }

/** `id: help at target, target`: one line per violated rule, readable in a failure message. */
const describe = (violations: Violation[]) =>
  violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)

/** Every violation of WCAG_TAGS's rules on the tab's page, one line each ([] when clean). */
export async function accessibilityViolations(tab: Tab): Promise<string[]> {
  if (engine !== 'webkit') {
    const results = await new AxePuppeteer(puppeteerPage(tab), axe.source).withTags(WCAG_TAGS).analyze()
    return describe(results.violations)
  }
  const loaded = await tab.evaluate(
    (src: string) =>
      new Promise<string>((resolve) => {
        if ('axe' in window) return resolve('')
        const script = document.createElement('script')
        script.src = src
        script.onload = () => resolve('')
        script.onerror = () => resolve(`${src} did not load`)
        document.head.append(script)
      }),
    AXE_PATH,
  )
  if (loaded)
    throw new Error(
      `axe-core: ${loaded}: in WebKit the page must be opened through the front server (openSite with its probe)`,
    )
  const violations = await tab.evaluate(async (wanted: string[]) => {
    const run = (window as unknown as { axe: typeof axe }).axe
    const results = await run.run(document, { runOnly: { type: 'tag', values: wanted } })
    // Only what crosses WebDriver as JSON: the rule, its help and each failing element's selector.
    return results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String) })),
    }))
  }, WCAG_TAGS)
  return describe(violations)
}
