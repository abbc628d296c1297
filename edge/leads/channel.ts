/**
 * The channels the owner is told through, behind one interface, so the delivery machinery (./notify.ts), the
 * send budget (./budget.ts) and the outage relay (./relay.ts) treat them alike: the same claims, retries,
 * idempotency keys, ceilings and budget for each. A channel says:
 *   - whether its variables are set (`configured`);
 *   - whom one delivery goes to (`recipients`): the e-mail API and the webhook have one recipient (their
 *     settings); Web Push has one per device the owner turned notifications on in (./push.ts), so one delivery
 *     fans out to each, with its own key and its own outcome;
 *   - the provider's request for one message to one recipient (`request`) and what its answer means (`outcome`);
 *   - what to do with a recipient the provider says no longer exists (`forget`: a device's subscription is
 *     deleted when its push service answers 404 or 410) and, after each send, what to note about it (`noted`);
 *   - how many attempts one notification gets (`maxAttempts`): a provider that recognises the key and sends
 *     nothing twice can be asked again until the day is over; one that may not (a webhook) only a few times;
 *   - the variables of its own send budget (`budgetVariables`). The budget counts messages, not recipients: one
 *     notification is one send however many devices it reaches (it bounds how often the owner is interrupted).
 * Adding one: its module beside ./email.ts, ./webhook.ts and ./push.ts, its entry in CHANNELS, a migration that
 * inserts its name into notification_channels, and its variables in docs/configuration.md.
 */
import type { LeadEnv } from './env'
import type { Kind, Message } from './messages'

export type ChannelName = 'email' | 'webhook' | 'push'

/** One message to send through a channel: what it is about and the key every attempt of it carries. */
export interface Delivery {
  /** A notification's kind, `alarm` (a lead relayed straight to the owner, ./relay.ts), or `test` (a device's test). */
  kind: Kind | 'alarm' | 'test'
  /** The same for every attempt of one notification on one channel (edge/leads/kinds.ts idempotencyKey). */
  key: string
  message: Message
}

/** Who one delivery goes to: `id` is '' for a channel with a single recipient, else the recipient's own id. */
export interface Recipient {
  id: string
}

/** The single recipient of the e-mail and webhook channels. */
export const ONLY: Recipient = { id: '' }

/**
 * How one send ended:
 *   delivered: the provider took it;
 *   refused:   the provider said no, so nothing was sent: tried again after the backoff (or its Retry-After,
 *              when later), unless `final`;
 *   unknown:   no answer in time: it may have been sent, so it counts in the budget, and it is tried again
 *              under the same key (which the e-mail API recognises);
 *   gone:      the recipient no longer exists (a push subscription the browser dropped): forgotten, never retried.
 */
export type SendResult =
  | { result: 'delivered' }
  | { result: 'refused'; error: string; final?: boolean; retryAfterMs?: number }
  | { result: 'unknown'; error: string; retryAfterMs?: number }
  | { result: 'gone'; error: string }

export interface Channel<R extends Recipient = Recipient> {
  name: ChannelName
  /** In the owner's words, for the budget's closing message: "correo" ("límite de avisos por correo"). */
  label: string
  configured(env: LeadEnv): boolean
  recipients(env: LeadEnv): Promise<R[]>
  request(delivery: Delivery, recipient: R, env: LeadEnv): Promise<{ url: string; init: RequestInit }>
  outcome(status: number, body: string, headers: Headers): SendResult
  forget?(recipient: R, env: LeadEnv): Promise<void>
  noted?(recipient: R, sent: SendResult, env: LeadEnv, at: Date): Promise<void>
  maxAttempts: number
  budgetVariables: { perHour: keyof LeadEnv; perDay: keyof LeadEnv }
}

export const SEND_TIMEOUT_MS = 5000

/** The key of one recipient's copy: the delivery's own for a single recipient, else with the recipient's id. */
export const recipientKey = (key: string, recipient: Recipient) =>
  recipient.id ? `${key}/${recipient.id}` : key

/** Retry-After (seconds or an HTTP date) in ms from now, or undefined. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('Retry-After')?.trim()
  if (!value) return undefined
  const seconds = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined
}

/**
 * One send to one recipient, with its own timeout (started with the fetch, never while the send waits its
 * turn). A network error means the request did not reach the provider (refused, tried again); no answer in
 * time may mean it did (unknown).
 */
export async function sendTo<R extends Recipient>(
  channel: Channel<R>,
  delivery: Delivery,
  recipient: R,
  env: LeadEnv,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const { url, init } = await channel.request(
      { ...delivery, key: recipientKey(delivery.key, recipient) },
      recipient,
      env,
    )
    const response = await fetch(url, { ...init, signal: controller.signal })
    // Read the body so the connection is released, whatever it says.
    const body = await response.text().catch(() => '')
    return channel.outcome(response.status, body, response.headers)
  } catch (error) {
    return controller.signal.aborted
      ? { result: 'unknown', error: `no answer within ${timeoutMs / 1000} s` }
      : {
          result: 'refused',
          error: `${error instanceof TypeError ? 'network' : 'request'}: ${String(error)}`,
        }
  } finally {
    clearTimeout(timer)
  }
}

export interface FanOut {
  /** The delivery as a whole (see `combined`). */
  sent: SendResult
  /** Each recipient sent to this time, with its outcome. */
  each: { recipient: Recipient; sent: SendResult }[]
}

/**
 * One delivery's outcome from its recipients': delivered when every recipient got it or is gone (and at least
 * one got it, now or before); otherwise the worst: a send that may have gone (unknown) or that some recipient
 * got (it stays counted in the budget) is `unknown`; else `refused`, final only if every refusal is.
 */
export function combined(each: SendResult[], deliveredBefore: number): SendResult {
  const delivered = each.filter((sent) => sent.result === 'delivered').length
  const failed = each.filter(
    (sent): sent is Extract<SendResult, { result: 'refused' | 'unknown' }> =>
      sent.result === 'refused' || sent.result === 'unknown',
  )
  if (failed.length === 0)
    return delivered + deliveredBefore > 0
      ? { result: 'delivered' }
      : { result: 'refused', final: true, error: each.length ? 'every recipient is gone' : 'no recipient' }
  const error =
    (each.length > 1 ? `${delivered} of ${each.length} got it; ` : '') +
    failed.map((sent) => sent.error).join('; ')
  const wait = Math.max(...failed.map((sent) => sent.retryAfterMs ?? 0))
  const later = wait > 0 ? { retryAfterMs: wait } : {}
  if (delivered > 0 || failed.some((sent) => sent.result === 'unknown'))
    return { result: 'unknown', error, ...later }
  return {
    result: 'refused',
    error,
    ...(failed.every((sent) => sent.result === 'refused' && sent.final) ? { final: true } : {}),
    ...later,
  }
}

/**
 * One delivery through a channel to each of its recipients but those in `skip` (who got it on an earlier
 * attempt), one after another (a Worker holds six connections; the sender already runs four at once); a
 * recipient that is gone is forgotten, and each outcome is noted. The whole is `combined`.
 */
export async function sendThrough(
  channel: Channel,
  delivery: Delivery,
  env: LeadEnv,
  { timeoutMs = SEND_TIMEOUT_MS, skip = new Set<string>(), now = () => new Date() } = {},
): Promise<FanOut> {
  if (!channel.configured(env))
    return { sent: { result: 'refused', error: `${channel.name} is not configured` }, each: [] }
  let recipients: Recipient[]
  try {
    recipients = (await channel.recipients(env)).filter((recipient) => !skip.has(recipient.id))
  } catch (error) {
    return {
      sent: { result: 'refused', error: `its recipients could not be read: ${String(error)}` },
      each: [],
    }
  }
  const each: FanOut['each'] = []
  for (const recipient of recipients) {
    const sent = await sendTo(channel, delivery, recipient, env, timeoutMs)
    each.push({ recipient, sent })
    try {
      if (sent.result === 'gone') await channel.forget?.(recipient, env)
      else await channel.noted?.(recipient, sent, env, now())
    } catch (error) {
      console.error(`${channel.name}: what happened to a recipient could not be recorded`, error)
    }
  }
  return {
    sent: combined(
      each.map((one) => one.sent),
      skip.size,
    ),
    each,
  }
}
