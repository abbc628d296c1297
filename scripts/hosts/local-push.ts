/**
 * Push alerts in `npm start` (issue 42, 5; docs/push.md). Push needs no account: the VAPID key pair is made at first
 * use into `.dev.vars` (as `npm run push:keys` does), so the owner's phone can turn push on in the inbox («Avisos»).
 * A real browser subscribes through its vendor's push service, which this machine may not reach: with
 * PUSH_STAND_IN=1 the tests' push service stand-in (test/stand-ins/push.ts) runs on loopback with one device
 * subscribed in the local D1 (an earlier run's, whose port is gone, replaced), and every notification it receives is
 * decrypted with the device's keys and printed as the phone would show it.
 */
import { randomBytes } from 'node:crypto'
import { startPushStandIn, type PushedMessage, type PushStandIn } from '../../test/stand-ins/push'
import { vapidKeysIn } from '../lib/vapid-keys'
import { executeLocalD1, type LocalD1 } from './servers'

export const STAND_IN_DEVICE_NAME = 'Celular de prueba (local)'

/** The VAPID pair from `vars`, or from the variables file (made there at first use); `note` says which. */
export async function localVapidKeys(
  vars: Record<string, string>,
  devVarsPath: string,
): Promise<{ vars: Record<string, string>; note: string | null }> {
  if (vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY) return { vars, note: null }
  const keys = await vapidKeysIn(devVarsPath)
  return {
    vars: { ...vars, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
    note: keys.made ? `claves VAPID nuevas en ${devVarsPath} (avisos al celular; consérvalas)` : null,
  }
}

/** One delivered notification, as the phone would show it. */
function shownNotice(message: PushedMessage): string {
  const notice = message.payload ?? {}
  const text = (key: string) => (typeof notice[key] === 'string' ? (notice[key] as string) : '')
  const urgent = notice.urgent === true ? ' (se queda en pantalla)' : ''
  return `Aviso al ${STAND_IN_DEVICE_NAME}${urgent}: «${text('title')}» ${text('body')} → ${text('url')}`
}

/** The stand-in with its one device, stored in the local database; messages printed as they arrive. */
export async function startLocalPushStandIn(
  d1: LocalD1,
  publicKey: string,
  print: (line: string) => void = console.log,
): Promise<PushStandIn> {
  const standIn = await startPushStandIn()
  const device = standIn.subscribe(publicKey)
  const { endpoint, keys } = device.subscription
  // Every value is base64url or an address made here: nothing to quote.
  await executeLocalD1(
    d1,
    `DELETE FROM push_subscriptions WHERE name = '${STAND_IN_DEVICE_NAME}' OR endpoint LIKE 'http://127.0.0.1:%';
     INSERT INTO push_subscriptions (id, endpoint, p256dh, auth, name, created_by, created_at)
     VALUES ('${randomBytes(16).toString('base64url')}', '${endpoint}', '${keys.p256dh}', '${keys.auth}',
             '${STAND_IN_DEVICE_NAME}', 'local', '${new Date().toISOString()}');`,
  )
  standIn.onDelivered = (message) => print(`  ${shownNotice(message)}`)
  return standIn
}
