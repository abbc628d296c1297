/**
 * @jest-environment node
 *
 * Promises kept (issue 31): every lead's deadline from content/promesa.yaml (24 h; 2 h for the emergency service),
 * the emergency alerted as URGENTE, every alert one tap from the client, the first contact recorded and undone,
 * the reminders at three quarters and overdue (never after an answer), and the month figures. A request's reminder
 * and overdue notice, each once however often the schedule runs, with their texts: test/hosts/lead-promise.test.ts,
 * on wrangler. «Por atender»'s order: test/owner/inbox-promise.test.ts in Chromium and WebKit, and
 * inbox-store.test.ts (leads without a deadline last).
 */
import promise from 'content:promesa'
import { contacto } from '../../src/content/contacto'
import { forgetPromise } from '../../edge/leads/promise'
import { runSchedule } from '../../edge/leads/schedule'
import { monthFigures, recordContact, undoContact, updateLead } from '../../edge/inbox/store'
import {
  formJson,
  ID,
  INBOX,
  leadBench,
  promiseAssets,
  silenced,
  thanksPage,
  HOUR,
  after,
} from '../helpers/lead-requests'

jest.setTimeout(60_000)

// Each test starts from the promise content/promesa.yaml holds (a test may hand the endpoint another).
const lead = leadBench({ promise })
const { post, rows, settle } = lead
const schedule = (ms: number) => runSchedule(lead.env, () => after(ms))
const EMERGENCY_ID = '7a1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e70'
const emergency = () =>
  formJson({
    id: EMERGENCY_ID,
    name: 'Jorge Ruiz',
    service: promise.emergencyService,
    phone: '+52 222 777 0102',
  })
/** The e-mails of one kind, in the order they were sent. */
const emailsOf = (kind: string) =>
  lead.standIn.emails.filter((email) => email.idempotencyKey?.startsWith(`aquapuebla/${kind}/`))
const subjects = (kind: string) => emailsOf(kind).map((email) => String(email.body.subject))
/** The endpoint's promise from now on: what a build with `content` as its promesa.json serves. */
const promiseIs = (content: unknown) => {
  forgetPromise()
  lead.env.ASSETS = promiseAssets(content)
}
/** A lead row written straight into D1 (only the columns a test names, and those the table requires). */
const insert = (row: Record<string, string | number | null>) => {
  const full = { name: 'Cliente', email: 'a@b.mx', phone: '2225550101', message: 'Hola', ...row }
  const columns = [...Object.keys(full), 'updated_at']
  return lead.d1.db
    .prepare(
      `INSERT INTO leads (${columns.join(', ')}) VALUES (${columns.map((_, i) => `?${i + 1}`).join(', ')})`,
    )
    .bind(...Object.values(full), row.created_at)
    .run()
}

test('the content holds the promise the pages quote: 24 h, 2 h for the emergency service', () => {
  expect(promise).toEqual({ answerHours: 24, emergencyHours: 2, emergencyService: 'Servicio de Emergencia' })
})

test("the success toast and the no-JavaScript page quote the content's promise, and follow it when it changes", async () => {
  const sentence = `Te responderemos en menos de ${promise.answerHours} horas.`
  // The toast: content:promesa's answerHours, inlined by the build (scripts/build/content/emit.ts).
  expect(contacto.form.success.description).toBe(`Gracias por contactarnos. ${sentence}`)
  expect(await thanksPage(lead.env)).toContain(sentence)
  promiseIs({ ...promise, answerHours: 12 })
  expect(await thanksPage(lead.env)).toContain('Te responderemos en menos de 12 horas.')
  // A deployment without the file makes no promise up.
  promiseIs({ answerHours: 'veinticuatro' })
  const { result: without } = await silenced(() => thanksPage(lead.env))
  expect(without).toContain('Te responderemos lo antes posible.')
  expect(without).not.toMatch(/\d+ horas/)
})

describe('deadlines', () => {
  test('a request is due in the promised hours; an emergency in its own, alerted as URGENTE at once', async () => {
    expect((await post(formJson())).status).toBe(201)
    expect((await post(emergency(), { headers: { 'CF-Connecting-IP': '203.0.113.8' } })).status).toBe(201)
    await settle()
    expect(await rows('SELECT id, due_at, urgent, first_contact_at FROM leads ORDER BY due_at')).toEqual([
      {
        id: EMERGENCY_ID,
        due_at: after(promise.emergencyHours * HOUR).toISOString(),
        urgent: 1,
        first_contact_at: null,
      },
      { id: ID, due_at: after(promise.answerHours * HOUR).toISOString(), urgent: 0, first_contact_at: null },
    ])
    // The owner's e-mail: the emergency's subject and first line say URGENTE; the other's do not.
    expect(subjects('lead').sort()).toEqual([
      'Nueva solicitud de cotización: Ana López Treviño (Construcción de Alberca Nueva)',
      'URGENTE: emergencia de Jorge Ruiz (Servicio de Emergencia)',
    ])
    const urgent = emailsOf('lead').find((email) => String(email.body.subject).startsWith('URGENTE'))
    const text = String(urgent?.body.text)
    expect(text.split('\n')[0]).toBe('URGENTE: solicitud del servicio de emergencia')
    // 10:00 UTC is 4:00 in Mexico City: due two hours later, said in Spanish in the owner's zone.
    expect(text).toContain('Prometimos responder en 2 horas: a más tardar hoy a las 6:00.')
    // One tap from the client: the phone, WhatsApp with a greeting naming client and service, this lead.
    expect(text).toContain('Llamar: tel:+522227770102')
    const whatsapp = /WhatsApp: (\S+)/.exec(text)?.[1] ?? ''
    expect(new URL(whatsapp).origin + new URL(whatsapp).pathname).toBe('https://wa.me/522227770102')
    expect(new URL(whatsapp).searchParams.get('text')).toBe(
      'Hola Jorge, te escribo por tu solicitud de cotización de servicio de emergencia.',
    )
    const inbox = /Abrir en tu bandeja: (\S+)/.exec(text)?.[1] ?? ''
    // The inbox link carries the lead's id and nothing else about the client.
    expect(inbox).toBe(`${INBOX}?solicitud=${EMERGENCY_ID}`)
    // The webhook carries the same, and says it for machines.
    const hook = lead.standIn.webhooks.find((call) => String(call.body.text).startsWith('URGENTE'))
    expect(hook?.body.lead).toMatchObject({
      id: EMERGENCY_ID,
      urgent: true,
      dueAt: after(2 * HOUR).toISOString(),
    })
    expect(hook?.body.links).toEqual({ tel: 'tel:+522227770102', whatsapp, inbox })
  })

  test('spam gets no deadline; without the promise file a lead is still stored, without one', async () => {
    await post(formJson({ _gotcha: 'http://spam.example' }))
    expect(await rows('SELECT status, due_at, urgent FROM leads')).toEqual([
      { status: 'spam', due_at: null, urgent: 0 },
    ])
    await lead.d1.clear()
    promiseIs({ answerHours: 'veinticuatro' })
    const { result, logged } = await silenced(async () => [await post(formJson()), await settle()] as const)
    expect(result[0].status).toBe(201)
    expect(logged).toContain('THE ANSWER PROMISE IS MISSING: /admin/solicitudes/promesa.json answered 200')
    expect(await rows('SELECT status, due_at FROM leads')).toEqual([{ status: 'nuevo', due_at: null }])
    // The owner still hears of it at once, and no reminder is ever made up for it.
    expect(subjects('lead')).toHaveLength(1)
    await schedule(30 * HOUR)
    expect(await rows("SELECT count(*) AS n FROM notifications WHERE kind <> 'lead'")).toEqual([{ n: 0 }])
  })

  test('another promise in the content gives other deadlines, and another emergency service', async () => {
    promiseIs({ answerHours: 8, emergencyHours: 1, emergencyService: 'Reparación de Alberca' })
    await post(formJson({ service: 'Reparación de Alberca' })).then(settle)
    expect(await rows('SELECT due_at, urgent FROM leads')).toEqual([
      { due_at: after(HOUR).toISOString(), urgent: 1 },
    ])
    expect(subjects('lead')).toEqual(['URGENTE: emergencia de Ana López Treviño (Reparación de Alberca)'])
  })
})

describe('reminders', () => {
  test("an emergency's reminders say URGENTE, at 1 h 30 min and at 2 h", async () => {
    await post(emergency()).then(settle)
    await schedule(90 * 60_000)
    await schedule(2 * HOUR)
    expect([...subjects('reminder'), ...subjects('overdue')]).toEqual([
      'URGENTE: Recordatorio: Jorge Ruiz (Servicio de Emergencia) espera tu respuesta antes de las 6:00',
      'URGENTE: Sin respuesta: Jorge Ruiz (Servicio de Emergencia), el plazo venció a las 6:00',
    ])
  })

  test('a lead answered in time is never reminded about: by a tap, by a status change', async () => {
    await post(formJson())
    await post(emergency(), { headers: { 'CF-Connecting-IP': '203.0.113.8' } })
    await settle()
    lead.standIn.reset()
    await recordContact(lead.d1.db, ID, 'whatsapp', after(HOUR))
    await updateLead(lead.d1.db, EMERGENCY_ID, { status: 'contactado' }, after(30 * 60_000))
    for (const hours of [1.5, 2, 18, 24, 30]) await schedule(hours * HOUR)
    expect(lead.standIn.requests).toHaveLength(0)
    expect(await rows("SELECT count(*) AS n FROM notifications WHERE kind <> 'lead'")).toEqual([{ n: 0 }])
  })

  test('answered after the reminder was planned but before it could be sent: it is not sent', async () => {
    await post(formJson()).then(settle)
    lead.standIn.reset()
    lead.standIn.mode = 'fail'
    await schedule(18 * HOUR)
    expect(await rows("SELECT state, last_error FROM notifications WHERE kind = 'reminder'")).toEqual([
      { state: 'pending', last_error: 'HTTP 500' },
      { state: 'pending', last_error: 'HTTP 500' },
    ])
    lead.standIn.reset()
    await recordContact(lead.d1.db, ID, 'llamada', after(18 * HOUR + 30_000))
    await schedule(18 * HOUR + 5 * 60_000)
    await schedule(25 * HOUR)
    expect(lead.standIn.requests).toHaveLength(0)
    expect(
      await rows("SELECT DISTINCT state, last_error FROM notifications WHERE kind = 'reminder'"),
    ).toEqual([{ state: 'failed', last_error: 'nothing to send: the lead was answered or is gone' }])
  })

  test('a tap undone is not an answer: the reminder follows', async () => {
    await post(formJson()).then(settle)
    lead.standIn.reset()
    await recordContact(lead.d1.db, ID, 'correo', after(HOUR))
    await undoContact(lead.d1.db, ID, after(HOUR + 10_000))
    await schedule(18 * HOUR)
    expect(subjects('reminder')).toHaveLength(1)
  })

  // A lead of a flooded hour, told in the digest, is reminded in digests alone: lead-budget.test.ts.
  test('a deadline past a day ago (the schedule down for two days) gets no reminder or overdue notice', async () => {
    await post(formJson()).then(settle)
    lead.standIn.reset()
    await schedule(49 * HOUR)
    expect(
      lead.standIn.requests.filter((request) => /reminder|overdue/.test(String(request.idempotencyKey))),
    ).toEqual([])
  })
})

describe('first contact', () => {
  test('a status moved on from nuevo is the first contact; moved back, it is undone; spam is none', async () => {
    await post(formJson()).then(settle)
    expect(await updateLead(lead.d1.db, ID, { status: 'cotizado' }, after(2 * HOUR))).toMatchObject({
      first_contact_at: after(2 * HOUR).toISOString(),
      first_contact_via: 'estado',
    })
    // A later change keeps the first contact as it was.
    expect(await updateLead(lead.d1.db, ID, { status: 'ganado' }, after(5 * HOUR))).toMatchObject({
      first_contact_at: after(2 * HOUR).toISOString(),
    })
    expect(await updateLead(lead.d1.db, ID, { status: 'nuevo' }, after(6 * HOUR))).toMatchObject({
      first_contact_at: null,
      first_contact_via: null,
    })
    expect(await updateLead(lead.d1.db, ID, { status: 'spam' }, after(7 * HOUR))).toMatchObject({
      first_contact_at: null,
    })
  })

  test('the first tap counts, a later tap changes nothing, and «Deshacer» clears only a tap', async () => {
    await post(formJson()).then(settle)
    expect(await recordContact(lead.d1.db, ID, 'llamada', after(HOUR))).toMatchObject({
      first_contact_at: after(HOUR).toISOString(),
      first_contact_via: 'llamada',
    })
    expect(await recordContact(lead.d1.db, ID, 'whatsapp', after(2 * HOUR))).toMatchObject({
      first_contact_via: 'llamada',
    })
    expect(await undoContact(lead.d1.db, ID, after(3 * HOUR))).toMatchObject({ first_contact_at: null })
    // A status change is undone by the status, not by «Deshacer».
    await updateLead(lead.d1.db, ID, { status: 'contactado' }, after(4 * HOUR))
    expect(await undoContact(lead.d1.db, ID, after(5 * HOUR))).toMatchObject({ first_contact_via: 'estado' })
    expect(await recordContact(lead.d1.db, 'no-such-lead', 'llamada')).toBeNull()
  })
})

describe('the promise measured', () => {
  test('this month and the last: received, answered within the deadline, the median first contact', async () => {
    // Now: 10 December 2026, noon in Mexico City. Rows as [created (owner's time, UTC−6), service, minutes to the
    // first contact (null: unanswered), status].
    const now = new Date('2026-12-10T18:00:00.000Z')
    const seed: [string, string, number | null, string][] = [
      // December: three requests; 30 min and 3 h answered in time, one unanswered; one spam (not counted).
      ['2026-12-01T09:00:00-06:00', 'Mantenimiento Regular', 30, 'contactado'],
      ['2026-12-05T09:00:00-06:00', 'Servicio de Emergencia', 180, 'contactado'],
      ['2026-12-09T09:00:00-06:00', 'Consulta General', null, 'nuevo'],
      ['2026-12-09T10:00:00-06:00', 'Consulta General', 5, 'spam'],
      // November (the owner's November: 30 Nov 23:30 in Mexico City is 1 December in UTC): 4 requests, answered
      // after 60, 120, 1 500 (late) and 20 min: median (60 + 120) / 2 = 90 min; 3 in time.
      ['2026-11-02T08:00:00-06:00', 'Mantenimiento Regular', 60, 'cotizado'],
      ['2026-11-10T08:00:00-06:00', 'Mantenimiento Regular', 120, 'ganado'],
      ['2026-11-20T08:00:00-06:00', 'Mantenimiento Regular', 1500, 'perdido'],
      ['2026-11-30T23:30:00-06:00', 'Consulta General', 20, 'contactado'],
      // October: not shown.
      ['2026-10-31T23:00:00-06:00', 'Consulta General', 10, 'contactado'],
    ]
    for (const [index, [created, service, minutes, status]] of seed.entries()) {
      const at = new Date(created)
      const urgent = service === 'Servicio de Emergencia'
      await insert({
        id: `m-${index}`,
        created_at: at.toISOString(),
        service,
        status,
        due_at: new Date(at.getTime() + (urgent ? 2 : 24) * HOUR).toISOString(),
        urgent: urgent ? 1 : 0,
        first_contact_at: minutes === null ? null : new Date(at.getTime() + minutes * 60_000).toISOString(),
        first_contact_via: minutes === null ? null : 'estado',
      })
    }
    expect(await monthFigures(lead.d1.db, now)).toEqual([
      // The emergency answered after 3 h missed its 2 h: 1 in time, 1 late, 1 not answered yet (its deadline,
      // 9 Dec 9:00 + 24 h, is past at noon on the 10th); median of 30 and 180 = 105 min.
      {
        month: '2026-12',
        received: 3,
        withDeadline: 3,
        inTime: 1,
        answeredLate: 1,
        unanswered: 1,
        overdue: 1,
        answered: 2,
        medianMinutes: 105,
      },
      {
        month: '2026-11',
        received: 4,
        withDeadline: 4,
        inTime: 3,
        answeredLate: 1,
        unanswered: 0,
        overdue: 0,
        answered: 4,
        medianMinutes: 90,
      },
    ])
    // January looks back on December (the year turns).
    const january = await monthFigures(lead.d1.db, new Date('2027-01-03T18:00:00.000Z'))
    expect(january.map((month) => [month.month, month.received])).toEqual([
      ['2027-01', 0],
      ['2026-12', 3],
    ])
    expect(january[0]?.medianMinutes).toBeNull()
  })
})
