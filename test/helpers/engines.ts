/**
 * Which browser engine the browser tests drive (BROWSER_ENGINE, set by test/setup/project-*.ts), and how the
 * puppeteer ones are launched offline: Debian Chromium over CDP (PUPPETEER_EXECUTABLE_PATH), Firefox ESR over
 * WebDriver BiDi (FIREFOX_EXECUTABLE_PATH). WebKit: test/helpers/webkit.ts.
 */
import { existsSync } from 'node:fs'
import puppeteer, { type Browser } from 'puppeteer-core'
import { chromiumArgs, chromiumPath } from '../../scripts/lib/offline-images'

export type Engine = 'chromium' | 'firefox' | 'webkit'

function engineFromEnv(value: string | undefined): Engine {
  if (value === undefined || value === '' || value === 'chromium') return 'chromium'
  if (value === 'firefox' || value === 'webkit') return value
  throw new Error(`BROWSER_ENGINE must be "chromium", "firefox" or "webkit", not "${value}"`)
}

export const engine: Engine = engineFromEnv(process.env.BROWSER_ENGINE)

/**
 * Firefox preferences on top of puppeteer's own test profile (which already turns off updates, Shield, safe
 * browsing, data reporting and first-run pages): nothing may leave the machine. Every proxied request (HTTP,
 * HTTPS, WebSocket: telemetry, region lookups, push, add-on updates included) goes to a closed port (127.0.0.1:9)
 * and fails at once; loopback is never proxied, so the site and the tests' own servers answer directly. What
 * does not go through a proxy (DNS, prefetching, speculative connections, connectivity probes) is turned off.
 */
const firefoxPrefs: Record<string, string | number | boolean> = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.share_proxy_settings': true,
  'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
  // Firefox proxies loopback too unless this stays false (its default since 67: said out loud here).
  'network.proxy.allow_hijacking_localhost': false,
  'network.trr.mode': 5,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.predictor.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
}

/** The executable for a puppeteer engine, or a message naming the Debian package that provides it. */
function executableFor(which: Exclude<Engine, 'webkit'>): string {
  const [executable, debianPackage, variable] =
    which === 'firefox'
      ? [
          process.env.FIREFOX_EXECUTABLE_PATH || '/usr/bin/firefox-esr',
          'firefox-esr',
          'FIREFOX_EXECUTABLE_PATH',
        ]
      : [chromiumPath, 'chromium', 'PUPPETEER_EXECUTABLE_PATH']
  if (!existsSync(executable))
    throw new Error(
      `${which} not found at ${executable}: install the Debian package \`${debianPackage}\` ` +
        `(apt-get install ${debianPackage}) or set ${variable}.`,
    )
  return executable
}

interface LaunchOptions {
  /** Accept a self-signed certificate (wrangler's local HTTPS) as if it were a real one. */
  acceptInsecureCerts?: boolean
  /** Chromium's own profile folder (a content setting written into it before the launch). */
  userDataDir?: string
}

/** A headless puppeteer browser of the selected engine (or the one given). */
export function launchEngine(which: Engine = engine, options: LaunchOptions = {}): Promise<Browser> {
  if (which === 'webkit')
    throw new Error('puppeteer cannot drive WebKit: open pages through test/helpers/driver.ts (openSite)')
  if (which === 'firefox') return launchFirefox(firefoxPrefs, options)
  return puppeteer.launch({ executablePath: executableFor(which), args: chromiumArgs, ...options })
}

function launchFirefox(prefs: typeof firefoxPrefs, { acceptInsecureCerts }: LaunchOptions = {}) {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: executableFor('firefox'),
    extraPrefsFirefox: prefs,
    acceptInsecureCerts,
  })
}

const scriptless = new WeakMap<Browser, Promise<Browser>>()

/**
 * Where `browser`'s script-less pages open. Chromium turns scripting off per page; Firefox ESR's WebDriver
 * BiDi cannot (emulation.setScriptingEnabled is an unknown command there), so a second Firefox with
 * `javascript.enabled` off is started on first use and closed with `browser` (its `close` is wrapped, so the
 * tests' own `browser.close()` in afterAll ends both processes).
 */
export function scriptlessBrowser(browser: Browser): Promise<Browser> {
  if (engine === 'chromium') return Promise.resolve(browser)
  const known = scriptless.get(browser)
  if (known) return known
  const started = launchFirefox({ ...firefoxPrefs, 'javascript.enabled': false })
  scriptless.set(browser, started)
  const closeMain = browser.close.bind(browser)
  browser.close = async () => {
    await Promise.all([started.then((other) => other.close()), closeMain()])
  }
  return started
}
