/**
 * axe-core's WCAG 2.x A and AA rules on the page a tab shows, in every engine, with the axe-core version this
 * project pins:
 * - Chromium and Firefox: @axe-core/puppeteer, which puts axe's source in the page through the protocol (CDP,
 *   BiDi), outside the page's policy;
 * - WebKit: classic WebDriver has no such way in; its scripts run under the page's policy, which refuses to
 *   evaluate axe's source (no 'unsafe-eval' in any policy of the site) or to run it inline. So the front server
 *   of test/helpers/webkit.ts answers it at AXE_PATH, a path of the page's own origin, and a <script src> there
 *   is loaded as any script of the site is (`script-src 'self'`): the policy the page got is not changed. A tab
 *   opened without the front server (`openSite({ probe: false })`) cannot be checked, and says so.
 */
import { AxePuppeteer } from '@axe-core/puppeteer'
import axe from 'axe-core'
import { engine, puppeteerPage, type Tab } from './driver'
import { AXE_PATH } from './webkit'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

type Violation = Pick<axe.Result, 'id' | 'help'> & { nodes: { target: unknown[] }[] }

/** `id: help at target, target`: one line per violated rule, readable in a failure message. */
const describe = (violations: Violation[]) =>
  violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)

/** Every violation of WCAG_TAGS's rules on the tab's page, one line each ([] when clean). */
export async function accessibilityViolations(tab: Tab, tags: string[] = WCAG_TAGS): Promise<string[]> {
  if (engine !== 'webkit') {
    const results = await new AxePuppeteer(puppeteerPage(tab), axe.source).withTags(tags).analyze()
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
  }, tags)
  return describe(violations)
}
