/**
 * WebKit (Safari's engine) for the browser tests: Debian's WebKitGTK MiniBrowser, driven through its
 * WebDriver server `WebKitWebDriver` (package webkit2gtk-driver) with selenium-webdriver, on an X display
 * from `xvfb-run` (package xvfb) when the environment has none. Puppeteer cannot drive WebKit, and
 * WebKitGTK 2.50's driver speaks classic WebDriver only (no BiDi), so what the puppeteer suites do over
 * CDP/BiDi is done here this way instead:
 * - console errors, page errors and CSP violations: there is no "evaluate on new document" in classic
 *   WebDriver, so the WebKit build carries a probe, the same listeners as in test/helpers/browser.ts, as the
 *   first script of every page, with its hash added to the CSP (test/helpers/webkit-site.ts);
 * - request interception: none; the WebKit build's IMAGE_ORIGIN is a loopback server that answers the stock
 *   photos (test/helpers/webkit-site.ts), so no request ever leaves the machine;
 * - finding things the way a visitor does: candidates by tag, then WebKit's own computed role and
 *   accessible name (WebDriver's "Get Computed Role/Label", read from its accessibility tree);
 * - viewport: the window is sized so that the page gets the height asked for; WebKitGTK's window cannot be
 *   narrower than MIN_WIDTH (447 px), which is still below every layout breakpoint of the phone layout
 *   (480 and 768 px), so "phone width" is 447 px here.
 * Media emulation (prefers-reduced-motion) and touch have no WebDriver equivalent: those tests stay in Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { Builder, By, until, type WebDriver, type WebElement } from 'selenium-webdriver'

export const MIN_WIDTH = 447

/** MiniBrowser ships with libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver), under the multiarch lib dir. */
function miniBrowserPath(env: NodeJS.ProcessEnv): string | undefined {
  if (env.WEBKIT_BROWSER_PATH) return env.WEBKIT_BROWSER_PATH
  const lib = '/usr/lib'
  if (!existsSync(lib)) return undefined
  for (const dir of readdirSync(lib)) {
    const candidate = `${lib}/${dir}/webkit2gtk-4.1/MiniBrowser`
    if (existsSync(candidate)) return candidate
  }
  return undefined
}

function commandExists(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/${name}`))
}

/** What must be installed for WebKit, each missing piece named with its Debian package. */
export function webkitExecutables(env: NodeJS.ProcessEnv = process.env): {
  driver: string
  browser: string
  xvfbRun: boolean
} {
  const driverPath = env.WEBKIT_WEBDRIVER_PATH || '/usr/bin/WebKitWebDriver'
  const missing: string[] = []
  if (!existsSync(driverPath))
    missing.push(
      `WebKitWebDriver not found at ${driverPath}: apt-get install webkit2gtk-driver (or set WEBKIT_WEBDRIVER_PATH)`,
    )
  const browser = miniBrowserPath(env)
  if (!browser)
    missing.push(
      'MiniBrowser not found: apt-get install webkit2gtk-driver (it brings libwebkit2gtk-4.1-0), or set WEBKIT_BROWSER_PATH',
    )
  const xvfbRun = !env.DISPLAY
  if (xvfbRun && !commandExists('xvfb-run', env))
    missing.push('no DISPLAY and no xvfb-run: apt-get install xvfb xauth (or run with a DISPLAY)')
  if (missing.length > 0) throw new Error(`WebKit cannot run:\n- ${missing.join('\n- ')}`)
  return { driver: driverPath, browser: browser!, xvfbRun }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface WebKit {
  driver: WebDriver
  /** The driver's (and MiniBrowser's) own output, for failure messages. */
  log: () => string
  close: () => Promise<void>
}

/** How many times a session that fails to start is tried before the suite fails with the driver's message. */
const SESSION_ATTEMPTS = 3

/**
 * Starts WebKitWebDriver on a free loopback port (under xvfb-run when there is no display) and opens one
 * MiniBrowser session. `javascript: false` starts MiniBrowser with scripting off (the script-less visitor).
 * A session that does not start (an error from the driver, or no answer within `sessionTimeoutMs`: a browser
 * that never connects leaves the driver waiting) is tried again with a fresh driver, SESSION_ATTEMPTS times in
 * all; then this fails with the driver's own message.
 */
export async function startWebKit({
  javascript = true,
  env = process.env,
  sessionTimeoutMs = 60_000,
  acceptInsecureCerts = false,
}: {
  javascript?: boolean
  env?: NodeJS.ProcessEnv
  sessionTimeoutMs?: number
  /** Accept a self-signed certificate (wrangler's local HTTPS), as WebDriver's capability of that name. */
  acceptInsecureCerts?: boolean
} = {}): Promise<WebKit> {
  const executables = webkitExecutables(env)
  let lastMessage = ''
  for (let attempt = 1; attempt <= SESSION_ATTEMPTS; attempt++) {
    const server = await spawnDriver(executables)
    try {
      const driver = await withTimeout(
        newSession(server.port, executables.browser, javascript, acceptInsecureCerts),
        sessionTimeoutMs,
        `no session within ${sessionTimeoutMs} ms`,
      )
      return {
        driver,
        log: server.log,
        close: async () => {
          await driver.quit().catch(() => undefined)
          server.stop()
        },
      }
    } catch (error) {
      const output = server.log()
      lastMessage = `${error instanceof Error ? error.message : String(error)}${output ? `\n${output}` : ''}`
      server.stop()
      await sleep(500 * attempt)
    }
  }
  throw new Error(`WebKit session could not start after ${SESSION_ATTEMPTS} attempts: ${lastMessage}`)
}

interface DriverProcess {
  port: number
  log: () => string
  stop: () => void
}

async function spawnDriver({
  driver,
  xvfbRun,
}: {
  driver: string
  xvfbRun: boolean
}): Promise<DriverProcess> {
  const port = await freePort()
  const command = xvfbRun ? 'xvfb-run' : driver
  const args = xvfbRun ? ['-a', '-s', '-screen 0 1600x1200x24', driver, `--port=${port}`] : [`--port=${port}`]
  // Its own process group, so stopping ends xvfb-run, Xvfb, the driver and MiniBrowser together.
  const child: ChildProcess = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const log = () => output.trim().split('\n').slice(-20).join('\n')
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  try {
    await waitForDriver(port, child, log)
  } catch (error) {
    stop()
    throw error
  }
  return { port, log, stop }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function waitForDriver(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}):\n${log()}`)
    const ready = await fetch(`http://127.0.0.1:${port}/status`)
      .then((response) => response.ok)
      .catch(() => false)
    if (ready) return
    await sleep(100)
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within 20 s:\n${log()}`)
}

/** One new-session request; the driver's refusal comes back as selenium's error, with the driver's message. */
function newSession(
  port: number,
  binary: string,
  javascript: boolean,
  acceptInsecureCerts: boolean,
): Promise<WebDriver> {
  const browserArgs = ['--automation', ...(javascript ? [] : ['--enable-javascript=false'])]
  return new Builder()
    .forBrowser('MiniBrowser')
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary, args: browserArgs },
      ...(acceptInsecureCerts ? { acceptInsecureCerts: true } : {}),
    })
    .build()
}

/**
 * Sizes the window so that the page's viewport is `width`×`height` (width at least MIN_WIDTH), and returns
 * the viewport it got.
 */
export async function setViewport(
  driver: WebDriver,
  width: number,
  height: number,
): Promise<{ width: number; height: number }> {
  const wanted = { width: Math.max(width, MIN_WIDTH), height }
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...wanted })
  const inner = () =>
    driver.executeScript<[number, number, number, number]>(() => [
      window.innerWidth,
      window.innerHeight,
      window.outerWidth,
      window.outerHeight,
    ])
  const [innerWidth, innerHeight, outerWidth, outerHeight] = await inner()
  // The window's own toolbar takes some height: ask for that much more.
  await driver
    .manage()
    .window()
    .setRect({
      width: outerWidth + (wanted.width - innerWidth),
      height: outerHeight + (wanted.height - innerHeight),
    })
  const [finalWidth, finalHeight] = await inner()
  return { width: finalWidth, height: finalHeight }
}

/** The CSS that finds candidates for a role; the computed role and name then decide. */
const ROLE_CANDIDATES: Record<string, string> = {
  link: 'a[href]',
  // WebKit exposes a single-choice <select> as a pop-up button.
  button: 'button, [role="button"], select',
  textbox: 'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], textarea',
  combobox: 'select',
  navigation: 'nav',
  region: 'section, [role="region"]',
  heading: 'h1, h2, h3, h4',
}

/**
 * Every element of `role` named `name`, as WebKit's accessibility tree computes them (inside `scope`, or the
 * page). Candidates whose text or label cannot match are left out in the page first, to keep round trips few.
 */
export async function allByRole(
  driver: WebDriver,
  role: string,
  name: string,
  scope?: WebElement,
): Promise<WebElement[]> {
  const selector = ROLE_CANDIDATES[role]
  if (!selector) throw new Error(`no candidates known for role ${role}`)
  const candidates = await driver.executeScript<WebElement[]>(
    (css: string, wanted: string, root: Element | null) =>
      [...(root ?? document).querySelectorAll(css)].filter((element) => {
        const text = [
          element.getAttribute('aria-label'),
          element.textContent,
          ...[...((element as HTMLInputElement).labels ?? [])].map((label) => label.textContent),
        ].join(' ')
        return text.replace(/\s+/g, ' ').includes(wanted)
      }),
    selector,
    name,
    scope ?? null,
  )
  const found: WebElement[] = []
  for (const candidate of candidates) {
    const [computedRole, computedName] = await Promise.all([
      candidate.getAriaRole(),
      candidate.getAccessibleName(),
    ])
    if (computedRole === role && computedName.trim() === name) found.push(candidate)
  }
  return found
}

/** The one element of `role` named `name`; fails naming what was looked for. */
export async function byRole(
  driver: WebDriver,
  role: string,
  name: string,
  scope?: WebElement,
): Promise<WebElement> {
  const [first, ...rest] = await allByRole(driver, role, name, scope)
  if (!first) throw new Error(`no ${role} named "${name}"`)
  if (rest.length > 0) throw new Error(`${rest.length + 1} elements of role ${role} named "${name}"`)
  return first
}

/**
 * Clicks `element` as a visitor would after scrolling it to the middle of the screen: WebDriver's own
 * scroll-into-view may leave it under the sticky header, where the click would land on the header.
 */
export async function clickInView(driver: WebDriver, element: WebElement): Promise<void> {
  await driver.executeScript(
    (target: Element) => target.scrollIntoView({ block: 'center', behavior: 'instant' }),
    element,
  )
  await element.click()
}

/** Console errors and warnings, page errors and CSP violations the probe saw on the current document. */
export function problemsOf(driver: WebDriver): Promise<string[]> {
  return driver.executeScript<string[]>(
    () => (window as unknown as { __problems?: string[] }).__problems ?? ['the WebKit probe is missing'],
  )
}

/** Waits until `condition` (run in the page with `args`) is truthy. */
export async function waitInPage(
  driver: WebDriver,
  condition: (...args: never[]) => unknown,
  args: unknown[] = [],
  timeout = 10_000,
  what = 'a condition in the page',
): Promise<void> {
  await driver.wait(
    async () => Boolean(await driver.executeScript(condition as (...a: unknown[]) => unknown, ...args)),
    timeout,
    `timed out after ${timeout} ms waiting for ${what}`,
  )
}

/** React has attached its props to the page's elements: the page is hydrated and listening. */
export function waitForReact(driver: WebDriver): Promise<void> {
  return waitInPage(
    driver,
    () =>
      Object.keys(document.querySelector('#root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    [],
    15_000,
    'hydration (React on #root)',
  )
}

export { By, until }
