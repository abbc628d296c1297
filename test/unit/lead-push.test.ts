/**
 * @jest-environment node
 *
 * Web Push as a channel (issue 42, 3-5) against the push-service stand-in (test/stand-ins/push.ts: it answers as
 * FCM and autopush do and DECRYPTS each message with the device's keys through http_ece, independently of the
 * library that encrypted it), so what the phones receive is what it decrypted. Push goes the same path as e-mail
 * and the webhook, fanned out per device: 404/410 removes a device, a 5xx is retried for that device only.
 */
import promise from 'content:promesa'
import { deliverDue } from '../../edge/leads/notify'
import { saveSubscription } from '../../edge/leads/push-subscriptions'
import { runSchedule } from '../../edge/leads/schedule'
import type { PushDevicesAnswer, PushTestAnswer } from '../../contract/push'
import { newVapidKeys } from '../../scripts/lib/vapid-keys'
import { formJson, ID, LEAD, leadBench, SITE, T0, HOUR, after, uuid } from '../helpers/lead-requests'
import { ownerSession, SECRET } from '../helpers/inbox-owner'
import { startPushStandIn, type PushStandIn } from '../stand-ins/push'

let keys: { publicKey: string; privateKey: string }
let push: PushStandIn
beforeAll(async () => {
  ;[keys, push] = await Promise.all([newVapidKeys(), startPushStandIn()])
})
afterAll(() => push.close())
const lead = leadBench({
  promise,
  extra: () => ({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
})
beforeEach(() => push.reset())
const { post, rows, settle } = lead

/** A phone subscribed with our public key and stored as the «Avisos» panel stores it. */
async function phone(name: string) {
  const device = push.subscribe(keys.publicKey)
  const saved = await saveSubscription(lead.d1.db, device.subscription, { name, login: 'duena', now: T0 })
  return { device, id: saved!.id }
}
const payloads = (device?: string) =>
  push.delivered.filter((m) => !device || m.device === device).map((m) => m.payload ?? {})
/** Push alone: neither e-mail nor the webhook is set. */
const pushOnly = () => {
  lead.env = { ...lead.env, EMAIL_API_URL: undefined, LEAD_WEBHOOK_URL: undefined }
}
const send = (n: number, ms: number, urgent = false) =>
  post(
    formJson({
      id: uuid(n),
      name: `Cliente ${n}`,
      service: urgent ? promise.emergencyService : LEAD.service,
      submittedAt: after(ms).toISOString(),
    }),
    { now: after(ms), headers: { 'CF-Connecting-IP': `2001:db8:${n.toString(16)}::1` } },
  )

test("a lead's alert reaches every phone, encrypted for each, signed with our key, and says name and service", async () => {
  const [ana, luis] = await Promise.all([phone('Celular de Ana'), phone('Celular de Luis')])
  expect((await post(formJson())).status).toBe(201)
  await settle()
  expect(push.delivered).toHaveLength(2)
  for (const { device } of [ana, luis])
    expect(payloads(device.id)).toEqual([
      {
        v: 1,
        kind: 'lead',
        title: 'Nueva solicitud de cotización',
        body: `${LEAD.name} · ${LEAD.service}`,
        url: `/admin/solicitudes/?solicitud=${ID}`,
        tag: expect.stringMatching(/^[\w-]{32}$/),
        urgent: false,
      },
    ])
  const [message] = push.delivered
  // The JWT verified against VAPID_PUBLIC_KEY (the stand-in refuses it otherwise), and says what RFC 8292 asks.
  expect(message?.headers.authorization).toMatch(
    new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`),
  )
  expect(message?.claims).toMatchObject({ aud: push.origin.replace('http:', 'https:'), sub: SITE })
  const exp = (message?.claims?.exp ?? 0) * 1000
  expect(exp).toBeGreaterThan(Date.now())
  expect(exp).toBeLessThanOrEqual(Date.now() + 24 * HOUR)
  expect(message?.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'normal' })
  expect(message?.headers.topic).toMatch(/^[\w-]{32}$/)
  // Padded to 4 KB: the length says nothing of the name; and no phone, e-mail or message travels.
  expect(message?.size).toBe(4096)
  expect(JSON.stringify(payloads())).not.toMatch(/222|example\.com|Cholula/)
  expect(await rows("SELECT channel, state FROM notifications WHERE kind = 'lead' ORDER BY channel")).toEqual(
    ['email', 'push', 'webhook'].map((channel) => ({ channel, state: 'delivered' })),
  )
  expect(
    await rows('SELECT name, last_success_at IS NOT NULL AS ok FROM push_subscriptions ORDER BY name'),
  ).toEqual([
    { name: 'Celular de Ana', ok: 1 },
    { name: 'Celular de Luis', ok: 1 },
  ])
})

test('no phone subscribed: push makes no notification, and a phone added later gets the next lead', async () => {
  pushOnly()
  await post(formJson()).then(settle)
  expect(await rows('SELECT channel FROM notifications')).toEqual([])
  await phone('Celular de Ana')
  await send(2, 60_000).then(settle)
  expect(payloads().map((p) => p.body)).toEqual([`Cliente 2 · ${LEAD.service}`])
})

test('404 and 410 remove the phone for good; the others get it and the alert is delivered', async () => {
  const [gone404, gone410, ok] = await Promise.all([phone('Viejo'), phone('Tablet'), phone('Celular de Ana')])
  gone404.device.mode = 'gone-404'
  gone410.device.mode = 'gone-410'
  await post(formJson()).then(settle)
  expect(push.requests.map((r) => r.status).sort()).toEqual([201, 404, 410])
  expect(await rows('SELECT id FROM push_subscriptions')).toEqual([{ id: ok.id }])
  expect(await rows("SELECT state FROM notifications WHERE channel = 'push'")).toEqual([
    { state: 'delivered' },
  ])
})

test('a 5xx is retried like any channel, after its Retry-After, to the phone that did not get it only', async () => {
  const [ana, luis] = await Promise.all([phone('Celular de Ana'), phone('Celular de Luis')])
  luis.device.mode = 'down-503'
  luis.device.retryAfter = 600
  await post(formJson()).then(settle)
  expect(await rows("SELECT state, last_error FROM notifications WHERE channel = 'push'")).toEqual([
    { state: 'pending', last_error: '1 of 2 got it; HTTP 503: Service unavailable' },
  ])
  // One phone got it: the send stays counted in the budget.
  expect(await rows("SELECT count(*) AS n FROM channel_sends WHERE channel = 'push'")).toEqual([{ n: 1 }])
  expect(await rows('SELECT last_error FROM push_subscriptions WHERE id = ?1', luis.id)).toEqual([
    { last_error: 'HTTP 503: Service unavailable' },
  ])
  // Not before Retry-After (10 min; the backoff alone would say 1 min).
  expect((await deliverDue(lead.d1.db, lead.env, { now: () => after(5 * 60_000) })).length).toBe(0)
  luis.device.mode = 'ok'
  await deliverDue(lead.d1.db, lead.env, { now: () => after(11 * 60_000) })
  expect(payloads(luis.device.id)).toHaveLength(1)
  expect(payloads(ana.device.id)).toHaveLength(1)
  expect(await rows("SELECT state FROM notifications WHERE channel = 'push'")).toEqual([
    { state: 'delivered' },
  ])
})

test('a push service failing for every phone gives the send back to the budget and is tried again after the backoff', async () => {
  pushOnly()
  const ana = await phone('Celular de Ana')
  ana.device.mode = 'fail-500'
  await post(formJson()).then(settle)
  expect(await rows("SELECT state, attempts FROM notifications WHERE channel = 'push'")).toEqual([
    { state: 'pending', attempts: 1 },
  ])
  expect(await rows('SELECT count(*) AS n FROM channel_sends')).toEqual([{ n: 0 }])
  ana.device.mode = 'ok'
  await deliverDue(lead.d1.db, lead.env, { now: () => after(61_000) })
  expect(payloads()).toHaveLength(1)
})

test('with push alone the owner hears of every lead: one by one, then in a digest, the reminders at ¾ and overdue, and the daily summary', async () => {
  pushOnly()
  lead.env = { ...lead.env, LEAD_ALERTS_PER_HOUR: '2' }
  await phone('Celular de Ana')
  for (let n = 1; n <= 4; n += 1) await send(n, n * 1000)
  await settle()
  await runSchedule(lead.env, () => after(5 * 60_000))
  // 18 h (¾ of 24) and 24 h later: the reminder and the overdue one, about the two leads told one by one.
  await runSchedule(lead.env, () => after(18 * HOUR + 10_000))
  await runSchedule(lead.env, () => after(24 * HOUR + 10_000))
  // 8:00 in Mexico City the next day (14:00 UTC): yesterday's summary, which has news (two leads came batched).
  await runSchedule(lead.env, () => new Date('2026-11-26T14:05:00.000Z'))
  const titles = (kind: string) => payloads().flatMap((p) => (p.kind === kind ? [p.title] : []))
  expect(titles('lead')).toEqual(Array(2).fill('Nueva solicitud de cotización'))
  // The two leads the owner heard of in the digest are reminded in digests (decision 041), the others one by one.
  expect(titles('digest')).toEqual(['2 solicitudes nuevas', '2 por vencer', '2 vencidas'])
  expect(titles('reminder')).toEqual(Array(2).fill('Recordatorio: responde antes de las 4:00'))
  expect(titles('overdue')).toEqual(Array(2).fill('Sin respuesta, el plazo venció a las 4:00'))
  expect(titles('summary')).toEqual(['Resumen del miércoles 25 de noviembre: 4 solicitudes'])
  expect(payloads().find((p) => p.kind === 'digest')?.url).toBe('/admin/solicitudes/')
})

test('the send budget holds with push among the channels, and an emergency still goes first', async () => {
  lead.env = { ...lead.env, PUSH_SENDS_PER_HOUR: '5', PUSH_SENDS_PER_DAY: '6', LEAD_ALERTS_PER_HOUR: '20' }
  await phone('Celular de Ana')
  for (let n = 1; n <= 8; n += 1) await send(n, n * 1000)
  await send(99, 20_000, true)
  await settle()
  await runSchedule(lead.env, () => after(30 * 60_000))
  const kinds = payloads().map((p) => `${String(p.kind)}${p.urgent ? ' URGENTE' : ''}`)
  // 6 a day: 4 ordinary ones (a tenth is kept back, and the last for the note), the emergency from the reserve,
  // and the closing note that says the rest are in the inbox.
  expect(kinds.filter((k) => k === 'lead')).toHaveLength(4)
  expect(kinds).toContain('lead URGENTE')
  // The emergency's says URGENTE first with its deadline in the owner's time, at high urgency.
  const emergency = push.delivered.find((message) => message.payload?.urgent)
  expect(emergency?.payload?.title).toBe('URGENTE: emergencia, responde antes de las 6:00')
  expect(emergency?.headers.urgency).toBe('high')
  expect(kinds.filter((k) => k === 'budget')).toHaveLength(1)
  expect(payloads().find((p) => p.kind === 'budget')?.title).toBe(
    'Llegamos al límite de avisos por notificación: revisa tu bandeja',
  )
  // E-mail has its own budget: all nine leads and nothing more.
  const alerts = lead.standIn.emails.filter((e) =>
    /^(Nueva solicitud|URGENTE: emergencia)/.test(String(e.body.subject)),
  )
  expect(alerts).toHaveLength(9)
})

describe('the «Avisos» routes', () => {
  const call = async (method: string, route: string, body?: unknown) => {
    const owner = await ownerSession(lead.env.DB)
    return owner.call(
      route,
      {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { ...lead.env, SESSION_SECRET: SECRET },
    )
  }
  const listed = async () => (await (await call('GET', 'avisos')).json()) as PushDevicesAnswer

  test('a phone is added by name, listed without its endpoint or keys, tested at once, and removed; one its push service forgot is removed by its test', async () => {
    const device = push.subscribe(keys.publicKey)
    const added = await call('POST', 'avisos', {
      name: ' Celular\nde Ana ',
      subscription: device.subscription,
    })
    expect(added.status).toBe(201)
    const { id } = (await added.json()) as { id: string }
    const { publicKey, devices } = await listed()
    expect(publicKey).toBe(keys.publicKey)
    expect(devices).toEqual([expect.objectContaining({ id, name: 'Celular de Ana', createdBy: 'duena' })])
    expect(JSON.stringify(devices)).not.toContain(device.subscription.keys.auth)
    expect(JSON.stringify(devices)).not.toContain('/push/')
    const sendTest = async (id: string) =>
      (await (await call('POST', `avisos/${id}/prueba`)).json()) as PushTestAnswer
    const tested = await sendTest(id)
    expect(tested).toEqual({ sent: true, nonce: expect.stringMatching(/^aquapuebla\/test\//) })
    expect(payloads()).toEqual([
      expect.objectContaining({
        kind: 'test',
        title: 'Aviso de prueba de AquaPuebla',
        body: 'Si ves esto, «Celular de Ana» recibe los avisos de solicitudes nuevas.',
        test: tested.nonce,
      }),
    ])
    expect((await call('DELETE', `avisos/${id}`)).status).toBe(204)
    expect((await listed()).devices).toEqual([])
    // Added again, then forgotten by its push service (410): the test says so and removes it.
    const again = (await (
      await call('POST', 'avisos', { name: 'Viejo', subscription: device.subscription })
    ).json()) as { id: string }
    device.mode = 'gone-410'
    expect(await sendTest(again.id)).toMatchObject({
      sent: false,
      error: expect.stringMatching(/ya no está suscrito: lo quitamos de la lista/),
    })
    expect(await rows('SELECT id FROM push_subscriptions')).toEqual([])
  })

  test.each([
    [
      'an endpoint on no push service',
      { endpoint: 'https://evil.example/push/1', keys: {} },
      /dirección de avisos/,
    ],
    [
      'keys that are no P-256 point',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'AAAA', auth: 'AAAA' } },
      /claves de avisos/,
    ],
  ])('%s is refused with a reason', async (_name, subscription, reason) => {
    const answer = await call('POST', 'avisos', { name: 'X', subscription })
    expect(answer.status).toBe(422)
    expect(((await answer.json()) as { error: string }).error).toMatch(reason)
  })

  test('without the VAPID keys the panel learns push is off, and nothing can be added', async () => {
    lead.env = { ...lead.env, VAPID_PRIVATE_KEY: undefined }
    expect((await listed()).publicKey).toBeNull()
    const device = push.subscribe(keys.publicKey)
    const answer = await call('POST', 'avisos', { name: 'X', subscription: device.subscription })
    expect(answer.status).toBe(503)
  })
})
