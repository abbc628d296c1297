/**
 * The WebKit driver behind test/helpers/driver.ts: Debian's WebKitGTK MiniBrowser (Safari's engine, every iPhone
 * browser's) through its WebDriver server `WebKitWebDriver` (package webkit2gtk-driver) with selenium-webdriver,
 * on an X display from `xvfb-run` (package xvfb) when there is none. WebKitGTK 2.50's driver speaks classic
 * WebDriver only (no BiDi), so what puppeteer does over CDP/BiDi is done here this way instead:
 * - console errors, page errors, CSP violations and dialogs: classic WebDriver has no script that runs before the
 *   page's own, so a front server between WebKit and the site puts a probe first in every HTML answer (the same
 *   listeners as test/helpers/browser.ts, kept in sessionStorage across documents) and adds its hash to the
 *   answer's script-src; nothing else in the policy or the page changes;
 * - request interception: none, so the same front server answers the stock photos itself: the stock-photo origin
 *   in the pages, scripts and policy is rewritten to a path of its own (img-src 'self' already allows it), where
 *   it serves the placeholder the puppeteer suites answer with; every request it sees is logged for `requests()`;
 *   it forwards the Host the browser asked for, so the site's server sees the origin the page is on;
 * - axe: WebDriver's scripts run under the page's policy in WebKit (no eval of axe's source without
 *   'unsafe-eval'), so the front server answers axe-core's source as a script of the site's own origin
 *   (AXE_PATH), which test/helpers/axe.ts puts in the page;
 * - finding things as a visitor does: candidates by tag, then WebKit's own computed role and accessible name
 *   (WebDriver's "Get Computed Role/Label", from its accessibility tree);
 * - viewport: the window is sized so that the page gets the height asked for; WebKitGTK's window cannot be
 *   narrower than MIN_WIDTH (447 px), which is still below every phone breakpoint of the site (480 and 768 px)
 *   and of Decap (800 px), so "phone width" is 447 px here; there is no touch, so a tap is a click.
 * Everything else (the build, the server, its headers) is what the other engines get: dist/ served by
 * scripts/serve.ts, or whatever origin the suite serves (the CMS's dev server).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import { connect } from 'node:net'
import axe from 'axe-core'
import { Builder, Key as SeleniumKey, Origin, type WebDriver, type WebElement } from 'selenium-webdriver'
import { Select } from 'selenium-webdriver/lib/select'
import { freePort } from '../../scripts/hosts/servers'
import { placeholderPhoto } from '../../scripts/lib/offline-images'
import type { BuildName } from './builds'
import type { Handle, Key, Request, Site, Tab, TabOptions } from './driver'
import { serveSite } from './site'
import { candidateSelector, candidatesInPage } from './role-candidates'

export const MIN_WIDTH = 447
const PHOTO_ORIGIN = 'https://images.unsplash.com'
/** Where the front server answers the stock photos (a path of the site's own origin). */
const PHOTO_PATH = '/__stock-photos'
/**
 * Where the front server answers axe-core's source (test/helpers/axe.ts): a script of the page's own origin,
 * which every policy of the site allows (`script-src 'self'`), where WebDriver's scripts, run under the page's
 * policy in WebKit, may not evaluate it (no 'unsafe-eval') nor put it inline (no hash for it).
 */
export const AXE_PATH = '/__axe-core/axe.min.js'

// --- What must be installed ------------------------------------------------------------------------------------

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

// --- The driver process and its session ------------------------------------------------------------------------

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
 * A driver that does not start, or a session that does not (an error from the driver, or no answer within
 * `sessionTimeoutMs`: a browser that never connects leaves the driver waiting) is tried again with a fresh driver, SESSION_ATTEMPTS times in
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
    let server: Awaited<ReturnType<typeof spawnDriver>> | undefined
    try {
      // Inside the retry too: two suites starting at once can race for xvfb-run's display or a free port.
      server = await spawnDriver(executables)
      const started = server
      const driver = await withTimeout(
        newSession(started.port, executables.browser, javascript, acceptInsecureCerts),
        sessionTimeoutMs,
        `no session within ${sessionTimeoutMs} ms`,
      )
      return {
        driver,
        log: started.log,
        close: async () => {
          await driver.quit().catch(() => undefined)
          started.stop()
        },
      }
    } catch (error) {
      const output = server?.log()
      lastMessage = `${error instanceof Error ? error.message : String(error)}${output ? `\n${output}` : ''}`
      server?.stop()
      await sleep(500 * attempt)
    }
  }
  throw new Error(`WebKit session could not start after ${SESSION_ATTEMPTS} attempts: ${lastMessage}`)
}

async function spawnDriver({ driver, xvfbRun }: { driver: string; xvfbRun: boolean }) {
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
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) {
      stop()
      throw new Error(`WebKitWebDriver exited (${child.exitCode}):\n${log()}`)
    }
    const ready = await fetch(`http://127.0.0.1:${port}/status`)
      .then((response) => response.ok)
      .catch(() => false)
    if (ready) return { port, log, stop }
    if (Date.now() > deadline) {
      stop()
      throw new Error(`WebKitWebDriver did not answer on port ${port} within 20 s:\n${log()}`)
    }
    await sleep(100)
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
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

/** The window's sizes: [innerWidth, innerHeight, outerWidth, outerHeight]. */
type WindowSizes = [number, number, number, number]

/**
 * The window's sizes once WebKitGTK has applied the last resize. It applies one over several frames, and the outer
 * size can already be new while the viewport is still the old one: read too early, 1280 asked after a 447-wide
 * test gave 447 inside 1280 outside, and the correction made the window 2113 wide. So the sizes count only when
 * two reads, each after two painted frames, agree.
 */
async function settledSizes(driver: WebDriver): Promise<WindowSizes> {
  const read = () =>
    driver.executeScript<WindowSizes>(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve([window.innerWidth, window.innerHeight, window.outerWidth, window.outerHeight]),
            ),
          ),
        ),
    )
  let last = await read()
  for (let reads = 0; reads < 20; reads++) {
    const now = await read()
    if (now.every((size, i) => size === last[i])) return now
    last = now
  }
  throw new Error(`WebKit: the window's size kept changing (last ${last.join('×')})`)
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
  const frame = driver.manage().window()
  await frame.setRect({ x: 0, y: 0, ...wanted })
  // The window's own toolbar takes some height: ask for that much more, until the viewport is what was asked.
  for (let attempt = 0; ; attempt++) {
    const [innerWidth, innerHeight, outerWidth, outerHeight] = await settledSizes(driver)
    if ((innerWidth === wanted.width && innerHeight === wanted.height) || attempt === 3)
      return { width: innerWidth, height: innerHeight }
    await frame.setRect({
      width: outerWidth + (wanted.width - innerWidth),
      height: outerHeight + (wanted.height - innerHeight),
    })
  }
}

// --- The front server: the probe and the stock photos ------------------------------------------------------------

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

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })
}

function body(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })
}

/** The probe's hash in script-src (or in default-src when the policy has no script-src). */
function withProbe(policy: string): string {
  if (/(^|;)\s*script-src\s/.test(policy))
    return policy.replace(/((?:^|;)\s*script-src)\s/, `$1 ${PROBE_HASH} `)
  return policy
}

/** Proxies `upstream` on a free loopback port: the probe in every HTML answer, the stock photos answered here. */
export async function startFrontServer(upstream: string): Promise<FrontServer> {
  const target = new URL(upstream)
  const log: Request[] = []
  let origin = ''
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/'
    if (path.startsWith(`${PHOTO_PATH}/`)) {
      const real = new URL(path.slice(PHOTO_PATH.length), PHOTO_ORIGIN)
      log.push({ method: request.method ?? 'GET', url: real.href })
      response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' })
      return void response.end(placeholderPhoto(real))
    }
    if (path === AXE_PATH) {
      // The test's own instrument, not the page's: not logged as a request of the page.
      response.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      return void response.end(axe.source)
    }
    log.push({ method: request.method ?? 'GET', url: `${origin}${path}` })
    const upstreamRequest = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path,
        // The Host the browser asked for goes on, as a reverse proxy forwards it (nginx's `proxy_set_header Host
        // $host`, Cloudflare's edge): a server that builds its URLs from it (wrangler's request.url) sees the
        // origin the page is on, so the page's own Origin header is its origin there (the inbox's CSRF check).
        headers: { ...request.headers, 'accept-encoding': 'identity' },
      },
      async (answer) => {
        const type = String(answer.headers['content-type'] ?? '')
        const headers = { ...answer.headers }
        if (typeof headers.location === 'string')
          headers.location = headers.location.replace(target.origin, origin)
        if (!/text\/html|javascript|text\/css/.test(type)) {
          response.writeHead(answer.statusCode ?? 502, headers)
          return void answer.pipe(response)
        }
        let text = (await body(answer)).toString('utf8').replaceAll(PHOTO_ORIGIN, `${origin}${PHOTO_PATH}`)
        if (type.includes('text/html')) {
          text = text.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script>${PROBE}</script>`)
          const csp = headers['content-security-policy']
          if (typeof csp === 'string') headers['content-security-policy'] = withProbe(csp)
        }
        delete headers['content-encoding']
        headers['content-length'] = String(Buffer.byteLength(text))
        response.writeHead(answer.statusCode ?? 502, headers)
        response.end(text)
      },
    )
    upstreamRequest.on('error', (error) => {
      response.writeHead(502, { 'Content-Type': 'text/plain' })
      response.end(`front server: ${error.message}`)
    })
    request.pipe(upstreamRequest)
  })
  // WebSocket upgrades (the CMS dev server's live reload) go through untouched.
  server.on('upgrade', (request, socket, head) => {
    const upstreamSocket = connect(Number(target.port), target.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`]
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`)
      upstreamSocket.write(`${lines.join('\r\n')}\r\n\r\n`)
      upstreamSocket.write(head)
      socket.pipe(upstreamSocket).pipe(socket)
    })
    upstreamSocket.on('error', () => socket.destroy())
    socket.on('error', () => upstreamSocket.destroy())
  })
  const port = await listen(server)
  origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// --- The Tab over a WebDriver session ----------------------------------------------------------------------------

class WebKitHandle implements Handle {
  constructor(readonly native: WebElement) {}
}

const unwrap = (args: unknown[]) => args.map((arg) => (arg instanceof WebKitHandle ? arg.native : arg))

/** The roles WebKit may compute for each role asked for. */
const ROLE_ALIASES: Record<string, string[]> = { combobox: ['combobox', 'button', 'popupbutton'] }

const KEYS: Record<Key, string> = {
  Enter: SeleniumKey.ENTER,
  Escape: SeleniumKey.ESCAPE,
  Tab: SeleniumKey.TAB,
  F8: SeleniumKey.F8,
  Backspace: SeleniumKey.BACK_SPACE,
}

/** Every element of `role` named `name` in WebKit's accessibility tree (inside `scope`, or the page). */
async function allByRole(
  driver: WebDriver,
  role: string,
  name: string,
  scope?: WebElement,
): Promise<WebElement[]> {
  // Candidates whose text or label cannot match are left out in the page, to keep round trips few.
  const candidates = await driver.executeScript<WebElement[]>(
    candidatesInPage,
    candidateSelector(role),
    name,
    scope ?? null,
  )
  const roles = ROLE_ALIASES[role] ?? [role]
  const found: WebElement[] = []
  for (const candidate of candidates) {
    const [computedRole, computedName] = await Promise.all([
      candidate.getAriaRole(),
      candidate.getAccessibleName(),
    ])
    if (roles.includes(computedRole.toLowerCase()) && computedName.trim() === name) found.push(candidate)
  }
  return found
}

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
  const waitUntil = async <T>(probe: () => Promise<T>, timeout: number, what: string): Promise<T> => {
    let result: T | undefined
    await driver.wait(
      async () => {
        result = await probe()
        return Boolean(result)
      },
      timeout,
      `waiting for ${what}: timed out after ${timeout} ms`,
    )
    return result as T
  }
  const inView = (target: Handle) =>
    driver.executeScript(
      (element: Element) =>
        element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' }),
      native(target),
    )
  const tab: Tab = {
    engine: 'webkit',
    width: viewport.width,
    height: viewport.height,
    hasTouch: false,
    async goto(pathOrUrl) {
      await driver.get(new URL(pathOrUrl, front.url).href)
    },
    async reload() {
      await driver.navigate().refresh()
    },
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
      const found = await waitUntil(
        async () => {
          const all = await allByRole(driver, role, name, scope)
          return all.length > 0 ? all : null
        },
        10_000,
        `a ${role} named "${name}"`,
      )
      if (found!.length > 1) throw new Error(`${found!.length} elements of role ${role} named "${name}"`)
      return new WebKitHandle(found![0]!)
    },
    async click(target) {
      // WebDriver's own scroll-into-view may leave it under the sticky header, where the click would land.
      await inView(target)
      await native(target).click()
    },
    tap: (target) => tab.click(target),
    async fill(target, value) {
      const element = native(target)
      await inView(target)
      if ((await element.getTagName()).toLowerCase() === 'select') {
        await new Select(element).selectByVisibleText(value)
        return
      }
      // As a person retypes it (WebDriver's clear() sets the value under React, which puts the old one back).
      if ((await element.getAttribute('value')) !== '') {
        await element.sendKeys(SeleniumKey.chord(SeleniumKey.CONTROL, 'a'))
        await element.sendKeys(SeleniumKey.BACK_SPACE)
      }
      if (value) await element.sendKeys(value)
    },
    async upload(target, file) {
      await native(target).sendKeys(file)
    },
    async press(key) {
      await driver.actions().sendKeys(KEYS[key]).perform()
    },
    async moveMouse(x, y) {
      await driver.actions().move({ x, y, origin: Origin.VIEWPORT }).perform()
    },
    async problems() {
      const entries = await driver.executeScript<{ t: number; text: string }[] | null>(() =>
        typeof (window as { __probe?: unknown }).__probe === 'function'
          ? (window as unknown as { __probe: () => unknown }).__probe()
          : null,
      )
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
      // WebDriver shoots the viewport (an element's shot too): the window is made as tall as the page for the
      // shot, then put back. WebKitGTK takes a new size only with both its width and height.
      const [page, inner, outerWidth, outerHeight] = await driver.executeScript<
        [number, number, number, number]
      >(() => [
        document.documentElement.scrollHeight,
        window.innerHeight,
        window.outerWidth,
        window.outerHeight,
      ])
      const frame = driver.manage().window()
      await frame.setRect({ width: outerWidth, height: outerHeight + Math.max(0, page - inner) })
      try {
        await driver.executeScript(() => scrollTo(0, 0))
        await painted()
        writeFileSync(file, await driver.takeScreenshot(), 'base64')
      } finally {
        await frame.setRect({ width: outerWidth, height: outerHeight })
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
export async function openWebKitSite(origin?: string, probe = true, build?: BuildName): Promise<Site> {
  // A missing driver, browser or display fails here at once, naming its Debian package.
  webkitExecutables()
  const served = origin ? undefined : await serveSite({ build })
  const front: FrontServer =
    probe || !origin
      ? await startFrontServer(origin ?? served!.url)
      : { url: origin, log: [], close: async () => undefined }
  const sessions = new Map<boolean, Promise<Session>>()
  const sessionFor = (javascript: boolean) => {
    let session = sessions.get(javascript)
    if (!session) {
      session = startWebKit({ javascript }).then((webkit) => ({ webkit, busy: false }))
      sessions.set(javascript, session)
    }
    return session
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
    seesProblems: probe || !origin,
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
        const viewport = await setViewport(driver, width, height)
        return webkitTab(session, front, viewport)
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
