/**
 * The built site in a real browser: raw HTML of every route (what crawlers and script-less visitors get),
 * then the same pages hydrated (no console problems, client-side navigation), the 404 screen, the mobile menu,
 * layout overflow, sitemap/robots and the skip link. Runs against dist/ served by scripts/serve.ts on loopback.
 * Run: `npm run build`, then `npx jest test/visitor/site.test.ts --selectProjects chromium --runInBand`.
 *
 * Firefox ESR runs this file too (the jest project `firefox`, `npm run test:firefox`), with the same
 * assertions. The motion-preference tests are in motion.test.ts, which only Chromium runs: puppeteer emulates
 * `prefers-reduced-motion` over CDP only, which Firefox's WebDriver BiDi does not offer. (The raw-HTML,
 * 404-status and crawling-file tests use no browser
 * and cost milliseconds, so they simply run again.) Engine differences on purpose are handled in
 * test/helpers/browser.ts and test/helpers/engines.ts: no touch or mobile emulation in Firefox, and its
 * script-less pages live in a second Firefox with scripting off.
 */
import type { Browser, ElementHandle, Page } from 'puppeteer-core'
import { everyLinkHydrated } from '../../scripts/bench/load-trace'
import { placeholderPhoto } from '../../scripts/lib/offline-images'
import type { RunningServer } from '../../scripts/serve'
import { paths } from '../../src/config/paths'
import { servicios } from '../../src/content/servicios'
import { mainNav } from '../../src/content/shared'
import { launchBrowser, openPage, serveDist } from '../helpers/browser'
import { ROUTES, type Route } from '../helpers/routes'

/** The public origin every absolute URL points to (jest's SITE_URL global, as in the build). */
const ORIGIN = 'https://www.aquapuebla.mx'

const NOT_FOUND_PATHS = ['/no-existe', '/foo/bar']

let browser: Browser
let server: RunningServer

beforeAll(async () => {
  ;[browser, server] = await Promise.all([launchBrowser(), serveDist()])
})

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()])
})

const urlOf = (path: string) => new URL(path, server.url).href

/** What React's server renderer writes for text and attribute values. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
}

/** The `<head>` of an HTML document, as written. */
function headOf(html: string): string {
  const start = html.indexOf('<head>')
  const end = html.indexOf('</head>')
  expect(start).toBeGreaterThanOrEqual(0)
  expect(end).toBeGreaterThan(start)
  return html.slice(start, end)
}

/** Every tag of one kind (e.g. `meta`) whose attributes include `attribute="value"`. */
function tagsWith(html: string, tag: string, attribute: string, value: string): string[] {
  const tags = html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? []
  return tags.filter((found) => found.includes(`${attribute}="${value}"`))
}

async function fetchPage(path: string) {
  const response = await fetch(urlOf(path), { redirect: 'manual' })
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

/** Loads a page with JavaScript on and waits until hydration and lazy chunks have settled. */
async function loadHydrated(page: Page, path: string): Promise<void> {
  await page.goto(urlOf(path), { waitUntil: 'networkidle0' })
  await page.waitForFunction(() => document.readyState === 'complete')
  await settle(page)
}

/**
 * How a page looks, in numbers a style change would move: computed styles of the header, the heading,
 * the first band of main, a card-like block and the footer.
 */
function lookOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const look: Record<string, string> = {}
    const props = ['color', 'font-size', 'font-weight', 'background-color', 'background-image', 'padding-top']
    const targets = {
      header: 'body header',
      h1: 'h1',
      band: 'main > section:first-child',
      h2: 'main h2',
      footer: 'body footer',
    }
    for (const [name, selector] of Object.entries(targets)) {
      const element = document.querySelector(selector)
      const style = element ? getComputedStyle(element) : null
      for (const prop of props) look[`${name} ${prop}`] = style?.getPropertyValue(prop) ?? 'missing'
    }
    return look
  })
}

/** Rules styled-components inserted in the browser (its own `<style data-styled>`); 0 when it had none to add. */
function rulesInsertedByStyledComponents(page: Page): Promise<number> {
  return page.$$eval('style[data-styled]', (tags) =>
    tags.reduce((sum, tag) => sum + ((tag as HTMLStyleElement).sheet?.cssRules.length ?? 0), 0),
  )
}

/**
 * Waits until no CSS animation is running, polling from here with synchronous evaluations: in Firefox with
 * scripting off (test/helpers/engines.ts scriptlessBrowser) the page's own promises never settle, so
 * `animation.finished` and puppeteer's `$$eval` would wait forever.
 */
async function animationsFinished(page: Page, timeout = 5000): Promise<void> {
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => (animation as CSSAnimation).animationName),
    )
  const deadline = Date.now() + timeout
  for (let names = await running(); names.length > 0; names = await running()) {
    if (Date.now() > deadline)
      throw new Error(`animations still running after ${timeout} ms: ${names.join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Hydration is over (everyLinkHydrated, scripts/bench/load-trace.ts). Then one idle period of the page's main
 * thread, so effects have run and whatever they log has reached the console listener.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(everyLinkHydrated, { timeout: 15_000 })
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
  )
}

const h1Text = (page: Page) => page.$eval('h1', (h1) => h1.textContent?.trim() ?? '')

/** Whether an element is rendered, not transparent anywhere up its ancestry, and has a box. */
function isShown(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => {
    if (element.getClientRects().length === 0) return false
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.display === 'none' || style.visibility !== 'visible' || Number(style.opacity) < 1)
        return false
    }
    return true
  })
}

/** The header's main navigation (inline at desktop width). */
async function headerNav(page: Page): Promise<ElementHandle<Element>> {
  const nav = await page.$('::-p-aria([name="Navegación principal"][role="navigation"])')
  if (!nav) throw new Error('header navigation not found')
  return nav
}

async function navLink(scope: Page | ElementHandle<Element>, name: string): Promise<ElementHandle<Element>> {
  const link = await scope.$(`::-p-aria([name="${name}"][role="link"])`)
  if (!link) throw new Error(`link "${name}" not found`)
  return link
}

describe.each(ROUTES)('raw HTML of $path', (route) => {
  let html: string
  let status: number

  beforeAll(async () => {
    ;({ status, html } = await fetchPage(route.path))
  })

  test('answers 200 with the page heading in the markup', () => {
    expect(status).toBe(200)
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(route.h1))}</h1>`))
  })

  test('carries the title, description and canonical of the page in the head', () => {
    const head = headOf(html)
    expect(head.match(/<title>/g)).toHaveLength(1)
    expect(head).toContain(`<title>${escapeHtml(`${route.head.title} | AquaPuebla`)}</title>`)
    expect(tagsWith(head, 'meta', 'name', 'description')).toEqual([
      expect.stringContaining(`content="${escapeHtml(route.head.description)}"`),
    ])
    const canonical = route.path === '/' ? `${ORIGIN}/` : `${ORIGIN}${route.path}`
    expect(tagsWith(head, 'link', 'rel', 'canonical')).toEqual([
      expect.stringContaining(`href="${canonical}"`),
    ])
  })

  test('is Spanish, styled on the server and ready to hydrate', () => {
    expect(html).toMatch(/<html[^>]* lang="es-MX"/)
    const head = headOf(html)
    // The base CSS, then the page's component CSS (kept out of styled-components' own tag on purpose).
    expect(head).toMatch(/<style data-global>[^<]*\bbody\{[^<]*<\/style><[^]*<style data-ssr-styles>/)
    expect(head).not.toContain('data-styled=')
    expect(html).toContain('window.__staticRouterHydrationData')
  })
})

test('a query string gives the same page without a redirect; a trailing slash redirects to the canonical URL', async () => {
  const plain = await fetchPage('/nosotros')
  const query = await fetchPage('/nosotros?x=1')
  expect({ status: query.status, location: query.location }).toEqual({ status: 200, location: null })
  expect(query.html).toBe(plain.html)
  // Every host answers /nosotros/ with a permanent redirect to /nosotros (scripts/hosts/host-rules.ts).
  const slashed = await fetchPage('/nosotros/?x=1')
  expect(slashed.status).toBe(301)
  expect(new URL(slashed.location ?? '', 'http://127.0.0.1').pathname).toBe('/nosotros')
})

describe('with JavaScript disabled', () => {
  let page: Page

  beforeAll(async () => {
    ;({ page } = await openPage(browser, { width: 1280, height: 800, javascript: false }))
  })

  afterAll(() => page?.close())

  test.each(ROUTES)('the heading and main content of $path are visible', async (route) => {
    await page.goto(urlOf(route.path), { waitUntil: 'load' })
    // CSS animations run without scripts too: let any entrance animation finish before judging.
    await animationsFinished(page)
    expect(await h1Text(page)).toBe(route.h1)
    expect(await isShown(page, 'h1')).toBe(true)
    expect(await isShown(page, 'main#contenido')).toBe(true)
    // Every heading and paragraph in main is laid out and fully opaque: nothing waits for a script.
    // (A synchronous evaluate, not $$eval: see animationsFinished.)
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll('main h1, main h2, main h3, main p, main li')]
        .filter((element) => {
          if (element.closest('[hidden], noscript')) return false
          for (let node: Element | null = element; node; node = node.parentElement) {
            const style = getComputedStyle(node)
            if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 1)
              return true
          }
          return false
        })
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60)}`),
    )
    expect(hidden).toEqual([])
  })
})

describe('with JavaScript enabled', () => {
  test.each(ROUTES)('$path hydrates without console problems and keeps one title', async (route) => {
    const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
    try {
      await loadHydrated(page, route.path)
      expect(problems).toEqual([])
      expect(await page.$$eval('title', (titles) => titles.length)).toBe(1)
      expect(await page.title()).toBe(`${route.head.title} | AquaPuebla`)
      expect(await h1Text(page)).toBe(route.h1)
    } finally {
      await page.close()
    }
  })

  test.each(ROUTES)(
    '$path hydrates onto the prerendered CSS: the page looks the same and no rule is compiled again',
    async (route) => {
      const { page: plain } = await openPage(browser, { width: 1280, height: 800, javascript: false })
      const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
      try {
        await plain.goto(urlOf(route.path), { waitUntil: 'load' })
        await loadHydrated(page, route.path)
        expect(await lookOf(page)).toEqual(await lookOf(plain))
        // Class names in the browser are the server's and styled-components knows them all: had an id
        // or a name differed, it would have compiled and inserted that component's rules again.
        expect(await rulesInsertedByStyledComponents(page)).toBe(0)
        expect(problems).toEqual([])
      } finally {
        await Promise.all([plain.close(), page.close()])
      }
    },
  )

  test('a reloaded page hydrates again', async () => {
    // Regression (issue 11, Firefox run): Firefox reports no first-contentful-paint for a reloaded page,
    // and the script loader waited for one, so after a reload the page was never hydrated.
    const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
    try {
      await loadHydrated(page, paths.contacto)
      await page.reload({ waitUntil: 'load' })
      await page.waitForFunction(
        () => Object.keys(document.querySelector('#root') ?? {}).some((key) => key.startsWith('__react')),
        { timeout: 10_000 },
      )
      expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.toJSON().type)).toBe(
        'reload',
      )
      // And it works on the client: a header link moves without loading a document.
      await page.evaluate(() => Object.assign(window, { __marker: 1 }))
      await (await navLink(await headerNav(page), 'Servicios')).click()
      await page.waitForFunction(
        (h1) => document.querySelector('h1')?.textContent?.trim() === h1,
        {},
        servicios.intro.title,
      )
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })

  test('header links navigate on the client, without a full reload', async () => {
    const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
    try {
      // How each page looks when loaded directly, to compare with the same page reached on the client.
      const directLooks = new Map<string, Record<string, string>>()
      for (const route of ROUTES) {
        await loadHydrated(page, route.path)
        directLooks.set(route.path, await lookOf(page))
      }

      await loadHydrated(page, paths.inicio)
      await page.evaluate(() => {
        ;(window as unknown as { __marker: number }).__marker = 1
      })
      // Every other page in turn, then back home.
      const tour = [...ROUTES.slice(1), ROUTES[0] as Route]
      for (const route of tour) {
        await (await navLink(await headerNav(page), route.nav)).click()
        await page.waitForFunction(
          (h1) => document.querySelector('h1')?.textContent?.trim() === h1,
          {},
          route.h1,
        )
        // The head is updated after the new page renders: wait for its title rather than a fixed time.
        await page.waitForFunction(
          (title) => document.title === title,
          {},
          `${route.head.title} | AquaPuebla`,
        )

        expect(new URL(page.url()).pathname).toBe(route.path)
        expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)
        expect(await page.title()).toBe(`${route.head.title} | AquaPuebla`)
        expect(await page.$$eval('title', (titles) => titles.length)).toBe(1)
        const current = await (
          await headerNav(page)
        ).$$eval('a[aria-current="page"]', (links) => links.map((link) => link.textContent?.trim()))
        expect({ path: route.path, current }).toEqual({ path: route.path, current: [route.nav] })
        // A page reached on the client is styled as when loaded directly (its CSS is added now).
        expect({ path: route.path, look: await lookOf(page) }).toEqual({
          path: route.path,
          look: directLooks.get(route.path),
        })
      }
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })
})

/** When, in the page's clock, the first contentful paint happened and each of its scripts was requested. */
function loadTimings(page: Page) {
  return page.evaluate(() => {
    const [paint] = performance.getEntriesByName('first-contentful-paint')
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const scripts = resources.filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
    const photo = resources.find((entry) => new URL(entry.name).hostname === 'images.unsplash.com')
    return {
      firstContentfulPaint: paint?.startTime ?? Number.NaN,
      firstScriptRequested: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
      photoArrived: photo?.responseEnd ?? Number.NaN,
    }
  })
}

describe('script loading', () => {
  test.each(ROUTES)('$path asks for its scripts only after the first contentful paint', async (route) => {
    const { page, problems } = await openPage(browser, { width: 390, height: 844 })
    try {
      await loadHydrated(page, route.path)
      const timings = await loadTimings(page)
      expect(timings.scripts).toBeGreaterThan(1)
      expect(timings.firstScriptRequested).toBeGreaterThan(timings.firstContentfulPaint)
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })

  test.each(ROUTES)(
    '$path hydrates with the scripts its HTML names: start-up discovers none late (no round trip more)',
    async (route) => {
      const { page, problems } = await openPage(browser, { width: 390, height: 844 })
      try {
        // When React takes over #root, in the page's clock: every script asked for before that moment is
        // on the path to hydration, and must be one the prerendered page lists (the deferred entry and its
        // modulepreloads, React DOM's chunk among them), not one found while evaluating another.
        await page.evaluateOnNewDocument(() => {
          const watch = () => {
            const root = document.getElementById('root')
            if (root && Object.keys(root).some((key) => key.startsWith('__reactContainer')))
              (window as unknown as { hydratedAt: number }).hydratedAt = performance.now()
            else requestAnimationFrame(watch)
          }
          requestAnimationFrame(watch)
        })
        await loadHydrated(page, route.path)
        const { listed, requested } = await page.evaluate(() => {
          const template = document.getElementById('app-scripts') as HTMLTemplateElement
          const hydratedAt = (window as unknown as { hydratedAt: number }).hydratedAt
          return {
            listed: [...template.content.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
              (element) =>
                new URL(element.getAttribute('src') ?? element.getAttribute('href')!, location.href).pathname,
            ),
            requested: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((entry) => entry.name.endsWith('.js') && entry.startTime < hydratedAt)
              .map((entry) => new URL(entry.name).pathname),
          }
        })
        expect(listed.some((file) => /^\/assets\/react-dom-client-[\w-]+\.js$/.test(file))).toBe(true)
        expect(requested.length).toBeGreaterThan(1)
        expect(requested.filter((file) => !listed.includes(file))).toEqual([])
        expect(problems).toEqual([])
      } finally {
        await page.close()
      }
    },
  )

  test('the home page lets its hero photo arrive before asking for scripts', async () => {
    // A slow photo host: the hero photo is answered 1.2 s after the page's first contentful paint. Counted
    // from the paint, not from the request, so that a slow machine (whose first paint comes late) still gets a
    // photo that arrives well after it.
    const page = await browser.newPage()
    const painted = async () => {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const done = await page
          .evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0)
          .catch(() => false)
        if (done) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    try {
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true })
      await page.setRequestInterception(true)
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.hostname === '127.0.0.1') void request.continue()
        else if (url.hostname === 'images.unsplash.com')
          void painted().then(() =>
            setTimeout(() => {
              void request.respond({ status: 200, contentType: 'image/svg+xml', body: placeholderPhoto(url) })
            }, 1200),
          )
        else void request.abort('blockedbyclient')
      })
      await loadHydrated(page, paths.inicio)
      const timings = await loadTimings(page)
      expect(timings.photoArrived).toBeGreaterThan(timings.firstContentfulPaint + 1000)
      expect(timings.firstScriptRequested).toBeGreaterThanOrEqual(timings.photoArrived)
      // And the page still hydrates: React has taken over its root container.
      expect(
        await page.$eval('#root', (root) => Object.keys(root).some((key) => key.startsWith('__react'))),
      ).toBe(true)
    } finally {
      await page.close()
    }
  })
})

describe.each(NOT_FOUND_PATHS)('unknown path %s', (path) => {
  test('answers 404 with the error screen inside the site chrome, kept out of search results', async () => {
    const { status, html } = await fetchPage(path)
    expect(status).toBe(404)
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('404 Not Found')
    expect(headOf(html)).toContain('<meta name="robots" content="noindex')
    expect(html).toMatch(/<header\b/)
    expect(html).toMatch(/<footer\b/)
    expect(html).toContain('Navegación principal')
  })

  test('hydrates without console problems', async () => {
    const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
    try {
      const response = await page.goto(urlOf(path), { waitUntil: 'networkidle0' })
      await settle(page)
      expect(response?.status()).toBe(404)
      // Chromium reports the document's own 404 status on the console, once: that line is the status we asked
      // for, not a problem of the page. Anything else (hydration mismatch, router warning, a second 404 from a
      // missing chunk) counts.
      const statusLine = /^error: Failed to load resource: the server responded with a status of 404/
      expect(problems.filter((problem) => statusLine.test(problem)).length).toBeLessThanOrEqual(1)
      expect(problems.filter((problem) => !statusLine.test(problem))).toEqual([])
      expect(await h1Text(page)).toBe('Unexpected Application Error!')
      expect(await page.$eval('main', (main) => main.textContent)).toContain('404 Not Found')
      expect(await page.$('header')).not.toBeNull()
      expect(await page.$('footer')).not.toBeNull()
      expect(await page.$$eval('title', (titles) => titles.length)).toBe(1)
    } finally {
      await page.close()
    }
  })
})

describe('mobile menu at 390×844', () => {
  let page: Page
  let problems: string[]

  beforeAll(async () => {
    ;({ page, problems } = await openPage(browser, { width: 390, height: 844 }))
    await loadHydrated(page, paths.inicio)
  })

  afterAll(() => page?.close())

  const toggle = async () => {
    const button = await page.$('header button[aria-controls]')
    if (!button) throw new Error('menu toggle not found')
    return button
  }
  const expanded = async () => (await toggle()).evaluate((button) => button.getAttribute('aria-expanded'))
  const panelSelector = async () =>
    `#${await (await toggle()).evaluate((button) => button.getAttribute('aria-controls'))}`
  const visiblePanelLinks = async () =>
    page.$$eval(`${await panelSelector()} a`, (links) =>
      links
        .filter((link) => link.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((link) => link.textContent?.trim()),
    )
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim())
  /**
   * Waits for the menu to say it is open or closed (aria-expanded on the toggle) and for its transitions to
   * end: waiting for that, not a fixed time, so a slow machine gets the time it needs. A menu that never
   * changes state times out here.
   */
  const menuSettled = async (state: 'true' | 'false') => {
    await page.waitForFunction(
      (wanted) =>
        document.querySelector('header button[aria-controls]')?.getAttribute('aria-expanded') === wanted,
      { timeout: 10_000 },
      state,
    )
    await animationsFinished(page, 10_000)
  }

  test('the closed toggle is named, collapsed and controls the menu, whose links are hidden', async () => {
    const button = await page.$('::-p-aria([name="Abrir menú"][role="button"])')
    expect(button).not.toBeNull()
    expect(await expanded()).toBe('false')
    const controls = await (await toggle()).evaluate((element) => element.getAttribute('aria-controls'))
    expect(controls).toBeTruthy()
    expect(await page.$(`#${controls}`)).not.toBeNull()
    expect(await visiblePanelLinks()).toEqual([])
  })

  test('opening shows the links and Cotizar Ahora and focuses the first link', async () => {
    await (await toggle()).click()
    await menuSettled('true')
    expect(await expanded()).toBe('true')
    expect(await page.$('::-p-aria([name="Cerrar menú"][role="button"])')).not.toBeNull()
    expect(await visiblePanelLinks()).toEqual([...mainNav.map((item) => item.label), 'Cotizar Ahora'])
    const panel = await page.$(await panelSelector())
    const cta = await panel?.$('::-p-aria([name="Cotizar Ahora"][role="link"])')
    expect(await cta?.isVisible()).toBe(true)
    expect(await focusedText()).toBe(mainNav[0].label)
    expect(
      await page.evaluate(
        (selector) => document.querySelector(selector)?.contains(document.activeElement),
        await panelSelector(),
      ),
    ).toBe(true)
  })

  test('Escape closes the menu and returns focus to the toggle', async () => {
    await page.keyboard.press('Escape')
    await menuSettled('false')
    expect(await expanded()).toBe('false')
    expect(await visiblePanelLinks()).toEqual([])
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBeTruthy()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Abrir menú')
  })

  test('choosing Servicios navigates on the client and closes the menu', async () => {
    await page.evaluate(() => {
      ;(window as unknown as { __marker: number }).__marker = 1
    })
    await (await toggle()).click()
    await menuSettled('true')
    const panel = await page.$(await panelSelector())
    if (!panel) throw new Error('menu panel not found')
    await (await navLink(panel, 'Servicios')).click()
    await page.waitForFunction(
      (h1) => document.querySelector('h1')?.textContent?.trim() === h1,
      {},
      servicios.intro.title,
    )
    await settle(page)
    expect(new URL(page.url()).pathname).toBe(paths.servicios)
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)
    expect(await expanded()).toBe('false')
    expect(await visiblePanelLinks()).toEqual([])
    expect(problems).toEqual([])
  })
})

describe.each([320, 390, 1280])('at %i px wide', (width) => {
  test('no route scrolls horizontally', async () => {
    const { page } = await openPage(browser, { width, height: 800 })
    try {
      const overflowing: { path: string; scrollWidth: number; innerWidth: number; widest: string[] }[] = []
      for (const route of ROUTES) {
        await loadHydrated(page, route.path)
        const measured = await page.evaluate(() => {
          const viewport = window.innerWidth
          // On failure, name the elements that stick out past the right edge, for the report.
          const widest = [...document.body.querySelectorAll('*')]
            .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80))
          return { scrollWidth: document.documentElement.scrollWidth, innerWidth: viewport, widest }
        })
        if (measured.scrollWidth > measured.innerWidth) overflowing.push({ path: route.path, ...measured })
      }
      expect(overflowing).toEqual([])
    } finally {
      await page.close()
    }
  })
})

describe('crawling files', () => {
  test('sitemap.xml lists exactly the five absolute page URLs', async () => {
    const response = await fetch(urlOf('/sitemap.xml'))
    expect(response.status).toBe(200)
    const xml = await response.text()
    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])
    expect(locations).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/nosotros`,
      `${ORIGIN}/servicios`,
      `${ORIGIN}/ubicacion`,
      `${ORIGIN}/contacto`,
    ])
  })

  test('robots.txt points to the sitemap', async () => {
    const response = await fetch(urlOf('/robots.txt'))
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(
      new RegExp(`^Sitemap: ${escapeRegExp(`${ORIGIN}/sitemap.xml`)}$`, 'm'),
    )
  })
})

describe('keyboard', () => {
  test('the first Tab reaches the skip link, which moves focus to the main content', async () => {
    const { page, problems } = await openPage(browser, { width: 1280, height: 800 })
    try {
      await loadHydrated(page, paths.inicio)
      await page.keyboard.press('Tab')
      expect(await focusedName(page)).toBe('Saltar al contenido principal')
      const skipLink = await page.evaluateHandle(() => document.activeElement as Element)
      expect(await skipLink.isIntersectingViewport()).toBe(true)
      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.id === 'contenido')
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })
})

function focusedName(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim(),
  )
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
