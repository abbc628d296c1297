/**
 * The Content-Security-Policy: what the build's policies (dist/_headers) allow, and, in Chromium against
 * scripts/serve.ts, that the site's policy really blocks what it must (an injected inline script and inline style),
 * which also proves the `securitypolicyviolation` listener every browser test relies on (test/helpers/browser.ts,
 * webkit.ts) reports; and that each hash it carries is needed. That every page, the client-side navigation and the
 * quote flow run with zero violations is the visitor suites' (site.test.ts, quote-form.test.ts: every engine, and
 * nginx), which count a violation as a problem. About 20 s.
 * Run alone: `npx jest test/visitor/csp.test.ts --selectProjects chromium`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { paths, pagePaths } from '../../schema/paths'
import { parseHeadersFile } from '../../scripts/hosts/host-files'
import { EMPTY_STYLE_ELEMENT } from '../../scripts/hosts/host-rules'
import { distDir, openPage, theBrowser } from '../helpers/browser'
import { serveSite, theSite } from '../helpers/site'

jest.setTimeout(60_000)

const rules = parseHeadersFile(readFileSync(path.join(distDir, '_headers'), 'utf8'))
const securityHeaders = rules.find((rule) => rule.pattern === '/*')?.headers ?? {}
const policy = securityHeaders['Content-Security-Policy'] ?? ''

const site = theSite()
const browser = theBrowser()

/** What both policies close: plugins, framing by another site, a changed base URL. */
const CLOSED = ["object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"]

const violations = (problems: string[]) => problems.filter((problem) => problem.includes('CSP violation'))

/** Navigates through the header links on the client, page by page, ending on /contacto. */
async function visitEveryPageOnTheClient(page: Page): Promise<void> {
  for (const target of [...pagePaths.filter((route) => route !== paths.inicio), paths.contacto]) {
    await page.click(`header nav a[href="${target}"]`)
    await page.waitForFunction((wanted) => location.pathname === wanted, { polling: 100 }, target)
    await page.waitForNetworkIdle({ idleTime: 300 })
  }
}

test('the policy forbids inline code except the hashed blocks, and closes everything else', () => {
  expect(policy).toMatch(/^default-src 'none'; script-src 'self'( 'sha256-[\w+/=]+')+; style-src 'self'/)
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:;/)
  for (const directive of CLOSED) expect(policy).toContain(directive)
})

test("the CMS's policy (/admin/*) opens only what Decap needs, and closes framing, forms and plugins", () => {
  const admin = rules.find((rule) => rule.pattern === '/admin/*')?.headers['Content-Security-Policy'] ?? ''
  expect(admin).toMatch(
    /^default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline';/,
  )
  // No inline script, no other script origin; connections only to GitHub's API, and
  // to the page's own blob: URLs (an uploaded photo is read back from one when it is published).
  expect(admin).not.toMatch(/script-src[^;]*('unsafe-inline'|https?:)/)
  expect(admin).toMatch(/connect-src 'self' blob: https:\/\/api\.github\.com;/)
  // A build's admin names no local proxy: no http: source anywhere (`npm run cms` serves its own policy).
  expect(admin).not.toMatch(/http:/)
  for (const directive of [...CLOSED, "form-action 'none'"]) expect(admin).toContain(directive)
  // The public policy is not the admin's, and the admin's is not applied to the site (tests above).
  expect(policy).not.toBe(admin)
})

test('an injected inline script and an inline style are blocked and reported', async () => {
  const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
  try {
    await page.goto(`${site.url}${paths.nosotros}`, { waitUntil: 'networkidle0' })
    const ran = await page.evaluate(async () => {
      // Both reports, which the browser dispatches after blocking (an inline script is blocked on insertion).
      const reported = new Set<string>()
      const bothReported = new Promise<void>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => {
          reported.add(event.effectiveDirective)
          if (reported.has('script-src-elem') && reported.has('style-src-attr')) resolve()
        }),
      )
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      const box = document.createElement('div')
      box.innerHTML = '<p style="color: rgb(255, 0, 0)">x</p>'
      document.body.append(box)
      await Promise.race([bothReported, new Promise((resolve) => setTimeout(resolve, 5000))])
      return {
        script: (window as unknown as { __injected?: boolean }).__injected === true,
        styled: getComputedStyle(box.firstElementChild as Element).color === 'rgb(255, 0, 0)',
      }
    })
    expect(ran).toEqual({ script: false, styled: false })
    expect(violations(problems).join('\n')).toMatch(/script-src-elem/)
    expect(violations(problems).join('\n')).toMatch(/style-src-attr/)
  } finally {
    await page.close()
  }
})

test("styled-components' runtime <style> element needs the empty-string hash, and nothing more", async () => {
  // The same build served with the policy minus that one hash: the client-side navigation that makes
  // styled-components create its element is then blocked, which is why the policy carries it.
  const stricter = {
    ...securityHeaders,
    'Content-Security-Policy': policy.replace(` ${EMPTY_STYLE_ELEMENT}`, ''),
  }
  expect(stricter['Content-Security-Policy']).not.toBe(policy)
  const strictServer = await serveSite({ host: 'serve', securityHeaders: stricter })
  const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
  try {
    await page.goto(`${strictServer.url}/`, { waitUntil: 'networkidle0' })
    await visitEveryPageOnTheClient(page).catch(() => undefined)
    expect(violations(problems).join('\n')).toMatch(/style-src-elem blocked inline/)
  } finally {
    await page.close()
    await strictServer.close()
  }
})
