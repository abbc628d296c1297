/**
 * Analytics (optional Plausible and GA4, docs/analytics.md) in Chromium, against two builds:
 * - a variant with both providers configured (PLAUSIBLE_DOMAIN, GA4_ID) and a LEAD_ENDPOINT on a small
 *   loopback server that answers or fails on demand, built here into .variants/ (~45 s);
 * - the build under test (DIST_DIR, default dist/), which has nothing configured.
 * The providers' hosts never see a request: the page's requests to them are answered locally.
 * - Plausible's Events API (https://plausible.io/api/event) answers 202; each POST body is recorded.
 * - gtag.js (https://www.googletagmanager.com/gtag/js) is answered with GTAG_STAND_IN below, a few
 *   lines written for this test: NOT Google's code. It records the commands our code pushes to
 *   `dataLayer` (consent, config) and turns each `event` command into a request to a GA4 collect URL
 *   (https://region1.google-analytics.com/g/collect?en=…&ep.<param>=…), as gtag.js would send it,
 *   so the assertions read what would be sent to Google. Those requests are answered 204 and recorded.
 * Every other external request is aborted (test/helpers/browser.ts), and every console error and
 * Content-Security-Policy violation (the build's own policy, from scripts/build/host-config.ts) fails a test.
 * Waiting: what must happen is waited for (waitForSent, waitForToast, a selector, a heading). The `sleep`s
 * left are quiet periods before asserting that something did NOT happen (no second pageview, no request
 * before consent, nothing sent before the providers load): no event marks an absence, so a window is the test.
 * Run: `npx jest test/visitor/analytics.test.ts --selectProjects chromium` (~2 min).
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Browser, HTTPRequest, Page } from 'puppeteer-core'
import type { ExternalAnswer } from '../../scripts/lib/offline-images'
import type { RunningServer } from '../../scripts/serve'
import { ubicacion } from '../../src/content/ubicacion'
import {
  buildVariant,
  distDir,
  launchBrowser,
  openPage,
  projectRoot,
  removeVariant,
  serveDist,
} from '../helpers/browser'
import {
  button,
  field,
  sleep,
  SUBMIT,
  waitForHydration,
  waitForToast,
  type FormValues,
} from '../helpers/quote-form'

const PLAUSIBLE_DOMAIN = 'www.aquapuebla.mx'
const GA4_ID = 'G-TEST12345'
const PLAUSIBLE_EVENTS = 'https://plausible.io/api/event'
/** src/analytics/consent.ts CONSENT_KEY */
const CONSENT_KEY = 'aquapuebla:analitica'
const NOTICE = '::-p-aria([name="Aviso de cookies"][role="region"])'
const ACCEPT = '::-p-aria([name="Aceptar"][role="button"])'
const REJECT = '::-p-aria([name="Rechazar"][role="button"])'
const FAILURE_TITLE = 'No pudimos enviar tu mensaje'

/** What a visitor typed: none of it may appear in anything sent to a provider. */
const TYPED: FormValues = {
  name: 'Ana López Treviño',
  phone: '222 555 0101',
  email: 'ana.lopez@example.com',
  service: 'Mantenimiento Regular',
  message: 'Alberca de 8 x 4 m en Cholula, llamar por la tarde.',
}
const PERSONAL = [TYPED.name, TYPED.phone, TYPED.email, TYPED.message, 'Ana', '5550101', 'example.com']

/** See the file header: a test stand-in for gtag.js, not Google's code. */
const GTAG_STAND_IN = `/* TEST STAND-IN for gtag.js (test/visitor/analytics.test.ts): not Google's code. */
(function () {
  var dataLayer = (window.dataLayer = window.dataLayer || [])
  var tid = ''
  window.__gtagCommands = []
  function handle(entry) {
    var args = Array.prototype.slice.call(entry)
    window.__gtagCommands.push(JSON.parse(JSON.stringify(args)))
    if (args[0] === 'config') tid = args[1]
    if (args[0] !== 'event') return
    var query = new URLSearchParams({ v: '2', tid: tid, en: args[1] })
    var params = args[2] || {}
    Object.keys(params).forEach(function (key) {
      if (key === 'page_location') query.set('dl', params[key])
      else if (key === 'page_title') query.set('dt', params[key])
      else query.set('ep.' + key, String(params[key]))
    })
    fetch('https://region1.google-analytics.com/g/collect?' + query, { method: 'POST', mode: 'no-cors', keepalive: true })
  }
  dataLayer.forEach(handle)
  dataLayer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i])
    return Array.prototype.push.apply(dataLayer, arguments)
  }
})()
`

interface Sent {
  provider: 'plausible' | 'ga4'
  name: string
  /** Plausible: the event's URL; GA4: page_location (page views only). */
  url?: string
  props: Record<string, string>
  /** The raw body or query, searched for personal data. */
  raw: string
}

/** One page's view of the providers: what was sent, and every request to a Google host. */
interface Recorder {
  sent: Sent[]
  google: string[]
  answer: ExternalAnswer
}

function recorder(): Recorder {
  const sent: Sent[] = []
  const google: string[] = []
  const cors = { 'Access-Control-Allow-Origin': '*' }
  const answer: ExternalAnswer = (request: HTTPRequest) => {
    const url = new URL(request.url())
    if (/(^|\.)(google-analytics\.com|analytics\.google\.com|googletagmanager\.com)$/.test(url.hostname))
      google.push(url.href)
    if (url.href === PLAUSIBLE_EVENTS && request.method() === 'POST') {
      const raw = request.postData() ?? ''
      const body = JSON.parse(raw) as { name: string; url: string; props?: Record<string, string> }
      sent.push({ provider: 'plausible', name: body.name, url: body.url, props: body.props ?? {}, raw })
      return { status: 202, headers: cors, contentType: 'text/plain', body: 'ok' }
    }
    if (url.hostname === 'www.googletagmanager.com' && url.pathname === '/gtag/js') {
      return { status: 200, headers: cors, contentType: 'text/javascript', body: GTAG_STAND_IN }
    }
    if (url.hostname === 'region1.google-analytics.com' && url.pathname === '/g/collect') {
      const props: Record<string, string> = {}
      url.searchParams.forEach((value, key) => {
        if (key.startsWith('ep.')) props[key.slice(3)] = value
        if (key === 'dt') props.title = value
      })
      const name = url.searchParams.get('en') ?? ''
      sent.push({
        provider: 'ga4',
        name,
        url: url.searchParams.get('dl') ?? undefined,
        props,
        raw: url.search,
      })
      return { status: 204, headers: cors, body: '' }
    }
    return undefined
  }
  return { sent, google, answer }
}

const named = (rec: Recorder, provider: Sent['provider'], name: string) =>
  rec.sent.filter((sent) => sent.provider === provider && sent.name === name)

/** Waits until `count` events of that name have been recorded (and a moment more, to catch doubles). */
async function waitForSent(
  rec: Recorder,
  provider: Sent['provider'],
  name: string,
  count = 1,
  timeout = 10_000,
) {
  const started = Date.now()
  while (named(rec, provider, name).length < count) {
    if (Date.now() - started > timeout) {
      const seen = rec.sent.map((sent) => `${sent.provider}:${sent.name}`).join(', ')
      throw new Error(
        `waited ${timeout} ms for ${count} × ${provider} ${name}; recorded: ${seen || 'nothing'}`,
      )
    }
    await sleep(50)
  }
  await sleep(300)
  return named(rec, provider, name)
}

/* ------------------------------------------------------------------------------------------------ */
/* The lead endpoint of the variant: answers 200, or 500 while `leadFails`.                            */

let leadFails = false
let leadServer: Server

function startLeadServer(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'content-type, accept',
      }
      if (req.method === 'OPTIONS') res.writeHead(204, cors).end()
      else res.writeHead(leadFails ? 500 : 200, { ...cors, 'Content-Type': 'application/json' }).end('{}')
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/* ------------------------------------------------------------------------------------------------ */

let browser: Browser
let variant: RunningServer
let plain: RunningServer
const variantDir = path.join(projectRoot, '.variants', 'analytics-test')
let variantSsrDir: string | undefined
const pages: Page[] = []

beforeAll(async () => {
  leadServer = await startLeadServer()
  const endpoint = `http://127.0.0.1:${(leadServer.address() as AddressInfo).port}/leads`
  variantSsrDir = buildVariant(variantDir, { PLAUSIBLE_DOMAIN, GA4_ID, LEAD_ENDPOINT: endpoint }).ssrDir
  variant = await serveDist(variantDir)
  plain = await serveDist(distDir)
  browser = await launchBrowser()
}, 240_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()))
})

afterAll(async () => {
  await browser?.close()
  await variant?.close()
  await plain?.close()
  leadServer?.closeAllConnections()
  await new Promise((resolve) => (leadServer ? leadServer.close(resolve) : resolve(undefined)))
  removeVariant(variantDir, { ssrDir: variantSsrDir })
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
  const rec = recorder()
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
    { timeout: 10_000 },
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
  for (const sent of rec.sent) {
    for (const value of PERSONAL) {
      expect({ sent: sent.raw, contains: decodeURIComponent(sent.raw).includes(value) }).toEqual({
        sent: sent.raw,
        contains: false,
      })
    }
  }
}

/* ------------------------------------------------------------------------------------------------ */

describe('with Plausible and GA4 configured', () => {
  test('one page view per visited page, first load included, with its title and canonical path', async () => {
    const { page, rec, problems, runtimeRequests } = await visit(variant.url, '/')
    await waitForSent(rec, 'plausible', 'pageview')
    const routes: [string, string][] = [
      ['Nosotros', '/nosotros'],
      ['Servicios', '/servicios'],
      ['Ubicación', '/ubicacion'],
      ['Contacto', '/contacto'],
    ]
    for (const [name, route] of routes) {
      await clickNav(page, name)
      await page.waitForFunction((expected) => location.pathname === expected, {}, route)
      await waitForSent(rec, 'plausible', 'pageview', routes.findIndex(([, r]) => r === route) + 2)
    }
    await page.goBack()
    await page.waitForFunction(() => location.pathname === '/ubicacion')
    await waitForSent(rec, 'plausible', 'pageview', 6)
    await sleep(500)

    const visited = ['/', '/nosotros', '/servicios', '/ubicacion', '/contacto', '/ubicacion']
    expect(
      named(rec, 'plausible', 'pageview').map(({ url, props }) => ({ url, title: props.title })),
    ).toEqual(visited.map((route) => ({ url: variant.url + route, title: prerenderedTitle(route) })))
    expect(
      named(rec, 'plausible', 'pageview').every((sent) => JSON.parse(sent.raw).domain === PLAUSIBLE_DOMAIN),
    ).toBe(true)

    // The providers' code came after the load event, never on the way to the first paint.
    const timing = await page.evaluate(() => ({
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      runtime: performance.getEntriesByType('resource').find((entry) => /\/assets\/runtime-/.test(entry.name))
        ?.startTime,
    }))
    expect(runtimeRequests).toHaveLength(1)
    expect(timing.runtime).toBeGreaterThanOrEqual(timing.load)
    expect(timing.runtime).toBeGreaterThan(timing.fcp)

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
    await page.locator(field('name')).fill(TYPED.name)
    await page.locator(field('phone')).fill(TYPED.phone)
    await page.locator(field('email')).fill(TYPED.email)
    await page.locator(field('service')).fill(TYPED.service)
    await page.locator(field('message')).fill(TYPED.message)
    await page.locator(button(SUBMIT)).click()
    await waitForSent(rec, 'plausible', 'quote_delivered')

    // A failed delivery, and the failure toast's WhatsApp and phone links.
    leadFails = true
    try {
      for (const key of Object.keys(TYPED) as (keyof FormValues)[])
        await page.locator(field(key)).fill(TYPED[key])
      await page.locator(button(SUBMIT)).click()
      await waitForToast(page, FAILURE_TITLE)
      await waitForSent(rec, 'plausible', 'quote_failed')
    } finally {
      leadFails = false
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
    await clickLink(page, 'main ul a[href^="tel:"]')
    await clickLink(page, 'main ul a[href^="mailto:"]')
    await clickLink(page, '[aria-labelledby="emergencia"] a[href^="tel:"]')
    await clickLink(page, '[aria-labelledby="privacidad"] a[href^="mailto:"]')
    await clickLink(page, 'footer a[href^="tel:"]')
    await clickLink(page, 'footer a[href^="mailto:"]')

    // The location page: the floating button (at the top of the page), the closing band, the details.
    await page.evaluate(() => window.scrollTo(0, 0))
    await clickNav(page, 'Ubicación')
    await page.waitForFunction(
      (h1) => location.pathname === '/ubicacion' && document.querySelector('h1')?.textContent?.trim() === h1,
      {},
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
    // An interaction (INP, and the end of LCP), then the page is hidden: web-vitals reports then.
    await page.locator('h1').click()
    // The browser has timed the interaction (Event Timing buffers the first input): INP has its entry.
    await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0, {
      timeout: 5000,
    })
    const other = await browser.newPage()
    pages.push(other)
    await other.bringToFront()
    await page.waitForFunction(() => document.visibilityState === 'hidden', { timeout: 5000 })
    for (const metric of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB']) {
      const started = Date.now()
      while (!rec.sent.some((sent) => sent.name === 'web_vital' && sent.props.metric === metric)) {
        if (Date.now() - started > 10_000)
          throw new Error(`no ${metric}: ${rec.sent.map((s) => s.raw).join('\n')}`)
        await sleep(100)
      }
    }
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
