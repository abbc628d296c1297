/**
 * The inbox's «Avisos» routes (issue 42, 3), behind the session and the CSRF checks of ./api.ts:
 *   GET    avisos              → { publicKey, devices }: the VAPID public key a browser subscribes with (null:
 *                                push is off on the server) and the owner's devices (names, when, the last
 *                                outcome; never an endpoint or a key)
 *   POST   avisos              → { name, subscription, replaces? }: a device turned on (or renewed) → 201 device
 *   DELETE avisos/:id          → the device removed → 204
 *   POST   avisos/:id/prueba   → a test notification to that device alone, now → { sent, nonce, error? }; the
 *                                page then waits for its service worker to say the nonce arrived
 * A test goes through the push channel's own request and answers (edge/leads/push.ts, ../leads/channel.ts
 * sendTo): a gone device is deleted there too. It is not a notification row: the owner asked for it and is
 * looking, so it is neither queued nor counted in the send budget.
 */
import type { PushDevice, PushDeviceRequest, PushDevicesAnswer, PushTestAnswer } from '../../contract/push'
import { randomToken, empty, json, problem } from '../http'
import { recipientKey, sendTo, type Delivery } from '../leads/channel'
import type { LeadEnv } from '../leads/env'
import { pushChannel, pushConfigured } from '../leads/push'
import {
  deleteSubscription,
  deviceName,
  listSubscriptions,
  readSubscription,
  saveSubscription,
  subscriptionById,
  type PushSubscriptionRow,
} from '../leads/push-subscriptions'
import type { D1Database, InboxEnv } from './env'

const DEVICE_PATH = /^avisos\/([A-Za-z0-9_-]{1,64})$/
const TEST_PATH = /^avisos\/([A-Za-z0-9_-]{1,64})\/prueba$/

export const isDevicesRoute = (route: string) => route === 'avisos' || route.startsWith('avisos/')

const device = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  name: row.name,
  createdBy: row.created_by,
  createdAt: row.created_at,
  lastSuccessAt: row.last_success_at,
  lastError: row.last_error,
  lastErrorAt: row.last_error_at,
})

const PUSH_OFF =
  'Los avisos al celular no están activados en el servidor: faltan las claves VAPID (npm run push:keys, docs/push.md).'

/** What the owner reads when a test did not reach the push service. */
function testError(result: string, error: string): string {
  if (result === 'gone')
    return 'El servicio de avisos dice que este celular ya no está suscrito: lo quitamos de la lista. Vuelve a activar los avisos en él.'
  if (/HTTP 40[13]/.test(error))
    return 'El servicio de avisos rechazó la firma del sitio: las claves cambiaron desde que activaste este celular. Quítalo y vuelve a activar los avisos.'
  return 'El servicio de avisos no respondió bien. Revisa tu conexión e inténtalo de nuevo en un momento.'
}

export async function handleDevices(
  request: Request,
  env: InboxEnv,
  db: D1Database,
  { route, login, now }: { route: string; login: string; now: Date },
): Promise<Response> {
  const leadEnv = { ...(env as Partial<LeadEnv>), DB: db } as LeadEnv
  const method = request.method
  if (route === 'avisos') {
    if (method === 'GET') {
      const answer: PushDevicesAnswer = {
        publicKey: pushConfigured(leadEnv) ? (leadEnv.VAPID_PUBLIC_KEY ?? null) : null,
        devices: (await listSubscriptions(db)).map(device),
      }
      return json(200, answer)
    }
    if (method !== 'POST') return problem(405, 'Método no permitido.', { Allow: 'GET, POST' })
    if (!pushConfigured(leadEnv)) return problem(503, PUSH_OFF)
    let body: Partial<PushDeviceRequest> | null
    try {
      body = (await request.json()) as Partial<PushDeviceRequest> | null
    } catch {
      return problem(400, 'Petición no válida.')
    }
    const subscription = readSubscription(body?.subscription)
    if (typeof subscription === 'string') return problem(422, subscription)
    const name = deviceName(body?.name)
    if (!name) return problem(422, 'Ponle un nombre a este celular, por ejemplo «Celular de Ana».')
    const saved = await saveSubscription(db, subscription, {
      name,
      login,
      now,
      ...(typeof body?.replaces === 'string' ? { replaces: body.replaces } : {}),
    })
    return saved
      ? json(201, device(saved))
      : problem(409, 'Ya hay 10 aparatos con avisos. Quita alguno antes de agregar otro.')
  }
  const testId = TEST_PATH.exec(route)?.[1]
  if (testId) {
    if (method !== 'POST') return problem(405, 'Método no permitido.', { Allow: 'POST' })
    if (!pushConfigured(leadEnv)) return problem(503, PUSH_OFF)
    const row = await subscriptionById(db, testId)
    if (!row) return problem(404, 'Ese aparato ya no está en la lista.')
    const delivery: Delivery = {
      kind: 'test',
      key: `aquapuebla/test/${randomToken(12)}`,
      message: {
        subject: 'Aviso de prueba de AquaPuebla',
        text: `Si ves esto, «${row.name}» recibe los avisos de solicitudes nuevas.`,
        chat: '',
        data: {},
      },
    }
    const sent = await sendTo(pushChannel, delivery, row, leadEnv)
    if (sent.result === 'gone') await pushChannel.forget?.(row, leadEnv)
    else await pushChannel.noted?.(row, sent, leadEnv, now)
    const answer: PushTestAnswer = {
      sent: sent.result === 'delivered',
      nonce: recipientKey(delivery.key, row),
      ...(sent.result === 'delivered'
        ? {}
        : { error: testError(sent.result, 'error' in sent ? sent.error : '') }),
    }
    return json(200, answer)
  }
  const id = DEVICE_PATH.exec(route)?.[1]
  if (id) {
    if (method !== 'DELETE') return problem(405, 'Método no permitido.', { Allow: 'DELETE' })
    return (await deleteSubscription(db, id))
      ? empty(204)
      : problem(404, 'Ese aparato ya no está en la lista.')
  }
  return problem(404, 'No encontrado.')
}
