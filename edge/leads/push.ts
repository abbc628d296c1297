/**
 * The Web Push channel (issue 42, 3): the owner's phones and computers, each a device that turned notifications
 * on in the inbox's «Avisos» panel (./push-subscriptions.ts). On when the VAPID key pair is set (VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY: `npm run push:keys` makes them, decision 044) and some device is subscribed. No outside
 * account: each browser's own push service (FCM for Chrome and Android, Apple's for Safari, Mozilla's for
 * Firefox) takes the message for its device.
 *
 * One notification fans out to every device (./channel.ts sendThrough), each with its own key and outcome: a
 * device that got it is remembered (notification_recipients) and not sent it again on a retry. Each message is
 * encrypted for its device (RFC 8291, aes128gcm, padded to 4 KB so its length says nothing) and signed with our
 * key (RFC 8292, VAPID) by @block65/webcrypto-web-push, which runs on WebCrypto alone (decision 044). Headers:
 * TTL a day (then the push service drops it: a notification older than that is in the inbox), Urgency `high` for
 * an emergency (FCM then wakes a phone in Doze), Topic from the key, so a retry still waiting at the push
 * service replaces the first copy instead of adding one; the service worker's tag does the same on the device.
 *
 * Answers (RFC 8030 and the services' docs): 201 (or any 2xx) taken; 404 and 410 the subscription is gone: the
 * device is deleted, never retried; 429 and 5xx tried again like any channel, not before their Retry-After;
 * 413 (too large) and 400 never succeed on a retry (final); 401 and 403: the push service refused our
 * signature or the device was subscribed with another key (keys changed): final for this message, and the
 * «Avisos» panel shows the device's error so the owner turns it on again.
 */
import { buildPushPayload } from '@block65/webcrypto-web-push'
import { isLoopbackUrl } from '../test-only'
import { retryAfterMs, type Channel, type Recipient } from './channel'
import type { LeadEnv } from './env'
import { noticeTag, pushNotice } from './push-notice'
import {
  deleteSubscription,
  listSubscriptions,
  noteSubscription,
  type PushSubscriptionRow,
} from './push-subscriptions'

export type PushRecipient = Recipient & Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth' | 'name'>

/** A day: the same horizon as the retries (edge/leads/notify.ts GIVE_UP_MS). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60

/** VAPID's `sub`: who runs the sender, for the push service to reach (Apple requires a valid one). */
export function vapidSubject(env: LeadEnv): string {
  const set = env.VAPID_SUBJECT?.trim()
  if (set && /^(mailto:|https:)/.test(set)) return set
  try {
    const site = new URL(env.SITE_URL ?? '')
    if (site.protocol === 'https:') return site.origin
  } catch {
    // no SITE_URL
  }
  return 'https://www.aquapuebla.mx'
}

export const pushConfigured = (env: LeadEnv) => Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)

/**
 * The push request for one device. A stand-in push service on loopback (the tests', `npm start`'s) speaks plain
 * HTTP; the library signs only for https push resources (RFC 8030 §2), so for a loopback endpoint it is given the
 * same address with https (the JWT's `aud` says so, and the stand-in expects it) and the request goes to the
 * loopback one. A Worker on Cloudflare cannot reach loopback, so this never applies there (decision 042).
 */
export async function pushRequest(
  recipient: Pick<PushRecipient, 'endpoint' | 'p256dh' | 'auth'>,
  notice: object,
  env: LeadEnv,
  { urgent, topic, ttl = PUSH_TTL_SECONDS }: { urgent: boolean; topic: string; ttl?: number },
): Promise<{ url: string; init: RequestInit }> {
  const plain = recipient.endpoint.startsWith('http:') && isLoopbackUrl(recipient.endpoint)
  const payload = await buildPushPayload(
    { data: notice as never, options: { ttl, urgency: urgent ? 'high' : 'normal', topic } },
    {
      endpoint: plain ? `https:${recipient.endpoint.slice('http:'.length)}` : recipient.endpoint,
      expirationTime: null,
      keys: { p256dh: recipient.p256dh, auth: recipient.auth },
    },
    {
      subject: vapidSubject(env),
      publicKey: env.VAPID_PUBLIC_KEY ?? '',
      privateKey: env.VAPID_PRIVATE_KEY ?? '',
    },
  )
  return {
    url: recipient.endpoint,
    init: { method: 'POST', headers: payload.headers, body: payload.body as Uint8Array<ArrayBuffer> },
  }
}

export const pushChannel: Channel<PushRecipient> = {
  name: 'push',
  label: 'notificación',
  configured: pushConfigured,
  async recipients(env) {
    return (await listSubscriptions(env.DB)).map(({ id, endpoint, p256dh, auth, name }) => ({
      id,
      endpoint,
      p256dh,
      auth,
      name,
    }))
  },
  async request(delivery, recipient, env) {
    const notice = await pushNotice(delivery)
    return pushRequest(recipient, notice, env, {
      urgent: notice.urgent,
      topic: await noticeTag(delivery.key),
    })
  },
  outcome(status, body, headers) {
    if (status >= 200 && status < 300) return { result: 'delivered' }
    const said = `HTTP ${status}${body ? `: ${body.replace(/\s+/g, ' ').slice(0, 120)}` : ''}`
    if (status === 404 || status === 410)
      return { result: 'gone', error: `${said} (the subscription is gone)` }
    if (status === 429 || status >= 500) {
      const wait = retryAfterMs(headers)
      return { result: 'refused', error: said, ...(wait ? { retryAfterMs: wait } : {}) }
    }
    return { result: 'refused', final: true, error: said }
  },
  forget: (recipient, env) => deleteSubscription(env.DB, recipient.id).then(() => undefined),
  noted: (recipient, sent, env, at) =>
    noteSubscription(env.DB, recipient.id, at, sent.result === 'delivered' ? null : sent.error),
  // Every device that got it is remembered and not sent it again, and the Topic replaces a copy still waiting:
  // asked again until the day is over, as the e-mail API is.
  maxAttempts: Number.POSITIVE_INFINITY,
  budgetVariables: { perHour: 'PUSH_SENDS_PER_HOUR', perDay: 'PUSH_SENDS_PER_DAY' },
}
