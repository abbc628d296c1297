/**
 * The channels the owner is told through, behind one interface, so the delivery machinery (./notify.ts), the
 * send budget (./budget.ts) and the outage relay (./relay.ts) treat them alike: the same claims, retries,
 * idempotency keys, ceilings and budget for each. A channel says:
 *   - whether its variables are set (`configured`);
 *   - the provider's request for one message (`request`) and what the provider's answer means (`outcome`);
 *   - how many attempts one notification gets (`maxAttempts`): a provider that recognises the key and sends
 *     nothing twice can be asked again until the day is over; one that may not (a webhook) only a few times;
 *   - the variables of its own send budget (`budgetVariables`).
 * Adding one (Web Push): its module beside ./email.ts and ./webhook.ts, its entry in CHANNELS, a migration that
 * inserts its name into notification_channels, and its variables in docs/configuration.md. Nothing else changes.
 */
import type { LeadEnv } from './env'
import type { Kind, Message } from './messages'

export type ChannelName = 'email' | 'webhook'

/** One message to send through a channel: what it is about and the key every attempt of it carries. */
export interface Delivery {
  /** A notification's kind, or `alarm`: a lead relayed straight to the owner (./relay.ts). */
  kind: Kind | 'alarm'
  /** The same for every attempt of one notification on one channel (edge/leads/kinds.ts idempotencyKey). */
  key: string
  message: Message
}

/**
 * How one send ended:
 *   delivered: the provider took it;
 *   refused:   the provider said no, so nothing was sent: tried again after the backoff, unless `final`;
 *   unknown:   no answer in time: it may have been sent, so it counts in the budget, and it is tried again
 *              under the same key (which the e-mail API recognises).
 */
export type SendResult =
  | { result: 'delivered' }
  | { result: 'refused'; error: string; final?: boolean }
  | { result: 'unknown'; error: string }

export interface Channel {
  name: ChannelName
  /** In the owner's words, for the budget's closing message: "este correo". */
  label: string
  configured(env: LeadEnv): boolean
  request(delivery: Delivery, env: LeadEnv): { url: string; init: RequestInit }
  outcome(status: number, body: string): SendResult
  maxAttempts: number
  budgetVariables: { perHour: keyof LeadEnv; perDay: keyof LeadEnv }
}

export const SEND_TIMEOUT_MS = 5000

/**
 * One send through a channel, with its own timeout (started with the fetch, never while the send waits its
 * turn). A network error means the request did not reach the provider (refused, tried again); no answer in
 * time may mean it did (unknown).
 */
export async function sendThrough(
  channel: Channel,
  delivery: Delivery,
  env: LeadEnv,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  if (!channel.configured(env)) return { result: 'refused', error: `${channel.name} is not configured` }
  const { url, init } = channel.request(delivery, env)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(url, { ...init, signal: controller.signal })
    // Read the body so the connection is released, whatever it says.
    const body = await response.text().catch(() => '')
    return channel.outcome(response.status, body)
  } catch (error) {
    return controller.signal.aborted
      ? { result: 'unknown', error: `no answer within ${timeoutMs / 1000} s` }
      : { result: 'refused', error: `network: ${String(error)}` }
  } finally {
    clearTimeout(timer)
  }
}
