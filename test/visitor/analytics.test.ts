/**
 * Analytics (optional Plausible and GA4, docs/analytics.md) in Chromium, against two builds:
 * - the edited build (test/helpers/builds.ts), with both providers configured (PLAUSIBLE_DOMAIN, GA4_ID) and its
 *   lead endpoint answered by a stand-in that answers or fails on demand (test/stand-ins/leads.ts);
 * - the default build (dist/), which has nothing configured.
 * The providers' hosts never see a request: the page's requests to them are answered by their stand-ins
 * (test/stand-ins/analytics.ts: Plausible's Events API, and a few lines that stand in for gtag.js, NOT Google's code)
 * and recorded, so the assertions read what would be sent. Every other external request is aborted
 * (test/helpers/browser.ts), and every console error and Content-Security-Policy violation (the build's own
 * policy, from scripts/build/host-config.ts) fails a test.
 * Waiting: what must happen is waited for (waitForSent, waitForToast, a selector, a heading, the browser's own
 * timing of an interaction). The `sleep`s left are quiet periods before asserting that something did NOT happen
 * (no second pageview, no request before consent, nothing sent before the providers load): no event marks an
 * absence, so a window is the test, and load can only make it pass for the right reason or wait longer.
 * Run: `npx jest test/visitor/analytics.test.ts --selectProjects chromium` (~2 min).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { ubicacion } from '../../src/content/ubicacion'
import { openPage, theBrowser } from '../helpers/browser'
import { ANALYTICS, builtSite, distDir } from '../helpers/builds'
import {
  button,
  field,
  fillForm,
  sleep,
  SUBMIT,
  VALID,
  waitForHydration,
  waitForToast,
} from '../helpers/quote-form'
import { ROUTES } from '../helpers/routes'
import { theSite } from '../helpers/site'
import { analyticsRecorder, type Recorder, type Sent } from '../stand-ins/analytics'
import { leadsStandIn } from '../stand-ins/leads'

const { PLAUSIBLE_DOMAIN, GA4_ID } = ANALYTICS
/** src/analytics/consent.ts CONSENT_KEY */
const CONSENT_KEY = 'aquapuebla:analitica'
const NOTICE = '::-p-aria([name="Aviso de cookies"][role="region"])'
const ACCEPT = '::-p-aria([name="Aceptar"][role="button"])'
const REJECT = '::-p-aria([name="Rechazar"][role="button"])'
const FAILURE_TITLE = 'No pudimos enviar tu mensaje'

/** What a visitor typed (and its parts): none of it may appear in anything sent to a provider. */
const TYPED = VALID
const PERSONAL = [TYPED.name, TYPED.phone, TYPED.email, TYPED.message, 'María', '5550101', 'example.com']

const named = (rec: Recorder, provider: Sent['provider'], name: string) =>
  rec.sent.filter((sent) => sent.provider === provider && sent.name === name)

/** Polls until `done()` holds, or fails after 10 s with `failure()`. */
async function pollUntil(done: () => boolean, failure: () => string, every = 50) {
  const started = Date.now()
  while (!done()) {
    if (Date.now() - started > 10_000) throw new Error(failure())
    await sleep(every)
  }
}

/** Waits until `count` events of that name have been recorded. */
async function waitForSent(rec: Recorder, provider: Sent['provider'], name: string, count = 1) {
  await pollUntil(
    () => named(rec, provider, name).length >= count,
    () => {
      const seen = rec.sent.map((sent) => `${sent.provider}:${sent.name}`).join(', ')
      return `waited 10000 ms for ${count} × ${provider} ${name}; recorded: ${seen || 'nothing'}`
    },
  )
  return named(rec, provider, name)
}

const leads = leadsStandIn()
const variant = theSite({ build: 'edited', leads })
const plain = theSite()
const browser = theBrowser()
const variantDir = builtSite('edited')
const pages: Page[] = []

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()))
})

interface Visit {
  page: Page
  rec: Recorder
  problems: string[]
  /** Requests for the analytics runtime chunk (lazy), with the time they were made. */
  runtimeRequests: number[]
  /** Every external URL the page asked for (answered locally or aborted). */
  external: string[]
}

/**
 * A page on `base` with a clean localStorage plus `consent` when given; contact links are kept from
 * navigating (tel:, mailto: and wa.me would leave the page or open a tab) after our listener saw them.
 */
async function visit(
  base: string,
  route: string,
  {
    consent,
    width = 1280,
    idle = true,
  }: { consent?: 'granted' | 'denied'; width?: number; idle?: boolean } = {},
): Promise<Visit> {
  const rec = analyticsRecorder()
  const { page, problems, external } = await openPage(browser, { width, height: 800, answer: rec.answer })
  pages.push(page)
  const runtimeRequests: number[] = []
  page.on('request', (request) => {
    if (/\/assets\/runtime-[\w-]+\.js$/.test(request.url())) runtimeRequests.push(Date.now())
  })
  await page.evaluateOnNewDocument(() => {
    window.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (link && /^(tel:|mailto:|https:\/\/wa\.me\/)/.test(link.getAttribute('href') ?? ''))
        event.preventDefault()
    })
  })
  if (!idle) {
    // The browser never reports idle time in this page: the runtime waits for an interaction or for
    // the test to call window.__idle(), so a test can raise events before it loads.
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { requestIdleCallback: (cb: () => void) => number; __idle?: () => void }
      w.requestIdleCallback = (callback) => {
        w.__idle = callback
        return 1
      }
    })
  }
  await page.goto(`${base}/robots.txt`)
  await page.evaluate(
    (key, value) => {
      localStorage.clear()
      if (value) localStorage.setItem(key, value)
    },
    CONSENT_KEY,
    consent ?? '',
  )
  await page.goto(base + route, { waitUntil: 'load' })
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('a')].some((a) =>
        Object.keys(a).some((k) => k.startsWith('__reactProps$')),
      ),
    { timeout: 10_000, polling: 100 },
  )
  return { page, rec, problems, runtimeRequests, external }
}

/** The title the prerender wrote for a route: the page's own <title>. */
function prerenderedTitle(route: string): string {
  const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`
  const html = readFileSync(path.join(variantDir, file), 'utf8')
  return (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&')
}

async function clickNav(page: Page, name: string) {
  await page.locator(`header ::-p-aria([name="${name}"][role="link"])`).click()
}

/**
 * Clicks a link as a visitor does, once it is in view. The scroll is instant: the site scrolls smoothly, and a
 * click while the page still moves can land on another element (seen under load: a page view instead of the
 * emergency section's phone click).
 */
async function clickLink(page: Page, selector: string) {
  await page.$eval(selector, (element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }))
  await page.locator(selector).click()
}

function expectNoPersonalData(rec: Recorder) {
  for (const { raw } of rec.sent)
    for (const value of PERSONAL)
      expect({ sent: raw, contains: decodeURIComponent(raw).includes(value) }).toEqual({
        sent: raw,
        contains: false,
      })
}

/* ------------------------------------------------------------------------------------------------ */

describe('with Plausible and GA4 configured', () => {
  test('one page view per visited page, first load included, with its title and canonical path', async () => {
    const { page, rec, problems, runtimeRequests } = await visit(variant.url, '/')
    await waitForSent(rec, 'plausible', 'pageview')
    const routes = ROUTES.slice(1)
    for (const [i, { nav, path: route }] of routes.entries()) {
      await clickNav(page, nav)
      await page.waitForFunction((expected) => location.pathname === expected, { polling: 100 }, route)
      await waitForSent(rec, 'plausible', 'pageview', i + 2)
    }
    await page.goBack()
    await page.waitForFunction(() => location.pathname === '/ubicacion', { polling: 100 })
    await waitForSent(rec, 'plausible', 'pageview', 6)
    await sleep(500)

    const visited = ['/', ...routes.map((route) => route.path), '/ubicacion']
    expect(
      named(rec, 'plausible', 'pageview').map(({ url, props }) => ({ url, title: props.title })),
    ).toEqual(visited.map((route) => ({ url: variant.url + route, title: prerenderedTitle(route) })))
    expect(
      named(rec, 'plausible', 'pageview').every((sent) => JSON.parse(sent.raw).domain === PLAUSIBLE_DOMAIN),
    ).toBe(true)

    // The providers' code came after the load event, never on the way to the first paint: the app that loads it
    // starts after the first contentful paint, or a second after the load event when no paint is reported by
    // then (scripts/build/preload-links.ts; a machine too busy to paint soon).
    const timing = await page.evaluate(() => ({
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      loadStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .loadEventStart,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      runtime: performance.getEntriesByType('resource').find((entry) => /\/assets\/runtime-/.test(entry.name))
        ?.startTime,
    }))
    expect(runtimeRequests).toHaveLength(1)
    expect(timing.runtime).toBeGreaterThanOrEqual(timing.load)
    expect(timing.runtime).toBeGreaterThan(Math.min(timing.fcp, timing.loadStart + 1000))

    // No answer to the consent notice yet: nothing went to Google.
    await page.locator(NOTICE).wait()
    expect(rec.google).toEqual([])
    expect(problems).toEqual([])
  })

  test('before consent nothing reaches Google; Aceptar (keyboard) sends the waiting page view; remembered', async () => {
    const { page, rec, problems } = await visit(variant.url, '/nosotros')
    await page.locator(NOTICE).wait()
    await waitForSent(rec, 'plausible', 'pageview')
    expect(rec.google).toEqual([])
    // The notice is first in the tab order: its privacy link, then Aceptar.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.$eval(ACCEPT, (element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.$(NOTICE)).toBeNull()

    const [view] = await waitForSent(rec, 'ga4', 'page_view')
    expect(view).toMatchObject({
      url: `${variant.url}/nosotros`,
      props: { title: prerenderedTitle('/nosotros') },
    })
    const commands = await page.evaluate(
      () => (window as unknown as { __gtagCommands: unknown[][] }).__gtagCommands,
    )
    expect(commands).toContainEqual([
      'consent',
      'default',
      {
        analytics_storage: 'granted',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ])
    expect(commands).toContainEqual(['config', GA4_ID, expect.objectContaining({ send_page_view: false })])

    await clickNav(page, 'Servicios')
    await waitForSent(rec, 'ga4', 'page_view', 2)
    await page.reload({ waitUntil: 'load' })
    await waitForSent(rec, 'ga4', 'page_view', 3)
    expect(await page.$(NOTICE)).toBeNull()
    expect(named(rec, 'ga4', 'page_view').map((sent) => sent.url)).toEqual(
      ['/nosotros', '/servicios', '/servicios'].map((route) => variant.url + route),
    )
    expect(problems).toEqual([])
  })

  test('Rechazar: nothing is ever sent to Google, the answer is remembered, Plausible still counts', async () => {
    const { page, rec, problems } = await visit(variant.url, '/servicios')
    await page.locator(REJECT).click()
    expect(await page.$(NOTICE)).toBeNull()
    await clickNav(page, 'Contacto')
    await page.locator(field('name')).fill('x')
    await page.reload({ waitUntil: 'load' })
    await waitForSent(rec, 'plausible', 'pageview', 3)
    await sleep(1500)
    expect(await page.$(NOTICE)).toBeNull()
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('denied')
    expect(rec.google).toEqual([])
    expect(await page.cookies()).toEqual([])
    expect(problems).toEqual([])
  })

  test('conversion events: each once, with its documented properties and no personal data', async () => {
    const { page, rec, problems } = await visit(variant.url, '/contacto', { consent: 'granted' })
    await waitForHydration(page)
    await waitForSent(rec, 'ga4', 'page_view')

    // Quote started at the first input, once however much is typed; delivered with the service.
    await fillForm(page, TYPED)
    await page.locator(button(SUBMIT)).click()
    await waitForSent(rec, 'plausible', 'quote_delivered')

    // A failed delivery, and the failure toast's WhatsApp and phone links.
    leads.mode = 'fail'
    try {
      await fillForm(page, TYPED)
      await page.locator(button(SUBMIT)).click()
      await waitForToast(page, FAILURE_TITLE)
      await waitForSent(rec, 'plausible', 'quote_failed')
    } finally {
      leads.mode = 'ok'
    }
    await clickLink(page, '[role="region"] a[href^="tel:"]')
    await clickLink(page, '[role="region"] a[href^="https://wa.me/"]')
    const closeToast = '::-p-aria([name="Cerrar notificación"][role="button"])'
    if (await page.$(closeToast)) {
      await page.locator(closeToast).click()
      // Gone, its exit animation over: nothing covers the links clicked next.
      await page.waitForSelector(closeToast, { hidden: true, timeout: 5000 })
    }

    // Contact links on the page, each in its place.
    for (const link of [
      'main ul a[href^="tel:"]',
      'main ul a[href^="mailto:"]',
      '[aria-labelledby="emergencia"] a[href^="tel:"]',
      '[aria-labelledby="privacidad"] a[href^="mailto:"]',
      'footer a[href^="tel:"]',
      'footer a[href^="mailto:"]',
    ])
      await clickLink(page, link)

    // The location page: the floating button (at the top of the page), the closing band, the details.
    await page.evaluate(() => window.scrollTo(0, 0))
    await clickNav(page, 'Ubicación')
    await page.waitForFunction(
      (h1) => location.pathname === '/ubicacion' && document.querySelector('h1')?.textContent?.trim() === h1,
      { polling: 100 },
      ubicacion.intro.title,
    )
    await page
      .locator('::-p-aria([name="Escríbenos por WhatsApp (se abre en una pestaña nueva)"][role="link"])')
      .click()
    await clickLink(page, '[aria-labelledby="contacto-directo"] a[href^="https://wa.me/"]')
    await clickLink(page, '[aria-labelledby="contacto-directo"] a[href^="tel:"]')
    await clickLink(page, '[aria-labelledby="oficina"] a[href^="tel:"]')
    await waitForSent(rec, 'ga4', 'phone_click', 6)

    const expected = [
      { name: 'quote_started', props: {} },
      { name: 'quote_delivered', props: { service: TYPED.service, simulated: 'false' } },
      { name: 'quote_failed', props: { reason: 'http', status: '500' } },
      { name: 'phone_click', props: { placement: 'failure_toast' } },
      { name: 'whatsapp_click', props: { placement: 'failure_toast' } },
      { name: 'phone_click', props: { placement: 'contact_cards' } },
      { name: 'email_click', props: { placement: 'contact_cards' } },
      { name: 'phone_click', props: { placement: 'emergency' } },
      { name: 'email_click', props: { placement: 'form_privacy' } },
      { name: 'phone_click', props: { placement: 'footer' } },
      { name: 'email_click', props: { placement: 'footer' } },
      { name: 'whatsapp_click', props: { placement: 'floating_button' } },
      { name: 'whatsapp_click', props: { placement: 'location_page' } },
      { name: 'phone_click', props: { placement: 'location_page' } },
      { name: 'phone_click', props: { placement: 'location_details' } },
    ]
    const conversions = (provider: Sent['provider']) =>
      rec.sent
        .filter(
          (sent) => sent.provider === provider && !['pageview', 'page_view', 'web_vital'].includes(sent.name),
        )
        .map(({ name, props }) => ({ name, props }))
    expect(conversions('plausible')).toEqual(expected)
    // GA4 gets the same events with the same properties (its numbers and booleans arrive as text too).
    expect(conversions('ga4')).toEqual(expected)
    expectNoPersonalData(rec)
    // Chromium logs the lead endpoint's deliberate 500 answer; nothing else may appear.
    expect(problems.filter((problem) => !/the server responded with a status of 500/.test(problem))).toEqual(
      [],
    )
  })

  test('events raised before the providers load wait, and are sent once when they do', async () => {
    const { page, rec, problems, runtimeRequests } = await visit(variant.url, '/nosotros', { idle: false })
    // A click without pointerdown or keydown (as from assistive technology): raises phone_click.
    await page.$eval('footer a[href^="tel:"]', (link) => (link as HTMLElement).click())
    await sleep(800)
    expect(runtimeRequests).toEqual([])
    expect(rec.sent).toEqual([])

    await page.evaluate(() => (window as unknown as { __idle: () => void }).__idle())
    await waitForSent(rec, 'plausible', 'phone_click')
    expect(
      rec.sent
        .filter((sent) => sent.provider === 'plausible' && sent.name !== 'web_vital')
        .map((s) => s.name),
    ).toEqual(['pageview', 'phone_click'])
    expect(runtimeRequests).toHaveLength(1)
    expect(problems).toEqual([])
  })

  test('field Web Vitals arrive when the page is hidden, tagged with the route', async () => {
    const { page, rec, problems } = await visit(variant.url, '/servicios', { consent: 'denied' })
    await waitForSent(rec, 'plausible', 'pageview')
    // An interaction the browser must time: a click whose handler holds the main thread 80 ms, past web-vitals'
    // 40 ms threshold for the event entries INP is made of (a bare click on a heading is shorter, and INP then
    // rests on the first-input entry alone). It is waited for as the browser reports it (an Event Timing entry
    // with its interaction id), then for the idle callback web-vitals processes entries in, which was queued
    // before this test's own: only then may the page be hidden. Under load, idle time comes late, and hiding the
    // page first left web-vitals with no interaction to report ("no INP").
    await page.evaluate(() => {
      document.querySelector('h1')?.addEventListener('click', () => {
        for (const end = performance.now() + 80; performance.now() < end;);
      })
      Object.assign(window, {
        __timed: new Promise((resolve) =>
          new PerformanceObserver((list, observer) => {
            const timed = list.getEntries() as (PerformanceEntry & { interactionId?: number })[]
            if (!timed.some((entry) => entry.interactionId && entry.duration >= 40)) return
            observer.disconnect()
            requestIdleCallback(() => resolve(true))
          }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit),
        ),
      })
    })
    await page.locator('h1').click()
    await page.evaluate(() => (window as unknown as { __timed: Promise<boolean> }).__timed)
    const other = await browser.newPage()
    pages.push(other)
    await other.bringToFront()
    // By interval: animation frames, puppeteer's default polling, stop in a tab behind another.
    await page.waitForFunction(() => document.visibilityState === 'hidden', { timeout: 5000, polling: 100 })
    for (const metric of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'])
      await pollUntil(
        () => rec.sent.some((sent) => sent.name === 'web_vital' && sent.props.metric === metric),
        () => `no ${metric}: ${rec.sent.map((s) => s.raw).join('\n')}`,
        100,
      )
    await sleep(500)
    const vitals = named(rec, 'plausible', 'web_vital')
    expect(vitals.map((sent) => sent.props.metric).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB'])
    for (const { props, raw } of vitals) {
      expect(props.route).toBe('/servicios')
      expect(['good', 'needs-improvement', 'poor']).toContain(props.rating)
      expect(Number.isFinite(Number(props.value)) && Number(props.value) >= 0).toBe(true)
      // Web Vitals are not engagement: they must not turn a bounce into a visit.
      expect(JSON.parse(raw).interactive).toBe(false)
    }
    expect(problems).toEqual([])
  })
})

describe('with nothing configured (the default build)', () => {
  test('no request to any analytics host, no cookie, no notice, no analytics code', async () => {
    const { page, rec, problems, runtimeRequests, external } = await visit(plain.url, '/contacto')
    await page.locator(field('name')).fill(TYPED.name)
    await clickLink(page, 'footer a[href^="tel:"]')
    await clickNav(page, 'Servicios')
    await sleep(5000)
    expect(external.filter((url) => new URL(url).hostname !== 'images.unsplash.com')).toEqual([])
    expect(rec.sent).toEqual([])
    expect(rec.google).toEqual([])
    expect(runtimeRequests).toEqual([])
    expect(await page.cookies()).toEqual([])
    expect(await page.$(NOTICE)).toBeNull()
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
    const html = readFileSync(path.join(distDir, 'contacto.html'), 'utf8')
    expect(html).not.toMatch(/data-placement|data-quote-form|Plausible|Google Analytics/)
    expect(problems).toEqual([])
  })
})
