/**
 * @jest-environment node
 *
 * Telling the owner (edge/leads/notify.ts, kinds.ts, messages.ts, reports.ts, schedule.ts): retries and backoff,
 * two senders at once, a lost answer or record (the Idempotency-Key), at most four sends at once, hostile text
 * arriving inert, the alert ceiling and its digest, the daily summary, and the retention purge.
 */
import { backoffMinutes, deliverDue, GIVE_UP_MS, LOCK_MS } from '../../edge/leads/notify'
import { runSchedule, ScheduleError } from '../../edge/leads/schedule'
import { applyMigrations, failingD1, startD1 } from '../helpers/d1'
import {
  formJson,
  ID,
  INBOX,
  leadBench,
  leadEnv,
  rows as query,
  silenced,
  uuid,
  HOUR,
  after,
} from '../helpers/lead-requests'

jest.setTimeout(60_000)

const lead = leadBench()
const { post, rows, settle } = lead
const at = (iso: string) => () => new Date(iso)
/** Delivers what is due at `iso` on this test's D1 and env. */
const deliver = (iso: string, timeoutMs?: number) =>
  deliverDue(lead.d1.db, lead.env, { now: at(iso), timeoutMs })
const text = (request: { body: Record<string, unknown> } | undefined) => String(request?.body.text)

describe('delivery', () => {
  test('backoff doubles from one minute up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffMinutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60])
  })

  test('a failed send waits its backoff, is not sent twice at once, and is delivered once by the schedule', async () => {
    lead.standIn.mode = 'fail'
    await post(formJson()).then(settle)
    expect(
      await rows(
        'SELECT channel, state, attempts, next_attempt_at, last_error FROM notifications ORDER BY channel',
      ),
    ).toEqual(
      ['email', 'webhook'].map((channel) => ({
        channel,
        state: 'pending',
        attempts: 1,
        next_attempt_at: '2026-11-25T10:01:00.000Z',
        last_error: 'HTTP 500',
      })),
    )
    lead.standIn.reset()
    // Not due yet: nothing sent.
    expect(await deliver('2026-11-25T10:00:30.000Z')).toEqual([])
    // Due: two senders at once (the request's and the schedule's) send each notification once.
    const due = '2026-11-25T10:01:00.000Z'
    const [first, second] = await Promise.all([runSchedule(lead.env, at(due)), deliver(due)])
    expect([...first.sent, ...second].filter((outcome) => outcome.delivered)).toHaveLength(2)
    expect(lead.standIn.requests.map((request) => request.path).sort()).toEqual(['/emails', '/webhook'])
    expect(await rows('SELECT state, attempts FROM notifications')).toEqual([
      { state: 'delivered', attempts: 2 },
      { state: 'delivered', attempts: 2 },
    ])
  })

  test('a channel that never answers is given up after its timeout, and after a day marked failed', async () => {
    lead.standIn.mode = 'fail'
    lead.env.LEAD_WEBHOOK_URL = undefined
    await post(formJson()).then(settle)
    lead.standIn.mode = 'hang'
    const [outcome] = await deliver('2026-11-25T10:01:00.000Z', 300)
    expect(outcome).toMatchObject({ delivered: false, error: 'no answer within 0.3 s' })
    lead.standIn.mode = 'fail'
    await runSchedule(lead.env, () => after(GIVE_UP_MS))
    expect(await rows('SELECT channel, state, last_error FROM notifications')).toEqual([
      { channel: 'email', state: 'failed', last_error: 'HTTP 500' },
    ])
  })

  test('an e-mail sent but whose answer was lost is tried again under the same key and not sent twice', async () => {
    lead.standIn.mode = 'lost'
    lead.env.LEAD_WEBHOOK_URL = undefined
    expect((await post(formJson())).status).toBe(201)
    // The request's own send: the API sends the e-mail, its answer never comes back (5 s).
    await settle()
    expect(lead.standIn.emails).toHaveLength(1)
    expect(await rows('SELECT state, last_error FROM notifications')).toEqual([
      { state: 'pending', last_error: 'no answer within 5 s' },
    ])
    lead.standIn.mode = 'ok'
    await runSchedule(lead.env, at('2026-11-25T10:01:00.000Z'))
    expect(await rows('SELECT state, attempts FROM notifications')).toEqual([
      { state: 'delivered', attempts: 2 },
    ])
    // Two requests with one key: the owner got one e-mail.
    expect(lead.standIn.requests.map((request) => [request.idempotencyKey, request.replayed])).toEqual([
      [`aquapuebla/lead/${ID}/email`, false],
      [`aquapuebla/lead/${ID}/email`, true],
    ])
    expect(lead.standIn.emails).toHaveLength(1)
  })

  test('a send whose outcome cannot be recorded stays claimed until its lock expires, then is not sent twice', async () => {
    lead.env.LEAD_WEBHOOK_URL = undefined
    lead.standIn.mode = 'fail'
    await post(formJson()).then(settle)
    lead.standIn.reset()
    // Every write of the outcome fails. (An error that is not retried: a busy one would hold the test for the
    // 5 s of retries lead-store.test.ts proves.)
    const noRecord = failingD1(lead.d1.db, {
      statements: /SET state = 'delivered'/,
      error: 'D1_ERROR: internal',
    })
    const { logged } = await silenced(() =>
      deliverDue(noRecord, lead.env, { now: at('2026-11-25T10:01:00.000Z') }),
    )
    expect(logged).toContainEqual(expect.stringContaining('sent but not recorded'))
    expect(lead.standIn.emails).toHaveLength(1)
    expect(await rows('SELECT state, locked_until FROM notifications')).toEqual([
      {
        state: 'pending',
        locked_until: new Date(Date.parse('2026-11-25T10:01:00.000Z') + LOCK_MS).toISOString(),
      },
    ])
    // Still locked: nobody sends it.
    expect(await deliver('2026-11-25T10:01:30.000Z')).toEqual([])
    // The lock expired: claimed again, sent again under the same key, and the API sends nothing new.
    const [retry] = await deliver('2026-11-25T10:02:00.000Z')
    expect(retry).toMatchObject({ delivered: true })
    expect(lead.standIn.requests.map((request) => request.replayed)).toEqual([false, true])
    expect(lead.standIn.emails).toHaveLength(1)
    expect(await rows('SELECT state FROM notifications')).toEqual([{ state: 'delivered' }])
  })

  test('at most four sends at once, and a slow provider’s queue does not eat into any send’s timeout', async () => {
    lead.env.LEAD_ALERTS_PER_HOUR = '100'
    lead.standIn.mode = 'fail'
    for (let i = 0; i < 5; i += 1)
      await post(formJson({ id: uuid(i) }), { headers: { 'CF-Connecting-IP': `198.51.100.${i}` } })
    await settle()
    lead.standIn.reset()
    lead.standIn.delayMs = 1000
    // 10 sends of 1 s each with a 2.5 s timeout: four at a time the queue takes 3 s, so a timer started with the
    // queue would time the last round out; each send's timer starts with its own fetch. (1.5 s of margin per
    // send: with 0.6 s this failed at load average 20.)
    const outcomes = await deliver('2026-11-25T10:05:00.000Z', 2500)
    expect(outcomes).toHaveLength(10)
    expect(outcomes.every((outcome) => outcome.delivered)).toBe(true)
    expect(lead.standIn.maxInFlight).toBe(4)
  })
})

describe('what a notification says', () => {
  const HOSTILE = {
    name: '<!channel> <https://evil.example|Ver cotización> & Ana\r\nBcc: robo@evil.example',
    email: 'a&b|c*<x>@example.com'.replace('<x>', 'x'),
    phone: '+52 (222) 555-0101',
    service: 'Reparación de Alberca',
    message:
      'Hola <!here> <@U123> <#C123>\n<https://evil.example|Ver cotización> &amp; *negritas* `código`\n=HYPERLINK("x")\n[Ver cotización](https://evil.example) ![](https://evil.example/pixel.png) [aquí][1]\n[1]: https://evil.example @everyone @here\r\nSubject: gratis',
  }
  /** The message as stored and sent: a CRLF typed (or forged) in the text is one line break, LF. */
  const hostileMessage = HOSTILE.message.replace(/\r\n/g, '\n')

  test('hostile text in every field arrives inert: Slack markup escaped, the subject one bounded line', async () => {
    const name = `${HOSTILE.name} ${'x'.repeat(200)}`.slice(0, 120)
    expect((await post(formJson({ ...HOSTILE, name, page: '/contacto?<!channel>#<x>' }))).status).toBe(201)
    await settle()
    const webhook = lead.standIn.webhooks[0]?.body as { text: string; lead: Record<string, string> }
    // Slack reads `<…>` as markup: none of the visitor's may reach it unescaped.
    expect(webhook.text).not.toMatch(/<[!@#]|<https?:/)
    expect(webhook.text).toContain('&lt;!channel&gt; &lt;https://evil.example|Ver cotización&gt; &amp; Ana')
    expect(webhook.text).toContain('Hola &lt;!here&gt; &lt;@U123&gt; &lt;#C123&gt;')
    expect(webhook.text).toContain('&amp;amp;')
    expect(webhook.text).toContain('Correo: a&amp;b|c*x@example.com')
    // A Markdown chat (Discord, Mattermost, Teams) makes no link, image or mass mention of the visitor's text: a
    // zero-width space, invisible in Slack too, breaks each (issue 41, 7).
    expect(webhook.text).not.toMatch(/\]\(|\]\[|\]:|@everyone|@here/)
    expect(webhook.text).toContain('[Ver cotización]\u200b(https://evil.example)')
    expect(webhook.text).toContain('@\u200beveryone @\u200bhere')
    // For machines the values as they are (data, never markup; read back from the stored row), the page as its path.
    expect(webhook.lead).toMatchObject({
      ...HOSTILE,
      message: hostileMessage,
      name: expect.stringContaining('<!channel>'),
      page: '/contacto',
    })
    const email = lead.standIn.emails[0]?.body as { subject: string; text: string }
    expect(email.subject).not.toMatch(/[\r\n\u2028\u2029]/)
    expect(email.subject.length).toBeLessThanOrEqual(150)
    expect(email.subject).toBe(
      'Nueva solicitud de cotización: <!channel> <https://evil.example|Ver cotización> & Ana Bcc:… (Reparación de Alberca)',
    )
    // Plain text: shown as typed, nothing to interpret.
    expect(email.text).toContain(hostileMessage)
    expect(email.text).not.toContain('\r')
  })
})

describe('the alert ceiling and the digest', () => {
  // Regression (issue 41, 3): past the ceiling a lead waited for the digest made after the UTC hour closed.
  test('past LEAD_ALERTS_PER_HOUR the owner gets a digest minutes later, then at most one per LEAD_DIGEST_MINUTES', async () => {
    lead.env.LEAD_ALERTS_PER_HOUR = '2'
    const times = ['16:05', '16:10', '16:20', '16:31', '16:58']
    for (const [i, time] of times.entries())
      await post(formJson({ id: uuid(i), name: `Cliente ${i + 1}` }), {
        now: new Date(`2026-11-25T${time}:00.000Z`),
        headers: { 'CF-Connecting-IP': `198.51.100.${i}` },
      })
    await settle()
    expect(await rows('SELECT name, alert FROM leads ORDER BY created_at')).toEqual(
      times.map((_, i) => ({ name: `Cliente ${i + 1}`, alert: i < 2 ? 'own' : 'digest' })),
    )
    expect(lead.standIn.emails).toHaveLength(2)
    // The schedule's next run after the third lead: its digest, on both channels.
    expect((await runSchedule(lead.env, at('2026-11-25T16:25:00.000Z'))).digestsCreated).toBe(2)
    expect(lead.standIn.webhooks).toHaveLength(3)
    const digest = lead.standIn.emails[2]
    expect(digest?.idempotencyKey).toBe('aquapuebla/digest/2026-11-25T16:25:00.000Z/email')
    expect(digest?.body.subject).toBe('1 solicitud nueva')
    expect(text(digest)).toBe(
      [
        '1 solicitud nueva que no te avisamos una por una (se llenó el cupo de avisos por hora, para no saturarte). Todas quedaron guardadas:',
        '- 10:20 · Cliente 3 · Construcción de Alberca Nueva · 222 555 0101',
        '',
        `Revísalas en tu bandeja: ${INBOX}`,
      ].join('\n'),
    )
    expect(lead.standIn.webhooks[2]?.body).toMatchObject({
      kind: 'digest',
      digest: { at: '2026-11-25T16:25:00.000Z', urgent: [], new: [uuid(2)], inbox: INBOX },
    })
    // The next two wait for LEAD_DIGEST_MINUTES (60) after the first: none at 17:20, one at 17:25 with both.
    expect((await runSchedule(lead.env, at('2026-11-25T17:20:00.000Z'))).digestsCreated).toBe(0)
    expect((await runSchedule(lead.env, at('2026-11-25T17:25:00.000Z'))).digestsCreated).toBe(2)
    expect(lead.standIn.emails[3]?.body.subject).toBe('2 solicitudes nuevas')
    expect(text(lead.standIn.emails[3])).toContain(
      ['- 10:58 · Cliente 5 ·', '- 10:31 · Cliente 4 ·'].join(
        ' Construcción de Alberca Nueva · 222 555 0101\n',
      ),
    )
    // However often the schedule runs, each lead is in one digest.
    await runSchedule(lead.env, at('2026-11-25T18:30:00.000Z'))
    expect(lead.standIn.emails).toHaveLength(4)
    expect(await rows('SELECT lead_id, section FROM digest_leads ORDER BY lead_id')).toEqual(
      [2, 3, 4].map((i) => ({ lead_id: uuid(i), section: 'new' })),
    )
  })

  test('a digest that fails is retried like any notification and delivered once', async () => {
    lead.env.LEAD_ALERTS_PER_HOUR = '0'
    lead.env.LEAD_WEBHOOK_URL = undefined
    await post(formJson())
    lead.standIn.mode = 'fail'
    await runSchedule(lead.env, at('2026-11-25T10:05:00.000Z'))
    expect(await rows('SELECT kind, state, attempts FROM notifications')).toEqual([
      { kind: 'digest', state: 'pending', attempts: 1 },
    ])
    lead.standIn.reset()
    await runSchedule(lead.env, at('2026-11-25T10:06:00.000Z'))
    await runSchedule(lead.env, at('2026-11-25T10:11:00.000Z'))
    expect(lead.standIn.emails.map((email) => email.body.subject)).toEqual(['1 solicitud nueva'])
  })
})

describe('the daily summary', () => {
  /** Tuesday 24 November in Mexico City: 06:00 UTC on the 24th to 06:00 UTC on the 25th. */
  async function busyDay() {
    lead.env.LEAD_STORE_PER_HOUR = '3'
    lead.env.LEAD_SPAM_STORE_PER_HOUR = '2'
    lead.env.LEAD_ALERTS_PER_HOUR = '1'
    lead.env.LEAD_RATE_LIMIT = '2'
    const send = (
      i: number,
      time: string,
      overrides: Record<string, unknown> = {},
      address = `198.51.100.${i}`,
    ) =>
      post(formJson({ id: uuid(i), ...overrides }), {
        now: new Date(time),
        headers: { 'CF-Connecting-IP': address },
      })
    await send(1, '2026-11-24T15:00:00.000Z')
    await send(2, '2026-11-24T15:10:00.000Z', {
      openedAt: '2026-11-24T15:09:59.000Z',
      submittedAt: '2026-11-24T15:10:00.000Z',
    })
    await send(3, '2026-11-24T15:20:00.000Z', { _gotcha: 'spam' })
    await send(4, '2026-11-24T15:30:00.000Z', { _gotcha: 'spam' })
    await send(12, '2026-11-24T15:35:00.000Z')
    // The hour's rooms are full: one more spam is counted, not stored, and one more lead is refused.
    await send(5, '2026-11-24T15:40:00.000Z', { _gotcha: 'spam' })
    await send(6, '2026-11-24T15:50:00.000Z')
    // One client too many times.
    for (const i of [7, 8, 9]) await send(i, '2026-11-24T20:00:00.000Z', {}, '2001:db8:5:5::1')
    // Before the day (Monday in Mexico City) and after it (Wednesday): not counted.
    await send(10, '2026-11-24T05:59:00.000Z')
    await send(11, '2026-11-25T06:00:00.000Z')
    await settle()
  }

  // Once a day, however often the schedule runs: test/hosts/lead-store.test.ts's flood, step 7.
  test('from 8:00 in Mexico City the owner gets one summary per channel of the day before, in Spanish', async () => {
    await busyDay()
    lead.standIn.reset()
    // 7:59 in Mexico City: not yet.
    expect((await runSchedule(lead.env, at('2026-11-25T13:59:00.000Z'))).summariesCreated).toBe(0)
    expect((await runSchedule(lead.env, at('2026-11-25T14:00:00.000Z'))).summariesCreated).toBe(2)
    const summaries = lead.standIn.requests.filter(
      (request) => request.body.kind === 'summary' || String(request.body.subject).startsWith('Resumen'),
    )
    expect(summaries).toHaveLength(2)
    const email = lead.standIn.emails.find((request) => String(request.body.subject).startsWith('Resumen'))
    expect(email?.idempotencyKey).toBe('aquapuebla/summary/2026-11-24/email')
    expect(email?.body.subject).toBe(
      'Resumen del martes 24 de noviembre: 5 solicitudes, 3 apartadas como spam',
    )
    expect(text(email)).toBe(
      [
        'Esto pasó el martes 24 de noviembre con el formulario de cotización de tu sitio:',
        '',
        '- Solicitudes nuevas: 5.',
        '- Apartadas como spam: 3 (3 llenaron el campo oculto que solo ven los robots). No te avisamos de ellas una por una. Están en tu bandeja, en «Spam», por si alguna es de un cliente: ábrela y toca «No es spam».',
        '  De ellas, 1 no se guardó: pasado el cupo de spam por hora solo las contamos. Nunca le quitan lugar a una solicitud de verdad.',
        '- Rechazadas porque se llenó el cupo de solicitudes por hora: 1. A quien las envió le mostramos tu teléfono y tu WhatsApp para que te contacte directamente.',
        '- Bloqueadas por llegar demasiadas desde una misma conexión: 1.',
        '- Te llegaron en un resumen y no una por una: 3 (se llenó el cupo de avisos por hora).',
        '- Llenadas más rápido de lo que suele escribir una persona: 1. Las guardamos como nuevas; revisa que sean de clientes reales.',
        '',
        'Cuando se llena el cupo por hora casi siempre es un robot. Si vuelve a pasar, pide a quien administra tu sitio que active la verificación anti-robots (Turnstile).',
        '',
        `Todas tus solicitudes: ${INBOX}`,
      ].join('\n'),
    )
    const webhook = lead.standIn.webhooks.find((request) => request.body.kind === 'summary')
    expect(webhook?.body).toMatchObject({
      summary: { day: '2026-11-24', leads: 5, spam: { honeypot: 3, turnstile: 0, unstored: 1 }, refused: 1 },
    })
  })

  test('a day with only leads, each alerted on its own, has nothing to say: no summary', async () => {
    await post(formJson(), { now: new Date('2026-11-24T15:00:00.000Z') }).then(settle)
    lead.standIn.reset()
    expect((await runSchedule(lead.env, at('2026-11-25T14:05:00.000Z'))).summariesCreated).toBe(0)
    expect(lead.standIn.requests).toEqual([])
  })
})

describe('the schedule', () => {
  test('leads are kept LEAD_RETENTION_DAYS, spam LEAD_SPAM_RETENTION_DAYS, with their notifications', async () => {
    await post(formJson())
    await post(formJson({ id: uuid(1), _gotcha: 'x' }), { headers: { 'CF-Connecting-IP': '198.51.100.1' } })
    await settle()
    const purge = (days: number) => runSchedule(lead.env, () => after(days * 24 * HOUR))
    expect(await purge(29)).toMatchObject({ leadsDeleted: 0, spamDeleted: 0, rateWindowsDeleted: 2 })
    expect(await purge(31)).toMatchObject({ leadsDeleted: 0, spamDeleted: 1 })
    expect(await rows('SELECT id, status FROM leads')).toEqual([{ id: ID, status: 'nuevo' }])
    expect(await purge(731)).toMatchObject({ leadsDeleted: 1 })
    expect(await rows('SELECT * FROM leads')).toEqual([])
    expect(await rows('SELECT * FROM notifications')).toEqual([])
    expect(await rows('SELECT * FROM lead_counts')).toEqual([])
  })

  // Regression: the retention purge was skipped whenever delivery threw.
  test('the retention purge runs even when delivery throws, and the run is still reported failed', async () => {
    await post(formJson()).then(settle)
    const throwingClaims = failingD1(lead.d1.db, {
      statements: /UPDATE notifications SET locked_until/,
      error: 'delivery broke',
    })
    const { result: thrown } = await silenced(() =>
      runSchedule({ ...lead.env, DB: throwingClaims }, () => after(731 * 24 * HOUR)).catch(
        (error: unknown) => error,
      ),
    )
    expect(thrown).toBeInstanceOf(ScheduleError)
    expect((thrown as ScheduleError).report).toMatchObject({
      leadsDeleted: 1,
      errors: [expect.stringContaining('delivery broke')],
    })
    expect(await rows('SELECT * FROM leads')).toEqual([])
  })
})

describe('migration 0002', () => {
  test('leads and notifications stored before it keep working: alerts become kind "lead", rows keep their state', async () => {
    const old = await startD1((file) => file.startsWith('0001'))
    try {
      await old.db.batch(
        [
          `INSERT INTO leads (id, created_at, name, email, phone, service, message, status, spam_reason, updated_at)
           VALUES (?1, '2026-11-20T10:00:00.000Z', 'Ana', 'ana@example.com', '2225550101', 'Consulta General', 'Hola',
             'spam', 'too-fast', '2026-11-20T10:00:00.000Z')`,
          `INSERT INTO notifications (lead_id, channel, state, attempts, next_attempt_at, last_error)
           VALUES (?1, 'email', 'pending', 3, '2026-11-20T10:07:00.000Z', 'HTTP 500')`,
        ].map((sql) => old.db.prepare(sql).bind(ID)),
      )
      await applyMigrations(old.db, (file) => !file.startsWith('0001'))
      expect(await query(old, 'SELECT status, spam_reason, fill_ms, alert FROM leads')).toEqual([
        { status: 'spam', spam_reason: 'too-fast', fill_ms: null, alert: null },
      ])
      expect(
        await query(
          old,
          'SELECT kind, lead_id, ref, channel, state, attempts, last_error, created_at FROM notifications',
        ),
      ).toEqual([
        {
          kind: 'lead',
          lead_id: ID,
          ref: '',
          channel: 'email',
          state: 'pending',
          attempts: 3,
          last_error: 'HTTP 500',
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ])
      // The old row is sent by the new machinery.
      const [outcome] = await deliverDue(old.db, leadEnv(old, lead.standIn), {
        now: at('2026-11-20T10:08:00.000Z'),
      })
      expect(outcome).toMatchObject({ kind: 'lead', leadId: ID, delivered: true })
      expect(String(lead.standIn.emails[0]?.body.subject)).toBe(
        'Nueva solicitud de cotización: Ana (Consulta General)',
      )
    } finally {
      await old.close()
    }
  })

  test('a kind that is not in notification_kinds cannot be stored', async () => {
    await expect(
      lead.d1.db
        .prepare(
          "INSERT INTO notifications (kind, ref, channel, next_attempt_at) VALUES ('postcard', 'x', 'email', 'x')",
        )
        .run(),
    ).rejects.toThrow(/FOREIGN KEY/)
  })
})
