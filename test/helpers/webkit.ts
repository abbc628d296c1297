/**
 * The WebKit driver behind test/helpers/driver.ts: WebKitGTK's MiniBrowser through `WebKitWebDriver` with
 * selenium-webdriver, under `xvfb-run` when there is no display (decision 030). WebKitGTK 2.50's driver speaks
 * classic WebDriver only (no BiDi), so a front server between WebKit and the site does what puppeteer does over
 * CDP/BiDi: it puts the problem probe first in every HTML answer (its hash added to the answer's script-src),
 * answers the stock photos and axe-core's source at paths of the site's own origin, logs every request for
 * `requests()`, and forwards the Host the browser asked for. WebKitGTK's window cannot be narrower than MIN_WIDTH
 * (447 px), still below every phone breakpoint of the site (480, 768) and of Decap (800); there is no touch.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import axe from 'axe-core'
import { Builder, Key as SeleniumKey, Origin, type WebDriver, type WebElement } from 'selenium-webdriver'
import { Select } from 'selenium-webdriver/lib/select'
import { freePort } from '../../scripts/hosts/servers'
import { placeholderPhoto } from '../../scripts/lib/offline-images'
import type { Handle, Key, Request, Site, Tab, TabOptions } from './driver'
import { until } from './hooks'
import { startProxy } from './proxy'
import { candidateSelector, candidatesInPage } from './role-candidates'
import { serveSite } from './site'

export const MIN_WIDTH = 447
const PHOTO_ORIGIN = 'https://images.unsplash.com'
const PHOTO_PATH = '/__stock-photos'
/**
 * WebDriver's scripts run under the page's policy in WebKit, which neither evaluates axe's source (no
 * 'unsafe-eval') nor runs it inline (no hash for it): test/helpers/axe.ts loads it from here, `script-src 'self'`.
 */
export const AXE_PATH = '/__axe-core/axe.min.js'

// --- What must be installed ------------------------------------------------------------------------------------

/** What must be installed for WebKit, each missing piece named with its Debian package. */
export function webkitExecutables(env: NodeJS.ProcessEnv = process.env) {
  const driver = env.WEBKIT_WEBDRIVER_PATH || '/usr/bin/WebKitWebDriver'
  // MiniBrowser ships with libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver), under the multiarch lib dir.
  const browser =
    env.WEBKIT_BROWSER_PATH ||
    readdirSync('/usr/lib')
      .map((dir) => `/usr/lib/${dir}/webkit2gtk-4.1/MiniBrowser`)
      .find((candidate) => existsSync(candidate))
  const xvfbRun = !env.DISPLAY
  const missing: string[] = []
  if (!existsSync(driver))
    missing.push(
      `WebKitWebDriver not found at ${driver}: apt-get install webkit2gtk-driver (or set WEBKIT_WEBDRIVER_PATH)`,
    )
  if (!browser)
    missing.push(
      'MiniBrowser not found: apt-get install webkit2gtk-driver (it brings libwebkit2gtk-4.1-0), or set WEBKIT_BROWSER_PATH',
    )
  if (xvfbRun && !(env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/xvfb-run`)))
    missing.push('no DISPLAY and no xvfb-run: apt-get install xvfb xauth (or run with a DISPLAY)')
  if (missing.length > 0) throw new Error(`WebKit cannot run:\n- ${missing.join('\n- ')}`)
  return { driver, browser: browser!, xvfbRun }
}

// --- The driver process and its session ------------------------------------------------------------------------

export interface WebKit {
  driver: WebDriver
  /** The driver's (and MiniBrowser's) own output, for failure messages. */
  log: () => string
  close: () => Promise<void>
}

const SESSION_ATTEMPTS = 3

/**
 * Starts WebKitWebDriver on a free loopback port and opens one MiniBrowser session (`javascript: false`: scripting
 * off). A driver or session that does not start (an error, or no session within `sessionTimeoutMs`: a browser
 * that never connects leaves the driver waiting) is tried again with a fresh driver, SESSION_ATTEMPTS times in
 * all, then fails with the driver's own message.
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
  const capabilities = {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': {
      binary: executables.browser,
      args: ['--automation', ...(javascript ? [] : ['--enable-javascript=false'])],
    },
    ...(acceptInsecureCerts ? { acceptInsecureCerts: true } : {}),
  }
  let lastMessage = ''
  for (let attempt = 1; attempt <= SESSION_ATTEMPTS; attempt++) {
    let server: Awaited<ReturnType<typeof spawnDriver>> | undefined
    let timer: NodeJS.Timeout | undefined
    try {
      // Inside the retry too: two suites starting at once can race for xvfb-run's display or a free port.
      server = await spawnDriver(executables)
      const session = new Builder()
        .forBrowser('MiniBrowser')
        .usingServer(`http://127.0.0.1:${server.port}`)
        .withCapabilities(capabilities)
        .build()
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no session within ${sessionTimeoutMs} ms`)),
          sessionTimeoutMs,
        )
      })
      const driver = await Promise.race([session, timeout])
      const { log, stop } = server
      return {
        driver,
        log,
        close: async () => {
          await driver.quit().catch(() => undefined)
          stop()
        },
      }
    } catch (error) {
      const output = server?.log()
      lastMessage = `${error instanceof Error ? error.message : String(error)}${output ? `\n${output}` : ''}`
      server?.stop()
      if (attempt < SESSION_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 500 * attempt))
    } finally {
      clearTimeout(timer)
    }
  }
  throw new Error(`WebKit session could not start after ${SESSION_ATTEMPTS} attempts: ${lastMessage}`)
}

async function spawnDriver({ driver, xvfbRun }: { driver: string; xvfbRun: boolean }) {
  const port = await freePort()
  const args = xvfbRun ? ['-a', '-s', '-screen 0 1600x1200x24', driver, `--port=${port}`] : [`--port=${port}`]
  // Its own process group, so stopping ends xvfb-run, Xvfb, the driver and MiniBrowser together.
  const child = spawn(xvfbRun ? 'xvfb-run' : driver, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const log = () => output.trim().split('\n').slice(-20).join('\n')
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`)
      return fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      )
    },
    `WebKitWebDriver to answer on port ${port}`,
    20_000,
  ).catch((error: Error) => {
    stop()
    throw new Error(`${error.message}:\n${log()}`)
  })
  return { port, log, stop }
}

/**
 * Sizes the window so that the page's viewport is `width`×`height` (width at least MIN_WIDTH), and returns the
 * viewport it got. The window's own toolbar takes some height: it asks for that much more until the viewport
 * is what was asked. WebKitGTK applies a resize over several frames (the outer size can be new while the viewport
 * is still old, and a correction read then overshoots), so the sizes count only when two reads, each after two
 * painted frames, agree (WebKitGTK's one window per session is always the one in front: its frames run).
 */
async function setViewport(driver: WebDriver, width: number, height: number) {
  const wanted = { width: Math.max(width, MIN_WIDTH), height }
  const read = () =>
    driver.executeScript<[number, number, number, number]>(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve([window.innerWidth, window.innerHeight, window.outerWidth, window.outerHeight]),
            ),
          ),
        ),
    )
  const settled = async () => {
    let last = await read()
    for (let reads = 0; reads < 20; reads++) {
      const now = await read()
      if (now.every((size, i) => size === last[i])) return now
      last = now
    }
    throw new Error(`WebKit: the window's size kept changing (last ${last.join('×')})`)
  }
  const frame = driver.manage().window()
  await frame.setRect({ x: 0, y: 0, ...wanted })
  for (let attempt = 0; ; attempt++) {
    const [innerWidth, innerHeight, outerWidth, outerHeight] = await settled()
    if ((innerWidth === wanted.width && innerHeight === wanted.height) || attempt === 3)
      return { width: innerWidth, height: innerHeight }
    await frame.setRect({
      width: outerWidth + (wanted.width - innerWidth),
      height: outerHeight + (wanted.height - innerHeight),
    })
  }
}

// --- The front server: the probe, the stock photos, axe ----------------------------------------------------------

/** Runs in the page before anything else; every entry is one problem, worded as in test/helpers/browser.ts. */
const PROBE = `(() => {
  const KEY = '__probe'
  let entries = []
  try { entries = JSON.parse(sessionStorage.getItem(KEY) || '[]') } catch {}
  const add = (text) => {
    entries.push({ t: Date.now(), text })
    try { sessionStorage.setItem(KEY, JSON.stringify(entries)) } catch {}
  }
  window.__probe = () => entries
  const text = (values) => values.map((value) => value instanceof Error ? String(value.stack || value) : String(value)).join(' ')
  for (const level of ['error', 'warn']) {
    const original = console[level]
    console[level] = (...values) => { add(level + ': ' + text(values)); original.apply(console, values) }
  }
  addEventListener('error', (event) => add('pageerror: ' + (event.error ? String(event.error.stack || event.error) : event.message)))
  addEventListener('unhandledrejection', (event) => add('pageerror: ' + String(event.reason)))
  document.addEventListener('securitypolicyviolation', (event) =>
    add('CSP violation: ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline code') + ' (' + event.sample + ')'))
  const answers = { alert: undefined, confirm: false, prompt: null }
  for (const kind of Object.keys(answers)) window[kind] = (message) => { add('dialog: ' + kind + ' ' + message); return answers[kind] }
})()`

const PROBE_HASH = `'sha256-${createHash('sha256').update(PROBE).digest('base64')}'`

interface FrontServer {
  url: string
  /** Every request WebKit made through it, the stock photos named by their real origin. */
  log: Request[]
  close(): Promise<void>
}

/** Proxies `upstream` (test/helpers/proxy.ts, which forwards the browser's Host) on a free loopback port. */
async function startFrontServer(upstream: string): Promise<FrontServer> {
  const log: Request[] = []
  const front = await startProxy(upstream, ({ req, res, path, pass }) => {
    const method = req.method ?? 'GET'
    if (path.startsWith(`${PHOTO_PATH}/`)) {
      const real = new URL(path.slice(PHOTO_PATH.length), PHOTO_ORIGIN)
      log.push({ method, url: real.href })
      return void res
        .writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' })
        .end(placeholderPhoto(real))
    }
    // The test's own instrument, not the page's: not logged as a request of the page.
    if (path === AXE_PATH)
      return void res
        .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(axe.source)
    log.push({ method, url: `${front.url}${path}` })
    req.headers['accept-encoding'] = 'identity'
    pass(({ status, headers, body }) => {
      const type = String(headers['content-type'] ?? '')
      if (typeof headers.location === 'string')
        headers.location = headers.location.replace(new URL(upstream).origin, front.url)
      if (!/text\/html|javascript|text\/css/.test(type)) return void res.writeHead(status, headers).end(body)
      let text = body.toString('utf8').replaceAll(PHOTO_ORIGIN, `${front.url}${PHOTO_PATH}`)
      const csp = headers['content-security-policy']
      if (type.includes('text/html')) {
        text = text.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script>${PROBE}</script>`)
        if (typeof csp === 'string')
          headers['content-security-policy'] = csp.replace(/((?:^|;)\s*script-src)\s/, `$1 ${PROBE_HASH} `)
      }
      delete headers['transfer-encoding']
      res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(text)) }).end(text)
    })
  })
  return { url: front.url, log, close: () => front.close() }
}

// --- The Tab over a WebDriver session ----------------------------------------------------------------------------

class WebKitHandle implements Handle {
  constructor(readonly native: WebElement) {}
}

const unwrap = (args: unknown[]) => args.map((arg) => (arg instanceof WebKitHandle ? arg.native : arg))

/** The roles WebKit may compute for each role asked for (a single-choice <select> is a pop-up button). */
const ROLE_ALIASES: Record<string, string[]> = { combobox: ['combobox', 'button', 'popupbutton'] }

/** Selenium's name of each Key: its own in capitals (ENTER, F8), Backspace's BACK_SPACE. */
const seleniumKey = (key: Key) =>
  SeleniumKey[(key === 'Backspace' ? 'BACK_SPACE' : key.toUpperCase()) as keyof typeof SeleniumKey] as string

interface Session {
  webkit: WebKit
  busy: boolean
}

function webkitTab(session: Session, front: FrontServer, viewport: { width: number; height: number }): Tab {
  const { driver } = session.webkit
  const opened = Date.now()
  const firstRequest = front.log.length
  const native = (target: Handle) => (target as WebKitHandle).native
  const evaluate = <R>(fn: (...args: never[]) => R, ...args: unknown[]) =>
    driver.executeScript<Awaited<R>>(fn as never, ...unwrap(args))
  /** Asked from here (driver.wait polls every 200 ms): no frame of the page needs to run. */
  const waitUntil = async <T>(probe: () => Promise<T>, timeout: number, what: string): Promise<T> => {
    let result: T | undefined
    await driver.wait(
      async () => Boolean((result = await probe())),
      timeout,
      `waiting for ${what}: timed out after ${timeout} ms`,
    )
    return result as T
  }
  /** Candidates picked in the page, then WebKit's own computed role and name (its accessibility tree). */
  const allByRole = async (role: string, name: string, scope?: WebElement) => {
    const candidates = await evaluate(candidatesInPage, candidateSelector(role), name, scope ?? null)
    const roles = ROLE_ALIASES[role] ?? [role]
    const found: WebElement[] = []
    for (const candidate of candidates as unknown as WebElement[]) {
      const [computedRole, computedName] = await Promise.all([
        candidate.getAriaRole(),
        candidate.getAccessibleName(),
      ])
      if (roles.includes(computedRole.toLowerCase()) && computedName.trim() === name) found.push(candidate)
    }
    return found.length > 0 ? found : null
  }
  // WebDriver's own scroll-into-view may leave an element under the sticky header, where a click would land.
  const inView = (target: Handle) =>
    evaluate(
      (element: Element) =>
        element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' }),
      target,
    )
  const tab: Tab = {
    engine: 'webkit',
    width: viewport.width,
    height: viewport.height,
    hasTouch: false,
    goto: (pathOrUrl) => driver.get(new URL(pathOrUrl, front.url).href),
    reload: () => driver.navigate().refresh(),
    url: () => driver.getCurrentUrl(),
    title: () => driver.getTitle(),
    evaluate: (fn, ...args) => evaluate(fn, ...args),
    async waitFor(fn, args = [], { timeout = 10_000, what = 'a condition in the page' } = {}) {
      await waitUntil(() => evaluate(fn, ...args), timeout, what)
    },
    async element(fn, args = [], { timeout = 10_000, what = 'an element' } = {}) {
      return new WebKitHandle(
        await waitUntil(() => evaluate(fn, ...args) as unknown as Promise<WebElement>, timeout, what),
      )
    },
    async byRole(role, name, within) {
      const scope = within ? native(within) : undefined
      const found = await waitUntil(() => allByRole(role, name, scope), 10_000, `a ${role} named "${name}"`)
      if (found!.length > 1) throw new Error(`${found!.length} elements of role ${role} named "${name}"`)
      return new WebKitHandle(found![0]!)
    },
    async click(target) {
      await inView(target)
      await native(target).click()
    },
    tap: (target) => tab.click(target),
    async fill(target, value) {
      const element = native(target)
      await inView(target)
      if ((await element.getTagName()).toLowerCase() === 'select')
        return new Select(element).selectByVisibleText(value)
      // As a person retypes it (WebDriver's clear() sets the value under React, which puts the old one back).
      if ((await element.getAttribute('value')) !== '') {
        await element.sendKeys(SeleniumKey.chord(SeleniumKey.CONTROL, 'a'))
        await element.sendKeys(SeleniumKey.BACK_SPACE)
      }
      if (value) await element.sendKeys(value)
    },
    upload: (target, file) => native(target).sendKeys(file),
    press: (key) => driver.actions().sendKeys(seleniumKey(key)).perform(),
    moveMouse: (x, y) => driver.actions().move({ x, y, origin: Origin.VIEWPORT }).perform(),
    async problems() {
      const entries = await evaluate(() => {
        const probe = (window as { __probe?: () => { t: number; text: string }[] }).__probe
        return probe ? probe() : null
      })
      if (entries === null)
        throw new Error(
          'this WebKit page has no problem probe (opened without the front server): it cannot tell',
        )
      return entries.filter((entry) => entry.t >= opened).map((entry) => entry.text)
    },
    requests: () => front.log.slice(firstRequest),
    async cookies() {
      return (await driver.manage().getCookies()).map(
        ({ name, domain = '', path = '/', httpOnly = false, sameSite }) => ({
          name,
          domain,
          path,
          httpOnly,
          sameSite,
        }),
      )
    },
    async screenshot(file, { fullPage = false } = {}) {
      // WebKitGTK shoots the last frame it painted: a change just made (the inbox's first render after its
      // scripts ran) shows only after the next two frames.
      const painted = () =>
        driver.executeScript(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        )
      await painted()
      if (!fullPage) return void writeFileSync(file, await driver.takeScreenshot(), 'base64')
      // WebDriver shoots the viewport (an element's shot too): the window is made as tall as the page, then put back.
      const page = await evaluate(() => document.documentElement.scrollHeight)
      await setViewport(driver, viewport.width, Math.max(page, viewport.height))
      try {
        await evaluate(() => scrollTo(0, 0))
        await painted()
        writeFileSync(file, await driver.takeScreenshot(), 'base64')
      } finally {
        await setViewport(driver, viewport.width, viewport.height)
      }
    },
    async close() {
      if (!session.busy) return
      session.busy = false
      await driver.get('about:blank').catch(() => undefined)
    },
  }
  return tab
}

/**
 * WebKit's Site: `origin` (default: dist/ served by scripts/serve.ts) behind the front server (directly with
 * `probe` false: no problems, no request log), one MiniBrowser session with scripts and, on first use, one
 * without. A session holds one tab at a time.
 */
export async function openWebKitSite(origin?: string, probe = true): Promise<Site> {
  // A missing driver, browser or display fails here at once, naming its Debian package.
  webkitExecutables()
  const served = origin ? undefined : await serveSite()
  const front: FrontServer = probe
    ? await startFrontServer(origin ?? served!.url)
    : { url: origin!, log: [], close: async () => undefined }
  const sessions = new Map<boolean, Promise<Session>>()
  const sessionFor = (javascript: boolean) => {
    if (!sessions.has(javascript))
      sessions.set(
        javascript,
        startWebKit({ javascript }).then((webkit) => ({ webkit, busy: false })),
      )
    return sessions.get(javascript)!
  }
  try {
    await sessionFor(true)
  } catch (error) {
    await front.close()
    await served?.close()
    throw error
  }
  return {
    url: front.url,
    seesProblems: probe,
    async open({ width = 1280, height = 800, javascript = true, fresh = false }: TabOptions = {}) {
      const session = await sessionFor(javascript)
      if (session.busy)
        throw new Error(
          `WebKit: one tab at a time ${javascript ? 'with' : 'without'} scripts; close the other first`,
        )
      session.busy = true
      const { driver } = session.webkit
      try {
        if (fresh) {
          // No profile of its own in one session: the site's cookies and storage are emptied instead.
          await driver.get(front.url)
          await driver.manage().deleteAllCookies()
          await driver.executeScript(() => {
            localStorage.clear()
            sessionStorage.clear()
          })
        }
        // The window is sized on a blank page: nothing of the last test's page is still loading or leaving.
        await driver.get('about:blank')
        return webkitTab(session, front, await setViewport(driver, width, height))
      } catch (error) {
        // The tab never opened: the next test may open one.
        session.busy = false
        throw error
      }
    },
    async close() {
      for (const session of sessions.values()) await (await session.catch(() => null))?.webkit.close()
      await front.close()
      await served?.close()
    },
  }
}
