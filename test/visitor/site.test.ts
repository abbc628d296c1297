/**
 * The built site as a visitor meets it: each route script-less and hydrated, client-side navigation, a reload,
 * the 404 screen, the mobile menu, no sideways scrolling, the skip link. Written once against
 * test/helpers/driver.ts, run by the jest projects `chromium`, `firefox`, `webkit` and `nginx` (Chromium with
 * nginx serving the build), against dist/.
 * Run one: `npx jest test/visitor/site.test.ts --selectProjects webkit` (or chromium, firefox, nginx).
 *
 * Which subset runs where, and why (CI runs a slow suite once where a subset proves the same):
 * - every project: each route without scripts (its head as served, its heading and content shown), then hydrated
 *   (no console problem or CSP violation, the prerendered look, scripts only after the first paint: the engine
 *   reports the paint), a reload and the 404 screen. On nginx that is what only
 *   a browser proves there: its real headers, policy and caching under a hydrated page; its status codes, types
 *   and 404 page are test/hosts/hosts.test.ts's (every server, one table);
 * - every engine, not `nginx`: what the engine lays out and focuses (the mobile menu, sideways scrolling, a phone
 *   number kept on one line, the skip link), from the page's files alone, which nginx serves byte for byte;
 * - `chromium` only: the 404 page's raw HTML (no browser: it proves scripts/serve.ts), the header links' client-side
 *   navigation (react-router's script, the same in every engine; the reload test follows one link everywhere)
 *   and that start-up discovers no script late (the module graph the build lists, the same in every engine);
 * - Chromium and Firefox: the hero photo before the scripts (request interception, which WebKit's classic
 *   WebDriver lacks);
 * - WebKitGTK's window is never narrower than 447 px: there "phone width" is 447, and the 320 and 390 px overflow
 *   and phone-number checks are the 447 px one; the `webkit` project also checks its driver (a missing piece is
 *   named with its Debian package, a session that cannot start is retried, then fails with the driver's own
 *   message).
 * prefers-reduced-motion is motion.test.ts's (CDP media emulation).
 */
import { everyLinkHydrated } from '../helpers/hydration'
import { placeholderPhoto } from '../../scripts/lib/offline-images'
import { paths } from '../../schema/paths'
import { site as company } from '../../src/config/site'
import { servicios } from '../../src/content/servicios'
import { mainNav } from '../../src/content/shared'
import {
  onlyIn,
  puppeteerPage,
  puppeteerTab,
  theOpenSite,
  widthsFor,
  withTab,
  type EngineName,
  type Tab,
} from '../helpers/driver'
import { ROUTES, type Route } from '../helpers/routes'
import { startWebKit, webkitExecutables } from '../helpers/webkit'

/** The public origin every absolute URL points to (jest's SITE_URL global, as in the build). */
const ORIGIN = 'https://www.aquapuebla.mx'

const NOT_FOUND_PATHS = ['/no-existe', '/foo/bar']

/** `onlyIn` on scripts/serve.ts: not in the `nginx` project (the header says which subset runs where). */
function servedIn<T extends jest.It | jest.Describe>(engines: EngineName[], why: string, block: T): T {
  return onlyIn(process.env.TEST_HOST === 'nginx' ? [] : engines, why, block)
}
const describeServer = servedIn(['chromium'], 'no browser: it proves scripts/serve.ts', describe)
const describePage = servedIn(
  ['chromium', 'firefox', 'webkit'],
  "the engine's layout and focus, from the page's files alone",
  describe,
)
const testOnce = servedIn(['chromium'], 'script or build, the same in every engine', test)

const site = theOpenSite()

const urlOf = (path: string) => new URL(path, site.url).href

/** The `<head>` of an HTML document, as written. */
function headOf(html: string): string {
  const start = html.indexOf('<head>')
  const end = html.indexOf('</head>')
  expect(start).toBeGreaterThanOrEqual(0)
  expect(end).toBeGreaterThan(start)
  return html.slice(start, end)
}

/** The served head as the browser parsed it (scripts off): what a crawler and a script-less visitor get. */
const servedHead = (tab: Tab) =>
  tab.evaluate(() => {
    const all = (selector: string, read: (element: Element) => string | null) =>
      [...document.querySelectorAll(selector)].map(read)
    return {
      lang: document.documentElement.lang,
      titles: all('title', (title) => title.textContent),
      descriptions: all('meta[name="description"]', (meta) => meta.getAttribute('content')),
      canonicals: all('link[rel="canonical"]', (link) => link.getAttribute('href')),
      styles: all('head style', (style) => style.getAttributeNames().join(' ')),
      baseCss: /\bbody\{/.test(document.querySelector('style[data-global]')?.textContent ?? ''),
      hydrationData: [...document.scripts].some((script) =>
        script.text.includes('window.__staticRouterHydrationData'),
      ),
    }
  })

/**
 * Hydration is over (everyLinkHydrated, test/helpers/hydration.ts). Then one idle period of the page's main
 * thread (WebKit has no requestIdleCallback: two frames and a task), so effects have run and whatever they log
 * has been seen.
 */
async function settle(tab: Tab): Promise<void> {
  await tab.waitFor(everyLinkHydrated, [], { timeout: 20_000, what: 'hydration (every link of #root)' })
  await tab.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 })
        else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))
      }),
  )
}

/** Loads a page with JavaScript on and waits until hydration and its effects have settled. */
async function loadHydrated(tab: Tab, path: string): Promise<void> {
  await tab.goto(path)
  await settle(tab)
}

/**
 * How a page looks, in numbers a style change would move: computed styles of the header, the heading,
 * the first band of main, a card-like block and the footer.
 */
function lookOf(tab: Tab): Promise<Record<string, string>> {
  return tab.evaluate(() => {
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
function rulesInsertedByStyledComponents(tab: Tab): Promise<number> {
  return tab.evaluate(() =>
    [...document.querySelectorAll('style[data-styled]')].reduce(
      (sum, tag) => sum + ((tag as HTMLStyleElement).sheet?.cssRules.length ?? 0),
      0,
    ),
  )
}

/**
 * Waits until no CSS animation is running, asking the page with synchronous evaluations: with scripting off
 * (Firefox's second browser, WebKit's second session) the page's own promises never settle.
 */
async function animationsFinished(tab: Tab, timeout = 5000): Promise<void> {
  await tab.waitFor(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    [],
    { timeout, what: 'the running CSS animations to end' },
  )
}

const h1Text = (tab: Tab) => tab.evaluate(() => document.querySelector('h1')?.textContent?.trim() ?? '')

/** Whether an element is rendered, not transparent anywhere up its ancestry, and has a box. */
function isShown(tab: Tab, selector: string): Promise<boolean> {
  return tab.evaluate((css: string) => {
    const element = document.querySelector(css)
    if (!element || element.getClientRects().length === 0) return false
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.display === 'none' || style.visibility !== 'visible' || Number(style.opacity) < 1)
        return false
    }
    return true
  }, selector)
}

/** Photos the page asked for that did not decode (a broken image), by URL. */
const brokenImages = (tab: Tab) =>
  tab.evaluate(() =>
    [...document.images]
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.src),
  )

const headerNav = (tab: Tab) => tab.byRole('navigation', 'Navegación principal')

/** Clicks the header link `name` and waits for the page it leads to (its h1 and its title). */
async function followHeaderLink(tab: Tab, route: Route): Promise<void> {
  await tab.click(await tab.byRole('link', route.nav, await headerNav(tab)))
  await tab.waitFor((h1: string) => document.querySelector('h1')?.textContent?.trim() === h1, [route.h1], {
    what: `the heading of ${route.path}`,
  })
  // The head is updated after the new page renders: wait for its title rather than a fixed time.
  await tab.waitFor((title: string) => document.title === title, [`${route.head.title} | AquaPuebla`], {
    what: `the title of ${route.path}`,
  })
}

const pathOf = async (tab: Tab) => new URL(await tab.url()).pathname
const marker = (tab: Tab) => tab.evaluate(() => (window as unknown as { __marker?: number }).__marker)
const setMarker = (tab: Tab) => tab.evaluate(() => Object.assign(window, { __marker: 1 }) && undefined)

describe('with JavaScript enabled', () => {
  test.each(ROUTES)(
    '$path serves its head and shows its heading and content without scripts, and hydrates onto that page: no console problem, one title, every photo, the same look, scripts after the first paint',
    async (route) => {
      const plain = await site.open({ width: 1280, height: 800, javascript: false })
      let prerendered: Record<string, string>
      try {
        await plain.goto(route.path)
        prerendered = await lookOf(plain)
        expect(
          await plain.evaluate(
            () => typeof (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData,
          ),
        ).toBe('undefined')
        // CSS animations run without scripts too: let any entrance animation finish before judging.
        await animationsFinished(plain)
        expect(await h1Text(plain)).toBe(route.h1)
        // The head as served: Spanish, one title, description and canonical; the base CSS, then the page's
        // component CSS (kept out of styled-components' own tag on purpose); the router's data to hydrate with.
        expect(await servedHead(plain)).toEqual({
          lang: 'es-MX',
          titles: [`${route.head.title} | AquaPuebla`],
          descriptions: [route.head.description],
          canonicals: [route.path === '/' ? `${ORIGIN}/` : `${ORIGIN}${route.path}`],
          styles: ['data-global', 'data-ssr-styles'],
          baseCss: true,
          hydrationData: true,
        })
        expect(await isShown(plain, 'h1')).toBe(true)
        expect(await isShown(plain, 'main#contenido')).toBe(true)
        // Every heading and paragraph in main has a box and is fully opaque: nothing waits for a script.
        const hidden = await plain.evaluate(() =>
          [...document.querySelectorAll('main h1, main h2, main h3, main p, main li')]
            .filter((element) => {
              if (element.closest('[hidden], noscript')) return false
              if (element.getClientRects().length === 0) return true
              for (let node: Element | null = element; node; node = node.parentElement) {
                const style = getComputedStyle(node)
                if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 1)
                  return true
              }
              return false
            })
            .map(
              (element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60)}`,
            ),
        )
        expect(hidden).toEqual([])
      } finally {
        await plain.close()
      }
      await withTab(site, { width: 1280, height: 800 }, async (tab) => {
        await loadHydrated(tab, route.path)
        expect(await tab.problems()).toEqual([])
        expect(await tab.evaluate(() => document.querySelectorAll('title').length)).toBe(1)
        expect(await tab.title()).toBe(`${route.head.title} | AquaPuebla`)
        expect(await h1Text(tab)).toBe(route.h1)
        expect(await brokenImages(tab)).toEqual([])
        expect(await lookOf(tab)).toEqual(prerendered)
        // Class names in the browser are the server's and styled-components knows them all: had an id
        // or a name differed, it would have compiled and inserted that component's rules again.
        expect(await rulesInsertedByStyledComponents(tab)).toBe(0)
        const timings = await loadTimings(tab)
        expect(timings.scripts).toBeGreaterThan(1)
        // The loader's rule (scripts/build/preload-links.ts): after the first contentful paint, or, when no paint
        // is reported within a second of the load event (Firefox after a reload; a machine too busy to paint
        // soon), by its fallback a second after the load event; never before the earlier of the two.
        expect(timings.firstScriptRequested).toBeGreaterThanOrEqual(
          Math.min(timings.firstContentfulPaint, timings.loadEventStart + 1000),
        )
      })
    },
  )

  test('a reloaded page hydrates again', async () => {
    // Regression (found in the first Firefox run): Firefox reports no first-contentful-paint for a reloaded page,
    // and the script loader waited for one, so after a reload the page was never hydrated.
    await withTab(site, { width: 1280, height: 800 }, async (tab) => {
      await loadHydrated(tab, paths.contacto)
      await tab.reload()
      await settle(tab)
      expect(
        await tab.evaluate(
          () =>
            (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type,
        ),
      ).toBe('reload')
      // And it works on the client: a header link moves without loading a document.
      await setMarker(tab)
      await followHeaderLink(
        tab,
        ROUTES.find((route) => route.path === paths.servicios)!,
      )
      expect(await marker(tab)).toBe(1)
      expect(await tab.problems()).toEqual([])
    })
  })

  testOnce('header links navigate on the client, without a full reload', async () => {
    await withTab(site, { width: 1280, height: 800 }, async (tab) => {
      // How each page looks when loaded directly, to compare with the same page reached on the client.
      const directLooks = new Map<string, Record<string, string>>()
      for (const route of ROUTES) {
        await loadHydrated(tab, route.path)
        directLooks.set(route.path, await lookOf(tab))
      }

      await loadHydrated(tab, paths.inicio)
      await setMarker(tab)
      // Every other page in turn, then back home.
      for (const route of [...ROUTES.slice(1), ROUTES[0] as Route]) {
        await followHeaderLink(tab, route)
        expect(await pathOf(tab)).toBe(route.path)
        expect(await marker(tab)).toBe(1)
        expect(await tab.title()).toBe(`${route.head.title} | AquaPuebla`)
        expect(await tab.evaluate(() => document.querySelectorAll('title').length)).toBe(1)
        const current = await tab.evaluate(() =>
          [...document.querySelectorAll('header nav a[aria-current="page"]')].map((link) =>
            link.textContent?.trim(),
          ),
        )
        expect({ path: route.path, current }).toEqual({ path: route.path, current: [route.nav] })
        // A page reached on the client is styled as when loaded directly (its CSS is added now).
        expect({ path: route.path, look: await lookOf(tab) }).toEqual({
          path: route.path,
          look: directLooks.get(route.path),
        })
      }
      expect(await tab.problems()).toEqual([])
    })
  })
})

/** When, in the page's clock, the first contentful paint happened and each of its scripts was requested. */
function loadTimings(tab: Tab) {
  return tab.evaluate(() => {
    const [paint] = performance.getEntriesByName('first-contentful-paint')
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const scripts = resources.filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
    const photo = resources.find((entry) => new URL(entry.name).hostname === 'images.unsplash.com')
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined
    return {
      firstContentfulPaint: paint?.startTime ?? Number.NaN,
      loadEventStart: navigation?.loadEventStart ?? Number.NaN,
      firstScriptRequested: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
      photoArrived: photo?.responseEnd ?? Number.NaN,
    }
  })
}

describe('script loading', () => {
  testOnce.each(ROUTES)(
    '$path hydrates with the scripts its HTML names: start-up discovers none late (no round trip more)',
    async (route) => {
      await withTab(site, { width: 390, height: 844 }, async (tab) => {
        // When React takes over #root, in the page's clock: every script asked for before that moment is
        // on the path to hydration, and must be one the prerendered page lists (the deferred entry and its
        // modulepreloads, React DOM's chunk among them), not one found while evaluating another.
        await puppeteerPage(tab).evaluateOnNewDocument(() => {
          const watch = () => {
            const root = document.getElementById('root')
            if (root && Object.keys(root).some((key) => key.startsWith('__reactContainer')))
              (window as unknown as { hydratedAt: number }).hydratedAt = performance.now()
            else requestAnimationFrame(watch)
          }
          requestAnimationFrame(watch)
        })
        await loadHydrated(tab, route.path)
        const { listed, requested } = await tab.evaluate(() => {
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
        expect(await tab.problems()).toEqual([])
      })
    },
  )

  servedIn(
    ['chromium', 'firefox'],
    "request interception, which WebKit's classic WebDriver lacks",
    test,
  )('the home page lets its hero photo arrive before asking for scripts', async () => {
    // A slow photo host: the hero photo is answered 1.2 s after the page's first contentful paint. Counted
    // from the paint, not from the request, so that a slow machine (whose first paint comes late) still gets a
    // photo that arrives well after it.
    const tab = await site.open()
    const page = await puppeteerPage(tab).browser().newPage()
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
      await page.goto(urlOf(paths.inicio), { waitUntil: 'networkidle0' })
      await page.waitForFunction(everyLinkHydrated, { timeout: 15_000, polling: 100 })
      const timings = await loadTimings(puppeteerTab(page, { baseUrl: site.url }))
      expect(timings.photoArrived).toBeGreaterThan(timings.firstContentfulPaint + 1000)
      expect(timings.firstScriptRequested).toBeGreaterThanOrEqual(timings.photoArrived)
      // And the page still hydrates: React has taken over its root container.
      expect(
        await page.$eval('#root', (root) => Object.keys(root).some((key) => key.startsWith('__react'))),
      ).toBe(true)
    } finally {
      await Promise.all([page.close(), tab.close()])
    }
  })
})

describe.each(NOT_FOUND_PATHS)('unknown path %s', (path) => {
  describeServer('as served', () => {
    test('answers 404 with the error screen inside the site chrome, kept out of search results', async () => {
      const response = await fetch(urlOf(path), { redirect: 'manual' })
      const html = await response.text()
      expect(response.status).toBe(404)
      expect(html).toContain('Unexpected Application Error!')
      expect(html).toContain('404 Not Found')
      expect(headOf(html)).toContain('<meta name="robots" content="noindex')
      expect(html).toMatch(/<header\b/)
      expect(html).toMatch(/<footer\b/)
      expect(html).toContain('Navegación principal')
    })
  })

  test('hydrates without console problems', async () => {
    await withTab(site, { width: 1280, height: 800 }, async (tab) => {
      await loadHydrated(tab, path)
      // Chromium reports the document's own 404 status on the console, once: that line is the status we asked
      // for, not a problem of the page. Anything else (hydration mismatch, router warning, a second 404 from a
      // missing chunk) counts.
      const statusLine = /^error: Failed to load resource: the server responded with a status of 404/
      const problems = await tab.problems()
      expect(problems.filter((problem) => statusLine.test(problem)).length).toBeLessThanOrEqual(1)
      expect(problems.filter((problem) => !statusLine.test(problem))).toEqual([])
      expect(await h1Text(tab)).toBe('Unexpected Application Error!')
      expect(await tab.evaluate(() => document.querySelector('main')?.textContent)).toContain('404 Not Found')
      expect(
        await tab.evaluate(() => [!!document.querySelector('header'), !!document.querySelector('footer')]),
      ).toEqual([true, true])
      expect(await tab.evaluate(() => document.querySelectorAll('title').length)).toBe(1)
    })
  })
})

describePage("mobile menu at a phone's width", () => {
  let tab: Tab

  beforeAll(async () => {
    tab = await site.open({ width: 390, height: 844 })
    // 390 px (WebKitGTK: 447 px, its narrowest window): below the 480 and 768 px breakpoints either way.
    expect(tab.width).toBeLessThan(480)
    await loadHydrated(tab, paths.inicio)
  })

  afterAll(() => tab?.close())

  const toggleState = () =>
    tab.evaluate(() => {
      const button = document.querySelector('header button[aria-controls]')
      const id = button?.getAttribute('aria-controls')
      return {
        expanded: button?.getAttribute('aria-expanded') ?? null,
        panel: id ? document.getElementById(id) !== null : false,
      }
    })
  const visiblePanelLinks = () =>
    tab.evaluate(() => {
      const id = document.querySelector('header button[aria-controls]')?.getAttribute('aria-controls')
      return [...document.querySelectorAll(`#${id} a`)]
        .filter((link) => link.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((link) => link.textContent?.trim())
    })
  const focused = () =>
    tab.evaluate(() => {
      const active = document.activeElement
      const id = document.querySelector('header button[aria-controls]')?.getAttribute('aria-controls')
      return {
        label: active?.getAttribute('aria-label') ?? active?.textContent?.trim(),
        inPanel: Boolean(id && document.getElementById(id)?.contains(active)),
      }
    })
  const panel = () =>
    tab.element(
      () =>
        document.getElementById(
          document.querySelector('header button[aria-controls]')?.getAttribute('aria-controls') ?? '',
        ),
      [],
      { what: 'the menu panel' },
    )
  /**
   * Waits for the menu to say it is open or closed (aria-expanded on the toggle) and for its transitions to
   * end: waiting for that, not a fixed time, so a slow machine gets the time it needs. A menu that never
   * changes state times out here.
   */
  const menuSettled = async (state: 'true' | 'false') => {
    await tab.waitFor(
      (wanted: string) =>
        document.querySelector('header button[aria-controls]')?.getAttribute('aria-expanded') === wanted,
      [state],
      { what: `aria-expanded="${state}"` },
    )
    await animationsFinished(tab, 10_000)
  }

  test('the closed toggle is named, collapsed and controls the menu, whose links are hidden', async () => {
    await tab.byRole('button', 'Abrir menú')
    expect(await toggleState()).toEqual({ expanded: 'false', panel: true })
    expect(await visiblePanelLinks()).toEqual([])
  })

  test('opening shows the links and Cotizar Ahora and focuses the first link', async () => {
    await tab.click(await tab.byRole('button', 'Abrir menú'))
    await menuSettled('true')
    expect((await toggleState()).expanded).toBe('true')
    await tab.byRole('button', 'Cerrar menú')
    expect(await visiblePanelLinks()).toEqual([...mainNav.map((item) => item.label), 'Cotizar Ahora'])
    await tab.byRole('link', 'Cotizar Ahora', await panel())
    expect(await focused()).toEqual({ label: mainNav[0].label, inPanel: true })
  })

  test('Escape closes the menu and returns focus to the toggle', async () => {
    await tab.press('Escape')
    await menuSettled('false')
    expect((await toggleState()).expanded).toBe('false')
    expect(await visiblePanelLinks()).toEqual([])
    expect(await focused()).toEqual({ label: 'Abrir menú', inPanel: false })
  })

  test('choosing Servicios navigates on the client and closes the menu', async () => {
    await setMarker(tab)
    await tab.click(await tab.byRole('button', 'Abrir menú'))
    await menuSettled('true')
    await tab.click(await tab.byRole('link', 'Servicios', await panel()))
    await tab.waitFor(
      (h1: string) => document.querySelector('h1')?.textContent?.trim() === h1,
      [servicios.intro.title],
      { what: 'the Servicios page' },
    )
    await settle(tab)
    await menuSettled('false')
    expect(await pathOf(tab)).toBe(paths.servicios)
    expect(await marker(tab)).toBe(1)
    expect(await visiblePanelLinks()).toEqual([])
    expect(await tab.problems()).toEqual([])
  })
})

/**
 * Each phone number the page shows, however its groups are joined (so a plain-space regression is found too): the
 * line boxes its own characters occupy and the element it sits in.
 */
const phoneNumbers = (tab: Tab) =>
  tab.evaluate((groups: string[]) => {
    const pattern = new RegExp(groups.map((group) => group.replace(/\+/g, '\\+')).join('\\s'), 'g')
    const found: { text: string; lines: number; where: string }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // With JavaScript on, <noscript> content is raw text that is never laid out; a hidden element (the quote
      // form's note for a press before its scripts) is not laid out either.
      if (node.parentElement?.closest('noscript, script, style, [hidden]')) continue
      for (const match of (node.textContent ?? '').matchAll(pattern)) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const tops = [...range.getClientRects()]
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top))
        const where = `${node.parentElement!.tagName.toLowerCase()} "${node.parentElement!.textContent?.trim().slice(0, 60)}"`
        found.push({ text: match[0], lines: new Set(tops).size, where })
      }
    }
    return found
  }, company.phone.display.split(/\s+/))

describePage.each(widthsFor([320, 390, 1280]))('at %i px wide', (width) => {
  // Regression: "+52 222 123 4567" broke across lines at its plain spaces on a 320 px phone.
  test('no page scrolls horizontally, the 404 screen included, and every phone number it shows stays on one line', async () => {
    await withTab(site, { width, height: 800 }, async (tab) => {
      const overflowing: { path: string; scrollWidth: number; innerWidth: number; widest: string[] }[] = []
      for (const path of [...ROUTES.map((route) => route.path), NOT_FOUND_PATHS[0]!]) {
        await loadHydrated(tab, path)
        const phones = await phoneNumbers(tab)
        expect({ path, shown: phones.length > 0 }).toEqual({ path, shown: true })
        for (const { where, lines, text } of phones)
          expect({ path, where, lines, breakableSpace: /[ \t\n]/.test(text) }).toEqual({
            path,
            where,
            lines: 1,
            breakableSpace: false,
          })
        const measured = await tab.evaluate(() => {
          const viewport = window.innerWidth
          // On failure, name the elements that stick out past the right edge, for the report.
          const widest = [...document.body.querySelectorAll('*')]
            .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80))
          return { scrollWidth: document.documentElement.scrollWidth, innerWidth: viewport, widest }
        })
        if (measured.scrollWidth > measured.innerWidth) overflowing.push({ path, ...measured })
      }
      expect({ width: tab.width, overflowing }).toEqual({ width: tab.width, overflowing: [] })
    })
  })
})

describePage('keyboard', () => {
  test('the first Tab reaches the skip link, which moves focus to the main content', async () => {
    await withTab(site, { width: 1280, height: 800 }, async (tab) => {
      await loadHydrated(tab, paths.inicio)
      await tab.press('Tab')
      const skip = await tab.evaluate(() => {
        const active = document.activeElement
        const box = active?.getBoundingClientRect()
        return {
          name: active?.getAttribute('aria-label') ?? active?.textContent?.trim(),
          inView: box
            ? box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
            : false,
        }
      })
      expect(skip).toEqual({ name: 'Saltar al contenido principal', inView: true })
      await tab.press('Enter')
      await tab.waitFor(() => document.activeElement?.id === 'contenido', [], {
        what: 'focus on the main content',
      })
      expect(await tab.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
      expect(await tab.problems()).toEqual([])
    })
  })
})

onlyIn(
  ['webkit'],
  'tests the WebKit driver itself (test/helpers/webkit.ts)',
  describe,
)('when WebKit cannot run', () => {
  test('a missing driver or browser is named with its Debian package', () => {
    expect(() =>
      webkitExecutables({ ...process.env, WEBKIT_WEBDRIVER_PATH: '/nonexistent/WebKitWebDriver' }),
    ).toThrow(
      /WebKitWebDriver not found at \/nonexistent\/WebKitWebDriver: apt-get install webkit2gtk-driver/,
    )
    expect(() =>
      webkitExecutables({ ...process.env, WEBKIT_BROWSER_PATH: '', PATH: '/nonexistent', DISPLAY: '' }),
    ).toThrow(/no DISPLAY and no xvfb-run: apt-get install xvfb/)
  })

  test("a session that cannot start is tried 3 times, then fails with the driver's own message", async () => {
    // /bin/false is no browser: it exits at once, and the driver never gets a session from it (however long it
    // waits: one second per attempt proves the retries as well as more).
    const attempt = startWebKit({
      env: { ...process.env, WEBKIT_BROWSER_PATH: '/bin/false' },
      sessionTimeoutMs: 1000,
    })
    await expect(attempt).rejects.toThrow(/^WebKit session could not start after 3 attempts: .+/)
  })
})
