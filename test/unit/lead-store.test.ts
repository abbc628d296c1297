/**
 * @jest-environment node
 *
 * The lead endpoint's modules (edge/leads/) in Node against a real D1 (Miniflare, migrations applied) and
 * loopback stand-ins for the e-mail API, the webhook and Turnstile: what is refused and with which answer,
 * what is stored (once), what is spam, the rate limit, and the notifications' retries and backoff.
 * The same modules run in wrangler's runtime in test/hosts/lead-store.test.ts.
 */
import { bodyKind, MAX_BODY_BYTES, parseUrlencoded } from '../../edge/leads/body'
import { handleLeads } from '../../edge/leads/endpoint'
import type { LeadEnv } from '../../edge/leads/env'
import { backoffMinutes, deliverDue, GIVE_UP_MS } from '../../edge/leads/notify'
import { hashAddress } from '../../edge/leads/rate-limit'
import { runSchedule } from '../../edge/leads/schedule'
import { validateLead } from '../../edge/leads/validate'
import { leadFieldMessages } from '../../src/content/lead-messages'
import { startD1, type TestD1 } from '../helpers/d1'
import { startNotifyStandIn, type NotifyStandIn } from '../stand-ins/notify'
import { startTurnstileStandIn, type TurnstileStandIn } from '../stand-ins/turnstile'

const SITE = 'https://www.aquapuebla.mx'
const ID = '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f'
const LEAD = {
  name: 'Ana López Treviño',
  email: 'ana.lopez@example.com',
  phone: '222 555 0101',
  service: 'Construcción de Alberca Nueva',
  message: 'Alberca de 8 x 4 m con calentador solar.\nTerreno en Cholula.',
}
const T0 = new Date('2026-11-25T10:00:00.000Z')

let d1: TestD1
let standIn: NotifyStandIn
let turnstile: TurnstileStandIn
let env: LeadEnv
let pending: Promise<unknown>[]

beforeAll(async () => {
  ;[d1, standIn, turnstile] = await Promise.all([
    startD1(),
    startNotifyStandIn(),
    startTurnstileStandIn({ secret: 'turnstile-secret', token: 'token-bueno' }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all([d1?.close(), standIn?.close(), turnstile?.close()])
})

beforeEach(async () => {
  await d1.clear()
  standIn.requests.length = 0
  standIn.mode = 'ok'
  pending = []
  env = {
    DB: d1.db,
    LEAD_HASH_SECRET: 'sal',
    EMAIL_API_URL: standIn.emailUrl,
    EMAIL_API_KEY: standIn.apiKey,
    EMAIL_FROM: 'AquaPuebla <avisos@aquapuebla.mx>',
    EMAIL_TO: 'ventas@aquapuebla.mx',
    LEAD_WEBHOOK_URL: standIn.webhookUrl,
  }
})

/** The form's JSON, opened 20 s before it was sent. */
function formJson(overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    ...LEAD,
    id: ID,
    page: '/contacto',
    openedAt: '2026-11-25T09:59:40.000Z',
    submittedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  })
}

function post(
  body: BodyInit,
  { type = 'application/json', headers = {} }: { type?: string; headers?: Record<string, string> } = {},
) {
  return handleLeads({
    request: new Request(`${SITE}/api/leads`, {
      method: 'POST',
      headers: {
        'Content-Type': type,
        Accept: 'application/json',
        'CF-Connecting-IP': '203.0.113.7',
        ...headers,
      },
      body,
    }),
    env,
    waitUntil: (promise) => pending.push(promise),
    now: () => T0,
  })
}

const rows = async (sql: string) => (await d1.db.prepare(sql).all()).results ?? []

describe('reading the body', () => {
  test('JSON and the urlencoded form post are read; anything else is not', () => {
    expect(bodyKind('application/json')).toBe('json')
    expect(bodyKind('application/json; charset=UTF-8')).toBe('json')
    expect(bodyKind('application/x-www-form-urlencoded')).toBe('form')
    expect(bodyKind('application/json; charset=latin1')).toBeNull()
    expect(bodyKind('text/plain')).toBeNull()
    expect(bodyKind(null)).toBeNull()
  })

  test('a percent-escape that is not UTF-8 is refused, not replaced', () => {
    expect(parseUrlencoded('name=Ana+L%C3%B3pez&x=')).toEqual({ name: 'Ana López', x: '' })
    expect(() => parseUrlencoded('name=%FF')).toThrow()
  })
})

describe('the fields', () => {
  const check = (fields: Record<string, unknown>) => validateLead({ ...LEAD, ...fields }, () => 'nuevo-id')

  test('each missing field gets its own Spanish message', () => {
    expect(validateLead({}, () => 'x')).toEqual({
      ok: false,
      fields: {
        name: leadFieldMessages.name.missing,
        email: leadFieldMessages.email.missing,
        phone: leadFieldMessages.phone.missing,
        service: leadFieldMessages.service.missing,
        message: leadFieldMessages.message.missing,
      },
    })
  })

  test('email format, phone digits, the seven services and the longest values are the limits', () => {
    expect(check({ email: 'ana@' })).toMatchObject({ fields: { email: leadFieldMessages.email.invalid } })
    expect(check({ phone: '12345' })).toMatchObject({ fields: { phone: leadFieldMessages.phone.invalid } })
    expect(check({ phone: '<script>2225550101' })).toMatchObject({
      fields: { phone: leadFieldMessages.phone.invalid },
    })
    expect(check({ service: 'Otro' })).toMatchObject({
      fields: { service: leadFieldMessages.service.invalid },
    })
    expect(check({ name: 'a'.repeat(121) })).toMatchObject({
      fields: { name: leadFieldMessages.name.tooLong },
    })
    expect(check({ message: 'a'.repeat(5001) })).toMatchObject({
      fields: { message: leadFieldMessages.message.tooLong },
    })
    expect(check({ name: 'a'.repeat(120), message: 'a'.repeat(5000) })).toMatchObject({ ok: true })
  })

  test('values are trimmed, one-line fields lose line breaks, the page keeps its path only', () => {
    const result = check({
      name: '  Ana\nLópez\u0000 ',
      page: 'https://www.aquapuebla.mx/contacto/?utm_source=x#cotizacion',
    })
    expect(result).toMatchObject({ ok: true, lead: { name: 'Ana López', page: '/contacto', id: 'nuevo-id' } })
  })
})

describe('POST /api/leads', () => {
  test('a lead is stored once with its notifications, answered 201 with its id, and the owner told', async () => {
    const response = await post(formJson())
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ id: ID })
    expect(
      await rows('SELECT id, name, email, phone, service, message, page, status, spam_reason FROM leads'),
    ).toEqual([{ id: ID, ...LEAD, page: '/contacto', status: 'nuevo', spam_reason: null }])
    await Promise.all(pending)
    expect(await rows('SELECT channel, state, attempts FROM notifications ORDER BY channel')).toEqual([
      { channel: 'email', state: 'delivered', attempts: 1 },
      { channel: 'webhook', state: 'delivered', attempts: 1 },
    ])
    const email = standIn.requests.find((request) => request.path === '/emails')
    expect(email?.authorization).toBe(`Bearer ${standIn.apiKey}`)
    expect(email?.body).toMatchObject({
      from: 'AquaPuebla <avisos@aquapuebla.mx>',
      to: ['ventas@aquapuebla.mx'],
      reply_to: LEAD.email,
      subject: `Nueva solicitud de cotización: ${LEAD.name} (${LEAD.service})`,
    })
    expect(String(email?.body.text)).toContain(LEAD.message)
    const webhook = standIn.requests.find((request) => request.path === '/webhook')
    expect(webhook?.body).toMatchObject({ lead: { id: ID, ...LEAD, page: '/contacto' } })
  })

  test('the same submission id again stores nothing and gets the same id back', async () => {
    expect((await post(formJson())).status).toBe(201)
    await Promise.all(pending)
    const again = await post(formJson({ name: 'Otro nombre' }))
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ id: ID })
    await Promise.all(pending)
    expect(await rows('SELECT name FROM leads')).toEqual([{ name: LEAD.name }])
    expect(standIn.requests).toHaveLength(2)
  })

  test('oversize, wrong type, invalid UTF-8 and bad JSON are refused with nothing stored', async () => {
    const big = formJson({ message: 'a'.repeat(MAX_BODY_BYTES) })
    const answers = [
      await post(big),
      await post(formJson(), { type: 'text/plain' }),
      await post(new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
      await post('{"name":'),
      await post('[1,2]'),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([413, 415, 400, 400, 400])
    for (const answer of answers)
      expect(typeof ((await answer.json()) as { error: string }).error).toBe('string')
    expect(await rows('SELECT id FROM leads')).toEqual([])
  })

  test('invalid fields get 422 with a message per field and nothing stored', async () => {
    const response = await post(
      formJson({ email: '<script>alert(1)</script>', service: '<b>x</b>', message: '' }),
    )
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      error: 'Revisa los campos marcados.',
      fields: {
        email: leadFieldMessages.email.invalid,
        service: leadFieldMessages.service.invalid,
        message: leadFieldMessages.message.missing,
      },
    })
    expect(await rows('SELECT id FROM leads')).toEqual([])
  })

  test('markup and a spreadsheet formula are stored as the text they are', async () => {
    const name = '=HYPERLINK("http://x.example","<script>alert(1)</script>")'
    expect((await post(formJson({ name, message: '<img src=x onerror=alert(1)>' }))).status).toBe(201)
    expect(await rows('SELECT name, message FROM leads')).toEqual([
      { name, message: '<img src=x onerror=alert(1)>' },
    ])
  })

  test('a filled honeypot or a form sent too fast is stored as spam, answered alike, and nobody told', async () => {
    const trap = await post(formJson({ _gotcha: 'https://spam.example' }))
    const fast = await post(
      formJson({ id: '9b2e4f6a-1c3d-4e5f-8a9b-0c1d2e3f4a5b', openedAt: '2026-11-25T09:59:59.000Z' }),
    )
    const noTime = await post(
      formJson({ id: '7a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d', openedAt: undefined, submittedAt: undefined }),
    )
    expect([trap.status, fast.status, noTime.status]).toEqual([201, 201, 201])
    expect(await rows('SELECT status, spam_reason FROM leads ORDER BY spam_reason')).toEqual([
      { status: 'spam', spam_reason: 'honeypot' },
      { status: 'spam', spam_reason: 'too-fast' },
      { status: 'spam', spam_reason: 'too-fast' },
    ])
    expect(await rows('SELECT * FROM notifications')).toEqual([])
    expect(pending).toEqual([])
  })

  test('one address gets 429 with Retry-After past the limit; its address is stored only hashed', async () => {
    env.LEAD_RATE_LIMIT = '3'
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 5; i += 1) {
      last = await post(formJson({ id: `00000000-0000-4000-8000-00000000000${i}` }))
      statuses.push(last.status)
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429])
    // T0 is 10:00:00, the start of a 10-minute window.
    expect(last?.headers.get('Retry-After')).toBe('600')
    expect(await last?.json()).toEqual({ error: expect.stringContaining('Espera unos minutos') })
    const other = await post(formJson({ id: '00000000-0000-4000-8000-000000000009' }), {
      headers: { 'CF-Connecting-IP': '198.51.100.4' },
    })
    expect(other.status).toBe(201)
    const buckets = await rows('SELECT bucket, hits FROM rate_limits ORDER BY hits')
    expect(buckets).toEqual([
      { bucket: await hashAddress('198.51.100.4', 'sal'), hits: 1 },
      { bucket: await hashAddress('203.0.113.7', 'sal'), hits: 5 },
    ])
    expect(JSON.stringify(buckets)).not.toContain('203.0.113.7')
  })

  test('a post without JavaScript is answered 303 to a thank-you page, or an error page in Spanish', async () => {
    const form = new URLSearchParams({ ...LEAD, _gotcha: '' }).toString()
    const request = (body: string) =>
      handleLeads({
        request: new Request(`${SITE}/api/leads`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
          body,
        }),
        env,
        waitUntil: (promise) => pending.push(promise),
      })
    const sent = await request(form)
    expect(sent.status).toBe(303)
    expect(sent.headers.get('Location')).toBe('/api/leads?estado=enviado')
    const thanks = await handleLeads({
      request: new Request(`${SITE}/api/leads?estado=enviado`),
      env,
      waitUntil: () => undefined,
    })
    expect(thanks.status).toBe(200)
    expect(await thanks.text()).toContain('¡Mensaje Enviado!')
    const refused = await request(new URLSearchParams({ ...LEAD, email: 'no' }).toString())
    expect(refused.status).toBe(422)
    expect(refused.headers.get('Content-Type')).toContain('text/html')
    expect(await refused.text()).toContain(leadFieldMessages.email.invalid)
    expect(await rows('SELECT status FROM leads')).toEqual([{ status: 'nuevo' }])
  })

  test('another origin may post only when allowed, preflight included', async () => {
    const preflight = (origin: string) =>
      handleLeads({
        request: new Request(`${SITE}/api/leads`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        }),
        env,
        waitUntil: () => undefined,
      })
    expect((await preflight('https://otro.example')).status).toBe(403)
    expect((await post(formJson(), { headers: { Origin: 'https://otro.example' } })).status).toBe(403)
    env.ALLOWED_ORIGINS = 'https://www.aquapuebla.com.mx, https://aquapuebla.netlify.app'
    const allowed = await preflight('https://aquapuebla.netlify.app')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://aquapuebla.netlify.app')
    expect(allowed.headers.get('Access-Control-Allow-Methods')).toContain('POST')
    const sent = await post(formJson(), { headers: { Origin: 'https://aquapuebla.netlify.app' } })
    expect(sent.status).toBe(201)
    expect(sent.headers.get('Access-Control-Allow-Origin')).toBe('https://aquapuebla.netlify.app')
    expect(await rows('SELECT id FROM leads')).toEqual([{ id: ID }])
  })

  test('with Turnstile on, a lead without a valid token is spam; with one it is a lead', async () => {
    env.TURNSTILE_SECRET_KEY = 'turnstile-secret'
    env.TURNSTILE_VERIFY_URL = turnstile.verifyUrl
    await post(formJson({ 'cf-turnstile-response': 'token-malo' }))
    await post(
      formJson({ id: '5c4b3a29-1807-4f6e-9d5c-4b3a29180706', 'cf-turnstile-response': 'token-bueno' }),
    )
    expect(await rows('SELECT id, status, spam_reason FROM leads ORDER BY status')).toEqual([
      { id: '5c4b3a29-1807-4f6e-9d5c-4b3a29180706', status: 'nuevo', spam_reason: null },
      { id: ID, status: 'spam', spam_reason: 'turnstile' },
    ])
    expect(turnstile.checks.map((check) => [check.secret, check.response, check.remoteip])).toEqual([
      ['turnstile-secret', 'token-malo', '203.0.113.7'],
      ['turnstile-secret', 'token-bueno', '203.0.113.7'],
    ])
  })
})

describe('notifications', () => {
  test('backoff doubles from one minute up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffMinutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60])
  })

  test('a failed send waits its backoff, is not sent twice at once, and is delivered once by the schedule', async () => {
    standIn.mode = 'fail'
    await post(formJson())
    await Promise.all(pending)
    expect(
      await rows(
        'SELECT channel, state, attempts, next_attempt_at, last_error FROM notifications ORDER BY channel',
      ),
    ).toEqual([
      {
        channel: 'email',
        state: 'pending',
        attempts: 1,
        next_attempt_at: '2026-11-25T10:01:00.000Z',
        last_error: 'HTTP 500',
      },
      {
        channel: 'webhook',
        state: 'pending',
        attempts: 1,
        next_attempt_at: '2026-11-25T10:01:00.000Z',
        last_error: 'HTTP 500',
      },
    ])
    standIn.mode = 'ok'
    standIn.requests.length = 0
    // Not due yet: nothing sent.
    expect(await deliverDue(d1.db, env, { now: () => new Date('2026-11-25T10:00:30.000Z') })).toEqual([])
    // Due: two senders at once (the request's and the schedule's) send each notification once.
    const due = () => new Date('2026-11-25T10:01:00.000Z')
    const [first, second] = await Promise.all([runSchedule(env, due), deliverDue(d1.db, env, { now: due })])
    expect([...first.sent, ...second].filter((outcome) => outcome.delivered)).toHaveLength(2)
    expect(standIn.requests.map((request) => request.path).sort()).toEqual(['/emails', '/webhook'])
    expect(await rows('SELECT state, attempts FROM notifications')).toEqual([
      { state: 'delivered', attempts: 2 },
      { state: 'delivered', attempts: 2 },
    ])
  })

  test('a channel that never answers is given up after its timeout, and after a day marked failed', async () => {
    standIn.mode = 'fail'
    env.LEAD_WEBHOOK_URL = undefined
    await post(formJson())
    await Promise.all(pending)
    standIn.mode = 'hang'
    const [outcome] = await deliverDue(d1.db, env, {
      now: () => new Date('2026-11-25T10:01:00.000Z'),
      timeoutMs: 300,
    })
    expect(outcome).toMatchObject({ delivered: false, error: 'no answer within 0.3 s' })
    const dayLater = () => new Date(T0.getTime() + GIVE_UP_MS)
    standIn.mode = 'fail'
    await runSchedule(env, dayLater)
    expect(await rows('SELECT channel, state, last_error FROM notifications')).toEqual([
      { channel: 'email', state: 'failed', last_error: 'HTTP 500' },
    ])
  })

  test('the schedule deletes leads past retention with their notifications, and old rate windows', async () => {
    await post(formJson())
    await Promise.all(pending)
    env.LEAD_RETENTION_DAYS = '30'
    const report = await runSchedule(env, () => new Date(T0.getTime() + 31 * 24 * 60 * 60 * 1000))
    expect(report).toMatchObject({ leadsDeleted: 1, rateWindowsDeleted: 1 })
    expect(await rows('SELECT * FROM leads')).toEqual([])
    expect(await rows('SELECT * FROM notifications')).toEqual([])
  })
})
