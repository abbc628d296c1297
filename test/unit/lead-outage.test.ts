/**
 * @jest-environment node
 *
 * An outage reaches the owner (issue 41, 5), in Node against an in-memory D1 and the notification stand-in:
 * a database that fails (a broken binding) or is behind the code (a migration not applied). The lead goes straight
 * to the owner's channels with an alarm on top, never a robot's; the visitor gets 503 with the phone and WhatsApp;
 * the schedule alarms once about a schema that is behind; and the test-only overrides are refused unless they point
 * at loopback (issue 41, 7).
 */
import { leadAnswers } from '../../contract/lead-messages'
import { RELAYS_PER_HOUR, forgetRelays } from '../../edge/leads/relay'
import { runSchedule, ScheduleError } from '../../edge/leads/schedule'
import { SCHEMA_VERSION } from '../../edge/leads/schema'
import { isLoopbackUrl, testOverride } from '../../edge/test-only'
import { failingD1, startD1, type TestD1 } from '../helpers/d1'
import {
  expectErrorPage,
  formJson,
  ID,
  LEAD,
  leadBench,
  leadEnv,
  poster,
  promiseAssets,
  T0,
  uuid,
} from '../helpers/lead-requests'

jest.setTimeout(60_000)

const lead = leadBench({ extra: () => ({ ASSETS: promiseAssets() }), siteverify: true })
const { post, rows } = lead
let quiet: jest.SpyInstance[] = []

beforeEach(() => {
  forgetRelays()
  quiet = [jest.spyOn(console, 'error'), jest.spyOn(console, 'warn')].map((spy) =>
    spy.mockImplementation(() => undefined),
  )
})
afterEach(() => quiet.forEach((spy) => spy.mockRestore()))

/** Every query failing as a database that is down does (not a busy one: nothing to retry). */
const brokenDatabase = () =>
  failingD1(lead.d1.db, { statements: /^/, error: 'D1_ERROR: internal error; reference = 8k2c1' })

describe('the database down', () => {
  test('a lead goes straight to the owner with an alarm, and the visitor gets the phone and WhatsApp', async () => {
    lead.env.DB = brokenDatabase()
    const answer = await post(formJson())
    expect(answer.status).toBe(503)
    expect(await answer.json()).toEqual({ error: leadAnswers.relayed })
    const [email] = lead.standIn.emails
    expect(email?.idempotencyKey).toBe(`aquapuebla/alarm/${ID}/email`)
    expect(email?.body.subject).toBe(`ALARMA: Nueva solicitud de cotización: ${LEAD.name} (${LEAD.service})`)
    expect(String(email?.body.text)).toMatch(/^ALARMA: esta solicitud no se pudo guardar: la base de datos/)
    expect(String(email?.body.text)).toContain(`Teléfono: ${LEAD.phone}`)
    expect(email?.body.reply_to).toBe(LEAD.email)
    expect(lead.standIn.webhooks[0]?.body).toMatchObject({
      kind: 'alarm',
      alarm: 'storage',
      lead: { name: LEAD.name },
    })
    // Without JavaScript: the same, as a page with both ways to reach the company.
    await expectErrorPage(await lead.formPost({ ...LEAD, name: 'Sin JavaScript' }), 503, leadAnswers.relayed)
    // Nothing at all reaches the owner: the visitor is told nothing was saved.
    lead.standIn.mode = 'fail'
    expect(await (await post(formJson({ id: uuid(3) }))).json()).toEqual({ error: leadAnswers.unavailable })
  })

  test('no robot reaches the owner through it, and a flood of relays stops at the isolate’s share', async () => {
    lead.env.DB = brokenDatabase()
    expect((await post(formJson({ _gotcha: 'x' }))).status).toBe(503)
    lead.env.TURNSTILE_SECRET_KEY = 'turnstile-secret'
    lead.env.TURNSTILE_VERIFY_URL = lead.turnstile.verifyUrl
    expect((await post(formJson({ id: uuid(1), 'cf-turnstile-response': 'token-malo' }))).status).toBe(503)
    expect((await post(formJson({ id: uuid(2) }))).status).toBe(403)
    expect(lead.standIn.requests).toEqual([])
    lead.env.TURNSTILE_SECRET_KEY = undefined
    lead.env.LEAD_WEBHOOK_URL = undefined
    for (let n = 10; n < 10 + RELAYS_PER_HOUR + 3; n += 1) await post(formJson({ id: uuid(n) }))
    expect(lead.standIn.emails).toHaveLength(RELAYS_PER_HOUR)
  })
})

describe('a migration not applied', () => {
  let old: TestD1
  beforeAll(async () => {
    old = await startD1((file) => file < '0004')
  }, 60_000)
  afterAll(() => old?.close())

  test('a lead is relayed with a configuration alarm; the schedule alarms once per six hours and reports the run failed', async () => {
    const env = leadEnv(old, lead.standIn, { ASSETS: promiseAssets() })
    const answer = await poster(() => env, [])(formJson())
    expect(answer.status).toBe(503)
    expect(await answer.json()).toEqual({ error: leadAnswers.relayed })
    expect(String(lead.standIn.emails[0]?.body.text)).toMatch(
      /^ALARMA: FALLA DE CONFIGURACIÓN\. .*falta aplicar una migración/,
    )
    expect(String(lead.standIn.emails[0]?.body.text)).toContain('npm run deploy:migrations')
    lead.standIn.reset()
    const run = (at: number) =>
      runSchedule(env, () => new Date(T0.getTime() + at)).catch((error: unknown) => error)
    const first = await run(0)
    expect(first).toBeInstanceOf(ScheduleError)
    expect((first as ScheduleError).report).toMatchObject({ schema: 0, schemaAlarm: true })
    expect(lead.standIn.emails.map((email) => email.body.subject)).toEqual([
      'ALARMA: tu sitio no está guardando solicitudes (falta aplicar una migración)',
    ])
    expect(String(lead.standIn.emails[0]?.body.text)).toContain(
      `La base de datos de solicitudes está en la versión 0 y el sitio necesita la ${SCHEMA_VERSION}.`,
    )
    expect(((await run(5 * 60_000)) as ScheduleError).report.schemaAlarm).toBe(false)
    expect(((await run(6 * 3_600_000 + 60_000)) as ScheduleError).report.schemaAlarm).toBe(true)
    expect(lead.standIn.emails).toHaveLength(2)
  })

  test('with the migrations applied the schedule says so and alarms nobody', async () => {
    const report = await runSchedule(lead.env, () => T0)
    expect(report).toMatchObject({ schema: SCHEMA_VERSION, schemaAlarm: false })
    expect(await rows("SELECT value FROM lead_settings WHERE name = 'schema'")).toEqual([
      { value: String(SCHEMA_VERSION) },
    ])
  })
})

describe('test-only overrides', () => {
  test('honoured only when they point at loopback: anything else is ignored, logged once', () => {
    const loopback = [
      'http://127.0.0.1:8787/now',
      'http://localhost:3000',
      'http://[::1]:9/x',
      'http://127.9.9.9',
    ]
    const elsewhere = [
      'https://api.github.com',
      'http://127.0.0.1.evil.example',
      'http://10.0.0.1',
      'file:///x',
    ]
    expect([...loopback, ...elsewhere].filter(isLoopbackUrl)).toEqual(loopback)
    expect(testOverride('GITHUB_API_ORIGIN', 'https://evil.example')).toBeUndefined()
    expect(testOverride('GITHUB_API_ORIGIN', 'https://evil.example')).toBeUndefined()
    expect(console.error).toHaveBeenCalledTimes(1)
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('GITHUB_API_ORIGIN is set but ignored'),
    )
    expect(testOverride('GITHUB_API_ORIGIN', 'http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000')
  })

  test('a siteverify or a clock that is not on loopback is never asked: the real ones are', async () => {
    const asked: string[] = []
    const realFetch = global.fetch
    global.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input instanceof Request ? input.url : input))
      return String(input).startsWith('https://challenges.cloudflare.com')
        ? Promise.resolve(Response.json({ success: true, hostname: 'www.aquapuebla.mx' }))
        : realFetch(input, init)
    }) as typeof fetch
    try {
      lead.env.TURNSTILE_SECRET_KEY = 'turnstile-secret'
      lead.env.TURNSTILE_VERIFY_URL = 'https://siteverify.evil.example/'
      lead.env.LEAD_TEST_CLOCK_URL = 'https://clock.evil.example/now'
      const { handleLeads } = await import('../../edge/leads/endpoint')
      const answer = await handleLeads({
        request: new Request('https://www.aquapuebla.mx/api/leads', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: formJson({ 'cf-turnstile-response': 'token' }),
        }),
        env: { ...lead.env, EMAIL_API_URL: undefined, LEAD_WEBHOOK_URL: undefined },
        waitUntil: () => undefined,
      })
      expect(answer.status).toBe(201)
    } finally {
      global.fetch = realFetch
    }
    expect(asked).toEqual(['https://challenges.cloudflare.com/turnstile/v0/siteverify'])
  })
})
