/**
 * Promises kept (issue 31) in Cloudflare's own runtime, as test/hosts/lead-store.test.ts runs the leads:
 * `wrangler pages dev` serves a build made with LEAD_ENDPOINT=/api/leads, its functions/ (the endpoint and the
 * inbox's API) and a local D1 with migrations/ applied; the schedule Worker (`wrangler dev --test-scheduled`)
 * shares that D1; the owner's e-mail API and webhook are the loopback stand-in; the loopback clock
 * (LEAD_TEST_CLOCK_URL) moves both processes hours forward without restarting them.
 * A visitor sends the form in Chromium; the schedule runs with the clock moved to three quarters of the deadline
 * and past it: the reminder and the overdue notice arrive once each; an emergency is alerted as URGENTE at once,
 * before any schedule run; the owner signs in on the phone (390 px), taps WhatsApp on a lead in «Por atender»,
 * and no reminder follows.
 * One engine (Chromium): what is proven here is the runtime, the schedule and the D1 they share, the same in
 * every browser; the inbox's looks and flows in WebKit are test/owner/inbox-promise.test.ts.
 * Takes ~1-3 min to build (none when smoke.test.ts has built the shared LEAD_ENDPOINT=/api/leads variant in the
 * same run: test/helpers/browser.ts sharedVariant) and ~1-2 min to run (2 cores).
 * Run: `npx jest test/hosts/lead-promise.test.ts --selectProjects chromium --runInBand`.
 * LEAD_STORE_DIST=<folder> reuses a build made with LEAD_ENDPOINT=/api/leads instead of building one.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import promise from 'content:promesa'
import { INBOX_PREFIX } from '../../scripts/hosts/host-rules'
import { localInboxSignIn } from '../../scripts/hosts/inbox-sign-in'
import {
  createLocalD1,
  freePort,
  startPages,
  startScheduleWorker,
  type HostServer,
  type LocalD1,
  type ScheduleWorker,
} from '../../scripts/hosts/servers'
import {
  launchBrowser,
  openPage,
  projectRoot,
  sharedVariant,
  BUILD_HOOK_MS,
  type OpenedPage,
} from '../helpers/browser'
import { openLocalD1, sharedD1Reader, type TestD1 } from '../helpers/d1'
import { ownerChannels } from '../helpers/lead-requests'
import {
  button,
  field,
  openFreshContact,
  SUBMIT,
  SUCCESS_TITLE,
  VALID,
  waitForToast,
  type FieldKey,
  type FormValues,
} from '../helpers/quote-form'
import { startClockStandIn, type ClockStandIn } from '../stand-ins/clock'
import { startNotifyStandIn, type NotifyStandIn } from '../stand-ins/notify'

jest.setTimeout(240_000)

const SITE_URL = 'https://www.aquapuebla.mx'
/** Wednesday 25 November 2026, 16:00 UTC: 10:00 in Mexico City. */
const T0 = new Date('2026-11-25T16:00:00.000Z')
const HOUR = 3_600_000

let browser: Browser
let pages: HostServer
let schedule: ScheduleWorker
let standIn: NotifyStandIn
let clock: ClockStandIn
let local: LocalD1
let d1: TestD1
let buildDir: string | undefined
let stateDir: string
let signInLink: string
const opened: OpenedPage[] = []

beforeAll(async () => {
  standIn = await startNotifyStandIn()
  clock = await startClockStandIn(T0)
  if (!process.env.LEAD_STORE_DIST) {
    // The same build as smoke.test.ts's endpoint cases (sharedVariant: built once per `npm test`).
    buildDir = sharedVariant('lead-endpoint', { LEAD_ENDPOINT: '/api/leads' })
  }
  stateDir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-promise-d1-'))
  local = createLocalD1(stateDir)
  const shared = {
    ...ownerChannels(standIn),
    SITE_URL,
    LEAD_TEST_CLOCK_URL: clock.url,
  }
  const port = await freePort()
  const inbox = localInboxSignIn(`http://127.0.0.1:${port}`)
  signInLink = inbox.link
  const root = buildDir ?? path.resolve(process.env.LEAD_STORE_DIST ?? '')
  ;[pages, schedule] = await Promise.all([
    startPages({
      root,
      port,
      functions: { dir: path.join(projectRoot, 'functions'), vars: { ...shared, ...inbox.vars }, d1: local },
    }),
    startScheduleWorker({ d1: local, vars: shared }),
  ])
  d1 = await openLocalD1(local)
  browser = await launchBrowser()
}, BUILD_HOOK_MS)

afterAll(async () => {
  await Promise.all(opened.splice(0).map(({ page }) => page.close().catch(() => undefined)))
  await browser?.close()
  await Promise.all([pages?.close(), schedule?.close(), d1?.close(), standIn?.close(), clock?.close()])
  if (stateDir) rmSync(stateDir, { recursive: true, force: true })
})

beforeEach(async () => {
  await retryBusy(() => d1.clear())
  standIn.reset()
  clock.set(T0)
})

// The shared SQLite file, read while the servers write it (retried when busy); a wait that gives up prints the log.
const { retryBusy, rows, waitForRows } = sharedD1Reader(
  () => d1,
  () => pages.log().slice(-3000),
)

/** A visitor sends the form on /contacto with these values; the success toast shows. */
async function sendForm(values: FormValues): Promise<void> {
  const result = await openPage(browser, { width: 1280 })
  opened.push(result)
  result.page.setDefaultNavigationTimeout(120_000)
  await openFreshContact(result.page, pages.url)
  for (const [key, value] of Object.entries(values) as [FieldKey, string][])
    await result.page.locator(field(key)).fill(value)
  await result.page.locator(button(SUBMIT)).click()
  await waitForToast(result.page, SUCCESS_TITLE)
}

/** The e-mail subjects of one kind of notification the owner received, in order. */
const subjects = (kind: string) =>
  standIn.emails
    .filter((email) => email.idempotencyKey?.startsWith(`aquapuebla/${kind}/`))
    .map((email) => String(email.body.subject))

/** Moves the clock to `hours` after T0 and runs the schedule once. */
async function scheduleAt(hours: number): Promise<void> {
  clock.set(new Date(T0.getTime() + hours * HOUR))
  await schedule.runSchedule()
}

test('a request from the form: its deadline from the content, one reminder at three quarters, one when overdue', async () => {
  await sendForm(VALID)
  const [lead] = await waitForRows('SELECT id, created_at, due_at, urgent FROM leads', 1)
  expect(Date.parse(String(lead?.due_at)) - Date.parse(String(lead?.created_at))).toBe(
    promise.answerHours * HOUR,
  )
  expect(lead?.urgent).toBe(0)
  await waitForRows("SELECT * FROM notifications WHERE kind = 'lead' AND state = 'delivered'", 2)
  standIn.reset()

  // Not yet at three quarters (18 h of 24): nothing.
  await scheduleAt(17.5)
  expect(standIn.requests).toEqual([])
  // Three quarters: the reminder, on both channels, once however often the schedule runs.
  await scheduleAt(18.1)
  await waitForRows("SELECT * FROM notifications WHERE kind = 'reminder' AND state = 'delivered'", 2)
  await scheduleAt(18.2)
  await scheduleAt(20)
  // Due 24 h after it arrived (a few seconds after 10:00, by how long the browser took).
  expect(subjects('reminder')).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Recordatorio: ${VALID.name} \\(${VALID.service}\\) espera tu respuesta antes de las 10:0\\d$`,
      ),
    ),
  ])
  expect(standIn.webhooks.map((call) => call.body.kind)).toEqual(['reminder'])
  const [reminder] = standIn.emails
  // workerd's own Intl: Spanish, the owner's zone; one tap from the client and from this lead.
  expect(String(reminder?.body.text)).toMatch(
    /quedan 5 h \d+ min para cumplir lo que le prometimos \(a más tardar hoy a las 10:0\d\)/,
  )
  expect(String(reminder?.body.text)).toContain(
    `Abrir en tu bandeja: ${SITE_URL}/admin/solicitudes/?solicitud=${String(lead?.id)}`,
  )
  // Past the deadline: the overdue notice, once.
  await scheduleAt(24.1)
  await waitForRows("SELECT * FROM notifications WHERE kind = 'overdue' AND state = 'delivered'", 2)
  await scheduleAt(25)
  expect(subjects('overdue')).toEqual([
    expect.stringMatching(
      new RegExp(`^Sin respuesta: ${VALID.name} \\(${VALID.service}\\), el plazo venció a las 10:0\\d$`),
    ),
  ])
  // Four messages about this lead (a reminder and an overdue notice per channel); the next morning's summary of
  // the day also came (the form was filled by a script, faster than a person types, which the summary reports).
  expect(
    standIn.requests.filter((request) => !/^aquapuebla\/summary\//.test(String(request.idempotencyKey))),
  ).toHaveLength(4)
})

test('an emergency request from the form is alerted as URGENTE at once, before any schedule run', async () => {
  await sendForm({ ...VALID, name: 'Jorge Ruiz', service: promise.emergencyService })
  await waitForRows("SELECT * FROM notifications WHERE kind = 'lead' AND state = 'delivered'", 2)
  expect(subjects('lead')).toEqual([`URGENTE: emergencia de Jorge Ruiz (${promise.emergencyService})`])
  const text = String(standIn.emails[0]?.body.text)
  expect(text.split('\n')[0]).toBe('URGENTE: solicitud del servicio de emergencia')
  expect(text).toContain(
    `Prometimos responder en ${promise.emergencyHours} horas: a más tardar hoy a las 12:00.`,
  )
  expect(text).toContain('Llamar: tel:2225550101')
  expect(text).toContain(
    `WhatsApp: https://wa.me/522225550101?text=${encodeURIComponent('Hola Jorge, te escribo por tu solicitud de cotización de servicio de emergencia.')}`,
  )
  expect(await rows('SELECT urgent FROM leads')).toEqual([{ urgent: 1 }])
})

test('on the phone (390 px) the owner taps WhatsApp on the lead in «Por atender»: no reminder follows', async () => {
  await sendForm(VALID)
  const [lead] = await waitForRows('SELECT id FROM leads', 1)
  await waitForRows("SELECT * FROM notifications WHERE kind = 'lead' AND state = 'delivered'", 2)
  standIn.reset()
  // Two hours later the owner opens the inbox on the phone.
  clock.set(new Date(T0.getTime() + 2 * HOUR))
  const result = await openPage(browser, { width: 390, height: 844 })
  opened.push(result)
  const page: Page = result.page
  await page.goto(signInLink)
  expect(new URL(page.url()).pathname).toBe(INBOX_PREFIX)
  await page.waitForSelector('::-p-aria([name="Por atender 1"][role="radio"])')
  const card = await page.waitForSelector(`li.lead[data-id="${String(lead?.id)}"]`)
  // "Quedan 22 h": the server's (moved) clock, not the phone's.
  expect(await card!.$eval('.promise', (el) => el.textContent)).toMatch(
    /^Quedan 22 h · vence mañana a las 10:00$/,
  )
  const whatsapp = await card!.waitForSelector('::-p-aria([name="WhatsApp"][role="link"])')
  const popup = new Promise<void>((resolve) => browser.once('targetcreated', () => resolve()))
  await whatsapp!.tap()
  await popup
  await waitForRows("SELECT * FROM leads WHERE first_contact_via = 'whatsapp'", 1)
  // The card says so at once (the page's own answer), without a reload.
  await page.waitForFunction(
    (id: string) =>
      document.querySelector(`li.lead[data-id="${id}"] .promise p`)?.textContent?.startsWith('Respondida en'),
    { timeout: 30_000 },
    String(lead?.id),
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  for (const hours of [18.1, 24.1, 30]) await scheduleAt(hours)
  // No reminder and no overdue notice (the next morning's summary of the day may come: the form was filled by a
  // script, faster than a person types, which the summary reports).
  expect(
    standIn.requests.filter((request) =>
      /^aquapuebla\/(reminder|overdue)\//.test(String(request.idempotencyKey)),
    ),
  ).toEqual([])
  expect(await rows("SELECT count(*) AS n FROM notifications WHERE kind IN ('reminder', 'overdue')")).toEqual(
    [{ n: 0 }],
  )
})
