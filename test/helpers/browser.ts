/**
 * A puppeteer browser (test/helpers/engines.ts) and its pages with external hosts answered offline: the stock
 * photos by a placeholder, Turnstile and the analytics providers by their stand-ins, everything else aborted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, HTTPRequest, Page } from 'puppeteer-core'
import { interceptExternal, type ExternalAnswer } from '../../scripts/lib/offline-images'
import { analyticsRecorder } from '../stand-ins/analytics'
import { answerTurnstile } from '../stand-ins/turnstile'
import { engine, launchEngine, scriptlessBrowser, type Engine } from './engines'
import { hooked } from './hooks'

export { distDir, projectRoot } from './builds'

export interface BrowserOptions {
  engine?: Exclude<Engine, 'webkit'>
  /** Accept wrangler's self-signed certificate (its local HTTPS) as a real one. */
  acceptInsecureCerts?: boolean
  /**
   * Chromium with its own content setting "block all cookies and site data" (what chrome://settings/cookies
   * writes when a visitor picks "Block all cookies"): in its pages even reading `localStorage` throws a
   * SecurityError, as it does for that visitor; no script of ours makes it throw.
   */
  blockStorage?: boolean
}

/** Chromium, or the project's puppeteer engine, or the one asked for. */
export async function launchBrowser({ blockStorage, ...options }: BrowserOptions = {}): Promise<Browser> {
  if (!blockStorage) return launchEngine(options.engine, options)
  const profile = mkdtempSync(path.join(tmpdir(), 'chromium-blocked-storage-'))
  mkdirSync(path.join(profile, 'Default'))
  const preferences = { profile: { default_content_setting_values: { cookies: 2 } } }
  writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify(preferences))
  const browser = await launchEngine('chromium', { ...options, userDataDir: profile })
  const close = browser.close.bind(browser)
  browser.close = async () => {
    await close()
    rmSync(profile, { recursive: true, force: true })
  }
  return browser
}

/** A browser for the whole file (launched in beforeAll, closed in afterAll). */
export const theBrowser = (options: BrowserOptions = {}): Browser =>
  hooked(() => launchBrowser(options), 'the browser')

export interface OpenedPage {
  page: Page
  /** Console errors/warnings and uncaught page errors seen so far. */
  problems: string[]
  /** External URLs the page asked for (answered locally or aborted). */
  external: string[]
}

export async function openPage(
  browser: Browser,
  {
    width = 1280,
    height = 800,
    javascript = true,
    answer,
  }: {
    width?: number
    height?: number
    javascript?: boolean
    /** Answers some external requests locally (stand-ins for third-party hosts); the rest are aborted. */
    answer?: ExternalAnswer
  } = {},
): Promise<OpenedPage> {
  const page = await (javascript ? browser : await scriptlessBrowser(browser)).newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`))
  // Every Content-Security-Policy violation is a problem, named with what was blocked and why.
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sample})`,
      ),
    )
  })
  if (!javascript && engine === 'chromium') await page.setJavaScriptEnabled(false)
  // Firefox's WebDriver BiDi has no touch or mobile-viewport emulation (emulation.setTouchOverride is an
  // unknown command in Firefox ESR): there a narrow page is a narrow desktop window, driven by mouse clicks.
  const phone = width < 768 && engine === 'chromium'
  await page.setViewport({ width, height, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone })
  // What a configured build asks of other hosts is answered by the stand-ins; a test's own `answer` comes first.
  const providers = analyticsRecorder().answer
  const external = await interceptExternal(
    page,
    undefined,
    async (request: HTTPRequest) =>
      (await answer?.(request)) ?? answerTurnstile(request) ?? providers(request),
  )
  return { page, problems, external }
}
