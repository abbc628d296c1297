/**
 * The lead endpoint in Cloudflare's own runtime: `wrangler pages dev` serves a build made with
 * LEAD_ENDPOINT=/api/leads, its functions/ (edge/leads/) and a local D1 with migrations/ applied; the
 * schedule Worker (workers/lead-schedule/, `wrangler dev --test-scheduled`) shares that D1. The owner's
 * e-mail API and webhook are one loopback stand-in that answers, fails, hangs or loses its answers on demand;
 * a loopback clock (LEAD_TEST_CLOCK_URL) lets a test move both processes an hour or a night forward.
 * A real browser sends the form; the rows are read back from the same SQLite file; bad inputs, retries, a
 * flood of thousands of posts (the shared generator, test/helpers/lead-flood.ts) go straight to the endpoint.
 * Takes ~1-3 min to build and ~3-5 min to run (2 cores).
 * Run: `npx jest test/hosts/lead-store.test.ts --selectProjects chromium --runInBand`.
 * LEAD_STORE_DIST=<folder> reuses a build made with LEAD_ENDPOINT=/api/leads instead of building one.
 */
import { AxePuppeteer } from '@axe-core/puppeteer'
import axe from 'axe-core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import {
  createLocalD1,
  startPages,
  startScheduleWorker,
  type HostServer,
  type LocalD1,
  type ScheduleWorker,
} from '../../scripts/hosts/servers'
import { acrossMany64s, floodLeads, withinOne64, type AddressStrategy } from '../helpers/lead-flood'
import { leadAnswers, leadFieldMessages } from '../../contract/lead-messages'
import {
  buildVariant,
  launchBrowser,
  openPage,
  projectRoot,
  removeVariant,
  BUILD_HOOK_MS,
  type OpenedPage,
} from '../helpers/browser'
import { openLocalD1, sharedD1Reader, type TestD1 } from '../helpers/d1'
import { ownerChannels } from '../helpers/lead-requests'
import { startClockStandIn, type ClockStandIn } from '../stand-ins/clock'
import { startNotifyStandIn, type NotifyStandIn } from '../stand-ins/notify'
import {
  answerTurnstile,
  startTurnstileStandIn,
  TURNSTILE_TEST,
  type TurnstileStandIn,
} from '../stand-ins/turnstile'
import {
  button,
  CONTACT_PATH,
  EMPTY,
  field,
  openFreshContact,
  readValues,
  sleep,
  SUBMIT,
  SUCCESS_TITLE,
  VALID,
  VIEWPORT_LABEL,
  waitForToast,
  type FieldKey,
  type FormValues,
} from '../helpers/quote-form'
// A visitor whose browser blocks site storage (its own describe block at the end of this file).
import { mkdirSync } from 'node:fs'
import { INBOX_PREFIX } from '../../scripts/hosts/host-rules'
import { localInboxSignIn } from '../../scripts/hosts/inbox-sign-in'
import { freePort } from '../../scripts/hosts/servers'
import { storageBlockedChromium, startLossyProxy, type LossyProxy } from '../helpers/blocked-storage'
import { holdScripts, type HeldScripts } from '../helpers/held-scripts'
import { waitForHydration } from '../helpers/quote-form'

const RATE_LIMIT = 15
/** axe-core's WCAG 2.x A and AA rules, as test/visitor/accessibility.test.ts runs them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
/** Small ceilings, as a flood test needs them (production: 300 and 30). */
const STORE_PER_HOUR = 60
const ALERTS_PER_HOUR = 5
const SITE_URL = 'https://www.aquapuebla.mx'
const INBOX = `${SITE_URL}/admin/solicitudes/`
const FAILURE_TITLE = 'No pudimos enviar tu mensaje'
/** Wednesday 25 November 2026, 16:00 UTC: 10:00 in Mexico City. Every test starts there. */
const T0 = new Date('2026-11-25T16:00:00.000Z')

let browser: Browser
let pages: HostServer
let schedule: ScheduleWorker
let standIn: NotifyStandIn
let turnstile: TurnstileStandIn
let clock: ClockStandIn
/** The same build and database, with Turnstile's secret set (the check on). */
let guarded: HostServer
let local: LocalD1
let d1: TestD1
let buildDir: string | undefined
let ssrDir: string | undefined
let stateDir: string
const opened: OpenedPage[] = []

beforeAll(async () => {
  standIn = await startNotifyStandIn()
  turnstile = await startTurnstileStandIn(TURNSTILE_TEST)
  clock = await startClockStandIn(T0)
  if (process.env.LEAD_STORE_DIST) {
    buildDir = undefined
  } else {
    buildDir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-lead-store-'))
    ssrDir = buildVariant(buildDir, {
      LEAD_ENDPOINT: '/api/leads',
      TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKey,
    }).ssrDir
  }
  stateDir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-d1-'))
  local = createLocalD1(stateDir)
  // What the Pages project and the schedule Worker both get (docs/configuration.md).
  const shared = {
    ...ownerChannels(standIn),
    SITE_URL,
    LEAD_TEST_CLOCK_URL: clock.url,
  }
  const root = buildDir ?? path.resolve(process.env.LEAD_STORE_DIST ?? '')
  // No LEAD_HASH_SECRET: the endpoint makes its own key and keeps it in D1.
  const vars = {
    ...shared,
    LEAD_RATE_LIMIT: String(RATE_LIMIT),
    LEAD_STORE_PER_HOUR: String(STORE_PER_HOUR),
    LEAD_ALERTS_PER_HOUR: String(ALERTS_PER_HOUR),
  }
  const functionsDir = path.join(projectRoot, 'functions')
  ;[pages, guarded, schedule] = await Promise.all([
    startPages({ root, port: 0, functions: { dir: functionsDir, vars, d1: local } }),
    startPages({
      root,
      port: 0,
      functions: {
        dir: functionsDir,
        vars: {
          ...vars,
          TURNSTILE_SECRET_KEY: TURNSTILE_TEST.secret,
          TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
        },
        d1: local,
      },
    }),
    startScheduleWorker({ d1: local, vars: shared }),
  ])
  d1 = await openLocalD1(local)
  browser = await launchBrowser()
}, BUILD_HOOK_MS)

afterAll(async () => {
  await browser?.close()
  await Promise.all([
    pages?.close(),
    guarded?.close(),
    schedule?.close(),
    d1?.close(),
    standIn?.close(),
    turnstile?.close(),
    clock?.close(),
  ])
  if (buildDir) removeVariant(buildDir, { ssrDir })
  if (stateDir) rmSync(stateDir, { recursive: true, force: true })
})

beforeEach(async () => {
  // The previous test's after-the-answer work may still be writing to the file: a busy answer is tried again.
  await retryBusy(() => d1.clear())
  standIn.reset()
  turnstile.reset()
  clock.set(T0)
})

afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ page }) => page.close()))
})

/* ------------------------------------------------------------------------------------------------ */

// The shared SQLite file, read while the servers write it; a wait that gives up prints what they logged.
const { retryBusy, rows, waitForRows } = sharedD1Reader(
  () => d1,
  async () =>
    `notifications: ${JSON.stringify(await rows('SELECT * FROM notifications'))}\n` +
    `pages: ${pages.log().slice(-3000)}\nguarded: ${guarded.log().slice(-3000)}\nschedule: ${schedule.log().slice(-3000)}`,
)

/** /contacto of `server` (the one without Turnstile's check by default), Turnstile's script stood in. */
async function openContact(server: HostServer = pages, javascript = true, width = 1280): Promise<Page> {
  const result = await openPage(browser, { answer: answerTurnstile, javascript, width })
  opened.push(result)
  // A hang guard, not a measure: three wrangler processes and Chromium share two loaded cores here, and a run of
  // ten in a row at load average 20 once took 30 s (puppeteer's default) to load /contacto.
  result.page.setDefaultNavigationTimeout(120_000)
  if (javascript) await openFreshContact(result.page, server.url)
  else await result.page.goto(`${server.url}${CONTACT_PATH}`, { waitUntil: 'load' })
  return result.page
}

/** Types the values as a visitor does. */
async function fill(page: Page, values: FormValues): Promise<void> {
  for (const [key, value] of Object.entries(values) as [FieldKey, string][]) {
    await page.locator(field(key)).fill(value)
  }
}

function post(body: BodyInit, headers: Record<string, string> = {}, server: HostServer = pages) {
  return fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body,
  })
}

let nextAddress = 1
/** A valid JSON submission from its own client address, opened a minute ago. */
function submission(overrides: Record<string, unknown> = {}) {
  return {
    body: JSON.stringify({
      id: crypto.randomUUID(),
      ...VALID,
      page: '/contacto',
      openedAt: new Date(Date.now() - 60_000).toISOString(),
      submittedAt: new Date().toISOString(),
      ...overrides,
    }),
    headers: { 'CF-Connecting-IP': `192.0.2.${(nextAddress += 1) % 250}` },
  }
}

const text = (request: { body: Record<string, unknown> } | undefined) => String(request?.body.text)

/** The toasts the page shows: their text and links. */
function toasts(page: Page) {
  return page.evaluate((label) => {
    const region = document.querySelector(`[role="region"][aria-label="${label}"]`)
    return [...(region?.querySelectorAll('li') ?? [])].map((item) => ({
      text: (item as HTMLElement).innerText,
      links: [...item.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
    }))
  }, VIEWPORT_LABEL)
}

/* ------------------------------------------------------------------------------------------------ */

describe('a quote request sent from /contacto', () => {
  test('lands as exactly one row, and the owner gets one e-mail and one webhook call, in Spanish and their time', async () => {
    const page = await openContact()
    await fill(page, VALID)
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    expect(await readValues(page)).toEqual(EMPTY)

    const stored = await rows(
      'SELECT id, name, email, phone, service, message, page, status, alert FROM leads',
    )
    expect(stored).toEqual([
      { id: expect.any(String), ...VALID, page: CONTACT_PATH, status: 'nuevo', alert: 'own' },
    ])
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(standIn.requests.map((request) => request.path).sort()).toEqual(['/emails', '/webhook'])
    const [email] = standIn.emails
    expect(email?.body).toMatchObject({ to: ['ventas@aquapuebla.mx'], reply_to: VALID.email })
    expect(email?.idempotencyKey).toBe(`aquapuebla/lead/${String(stored[0]?.id)}/email`)
    expect(text(email)).toContain(VALID.message)
    // workerd's own Intl: the owner's zone, in Spanish.
    expect(text(email)).toMatch(/Recibida: miércoles 25 de noviembre, 10:0\d/)
    expect(text(email)).toContain(`Todas tus solicitudes: ${INBOX}`)
  })

  test('with the e-mail API failing, the lead is stored at once and the schedule delivers it once', async () => {
    standIn.mode = 'fail'
    const page = await openContact()
    await fill(page, VALID)
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    expect(await rows('SELECT status FROM leads')).toEqual([{ status: 'nuevo' }])
    await waitForRows(
      "SELECT * FROM notifications WHERE state = 'pending' AND attempts = 1 AND locked_until IS NULL",
      2,
    )

    standIn.reset()
    // The first retry is due a minute later: the clock says it is two minutes later.
    clock.advance(2 * 60_000)
    await schedule.runSchedule()
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered' AND attempts = 2", 2)
    await schedule.runSchedule()
    expect(standIn.requests.map((request) => request.path).sort()).toEqual(['/emails', '/webhook'])
  })

  // Regression: a clean-clone CI run failed here with `D1_ERROR: database is locked: SQLITE_BUSY` when the request's
  // waitUntil and the schedule Worker wrote at once; the row stayed claimed and the wait ran out. Writes that meet
  // a busy database are now retried (edge/leads/d1-retry.ts), a claim whose record still failed is claimed again
  // once its lock expires, and the wait is on the rows, with the clock moved instead of slept.
  test('with the e-mail API hanging, the visitor is answered at once and the schedule delivers it later', async () => {
    standIn.mode = 'hang'
    const page = await openContact()
    await fill(page, VALID)
    const clicked = Date.now()
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    // The answer does not wait for the 5 s send timeout.
    expect(Date.now() - clicked).toBeLessThan(5000)
    expect(await rows('SELECT status FROM leads')).toEqual([{ status: 'nuevo' }])

    // The request's own sends give up after 5 s and leave the notifications for the schedule.
    await waitForRows("SELECT * FROM notifications WHERE state = 'pending' AND locked_until IS NULL", 2)
    standIn.reset()
    clock.advance(2 * 60_000)
    await schedule.runSchedule()
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(standIn.emails).toHaveLength(1)
    expect(standIn.webhooks).toHaveLength(1)
  }, 120_000)

  test('an e-mail the API sent but whose answer was lost is not sent again by the schedule', async () => {
    standIn.mode = 'lost'
    const { body, headers } = submission()
    expect((await post(body, headers)).status).toBe(201)
    await waitForRows(
      "SELECT * FROM notifications WHERE channel = 'email' AND state = 'pending' AND locked_until IS NULL",
      1,
    )
    expect(standIn.emails).toHaveLength(1)
    standIn.mode = 'ok'
    clock.advance(2 * 60_000)
    await schedule.runSchedule()
    await waitForRows("SELECT * FROM notifications WHERE channel = 'email' AND state = 'delivered'", 1)
    // Two requests under one Idempotency-Key; one e-mail in the owner's inbox.
    const keys = standIn.requests
      .filter((request) => request.path === '/emails')
      .map((request) => request.replayed)
    expect(keys).toEqual([false, true])
    expect(standIn.emails).toHaveLength(1)
  }, 120_000)

  // Regression: a form sent with no opened time (storage blocked) or in no time was filed as spam and nobody told.
  test('a form filled by a script in no time is still a lead: stored as nuevo, the owner told, the fill time noted', async () => {
    const page = await openContact()
    // As a script fills a form: every value set at once (through React's own input events), then sent.
    await page.evaluate((values) => {
      for (const [name, value] of Object.entries(values)) {
        const control = document.querySelector<HTMLInputElement>(`[name="${name}"]`)
        if (!control) continue
        const prototype = Object.getPrototypeOf(control) as object
        Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value)
        control.dispatchEvent(new Event(control.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }))
      }
      document.querySelector<HTMLButtonElement>('button[type="submit"]')?.click()
    }, VALID)
    await waitForToast(page, SUCCESS_TITLE)
    const [lead] = await rows<{ status: string; spam_reason: string | null; fill_ms: number }>(
      'SELECT status, spam_reason, fill_ms FROM leads',
    )
    expect(lead).toMatchObject({ status: 'nuevo', spam_reason: null })
    expect(lead?.fill_ms).toBeLessThan(3000)
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(text(standIn.emails[0])).toContain('Ojo: el formulario se llenó en')
  })

  test('a field the endpoint refuses shows its Spanish message, focused, with everything kept', async () => {
    const page = await openContact()
    const typed = { ...VALID, phone: '12345' }
    await fill(page, typed)
    await page.locator(button(SUBMIT)).click()
    const phone = await page.waitForSelector(field('phone'))
    await page.waitForFunction(
      (message) =>
        document.activeElement?.getAttribute('aria-invalid') === 'true' &&
        document.body.innerText.includes(message),
      { timeout: 10_000 },
      leadFieldMessages.phone.invalid,
    )
    const described = await phone?.evaluate((input) => ({
      focused: document.activeElement === input,
      description: document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
    }))
    expect(described).toEqual({ focused: true, description: leadFieldMessages.phone.invalid })
    expect(await readValues(page)).toEqual(typed)
    expect(await rows('SELECT id FROM leads')).toEqual([])
  })

  test('a form sent without JavaScript is stored and answered with a thank-you page', async () => {
    const page = await openContact(pages, false)
    // The page runs no script: the values are set through the DevTools protocol, the button pressed.
    await page.evaluate((values) => {
      for (const [name, value] of Object.entries(values)) {
        const control = document.querySelector<HTMLInputElement>(`[name="${name}"]`)
        if (control) control.value = value
      }
    }, VALID)
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    expect(new URL(page.url()).pathname).toBe('/api/leads')
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe(SUCCESS_TITLE)
    expect(await rows('SELECT name, page, status, fill_ms FROM leads')).toEqual([
      { name: VALID.name, page: CONTACT_PATH, status: 'nuevo', fill_ms: null },
    ])
  })
})

describe("POST /api/leads in Cloudflare's runtime", () => {
  test('bad inputs each get a clear answer, and nothing is half-stored', async () => {
    const long = 'a'.repeat(10_000)
    const script = '<script>alert(1)</script>'
    const cases: [string, Promise<Response>, number][] = [
      ['oversize', post(submission({ message: 'a'.repeat(40_000) }).body), 413],
      ['wrong type', post(submission().body, { 'Content-Type': 'text/plain' }), 415],
      [
        'invalid UTF-8',
        post(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
        400,
      ],
      ['missing fields', post(JSON.stringify({ id: crypto.randomUUID() })), 422],
      ['10 000 characters', post(submission({ name: long, message: long, phone: long }).body), 422],
      [
        'HTML in every field',
        post(
          submission({ name: script, email: script, phone: script, service: script, message: script }).body,
        ),
        422,
      ],
    ]
    for (const [what, answer, status] of cases) {
      const response = await answer
      expect({ what, status: response.status }).toEqual({ what, status })
      expect(((await response.json()) as { error?: string }).error).toEqual(expect.any(String))
    }
    expect(await rows('SELECT id FROM leads')).toEqual([])

    // Markup and a spreadsheet formula in text fields are stored as the text they are.
    const formula = '=HYPERLINK("http://x.example","Clic")'
    const { body, headers } = submission({ name: formula, message: script })
    const stored = await post(body, headers)
    expect(stored.status).toBe(201)
    expect(await rows('SELECT name, message FROM leads')).toEqual([{ name: formula, message: script }])
  })

  test('a retry with the same submission id makes no duplicate and tells the owner once', async () => {
    const id = crypto.randomUUID()
    const { body, headers } = submission({ id })
    const first = await post(body, headers)
    const second = await post(body, headers)
    expect([first.status, second.status]).toEqual([201, 200])
    expect([await first.json(), await second.json()]).toEqual([{ id }, { id }])
    expect(await rows('SELECT id FROM leads')).toEqual([{ id }])
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(standIn.emails).toHaveLength(1)
    expect(standIn.webhooks).toHaveLength(1)
  })

  test('hostile text in every field reaches the owner inert: Slack markup escaped, one-line subject', async () => {
    const hostile = {
      name: '<!channel> <https://evil.example|Ver cotización> & Ana',
      email: 'a&b|c@example.com',
      phone: '+52 (222) 555-0101',
      service: 'Servicio de Emergencia',
      message: '<!here> <@U123>\n<https://evil.example|Ver cotización>\r\nSubject: otra cosa',
      page: '/contacto?<!channel>',
    }
    const { body, headers } = submission(hostile)
    expect((await post(body, headers)).status).toBe(201)
    await standIn.waitUntil((s) => s.emails.length === 1 && s.webhooks.length === 1, 30_000)
    const chat = text(standIn.webhooks[0])
    expect(chat).not.toMatch(/<[!@#]|<https?:/)
    expect(chat).toContain('&lt;!channel&gt; &lt;https://evil.example|Ver cotización&gt; &amp; Ana')
    expect(chat).toContain('&lt;!here&gt; &lt;@U123&gt;')
    expect(standIn.webhooks[0]?.body).toMatchObject({
      lead: { name: hostile.name, email: hostile.email, page: '/contacto' },
    })
    const subject = String(standIn.emails[0]?.body.subject)
    // The emergency service: its alert is the urgent one (decision 031), the hostile name inert in it too.
    expect(subject).toBe(
      'URGENTE: emergencia de <!channel> <https://evil.example|Ver cotización> & Ana (Servicio de Emergencia)',
    )
    expect(text(standIn.emails[0])).toContain(
      '<!here> <@U123>\n<https://evil.example|Ver cotización>\nSubject: otra cosa',
    )
  })
})

describe('a flood, with small ceilings (LEAD_STORE_PER_HOUR=60, LEAD_ALERTS_PER_HOUR=5)', () => {
  test(
    'thousands of posts from one rotating /64 and from many /64s: the owner hears of every stored lead, a real one ' +
      'mid-flood included; the database stops at the ceiling; the form then shows the phone and WhatsApp',
    async () => {
      // 1. The first wave: one customer rotating through its /64 (a bucket of one), a fresh /64 for the others.
      const mixed: AddressStrategy = (index) =>
        index % 2 === 0 ? withinOne64()(index) : acrossMany64s()(index)
      const first = await floodLeads({ url: pages.url, amount: 60, connections: 10, address: mixed })

      // 2. A real visitor in the middle of it, from the form in Chromium.
      const page = await openContact()
      await fill(page, VALID)
      await page.locator(button(SUBMIT)).click()
      await waitForToast(page, SUCCESS_TITLE)
      const [real] = await rows<{ status: string; alert: string }>(
        'SELECT status, alert FROM leads WHERE name = ?1',
        VALID.name,
      )
      // Stored, and past the alert ceiling: it will be in the hour's digest.
      expect(real).toEqual({ status: 'nuevo', alert: 'digest' })

      // 3. The rest of the flood, thousands more, past the storage ceiling.
      const rest = await floodLeads({
        url: pages.url,
        amount: 2500,
        connections: 20,
        address: acrossMany64s(),
      })
      const statuses: Record<string, number> = { ...first.statuses }
      for (const [status, count] of Object.entries(rest.statuses))
        statuses[status] = (statuses[status] ?? 0) + count
      console.log(
        `flood on wrangler: ${JSON.stringify(statuses)}; ${rest.requestsPerSecond.toFixed(0)} requests/s past the ceiling, p99 ${rest.p99Ms} ms`,
      )
      // What the function logged when it could not store a lead (it then answers 503 "unavailable"); a busy
      // database it retried is only a warning.
      const notStored = (server: HostServer) =>
        server
          .log()
          .split('\n')
          .filter((line) => line.includes('lead not stored'))
      expect(notStored(pages)).toEqual([])
      expect(first.errors + rest.errors).toBe(0)
      // No 5xx but the designed 503 of a full hour.
      expect(Object.keys(statuses).sort()).toEqual(['201', '429', '503'])
      expect(statuses['201']).toBe(STORE_PER_HOUR - 1)
      // The one /64 got no more than its limit through, whatever addresses it used.
      expect(statuses['429']).toBeGreaterThanOrEqual(30 - RATE_LIMIT)

      // The database holds the ceiling, the real lead among them, and grows no more.
      expect(await rows('SELECT count(*) AS n FROM leads')).toEqual([{ n: STORE_PER_HOUR }])
      const size = async () =>
        rows(
          `SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM notifications) AS notifications,
             (SELECT count(*) FROM rate_limits) AS rate_limits, (SELECT count(*) FROM lead_counts) AS counts`,
        )
      const full = await size()
      const more = await floodLeads({
        url: pages.url,
        amount: 300,
        connections: 20,
        address: acrossMany64s(1e9),
      })
      expect(more.statuses).toEqual({ '503': 300 })
      expect(await size()).toEqual(full)

      // 4. A visitor while the hour is full: the form keeps every field and offers the phone and WhatsApp.
      const busy = await openContact()
      const typed = { ...VALID, name: 'Jorge Pérez', message: 'Necesito reparar una fuga hoy.' }
      await fill(busy, typed)
      await busy.locator(button(SUBMIT)).click()
      await waitForToast(busy, FAILURE_TITLE)
      const [failure] = await toasts(busy)
      expect(failure?.links.some((href) => href.startsWith('tel:+52'))).toBe(true)
      expect(failure?.links.some((href) => href.startsWith('https://wa.me/'))).toBe(true)
      expect(await readValues(busy)).toEqual(typed)

      // …and without JavaScript, on a phone, a Spanish page with the same two ways to reach the company.
      const plain = await openContact(pages, false, 390)
      await plain.evaluate((values) => {
        for (const [name, value] of Object.entries(values)) {
          const control = document.querySelector<HTMLInputElement>(`[name="${name}"]`)
          if (control) control.value = value
        }
      }, typed)
      await Promise.all([plain.waitForNavigation(), plain.click('button[type="submit"]')])
      expect(await plain.$eval('main', (main) => (main as HTMLElement).innerText)).toContain(leadAnswers.busy)
      const links = await plain.$$eval('main a', (anchors) =>
        anchors.map((a) => a.getAttribute('href') ?? ''),
      )
      expect(links.some((href) => href.startsWith('tel:+52'))).toBe(true)
      expect(links.some((href) => href.startsWith('https://wa.me/'))).toBe(true)
      // axe needs scripts, the page has none: its HTML is checked in a page that runs them, at 390 px too.
      const checked = await browser.newPage()
      try {
        await checked.setViewport({ width: 390, height: 800 })
        await checked.setContent(await plain.content())
        const axeResults = await new AxePuppeteer(checked, axe.source).withTags(WCAG_TAGS).analyze()
        expect(axeResults.violations.map(({ id, nodes }) => `${id}: ${nodes.length}`)).toEqual([])
      } finally {
        await checked.close()
      }
      expect(await rows('SELECT count(*) AS n FROM leads WHERE name = ?1', typed.name)).toEqual([{ n: 0 }])

      // 5. The owner during the hour: ALERTS_PER_HOUR alerts per channel, delivered, and not one more.
      await waitForRows(
        "SELECT * FROM notifications WHERE kind = 'lead' AND state = 'delivered'",
        2 * ALERTS_PER_HOUR,
      )
      expect(standIn.emails).toHaveLength(ALERTS_PER_HOUR)
      expect(new Set(standIn.webhooks.map((request) => request.idempotencyKey)).size).toBe(ALERTS_PER_HOUR)

      // 6. After the hour: one digest per channel that counts every other stored lead, the real one included.
      clock.advance(60 * 60_000 + 60_000)
      await schedule.runSchedule()
      await waitForRows("SELECT * FROM notifications WHERE kind = 'digest' AND state = 'delivered'", 2)
      const batched = STORE_PER_HOUR - ALERTS_PER_HOUR
      const digest = standIn.emails[ALERTS_PER_HOUR]
      expect(digest?.body.subject).toBe(`${batched} solicitudes nuevas en la última hora`)
      expect(text(digest)).toContain(
        `Entre las 10:00 y las 11:00 del miércoles 25 de noviembre llegaron ${STORE_PER_HOUR} solicitudes de cotización. Te avisamos de ${ALERTS_PER_HOUR} una por una; las otras ${batched} te las juntamos`,
      )
      expect(standIn.webhooks.at(-1)?.body).toMatchObject({ kind: 'digest', digest: { count: batched } })
      console.log(`The digest e-mail, as sent:\nSubject: ${String(digest?.body.subject)}\n\n${text(digest)}`)

      // 7. The next morning at 8:00 in Mexico City: the day's summary, once per channel.
      clock.set(new Date('2026-11-26T14:00:30.000Z'))
      await schedule.runSchedule()
      await waitForRows("SELECT * FROM notifications WHERE kind = 'summary' AND state = 'delivered'", 2)
      const summary = standIn.emails.find((email) => /\/summary\//.test(String(email.idempotencyKey)))
      // The night also brought the reminders of the leads alerted one by one (three quarters of their 24 hours
      // at 4:00): ALERTS_PER_HOUR of them, no more; the digest's leads wait in «Por atender» (decision 031).
      expect(
        standIn.emails.filter((email) => /\/reminder\//.test(String(email.idempotencyKey))),
      ).toHaveLength(ALERTS_PER_HOUR)
      expect(summary?.body.subject).toBe(
        `Resumen del miércoles 25 de noviembre: ${STORE_PER_HOUR} solicitudes`,
      )
      expect(text(summary)).toContain(`- Solicitudes nuevas: ${STORE_PER_HOUR}.`)
      expect(text(summary)).toContain(
        `- Rechazadas porque se llenó el cupo de solicitudes por hora: ${(statuses['503'] ?? 0) + 300 + 2}.`,
      )
      expect(text(summary)).toContain(`- Te llegaron en el resumen por hora y no una por una: ${batched}`)
      console.log(
        `The daily summary e-mail, as sent:\nSubject: ${String(summary?.body.subject)}\n\n${text(summary)}`,
      )
      await schedule.runSchedule()
      expect(await rows("SELECT * FROM notifications WHERE kind = 'summary'")).toHaveLength(2)
    },
    600_000,
  )
})

describe('with Turnstile on (TURNSTILE_SITE_KEY at build time, TURNSTILE_SECRET_KEY on the function)', () => {
  test("the form sends the widget's token, the function checks it, and the lead is stored as a lead", async () => {
    const page = await openContact(guarded)
    await page.waitForSelector('.cf-turnstile input[name="cf-turnstile-response"]')
    await fill(page, VALID)
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    expect(await rows('SELECT status, spam_reason FROM leads')).toEqual([
      { status: 'nuevo', spam_reason: null },
    ])
    expect(turnstile.checks).toEqual([
      expect.objectContaining({ secret: TURNSTILE_TEST.secret, response: TURNSTILE_TEST.token }),
    ])
  })

  test('a post without a valid token is answered alike and filed as spam; nobody is told', async () => {
    const { body, headers } = submission({ 'cf-turnstile-response': 'token-falso' })
    const answer = await post(body, headers, guarded)
    expect(answer.status).toBe(201)
    expect(await rows('SELECT status, spam_reason FROM leads')).toEqual([
      { status: 'spam', spam_reason: 'turnstile' },
    ])
    expect(await rows('SELECT * FROM notifications')).toEqual([])
    expect(standIn.requests).toEqual([])
  })

  test('siteverify failing with a 5xx lets the lead in unchecked and tells the owner', async () => {
    turnstile.mode = '5xx'
    const { body, headers } = submission({ 'cf-turnstile-response': TURNSTILE_TEST.token })
    expect((await post(body, headers, guarded)).status).toBe(201)
    expect(await rows('SELECT status FROM leads')).toEqual([{ status: 'nuevo' }])
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
  })
})

/* ------------------------------------------------------------------------------------------------ */

describe('a visitor whose browser blocks site storage (Chromium: "block all cookies and site data")', () => {
  // Its own Pages server on this file's build, with a local D1 of its own (no other wrangler writes to it) and
  // the inbox's one-time local sign-in, as `npm start` runs it; the visitor reaches it through a proxy that can
  // lose an answer on its way back. The owner reads the inbox in the suite's ordinary Chromium.
  const SHOTS = process.env.QUOTE_FORM_SHOTS_DIR || path.join(projectRoot, 'test', '.artifacts', 'quote-form')
  // Faster than this from the first keystroke is only a signal now (decision 025), but the alert would carry a
  // "puede ser un robot" note: this visitor types at a person's pace, and the fill time must show it.
  const MIN_FILL_MS = 3000
  let visitorBrowser: Browser
  let site_: HostServer
  let ownD1Dir: string
  let ownD1: TestD1
  let lossy: LossyProxy
  let signInLink: string

  beforeAll(async () => {
    ownD1Dir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-d1-blocked-'))
    const ownLocal = createLocalD1(ownD1Dir)
    lossy = await startLossyProxy()
    const port = await freePort()
    const signIn = localInboxSignIn(`http://127.0.0.1:${port}`)
    signInLink = signIn.link
    site_ = await startPages({
      root: buildDir ?? path.resolve(process.env.LEAD_STORE_DIST ?? ''),
      port,
      functions: {
        dir: path.join(projectRoot, 'functions'),
        vars: {
          ...ownerChannels(standIn),
          LEAD_HASH_SECRET: 'secreto-de-prueba',
          LEAD_MIN_FILL_MS: String(MIN_FILL_MS),
          // The visitor's pages come through the proxy: its origin is this site's too.
          SITE_URL: lossy.url,
          ...signIn.vars,
        },
        d1: ownLocal,
      },
    })
    lossy.target = site_.url
    ownD1 = await openLocalD1(ownLocal)
    visitorBrowser = await storageBlockedChromium()
    mkdirSync(SHOTS, { recursive: true })
  }, 120_000)

  afterAll(async () => {
    await visitorBrowser?.close()
    await Promise.all([site_?.close(), ownD1?.close(), lossy?.close()])
    if (ownD1Dir) rmSync(ownD1Dir, { recursive: true, force: true })
  })

  const ownRows = async (sql: string) =>
    (await ownD1.db.prepare(sql).all<Record<string, unknown>>()).results ?? []

  async function openBlocked(url: string): Promise<OpenedPage> {
    const result = await openPage(visitorBrowser, { width: 390, height: 844, answer: answerTurnstile })
    opened.push(result)
    await result.page.goto(url, { waitUntil: 'load' })
    return result
  }

  test("fills the form at a person's pace: one new lead, one e-mail and one webhook call, in the inbox; a lost answer and a second press make no second row", async () => {
    await ownD1.clear()
    const { page, problems } = await openBlocked(`${lossy.url}${CONTACT_PATH}`)
    // The browser's own setting, not a script of ours: the page cannot even read localStorage.
    expect(
      await page.evaluate(() => {
        try {
          return typeof localStorage.getItem('x')
        } catch (error) {
          return (error as DOMException).name
        }
      }),
    ).toBe('SecurityError')
    await waitForHydration(page)
    await page.waitForSelector('form button[type="submit"]')

    // Every success toast that ever appears, counted in the page.
    await page.evaluate((title) => {
      const seen = new Set<Element>()
      Object.assign(window, { __successToasts: seen })
      new MutationObserver(() => {
        for (const item of document.querySelectorAll('[role="region"] li'))
          if (item.textContent?.includes(title)) seen.add(item)
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    }, SUCCESS_TITLE)

    // A person types: key by key, a few seconds in all, past the endpoint's minimum fill time.
    const firstKey = Date.now()
    for (const key of ['name', 'phone', 'email', 'message'] as const)
      await page.type(`[name="${key}"]`, VALID[key], { delay: 25 })
    await page.select('[name="service"]', VALID.service)
    await sleep(firstKey + MIN_FILL_MS + 500 - Date.now())

    // The first answer is lost on its way back: the server stored the lead, the visitor sees a failure.
    lossy.dropNextAnswer('/api/leads')
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, 'No pudimos enviar tu mensaje')
    expect(await readValues(page)).toEqual(VALID)
    // The page was opened as a phone (isMobile, touch); a viewport without them would reload it, and with
    // site storage blocked a reload loses what was typed.
    for (const width of [390, 1280]) {
      const viewport = { width, height: width < 768 ? 844 : 800, deviceScaleFactor: 1 }
      await page.setViewport({ ...viewport, isMobile: true, hasTouch: true })
      await page.screenshot({ path: path.join(SHOTS, `failure-toast-${width}.png`) })
    }
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true })
    expect(await readValues(page)).toEqual(VALID)
    expect(await ownRows('SELECT status FROM leads')).toEqual([{ status: 'nuevo' }])

    // The visitor presses again: the same submission, answered as a retry; the success toast, once.
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    expect(await readValues(page)).toEqual(EMPTY)
    const [first, second] = lossy.posts.map((post) => ({
      ...(JSON.parse(post.body) as { id: string; openedAt: string; submittedAt: string }),
      status: post.status,
      dropped: post.dropped,
    }))
    expect(lossy.posts).toHaveLength(2)
    expect(first).toMatchObject({ status: 201, dropped: true })
    expect(second).toMatchObject({ status: 200, dropped: false, id: first?.id, openedAt: first?.openedAt })
    // The fill time the endpoint judged: from the first keystroke, kept in the page's memory.
    expect(Date.parse(first?.submittedAt ?? '') - Date.parse(first?.openedAt ?? '')).toBeGreaterThanOrEqual(
      MIN_FILL_MS,
    )

    expect(
      await ownRows('SELECT id, name, email, phone, service, message, page, status, spam_reason FROM leads'),
    ).toEqual([{ id: first?.id, ...VALID, page: CONTACT_PATH, status: 'nuevo', spam_reason: null }])
    const told = await standIn.waitFor(2)
    expect(told.map((request) => request.path).sort()).toEqual(['/emails', '/webhook'])
    await sleep(1000)
    expect(standIn.requests).toHaveLength(2)
    expect(
      await page.evaluate(
        () => (window as unknown as { __successToasts: Set<Element> }).__successToasts.size,
      ),
    ).toBe(1)
    expect(
      problems.filter(
        (problem) => !/Failed to load resource|ERR_CONNECTION|ERR_EMPTY_RESPONSE/.test(problem),
      ),
    ).toEqual([])

    // The owner opens the inbox as `npm start` prints it: the one-time local link, then the default view.
    const owner = await openPage(browser, { width: 390, height: 844 })
    opened.push(owner)
    await owner.page.goto(signInLink)
    expect(new URL(owner.page.url()).pathname).toBe(INBOX_PREFIX)
    await owner.page.waitForFunction(
      (name: string) => [...document.querySelectorAll('#lista h2')].some((h2) => h2.textContent === name),
      { timeout: 15_000 },
      VALID.name,
    )
    expect(await owner.page.$$eval('#lista h2', (names) => names.map((name) => name.textContent))).toEqual([
      VALID.name,
    ])
  }, 120_000)

  test('before its scripts have run, the Cloudflare build posts the form itself: stored, thanked, nothing in a URL', async () => {
    await ownD1.clear()
    const held: HeldScripts = await holdScripts(site_.url)
    try {
      const result = await openPage(visitorBrowser, { answer: answerTurnstile })
      opened.push(result)
      const { page } = result
      const requests: string[] = []
      page.on('request', (request) => requests.push(request.url()))
      await page.goto(`${held.url}${CONTACT_PATH}`, { waitUntil: 'domcontentloaded' })
      for (const key of ['name', 'phone', 'email', 'message'] as const)
        await page.type(`[name="${key}"]`, VALID[key])
      await page.select('[name="service"]', VALID.service)
      expect(held.held()).toBeGreaterThan(0)
      await Promise.all([page.waitForNavigation(), page.click('form button[type="submit"]')])
      expect(await page.$eval('h1', (h1) => h1.textContent)).toBe(SUCCESS_TITLE)
      expect(new URL(page.url()).search).toBe('?estado=enviado')
      const typed = [VALID.name, VALID.email, VALID.phone].flatMap((value) => [
        value,
        encodeURIComponent(value),
      ])
      expect(requests.filter((url) => typed.some((value) => url.includes(value)))).toEqual([])
      expect(await ownRows('SELECT name, status FROM leads')).toEqual([{ name: VALID.name, status: 'nuevo' }])
    } finally {
      held.release()
      await held.close()
    }
  })
})
