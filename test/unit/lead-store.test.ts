/**
 * @jest-environment node
 *
 * The lead endpoint (edge/leads/endpoint.ts and the modules it calls) in Node against a D1 (test/helpers/d1.ts,
 * migrations applied) and loopback stand-ins for the e-mail API, the webhook and Turnstile: what is refused
 * and with which answer, what is stored (once), what is spam and what is only a signal, the rate limit per
 * client (IPv4 address, IPv6 /64), the hour's storage ceiling, and Turnstile's answers. Each test says what
 * the visitor and the owner see. The notifications themselves: lead-notify.test.ts; the same code in wrangler's
 * runtime, a flood included: test/hosts/lead-store.test.ts.
 */
import { parseIPv6, rateBucket } from '../../edge/leads/address'
import { bodyKind, MAX_BODY_BYTES, parseUrlencoded } from '../../edge/leads/body'
import { handleLeads } from '../../edge/leads/endpoint'
import { hashBucket } from '../../edge/leads/rate-limit'
import { MAX_TOKEN_LENGTH, verifyTurnstile } from '../../edge/leads/turnstile'
import { validateLead } from '../../edge/leads/validate'
import { leadAnswers, leadFieldMessages } from '../../contract/lead-messages'
import promise from 'content:promesa'
import { failingD1 } from '../helpers/d1'
import {
  expectErrorPage,
  formJson,
  ID,
  INBOX,
  LEAD,
  leadBench,
  promiseAssets,
  silenced,
  SITE,
  T0,
  thanksPage,
  uuid,
} from '../helpers/lead-requests'

jest.setTimeout(30_000)

const lead = leadBench({ siteverify: true })
const { post, rows, settle, counts } = lead

/** The answers to posts from each of `addresses` in turn at `now`, the n-th with the submission id uuid(first + n). */
const postsFrom = async (addresses: string[], first = 0, now = T0) => {
  const answers = []
  for (const [i, address] of addresses.entries())
    answers.push(
      await post(formJson({ id: uuid(first + i) }), { now, headers: { 'CF-Connecting-IP': address } }),
    )
  return answers
}
const statusesFrom = async (addresses: string[], first = 0) =>
  (await postsFrom(addresses, first)).map((answer) => answer.status)

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
    const refused = [
      ['email', 'ana@', leadFieldMessages.email.invalid],
      ['phone', '12345', leadFieldMessages.phone.invalid],
      ['phone', '<script>2225550101', leadFieldMessages.phone.invalid],
      ['service', 'Otro', leadFieldMessages.service.invalid],
      ['name', 'a'.repeat(121), leadFieldMessages.name.tooLong],
      ['message', 'a'.repeat(5001), leadFieldMessages.message.tooLong],
    ] as const
    for (const [field, value, message] of refused)
      expect(check({ [field]: value })).toMatchObject({ fields: { [field]: message } })
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

describe('client addresses and their rate-limit buckets', () => {
  test('IPv4 is one bucket per address; IPv6 one per /64 in any spelling; IPv4-mapped IPv6 is its IPv4', () => {
    const one4 = ['203.0.113.7', ' 203.0.113.7 ', '::ffff:203.0.113.7', '::FFFF:CB00:7107']
    expect(new Set(one4.map(rateBucket))).toEqual(new Set(['v4:203.0.113.7']))
    const one64 = [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:AAAA:BBBB:CCCC:DDDD',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
      '[2001:db8:1:2::5]',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::7'),
      '2001:db8:1:2:0:0:198.51.100.1',
    ]
    expect(new Set(one64.map(rateBucket))).toEqual(new Set(['v6:2001:db8:1:2::/64']))
    expect(rateBucket('2001:db8:1:3::1')).toBe('v6:2001:db8:1:3::/64')
    expect(parseIPv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0])
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
  })

  test('junk is never an address: it all shares one `unknown` bucket', () => {
    const junk = [
      '',
      'junk',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '01.2.3.4',
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      ':1:2::',
      '2001:db8::g',
      'fe80::1%',
      '203.0.113.7, 198.51.100.4',
      '12345::1',
      'a'.repeat(100),
    ]
    expect(new Set(junk.map(rateBucket))).toEqual(new Set(['unknown']))
    expect(rateBucket(null)).toBe('unknown')
  })
})

describe('POST /api/leads', () => {
  test('a lead is stored once with its notifications, answered 201 with its id, and the owner told', async () => {
    const response = await post(formJson())
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ id: ID })
    expect(
      await rows(
        'SELECT id, name, email, phone, service, message, page, status, spam_reason, fill_ms, alert FROM leads',
      ),
    ).toEqual([
      {
        id: ID,
        ...LEAD,
        page: '/contacto',
        status: 'nuevo',
        spam_reason: null,
        fill_ms: 20_000,
        alert: 'own',
      },
    ])
    await settle()
    expect(await rows('SELECT kind, channel, state, attempts FROM notifications ORDER BY channel')).toEqual([
      { kind: 'lead', channel: 'email', state: 'delivered', attempts: 1 },
      { kind: 'lead', channel: 'webhook', state: 'delivered', attempts: 1 },
    ])
    const [email] = lead.standIn.emails
    expect(email?.authorization).toBe(`Bearer ${lead.standIn.apiKey}`)
    expect(email?.idempotencyKey).toBe(`aquapuebla/lead/${ID}/email`)
    expect(email?.body).toMatchObject({
      from: 'AquaPuebla <avisos@aquapuebla.mx>',
      to: ['ventas@aquapuebla.mx'],
      reply_to: LEAD.email,
      subject: `Nueva solicitud de cotización: ${LEAD.name} (${LEAD.service})`,
    })
    expect(String(email?.body.text)).toContain(LEAD.message)
    // 10:00 UTC is 4:00 in Mexico City: the owner's time in Spanish; ISO 8601 only in the data for machines.
    expect(String(email?.body.text)).toContain('Recibida: miércoles 25 de noviembre, 4:00')
    expect(String(email?.body.text)).not.toContain('2026-11-25T')
    expect(String(email?.body.text)).toContain(`Todas tus solicitudes: ${INBOX}`)
    expect(lead.standIn.webhooks[0]?.body).toMatchObject({
      kind: 'lead',
      lead: { id: ID, ...LEAD, page: '/contacto', createdAt: T0.toISOString(), fillMs: 20_000 },
    })
  })

  test('the same submission id again stores nothing, tells nobody again and gets the same id back', async () => {
    expect((await post(formJson())).status).toBe(201)
    await settle()
    const again = await post(formJson({ name: 'Otro nombre' }))
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ id: ID })
    await settle()
    expect(await rows('SELECT name FROM leads')).toEqual([{ name: LEAD.name }])
    expect(lead.standIn.requests).toHaveLength(2)
    expect(await counts()).toMatchObject({ lead: 1 })
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

  test('a filled honeypot is stored as spam, answered alike, counted for the summary, and nobody told', async () => {
    const trap = await post(formJson({ _gotcha: 'https://spam.example' }))
    expect(trap.status).toBe(201)
    expect(await trap.json()).toEqual({ id: ID })
    expect(await rows('SELECT status, spam_reason, alert FROM leads')).toEqual([
      { status: 'spam', spam_reason: 'honeypot', alert: null },
    ])
    expect(await rows('SELECT * FROM notifications')).toEqual([])
    expect(lead.pending).toEqual([])
    expect(await counts()).toMatchObject({ 'spam-stored': 1, 'spam:honeypot': 1 })
  })

  // Regression: a browser with site storage blocked sent no opened time (or "now"), and the lead was filed as
  // spam / too-fast: the owner never heard of it. The fill time is a signal now, never the verdict.
  test('a missing, zero, negative or absurd fill time is stored as a lead, the owner told, and the time kept', async () => {
    const cases: [string, Record<string, unknown>, number | null][] = [
      [uuid(1), { openedAt: undefined, submittedAt: undefined }, null],
      [uuid(2), { openedAt: '2026-11-25T10:00:00.000Z' }, 0],
      [uuid(3), { openedAt: '2026-11-25T10:00:05.000Z' }, -5000],
      [uuid(4), { openedAt: 'ayer' }, null],
      [uuid(5), { openedAt: '1970-01-01T00:00:00.000Z' }, 1e12],
    ]
    for (const [id, overrides] of cases) expect((await post(formJson({ id, ...overrides }))).status).toBe(201)
    await settle()
    expect(await rows('SELECT id, status, spam_reason, fill_ms FROM leads ORDER BY id')).toEqual(
      cases.map(([id, , fillMs]) => ({ id, status: 'nuevo', spam_reason: null, fill_ms: fillMs })),
    )
    // Every one alerted on both channels; the quick ones say so.
    expect(lead.standIn.emails).toHaveLength(5)
    const quickNote = 'Ojo: el formulario se llenó en 0 segundos'
    expect(lead.standIn.emails.filter((email) => String(email.body.text).includes(quickNote))).toHaveLength(2)
    expect(await counts()).toMatchObject({ quick: 2 })
  })

  test('one client gets 429 with Retry-After past the limit; its bucket is stored only hashed', async () => {
    lead.env.LEAD_RATE_LIMIT = '3'
    expect(await statusesFrom(Array(4).fill('203.0.113.7'))).toEqual([201, 201, 201, 429])
    const last = await post(formJson({ id: uuid(4) }))
    expect(last.status).toBe(429)
    // T0 is 10:00:00, the start of a 10-minute window.
    expect(last.headers.get('Retry-After')).toBe('600')
    expect(await last.json()).toEqual({ error: expect.stringContaining('Espera unos minutos') })
    expect(await statusesFrom(['198.51.100.4'], 9)).toEqual([201])
    const buckets = await rows('SELECT bucket, hits FROM rate_limits ORDER BY hits')
    expect(buckets).toEqual([
      { bucket: await hashBucket('v4:198.51.100.4', 'sal'), hits: 1 },
      { bucket: await hashBucket('v4:203.0.113.7', 'sal'), hits: 5 },
    ])
    expect(JSON.stringify(buckets)).not.toContain('203.0.113.7')
    expect(await counts()).toMatchObject({ 'rate-limited': 2 })
  })

  test('a script walking the /64s of one IPv6 /48 meets the looser /48 limit; another /48 is not held back', async () => {
    lead.env.LEAD_RATE_LIMIT = '3'
    lead.env.LEAD_RATE_LIMIT_IPV6_48 = '5'
    const walk = Array.from({ length: 7 }, (_, i) => `2001:db8:ab:${i}::1`)
    // Each /64 sent once, far below its own limit; the /48 took five; another /48 is a client of its own.
    expect(await statusesFrom([...walk, '2001:db8:ac::1'])).toEqual([201, 201, 201, 201, 201, 429, 429, 201])
    expect(await rows('SELECT count(*) AS n FROM leads')).toEqual([{ n: 6 }])
  })

  test('without LEAD_HASH_SECRET the hash key is random, made once and kept in D1: a bucket cannot be reversed', async () => {
    lead.env.LEAD_HASH_SECRET = undefined
    expect((await post(formJson())).status).toBe(201)
    const [setting] = await rows<{ value: string }>(
      "SELECT value FROM lead_settings WHERE name = 'hash-secret'",
    )
    expect(setting?.value).toMatch(/^[0-9a-f]{64}$/)
    const [stored] = await rows<{ bucket: string }>('SELECT bucket FROM rate_limits')
    // Not the hash anyone could compute from the code and a guessed address…
    expect(stored?.bucket).not.toBe(await hashBucket('v4:203.0.113.7', ''))
    // …but the hash with the database's own key, the same for every request.
    expect(stored?.bucket).toBe(await hashBucket('v4:203.0.113.7', setting?.value ?? ''))
    expect((await post(formJson({ id: uuid(1) }))).status).toBe(201)
    expect(await rows('SELECT hits FROM rate_limits')).toEqual([{ hits: 2 }])
    expect(await rows("SELECT count(*) AS n FROM lead_settings WHERE name = 'hash-secret'")).toEqual([
      { n: 1 },
    ])
  })

  test('a post without JavaScript is answered 303 to a thank-you page, or an error page in Spanish', async () => {
    // The form names no page: the browser's Referer does, when it is one of this site's pages.
    const fromContacto = { Referer: `${SITE}/contacto` }
    const sent = await lead.formPost({ ...LEAD, _gotcha: '' }, fromContacto)
    expect(sent.status).toBe(303)
    expect(sent.headers.get('Location')).toBe('/api/leads?estado=enviado')
    expect(await thanksPage(lead.env)).toContain('¡Mensaje Enviado!')
    const refused = await lead.formPost({ ...LEAD, email: 'no' }, fromContacto)
    expect(refused.status).toBe(422)
    expect(refused.headers.get('Content-Type')).toContain('text/html')
    expect(await refused.text()).toContain(leadFieldMessages.email.invalid)
    expect(await rows('SELECT status, fill_ms, page FROM leads')).toEqual([
      { status: 'nuevo', fill_ms: null, page: '/contacto' },
    ])
  })

  test('another origin may post only when allowed, preflight included', async () => {
    const preflight = (origin: string) =>
      handleLeads({
        request: new Request(`${SITE}/api/leads`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        }),
        env: lead.env,
        waitUntil: () => undefined,
      })
    expect((await preflight('https://otro.example')).status).toBe(403)
    expect((await post(formJson(), { headers: { Origin: 'https://otro.example' } })).status).toBe(403)
    lead.env.ALLOWED_ORIGINS = 'https://www.aquapuebla.com.mx, https://aquapuebla.netlify.app'
    const allowed = await preflight('https://aquapuebla.netlify.app')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://aquapuebla.netlify.app')
    expect(allowed.headers.get('Access-Control-Allow-Methods')).toContain('POST')
    const sent = await post(formJson(), { headers: { Origin: 'https://aquapuebla.netlify.app' } })
    expect(sent.status).toBe(201)
    expect(sent.headers.get('Access-Control-Allow-Origin')).toBe('https://aquapuebla.netlify.app')
    expect(await rows('SELECT id FROM leads')).toEqual([{ id: ID }])
  })
})

describe('the hour’s storage ceiling', () => {
  test('past LEAD_STORE_PER_HOUR nothing is stored: 503 with Retry-After and the way out, as JSON or as a page', async () => {
    lead.env.LEAD_STORE_PER_HOUR = '3'
    lead.env.ASSETS = promiseAssets(promise)
    const at = new Date('2026-11-25T10:45:00.000Z')
    const clients = ['198.51.100.0', '198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']
    const answers = await postsFrom(clients, 0, at)
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 503, 503])
    const refused = answers[4] as Response
    // The next hour begins in 15 minutes.
    expect(refused.headers.get('Retry-After')).toBe('900')
    expect(refused.headers.get('Content-Type')).toContain('application/json')
    expect(await refused.json()).toEqual({ error: leadAnswers.busy })
    expect(await rows('SELECT count(*) AS n FROM leads')).toEqual([{ n: 3 }])
    // Without JavaScript (at 10:00: the hour is full for an hour): a Spanish page with the phone and WhatsApp.
    const page = await lead.formPost({ ...LEAD, id: uuid(5) })
    expect(page.headers.get('Retry-After')).toBe('3600')
    await expectErrorPage(page, 503, leadAnswers.busy, 'Volver al formulario')
    // A retry of a stored one still gets its 200; the next hour stores again.
    expect((await post(formJson({ id: uuid(0) }), { now: at })).status).toBe(200)
    const nextHour = await post(formJson({ id: uuid(9) }), {
      now: new Date('2026-11-25T11:00:01.000Z'),
      headers: { 'CF-Connecting-IP': '198.51.100.9' },
    })
    expect(nextHour.status).toBe(201)
    expect(await rows("SELECT hour, n FROM lead_counts WHERE what = 'refused'")).toEqual([
      { hour: '2026-11-25T10', n: 3 },
    ])
  })
})

describe('Turnstile', () => {
  const SPAM = 'is spam'
  const UNCHECKED = 'goes in unchecked, the owner told and the summary counting it'
  const OURS = 'www.aquapuebla.mx'
  beforeEach(() => {
    lead.turnstile.hostname = OURS
    lead.env.TURNSTILE_SECRET_KEY = 'turnstile-secret'
    lead.env.TURNSTILE_VERIFY_URL = lead.turnstile.verifyUrl
  })
  const sendWith = (id: number, token: string) =>
    post(formJson({ id: uuid(id), 'cf-turnstile-response': token }))
  const outcome = async (id: number) =>
    (await rows('SELECT status, spam_reason FROM leads WHERE id = ?1', uuid(id)))[0]

  test('a valid token served on the site is a lead; a wrong or overlong one is spam; all answered alike; a retry is not checked again', async () => {
    const answers = [
      await sendWith(1, 'token-bueno'),
      await sendWith(2, 'token-malo'),
      await sendWith(3, 'x'.repeat(MAX_TOKEN_LENGTH + 1)),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    expect(await outcome(1)).toEqual({ status: 'nuevo', spam_reason: null })
    expect(await outcome(2)).toEqual({ status: 'spam', spam_reason: 'turnstile' })
    expect(await outcome(3)).toEqual({ status: 'spam', spam_reason: 'turnstile' })
    // A retry of a send whose answer was lost is answered by the stored row.
    expect((await sendWith(1, 'token-bueno')).status).toBe(200)
    // The overlong token and the retry never reached siteverify.
    const checks = lead.turnstile.checks.map((c) => [c.secret, c.response, c.remoteip, c.idempotency_key])
    expect(checks).toEqual([
      ['turnstile-secret', 'token-bueno', '203.0.113.7', uuid(1)],
      ['turnstile-secret', 'token-malo', '203.0.113.7', uuid(2)],
    ])
  })

  // Regression (issue 41, 2): a send without a token was filed as spam and answered as sent (decision 040).
  test('no token, or a used one, is answered "no se envió" with the phone and WhatsApp, and nothing is stored', async () => {
    const none = await sendWith(1, '')
    expect(none.status).toBe(403)
    expect(await none.json()).toEqual({ error: leadAnswers.turnstile })
    expect((await sendWith(2, 'token-bueno')).status).toBe(201)
    // The same token again under another submission: siteverify's timeout-or-duplicate.
    const reused = await sendWith(3, 'token-bueno')
    expect(reused.status).toBe(403)
    expect(await rows('SELECT id FROM leads')).toEqual([{ id: uuid(2) }])
    expect(await counts()).toMatchObject({ 'no-token': 2 })
    // No token is refused before siteverify is asked: only the real token's two checks reached it.
    expect(lead.turnstile.checks.map((check) => check.response)).toEqual(['token-bueno', 'token-bueno'])
  })

  test('a lead that passed Turnstile is stored whatever the unverified count; a failed check fills only spam’s room', async () => {
    lead.env.LEAD_STORE_PER_HOUR = '1'
    lead.env.LEAD_SPAM_STORE_PER_HOUR = '1'
    lead.turnstile.mode = '5xx'
    // Unchecked (siteverify down): the one unverified place of the hour, then refused with the way out.
    const unchecked = await silenced(async () => [
      await sendWith(1, 'token-bueno'),
      await sendWith(2, 'token-bueno'),
    ])
    expect(unchecked.result.map((answer) => answer.status)).toEqual([201, 503])
    lead.turnstile.mode = 'ok'
    // Failed checks: one stored as spam, the rest counted; none takes a person's place.
    for (const id of [3, 4, 5]) expect((await sendWith(id, `token-malo-${id}`)).status).toBe(201)
    // Passed: a person, stored and alerted although the unverified room is full.
    expect((await sendWith(6, 'token-bueno')).status).toBe(201)
    await settle()
    expect(await rows('SELECT id, status FROM leads ORDER BY id')).toEqual([
      { id: uuid(1), status: 'nuevo' },
      { id: uuid(3), status: 'spam' },
      { id: uuid(6), status: 'nuevo' },
    ])
    expect(lead.standIn.emails).toHaveLength(2)
    expect(await counts()).toMatchObject({
      unverified: 1,
      refused: 1,
      'spam:turnstile': 3,
      'spam-stored': 1,
      'spam-unstored': 2,
      lead: 2,
    })
  })

  test.each([
    ['a token that passed for another site (its hostname is not ours)', SPAM, 'phishing.example', 'ok'],
    ['siteverify answering 4xx', SPAM, OURS, '4xx'],
    ['an answer that is not siteverify’s JSON', SPAM, OURS, 'malformed'],
    ['siteverify answering 5xx', UNCHECKED, OURS, '5xx'],
    ['siteverify’s internal-error', UNCHECKED, OURS, 'internal-error'],
  ] as const)('%s: answered alike, the lead %s', async (_, verdict, hostname, mode) => {
    lead.turnstile.hostname = hostname
    lead.turnstile.mode = mode
    const { result, logged } = await silenced(() => sendWith(1, 'token-bueno'))
    expect(result.status).toBe(201)
    // What the deployment's log says: only an unchecked lead is worth a line.
    expect(logged.some((line) => line.includes('accepted unchecked'))).toBe(verdict !== SPAM)
    await settle()
    expect(await outcome(1)).toEqual(
      verdict === SPAM
        ? { status: 'spam', spam_reason: 'turnstile' }
        : { status: 'nuevo', spam_reason: null },
    )
    expect(lead.standIn.emails).toHaveLength(verdict === SPAM ? 0 : 1)
    expect((await counts())['turnstile-unavailable']).toBe(verdict === SPAM ? undefined : 1)
  })

  test('siteverify not answering in time is "unavailable", not a failed check', async () => {
    lead.turnstile.mode = 'hang'
    const verdict = await verifyTurnstile(lead.env, {
      token: 'token-bueno',
      remoteip: null,
      hostnames: new Set(['www.aquapuebla.mx']),
      idempotencyKey: ID,
      timeoutMs: 200,
    })
    expect(verdict).toMatchObject({ result: 'unavailable' })
  })

  test('a wrong secret is the configuration’s fault, logged loudly: the visitor’s lead goes through', async () => {
    lead.env.TURNSTILE_SECRET_KEY = 'otra-clave'
    const { result, logged } = await silenced(() => sendWith(1, 'token-bueno'))
    expect(result.status).toBe(201)
    expect(logged).toContainEqual(expect.stringContaining('TURNSTILE IS MISCONFIGURED'))
    expect(await outcome(1)).toEqual({ status: 'nuevo', spam_reason: null })
    expect(await counts()).toMatchObject({ 'turnstile-misconfigured': 1 })
  })
})

describe('a busy database', () => {
  test('a lead whose write meets a busy database is retried and stored once', async () => {
    lead.env.DB = failingD1(lead.d1.db, { batches: 2 })
    const { result, logged } = await silenced(() => post(formJson()))
    expect(result.status).toBe(201)
    expect(logged).toContainEqual(expect.stringContaining('the database was busy'))
    expect(await rows('SELECT id FROM leads')).toEqual([{ id: ID }])
  })

  test('a database busy past every retry: nothing half-stored, the lead relayed to the owner, the visitor sent to the phone', async () => {
    lead.env.DB = failingD1(lead.d1.db, { batches: Infinity })
    const { result } = await silenced(() => post(formJson()))
    expect(result.status).toBe(503)
    expect(await result.json()).toEqual({ error: leadAnswers.relayed })
    expect(await rows('SELECT id FROM leads')).toEqual([])
    expect(await rows('SELECT id FROM notifications')).toEqual([])
    expect(lead.standIn.emails.map((email) => email.body.subject)).toEqual([
      `ALARMA: Nueva solicitud de cotización: ${LEAD.name} (${LEAD.service})`,
    ])
  })
})
