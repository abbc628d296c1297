/**
 * Browser-test helpers: Debian Chromium (or Firefox ESR with BROWSER_ENGINE=firefox) through
 * puppeteer-core, the built site served by our own scripts/serve.ts on a free loopback port, external
 * hosts intercepted (stock photos answered locally).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import { cmsConfigYaml } from '../../scripts/cms/config'
import { readCmsSettings } from '../../scripts/cms/settings'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { buildIntoSync, shellEnvironment } from '../../scripts/lib/build-into'
import { staleReason } from '../../scripts/lib/build-info'
import { readBuildSettings } from '../../scripts/lib/build-settings'
import { interceptExternal, type ExternalAnswer } from '../../scripts/lib/offline-images'
import { startNginx } from '../../scripts/hosts/servers'
import { deployDirFor } from '../../scripts/hosts/host-policy'
import { startServer, type RunningServer } from '../../scripts/serve'
import { contentSchemas } from '../../schema/content'
import { engine, launchEngine, scriptlessBrowser } from './engines'

export const projectRoot = path.resolve(__dirname, '../..')
/** The build under test: `dist/`, or another one through DIST_DIR (as scripts/serve.ts reads it). */
export const distDir = path.resolve(projectRoot, process.env.DIST_DIR || 'dist')

/** Chromium, or Firefox ESR with BROWSER_ENGINE=firefox (test/helpers/engines.ts). */
export function launchBrowser(): Promise<Browser> {
  return launchEngine()
}

/**
 * The build, served on a free loopback port by our own scripts/serve.ts, or with TEST_HOST=nginx by
 * Debian's nginx with the build's nginx.conf (`npm run test:nginx` runs the visitor suites that way).
 */
export function serveDist(root: string = distDir): Promise<RunningServer> {
  const host = process.env.TEST_HOST || 'serve'
  if (host === 'nginx') {
    const nginxConf = path.join(deployDirFor(projectRoot, root), 'nginx.conf')
    return startNginx({ root, port: 0, nginxConf })
  }
  if (host !== 'serve') throw new Error(`TEST_HOST must be "serve" or "nginx", not "${host}"`)
  return startServer({ root, port: 0, host: '127.0.0.1' })
}

/**
 * The build served and a browser, started before a test file's tests and closed after them (this registers the
 * file's beforeAll and afterAll): `const site = servedSite()` at the top of the file, then `site.browser` and
 * `site.url` in its tests. The puppeteer suites' counterpart of test/helpers/driver.ts's openSite().
 */
export function servedSite(root: string = distDir): {
  readonly browser: Browser
  readonly server: RunningServer
  readonly url: string
} {
  let browser: Browser | undefined
  let server: RunningServer | undefined
  beforeAll(async () => {
    const [launched, served] = await Promise.allSettled([launchBrowser(), serveDist(root)])
    if (launched.status === 'fulfilled') browser = launched.value
    if (served.status === 'fulfilled') server = served.value
    // What did start is closed in afterAll all the same.
    for (const outcome of [launched, served]) if (outcome.status === 'rejected') throw outcome.reason
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()])
  })
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} has not started: servedSite() starts it in beforeAll`)
    return value
  }
  return {
    get browser() {
      return started(browser, 'the browser')
    },
    get server() {
      return started(server, 'the server')
    },
    get url() {
      return started(server, 'the server').url
    },
  }
}

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
  const external = await interceptExternal(page, undefined, answer)
  return { page, problems, external }
}

export interface BuiltVariant {
  /** The build's log (stdout), e.g. the prerender's line about where quote requests go. */
  stdout: string
  /** The server bundle's folder, for the caller to delete with `outDir`. */
  ssrDir: string
}

/**
 * Builds the site into `outDir` with extra build-time env (e.g. LEAD_ENDPOINT). Takes ~30 s.
 * The server bundle stays inside the project (under .variants/) so it can resolve node_modules.
 */
/** Deletes a variant build: its dist folder, its server bundle and the nginx config the build wrote beside it. */
export function removeVariant(outDir: string, built?: { ssrDir?: string }): void {
  for (const dir of [outDir, `${outDir}-deploy`, built?.ssrDir]) {
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Hang guard for one variant build, and for the Jest hooks that run one (plus their own setup: `BUILD_HOOK_MS`).
 * The build takes ~30 s on an idle machine and took over 180 s at load average 20-25 on the shared 2-core
 * machine; spawnSync blocks Jest's own timer, so the limit is enforced on the build process itself.
 */
export const BUILD_HANG_GUARD_MS = 600_000
export const BUILD_HOOK_MS = BUILD_HANG_GUARD_MS + 120_000

export function buildVariant(outDir: string, env: Record<string, string>): BuiltVariant {
  const ssrDir = path.join(projectRoot, '.variants', `${path.basename(outDir)}-server`)
  const result = buildIntoSync({
    dist: outDir,
    ssrDist: ssrDir,
    env,
    cwd: projectRoot,
    timeoutMs: BUILD_HANG_GUARD_MS,
  })
  if (result.error)
    throw new Error(`build did not finish: ${result.error.message}\n${result.stdout}\n${result.stderr}`)
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`)
  return { stdout: result.stdout, ssrDir }
}

/**
 * The folder of a variant build that several test files need with the same settings, built at most once per
 * state of the sources: `.variants/shared-<name>/` (its server bundle in `.variants/shared-<name>-server/`),
 * built by the first file that asks for it and reused by the next ones while its record (build-info.json,
 * scripts/lib/build-info.ts) says it is the build of these settings from content/ and the sources as they are
 * now. One `npm test` thus builds the LEAD_ENDPOINT=/api/leads site once for smoke.test.ts and
 * lead-promise.test.ts (a build is ~30 s idle, 1-3 min on the loaded 2-core CI machine), not once each.
 * Shared, so read-only: a test that breaks a build copies it first; no test deletes it (.variants/ is
 * git-ignored). Files running in parallel (jest without --runInBand) wait for each other's build of it.
 */
export function sharedVariant(name: string, env: Record<string, string>): string {
  const outDir = path.join(projectRoot, '.variants', `shared-${name}`)
  const ssrDir = `${outDir}-server`
  const wanted = { settings: readBuildSettings(env), contentDir: path.join(projectRoot, 'content') }
  const stale = () => staleReason(outDir, wanted, projectRoot, { SSR_DIST_DIR: ssrDir })
  if (!stale()) return outDir
  const lock = `${outDir}.lock`
  const deadline = Date.now() + BUILD_HANG_GUARD_MS
  mkdirSync(path.dirname(lock), { recursive: true })
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(path.join(lock, 'pid'), String(process.pid))
      break
    } catch {
      // Another process builds it: wait for it, unless it is gone (its lock is then stale).
      let owner = 0
      try {
        owner = Number(readFileSync(path.join(lock, 'pid'), 'utf8'))
      } catch {
        // Its pid is being written.
      }
      let alive = true
      if (owner) {
        try {
          process.kill(owner, 0)
        } catch {
          alive = false
        }
      }
      if (!alive) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() > deadline) throw new Error(`${lock}: the build of ${name} held it too long`)
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000)
    }
  }
  try {
    const reason = stale()
    if (reason) {
      removeVariant(outDir, { ssrDir })
      buildVariant(outDir, env)
      const still = stale()
      if (still)
        throw new Error(`the shared build ${name} is still not the one wanted after building: ${still}`)
    }
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
  return outDir
}

/**
 * The build with other CMS settings (CMS_AUTH_BASE_URL, CMS_PROXY_URL), in seconds: a copy of dist/ with the two
 * build steps those settings reach done again with them, the admin's config.yml (scripts/cms/admin.ts) and the
 * host files (scripts/build/host-config.ts, its nginx.conf into `<outDir>-deploy/`). A full `npm run build` with
 * them differs from dist/ in admin/config.yml alone (base_url, auth_endpoint; compared file by file on
 * 2026-11-25, its nginx.conf the same too), and takes 1-3 min on the loaded 2-core CI machine. Delete it with
 * `removeVariant(outDir)`.
 */
export function cmsSettingsVariant(outDir: string, env: Record<string, string>): void {
  cpSync(distDir, outDir, { recursive: true })
  writeFileSync(
    path.join(outDir, ADMIN_PREFIX, 'config.yml'),
    cmsConfigYaml(contentSchemas, readCmsSettings({ ...process.env, ...env })),
  )
  const hosts = spawnSync(path.join(projectRoot, 'node_modules/.bin/tsx'), ['scripts/build/host-config.ts'], {
    cwd: projectRoot,
    env: shellEnvironment({ ...env, DIST_DIR: outDir, DEPLOY_DIR: deployDirFor(projectRoot, outDir, {}) }),
    encoding: 'utf8',
  })
  if (hosts.status !== 0) throw new Error(`host-config failed:\n${hosts.stdout}\n${hosts.stderr}`)
}
