/**
 * The devices the owner turned notifications on in (push_subscriptions, migration 0006): what the inbox's
 * «Avisos» panel adds, lists and removes (edge/inbox/push-devices.ts), and what the push channel sends to
 * (./push.ts). A subscription is what the browser's PushManager.subscribe() gave: the push service's endpoint
 * for this device and the device's two keys (RFC 8291: its P-256 public key `p256dh`, its 16-byte `auth`).
 *
 * An endpoint is accepted only on a push service browsers use (PUSH_SERVICE_HOSTS) over https, or on loopback
 * (the tests' and `npm start`'s stand-in; a Worker on Cloudflare cannot reach loopback, so such a row is inert
 * there, as decision 042 reasons for every test-only address): the Worker POSTs to whatever is stored, so the
 * list keeps it from being pointed anywhere else.
 */
import { isLoopbackUrl } from '../test-only'
import { base64url, fromBase64url } from '../http'
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import { oneLine } from './escape'

/** The push services of the browsers an owner may use: Chrome and Android (FCM), Firefox, Safari, Edge. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const

/** More devices than a small company's people have phones and computers. */
export const MAX_DEVICES = 10
export const MAX_NAME = 60

export interface PushSubscriptionRow {
  id: string
  endpoint: string
  p256dh: string
  auth: string
  name: string
  created_by: string
  created_at: string
  last_success_at: string | null
  last_error: string | null
  last_error_at: string | null
}

/** A subscription as the browser's `PushSubscription.toJSON()` gives it. */
export interface BrowserSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** Whether an endpoint may be stored: https on a known push service, or loopback (stand-ins). */
export function isPushEndpoint(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (isLoopbackUrl(value)) return true
  const host = url.hostname.toLowerCase()
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))
  )
}

/** The subscription in a request body, checked; or the Spanish reason it cannot be used. */
export function readSubscription(value: unknown): BrowserSubscription | string {
  const sub = value as Partial<BrowserSubscription> | null
  const endpoint = typeof sub?.endpoint === 'string' ? sub.endpoint : ''
  if (!endpoint || endpoint.length > 1000 || !isPushEndpoint(endpoint))
    return 'Este navegador dio una dirección de avisos que no reconocemos.'
  const p256dh = typeof sub?.keys?.p256dh === 'string' ? sub.keys.p256dh : ''
  const auth = typeof sub?.keys?.auth === 'string' ? sub.keys.auth : ''
  const key = fromBase64url(p256dh.replace(/=+$/, ''))
  const secret = fromBase64url(auth.replace(/=+$/, ''))
  if (!key || key.length !== 65 || key[0] !== 4 || !secret || secret.length !== 16)
    return 'Este navegador dio unas claves de avisos que no son válidas.'
  return { endpoint, keys: { p256dh: base64url(key), auth: base64url(secret) } }
}

/** The owner's name for a device: one line, no control characters, at most MAX_NAME characters. */
export function deviceName(value: unknown): string {
  return typeof value === 'string' ? oneLine(value, MAX_NAME) : ''
}

const COLUMNS =
  'id, endpoint, p256dh, auth, name, created_by, created_at, last_success_at, last_error, last_error_at'

export async function listSubscriptions(db: D1Database): Promise<PushSubscriptionRow[]> {
  const result = await db
    .prepare(`SELECT ${COLUMNS} FROM push_subscriptions ORDER BY created_at, id`)
    .all<PushSubscriptionRow>()
  return result.results ?? []
}

export async function subscriptionById(db: D1Database, id: string): Promise<PushSubscriptionRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM push_subscriptions WHERE id = ?1`)
    .bind(id)
    .first<PushSubscriptionRow>()
}

/**
 * Stores a device (or, for an endpoint already stored, or the one it `replaces` — the browser renewed its
 * subscription — updates its keys and keeps its name unless a new one is given). Null when MAX_DEVICES are
 * stored already.
 */
export async function saveSubscription(
  db: D1Database,
  sub: BrowserSubscription,
  { name, login, now, replaces }: { name: string; login: string; now: Date; replaces?: string },
): Promise<PushSubscriptionRow | null> {
  const id = base64url(crypto.getRandomValues(new Uint8Array(16)))
  const at = now.toISOString()
  const [, saved] = await retryBusy(
    () =>
      db.batch<PushSubscriptionRow>([
        db
          .prepare(
            `UPDATE push_subscriptions SET endpoint = ?2, p256dh = ?3, auth = ?4, name = coalesce(nullif(?5, ''), name),
               last_error = NULL, last_error_at = NULL
             WHERE endpoint = ?1 AND NOT EXISTS (SELECT 1 FROM push_subscriptions WHERE endpoint = ?2 AND endpoint <> ?1)`,
          )
          .bind(replaces ?? sub.endpoint, sub.endpoint, sub.keys.p256dh, sub.keys.auth, name),
        db
          .prepare(
            `INSERT INTO push_subscriptions (id, endpoint, p256dh, auth, name, created_by, created_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
             WHERE (SELECT count(*) FROM push_subscriptions) < ?8
             ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
               name = CASE WHEN ?5 <> '' THEN excluded.name ELSE push_subscriptions.name END
             RETURNING ${COLUMNS}`,
          )
          .bind(id, sub.endpoint, sub.keys.p256dh, sub.keys.auth, name, login, at, MAX_DEVICES),
      ]),
    { what: 'saving a push subscription' },
  )
  return (
    saved?.results?.[0] ??
    db
      .prepare(`SELECT ${COLUMNS} FROM push_subscriptions WHERE endpoint = ?1`)
      .bind(sub.endpoint)
      .first<PushSubscriptionRow>()
  )
}

/** Deletes a device; whether there was one. */
export async function deleteSubscription(db: D1Database, id: string): Promise<boolean> {
  const result = await retryBusy(
    () => db.prepare('DELETE FROM push_subscriptions WHERE id = ?1').bind(id).run(),
    { what: 'deleting a push subscription' },
  )
  return (result.meta.changes ?? 0) > 0
}

/** What the push service last said about a device: a success clears the error. */
export async function noteSubscription(
  db: D1Database,
  id: string,
  at: Date,
  error: string | null,
): Promise<void> {
  await retryBusy(
    () =>
      (error === null
        ? db
            .prepare(
              'UPDATE push_subscriptions SET last_success_at = ?2, last_error = NULL, last_error_at = NULL WHERE id = ?1',
            )
            .bind(id, at.toISOString())
        : db
            .prepare('UPDATE push_subscriptions SET last_error = ?2, last_error_at = ?3 WHERE id = ?1')
            .bind(id, error.slice(0, 300), at.toISOString())
      ).run(),
    { what: 'noting a push send' },
  )
}
