/**
 * The lead endpoint in Cloudflare's own runtime: `wrangler pages dev` serves a build made with
 * LEAD_ENDPOINT=/api/leads, its functions/ (edge/leads/) and a local D1 with migrations/ applied; the
 * schedule Worker (workers/lead-schedule/, `wrangler dev --test-scheduled`) shares that D1. The owner's
 * e-mail API and webhook are one loopback stand-in that answers, fails or hangs on demand.
 * A real browser sends the form; the rows are read back from the same SQLite file; bad inputs, retries and
 * a small load go straight to the endpoint. Takes ~1-3 min to build and ~1 min to run (2 cores).
 * Run: `npx jest test/hosts/lead-store.test.ts --selectProjects chromium --runInBand`.
 * LEAD_STORE_DIST=<folder> reuses a build made with LEAD_ENDPOINT=/api/leads instead of building one.
 */
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
import { loadLeads } from '../../scripts/bench/lead-load'
import { leadFieldMessages } from '../../src/content/lead-messages'
import { SUBMISSION_KEY } from '../../src/lead/draft'
import {
  buildVariant,
  launchBrowser,
  openPage,
  projectRoot,
  removeVariant,
  BUILD_HOOK_MS,
  type OpenedPage,
} from '../helpers/browser'
import { openLocalD1, type TestD1 } from '../helpers/d1'
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

/** Faster than this from the first keystroke to the send is a robot (LEAD_MIN_FILL_MS). */
const MIN_FILL_MS = 3000
const RATE_LIMIT = 15

let browser: Browser
let pages: HostServer
let schedule: ScheduleWorker
let standIn: NotifyStandIn
let turnstile: TurnstileStandIn
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
  const channels = {
    EMAIL_API_URL: standIn.emailUrl,
    EMAIL_API_KEY: standIn.apiKey,
    EMAIL_FROM: 'AquaPuebla <avisos@aquapuebla.mx>',
    EMAIL_TO: 'ventas@aquapuebla.mx',
    LEAD_WEBHOOK_URL: standIn.webhookUrl,
    // A retry is due one second after a failure instead of a minute.
    LEAD_RETRY_UNIT_MS: '1000',
  }
  const root = buildDir ?? path.resolve(process.env.LEAD_STORE_DIST ?? '')
  const vars = {
    ...channels,
    LEAD_HASH_SECRET: 'secreto-de-prueba',
    LEAD_MIN_FILL_MS: String(MIN_FILL_MS),
    LEAD_RATE_LIMIT: String(RATE_LIMIT),
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
    startScheduleWorker({ d1: local, vars: channels }),
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
  ])
  if (buildDir) removeVariant(buildDir, { ssrDir })
  if (stateDir) rmSync(stateDir, { recursive: true, force: true })
})

beforeEach(async () => {
  await d1.clear()
  standIn.mode = 'ok'
  standIn.requests.length = 0
  turnstile.checks.length = 0
})

afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ page }) => page.close()))
})

/* ------------------------------------------------------------------------------------------------ */

/**
 * Rows from the shared SQLite file. Four processes open it here (two `pages dev`, the schedule Worker and this
 * reader); a read while another process writes has failed with D1's "internal error" (seen in this suite), so
 * it is tried again. On Cloudflare one D1 database is one instance, opened by nobody else.
 */
async function rows<T = Record<string, unknown>>(sql: string, ...values: unknown[]): Promise<T[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return ((
        await d1.db
          .prepare(sql)
          .bind(...values)
          .all<T>()
      ).results ?? []) as T[]
    } catch (error) {
      if (attempt >= 10 || !String(error).includes('internal error')) throw error
      await sleep(100 * attempt)
    }
  }
}

/** Waits until `sql` returns `count` rows (the function's waitUntil and the schedule write after answering). */
async function waitForRows(sql: string, count: number, timeoutMs = 15_000) {
  const started = Date.now()
  for (;;) {
    const found = await rows(sql)
    if (found.length === count) return found
    if (Date.now() - started > timeoutMs)
      throw new Error(`${sql}: ${found.length} rows, not ${count}: ${JSON.stringify(found)}\n${pages.log()}`)
    await sleep(200)
  }
}

/** /contacto of `server` (the one without Turnstile's check by default), Turnstile's script stood in. */
async function openContact(server: HostServer = pages): Promise<Page> {
  const result = await openPage(browser, { answer: answerTurnstile })
  opened.push(result)
  await openFreshContact(result.page, server.url)
  return result.page
}

/** Types the values as a visitor does, and waits until the minimum fill time has passed since the first key. */
async function fill(page: Page, values: FormValues): Promise<void> {
  for (const [key, value] of Object.entries(values) as [FieldKey, string][]) {
    await page.locator(field(key)).fill(value)
  }
  // The form notes when typing began with the draft's submission (src/lead/draft.ts); same machine, same clock.
  const openedAt = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { openedAt?: string } | null)?.openedAt,
    SUBMISSION_KEY,
  )
  expect(openedAt).toEqual(expect.any(String))
  await sleep(Date.parse(openedAt ?? '') + MIN_FILL_MS + 300 - Date.now())
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${pages.url}/api/leads`, {
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

/* ------------------------------------------------------------------------------------------------ */

describe('a quote request sent from /contacto', () => {
  test('lands as exactly one row, and the owner gets one e-mail and one webhook call', async () => {
    const page = await openContact()
    await fill(page, VALID)
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    expect(await readValues(page)).toEqual(EMPTY)

    const stored = await rows('SELECT id, name, email, phone, service, message, page, status FROM leads')
    expect(stored).toEqual([{ id: expect.any(String), ...VALID, page: CONTACT_PATH, status: 'nuevo' }])
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(standIn.requests.map((request) => request.path).sort()).toEqual(['/emails', '/webhook'])
    const email = standIn.requests.find((request) => request.path === '/emails')
    expect(email?.body).toMatchObject({ to: ['ventas@aquapuebla.mx'], reply_to: VALID.email })
    expect(String(email?.body.text)).toContain(VALID.message)
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

    standIn.mode = 'ok'
    standIn.requests.length = 0
    await sleep(1100) // the first retry is due a second later (LEAD_RETRY_UNIT_MS)
    await schedule.runSchedule()
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered' AND attempts = 2", 2)
    await schedule.runSchedule()
    expect(standIn.requests.map((request) => request.path).sort()).toEqual(['/emails', '/webhook'])
  })

  test('with the e-mail API hanging, the visitor is answered at once and the schedule delivers it later', async () => {
    standIn.mode = 'hang'
    const page = await openContact()
    await fill(page, VALID)
    const clicked = Date.now()
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    // The answer does not wait for the 5 s send timeout.
    expect(Date.now() - clicked).toBeLessThan(4000)
    expect(await rows('SELECT status FROM leads')).toEqual([{ status: 'nuevo' }])

    // The request's own sends give up after 5 s and leave the notifications for the schedule.
    await waitForRows(
      "SELECT * FROM notifications WHERE state = 'pending' AND locked_until IS NULL",
      2,
      20_000,
    )
    standIn.mode = 'ok'
    standIn.requests.length = 0
    await sleep(1100)
    await schedule.runSchedule()
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(standIn.requests).toHaveLength(2)
  }, 60_000)

  test('a form sent faster than a person types is answered alike but filed as spam, and nobody told', async () => {
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
    expect(await rows('SELECT status, spam_reason FROM leads')).toEqual([
      { status: 'spam', spam_reason: 'too-fast' },
    ])
    await sleep(500)
    expect(await rows('SELECT * FROM notifications')).toEqual([])
    expect(standIn.requests).toEqual([])
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
    const result = await openPage(browser, { javascript: false })
    opened.push(result)
    const { page } = result
    await page.goto(`${pages.url}${CONTACT_PATH}`, { waitUntil: 'load' })
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
    expect(await rows('SELECT name, page, status FROM leads')).toEqual([
      { name: VALID.name, page: CONTACT_PATH, status: 'nuevo' },
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

  test('a retry with the same submission id makes no duplicate', async () => {
    const id = crypto.randomUUID()
    const { body, headers } = submission({ id })
    const first = await post(body, headers)
    const second = await post(body, headers)
    expect([first.status, second.status]).toEqual([201, 200])
    expect([await first.json(), await second.json()]).toEqual([{ id }, { id }])
    expect(await rows('SELECT id FROM leads')).toEqual([{ id }])
    await waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    await sleep(500)
    expect(standIn.requests).toHaveLength(2)
  })

  test('a load spread over many addresses is stored exactly once with no 5xx; one address flooding gets 429', async () => {
    // No channels would be fast; with them every lead also makes two sends to the stand-in.
    const load = await loadLeads({ url: pages.url, amount: 200, connections: 20, addresses: 100 })
    expect(load.errors).toBe(0)
    expect(load.statuses).toEqual({ '201': 200 })
    const [{ count } = { count: 0 }] = await rows<{ count: number }>('SELECT count(*) AS count FROM leads')
    expect(count).toBe(200)
    const ids = await rows<{ id: string }>('SELECT id FROM leads')
    expect(new Set(ids.map((row) => row.id))).toEqual(new Set(load.ids))
    console.log(
      `lead load: ${load.requestsPerSecond.toFixed(0)} requests/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms (200 leads, 20 at a time)`,
    )

    const flood = await loadLeads({
      url: pages.url,
      amount: 30,
      connections: 5,
      addresses: 1,
      address: () => '198.51.100.66',
    })
    expect(flood.statuses).toEqual({ '201': RATE_LIMIT, '429': 30 - RATE_LIMIT })
  }, 120_000)
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

  test('a post without a valid token is answered alike and filed as spam', async () => {
    const { body, headers } = submission({ 'cf-turnstile-response': 'token-falso' })
    const answer = await fetch(`${guarded.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body,
    })
    expect(answer.status).toBe(201)
    expect(await rows('SELECT status, spam_reason FROM leads')).toEqual([
      { status: 'spam', spam_reason: 'turnstile' },
    ])
    await sleep(300)
    expect(standIn.requests).toEqual([])
  })
})

/* ------------------------------------------------------------------------------------------------ */

describe('a visitor whose browser blocks site storage (Chromium: "block all cookies and site data")', () => {
  // Its own Pages server on this file's build, with a local D1 of its own (no other wrangler writes to it) and
  // the inbox's one-time local sign-in, as `npm start` runs it; the visitor reaches it through a proxy that can
  // lose an answer on its way back. The owner reads the inbox in the suite's ordinary Chromium.
  const SHOTS = process.env.QUOTE_FORM_SHOTS_DIR || path.join(projectRoot, 'test', '.artifacts', 'quote-form')
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
          EMAIL_API_URL: standIn.emailUrl,
          EMAIL_API_KEY: standIn.apiKey,
          EMAIL_FROM: 'AquaPuebla <avisos@aquapuebla.mx>',
          EMAIL_TO: 'ventas@aquapuebla.mx',
          LEAD_WEBHOOK_URL: standIn.webhookUrl,
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
