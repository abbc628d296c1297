/**
 * @jest-environment node
 *
 * What the owner is sent when many leads come (issue 41, 3 and 4): an emergency's own allowance above the alert
 * ceiling and its place first (URGENTE) in a digest; every unanswered lead reminded; one send budget per channel,
 * hour and day, emergencies first, refusals given back, one closing message; the webhook's attempts capped; a 409
 * for a reused key not taken as delivered.
 */
import promise from 'content:promesa'
import { deliverDue } from '../../edge/leads/notify'
import { runSchedule } from '../../edge/leads/schedule'
import { WEBHOOK_ATTEMPTS } from '../../edge/leads/webhook'
import { formJson, INBOX, LEAD, leadBench, HOUR, after, uuid } from '../helpers/lead-requests'

jest.setTimeout(60_000)

const lead = leadBench({ promise })
const { post, rows, settle } = lead
const schedule = (ms: number) => runSchedule(lead.env, () => after(ms))
const subjects = () => lead.standIn.emails.map((email) => String(email.body.subject))

/** The n-th lead of a test, `ms` after T0, from its own address; an emergency when `urgent`. */
const send = (n: number, ms: number, { urgent = false, name = `Cliente ${n}` } = {}) =>
  post(
    formJson({
      id: uuid(n),
      name,
      ...(urgent ? { service: promise.emergencyService } : {}),
    }),
    { now: after(ms), headers: { 'CF-Connecting-IP': `198.51.100.${n}` } },
  )

describe('emergencies', () => {
  // Regression (issue 41, 3): past the ceiling an emergency waited for the next hour's digest, without URGENTE.
  test('an emergency past the ceiling is alerted at once from its own allowance; past that too, a digest at once, URGENTE and first', async () => {
    lead.env.LEAD_ALERTS_PER_HOUR = '1'
    lead.env.LEAD_URGENT_ALERTS_PER_HOUR = '1'
    lead.env.LEAD_WEBHOOK_URL = undefined
    await send(1, 0).then(settle)
    await send(2, 60_000)
    await send(3, 120_000, { urgent: true, name: 'Jorge Ruiz' })
    await settle()
    expect(subjects()).toEqual([
      `Nueva solicitud de cotización: Cliente 1 (${LEAD.service})`,
      `URGENTE: emergencia de Jorge Ruiz (${promise.emergencyService})`,
    ])
    // The schedule's next run: a digest for the second lead, the emergency alerted on its own listed first.
    await schedule(5 * 60_000)
    expect(subjects()[2]).toBe('URGENTE: 1 emergencia sin respuesta, 1 solicitud nueva')
    expect(String(lead.standIn.emails[2]?.body.text).split('\n').slice(0, 6)).toEqual([
      'URGENTE: una emergencia espera tu respuesta. Atiéndela primero:',
      '',
      '- 4:02 · Jorge Ruiz · Servicio de Emergencia · 222 555 0101 · vence hoy a las 6:02 (ya te avisamos por separado)',
      '  Llamar: tel:2225550101',
      expect.stringMatching(/^ {2}WhatsApp: https:\/\/wa\.me\/522225550101\?text=Hola%20Jorge/),
      expect.stringMatching(/^ {2}Abrir en tu bandeja: /),
    ])
    // A second emergency past its allowance too: a digest at once (no waiting out LEAD_DIGEST_MINUTES), URGENTE.
    await send(4, 6 * 60_000, { urgent: true, name: 'Lucía Pérez' }).then(settle)
    await schedule(10 * 60_000)
    expect(subjects()[3]).toBe('URGENTE: 1 emergencia sin respuesta')
    expect(String(lead.standIn.emails[3]?.body.text)).toContain(
      '- 4:06 · Lucía Pérez · Servicio de Emergencia · 222 555 0101 · vence hoy a las 6:06\n  Llamar: tel:2225550101',
    )
    expect(await rows("SELECT priority FROM notifications WHERE kind = 'digest' ORDER BY id")).toEqual([
      { priority: 2 },
      { priority: 0 },
    ])
  })
})

describe('reminders for every unanswered lead', () => {
  test('a lead the owner heard of in a digest is reminded in a digest: due soon at three quarters, then overdue', async () => {
    lead.env.LEAD_ALERTS_PER_HOUR = '0'
    lead.env.LEAD_WEBHOOK_URL = undefined
    await send(1, 0, { name: 'Ana López' })
    await schedule(5 * 60_000)
    await schedule(18 * HOUR + 5 * 60_000)
    await schedule(24 * HOUR + 5 * 60_000)
    expect(subjects()).toEqual(['1 solicitud nueva', '1 por vencer', '1 vencida'])
    expect(String(lead.standIn.emails[1]?.body.text)).toContain(
      'Por vencer, siguen sin respuesta (1):\n- 4:00 · Ana López · Construcción de Alberca Nueva · 222 555 0101 · vence mañana a las 4:00',
    )
    expect(String(lead.standIn.emails[2]?.body.text)).toContain(`Revísalas en tu bandeja: ${INBOX}`)
    // Answered: no more.
    await lead.d1.db.prepare("UPDATE leads SET status = 'contactado'").run()
    await schedule(30 * HOUR)
    expect(subjects().filter((subject) => !subject.startsWith('Resumen'))).toHaveLength(3)
  })
})

describe('the send budget', () => {
  test('an hour of leads: ordinary sends stop a tenth short of the limit, the emergency still goes, first', async () => {
    lead.env.LEAD_ALERTS_PER_HOUR = '100'
    lead.env.LEAD_SENDS_PER_HOUR = '5'
    lead.env.LEAD_WEBHOOK_URL = undefined
    // Each one's own send done before the next arrives, so the order is the arrival's.
    for (let n = 1; n <= 6; n += 1) await send(n, n * 1000).then(settle)
    await send(7, 7000, { urgent: true, name: 'Jorge Ruiz' }).then(settle)
    await schedule(60_000)
    // Four ordinary alerts (5 less a tenth), then the emergency from the part kept for it; two wait.
    expect(subjects()).toHaveLength(5)
    expect(subjects()[4]).toBe(`URGENTE: emergencia de Jorge Ruiz (${promise.emergencyService})`)
    expect(await rows("SELECT count(*) AS n FROM notifications WHERE state = 'pending'")).toEqual([{ n: 2 }])
    // The next hour has room: they go, nothing twice.
    await schedule(HOUR + 10_000)
    expect(new Set(subjects()).size).toBe(7)
  })

  test('a day spent: one closing message per channel that points to the inbox, then only emergencies', async () => {
    lead.env.LEAD_ALERTS_PER_HOUR = '100'
    lead.env.LEAD_SENDS_PER_DAY = '6'
    for (let n = 1; n <= 6; n += 1) await send(n, n * HOUR).then(settle)
    await schedule(6 * HOUR + 60_000)
    // 6 a day: 4 ordinary (6 less one for the note, less a tenth), then the note, per channel.
    const note = 'Llegamos al límite de avisos por correo: revisa tu bandeja'
    expect(subjects()).toEqual([...[1, 2, 3, 4].map((n) => expect.stringContaining(`Cliente ${n} `)), note])
    const closing = lead.standIn.emails[4]
    expect(closing?.idempotencyKey).toBe('aquapuebla/budget/2026-11-25/email')
    expect(String(closing?.body.text)).toContain('Ninguna solicitud se perdió')
    expect(String(closing?.body.text)).toContain(`Tu bandeja: ${INBOX}`)
    expect(lead.standIn.webhooks.map((call) => call.body.kind)).toEqual([...Array(4).fill('lead'), 'budget'])
    // Later runs: no second note; an emergency still gets through, the ordinary ones wait.
    await send(7, 7 * HOUR, { urgent: true, name: 'Jorge Ruiz' }).then(settle)
    await schedule(7 * HOUR + 60_000)
    expect(subjects().slice(5)).toEqual([`URGENTE: emergencia de Jorge Ruiz (${promise.emergencyService})`])
    expect(await rows('SELECT channel, count(*) AS n FROM channel_sends GROUP BY channel')).toEqual([
      { channel: 'email', n: 6 },
      { channel: 'webhook', n: 6 },
    ])
    // Once the first sends are a day old there is room again: the emergency's overdue reminder first, then the
    // oldest waiting alert; the owner's next day gets its own closing message.
    await schedule(27 * HOUR + 60_000)
    // (Sent at the same time: claimed in that order, they may arrive in either.)
    expect(subjects().slice(6, 8).sort()).toEqual([
      expect.stringContaining('Cliente 5 '),
      expect.stringMatching(/^URGENTE: Sin respuesta: Jorge Ruiz/),
    ])
    expect(subjects().slice(8)).toEqual([note])
    expect(await rows("SELECT ref FROM notifications WHERE kind = 'budget' AND channel = 'email'")).toEqual([
      { ref: '2026-11-25' },
      { ref: '2026-11-26' },
    ])
  })

  test('a provider that refuses spends no budget; one that does not answer does', async () => {
    lead.env.LEAD_SENDS_PER_HOUR = '3'
    lead.env.LEAD_WEBHOOK_URL = undefined
    lead.standIn.mode = 'fail'
    await send(1, 0).then(settle)
    for (let minute = 1; minute <= 8; minute += 1) await schedule(minute * 60_000)
    expect(await rows('SELECT attempts, state FROM notifications')).toEqual([
      { attempts: 4, state: 'pending' },
    ])
    expect(await rows('SELECT count(*) AS n FROM channel_sends')).toEqual([{ n: 0 }])
    lead.standIn.mode = 'hang'
    await deliverDue(lead.d1.db, lead.env, { now: () => after(16 * 60_000), timeoutMs: 200 })
    expect(await rows('SELECT count(*) AS n FROM channel_sends')).toEqual([{ n: 1 }])
  })
})

describe('what a channel takes as delivered', () => {
  // Regression (issue 41, 6): a webhook that answers 2xx after the timeout got the message at every backoff step.
  // (The request's own send is refused, not lost: a lost one would hold the test for its 5 s timeout.)
  test(`a webhook that never answers in time is tried ${WEBHOOK_ATTEMPTS} times in all, then given up`, async () => {
    lead.env.EMAIL_API_URL = undefined
    lead.standIn.mode = 'fail'
    await send(1, 0).then(settle)
    lead.standIn.mode = 'lost'
    for (let minute = 1; minute <= 20; minute += 1)
      await deliverDue(lead.d1.db, lead.env, { now: () => after(minute * 60_000), timeoutMs: 200 })
    expect(lead.standIn.requests).toHaveLength(WEBHOOK_ATTEMPTS)
    expect(await rows('SELECT state, attempts, last_error FROM notifications')).toEqual([
      {
        state: 'failed',
        attempts: WEBHOOK_ATTEMPTS,
        last_error: `no answer within 0.2 s (attempt ${WEBHOOK_ATTEMPTS} of ${WEBHOOK_ATTEMPTS}: given up)`,
      },
    ])
  })

  // Regression (issue 41, 7): a 409 for a key reused with another body was taken as delivered.
  test('the e-mail API’s 409 for a key used with another body is not delivered, and not tried again', async () => {
    lead.env.LEAD_WEBHOOK_URL = undefined
    lead.standIn.mode = 'fail'
    await send(1, 0, { name: 'Ana López' }).then(settle)
    // Sent, its answer lost; before the retry the lead changes, so the retry's body is another.
    lead.standIn.mode = 'lost'
    await deliverDue(lead.d1.db, lead.env, { now: () => after(60_000), timeoutMs: 200 })
    expect(lead.standIn.emails).toHaveLength(1)
    await lead.d1.db.prepare("UPDATE leads SET name = 'Ana María López'").run()
    lead.standIn.mode = 'ok'
    const [outcome] = await deliverDue(lead.d1.db, lead.env, { now: () => after(3 * 60_000) })
    expect(outcome).toMatchObject({ delivered: false, error: expect.stringContaining('HTTP 409') })
    expect(await rows('SELECT state FROM notifications')).toEqual([{ state: 'failed' }])
    expect(await deliverDue(lead.d1.db, lead.env, { now: () => after(HOUR) })).toEqual([])
  })
})
