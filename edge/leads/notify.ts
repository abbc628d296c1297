/**
 * Telling the owner, per channel (an e-mail through a Resend-compatible HTTP API, a JSON webhook), from the
 * notifications table, the same way for every kind (edge/leads/kinds.ts: a lead's alert, the hourly digest,
 * the daily summary):
 *   1. claim: one due row at a time, in one UPDATE … RETURNING that sets `locked_until` and counts the
 *      attempt, so two senders (the request's waitUntil and the schedule) never both send it;
 *   2. send, at most SEND_CONCURRENCY at once (a Worker has six outgoing connections), each with its own
 *      timeout that starts when its fetch does, never while it waits its turn; the e-mail carries an
 *      Idempotency-Key that is the same for every attempt of the notification;
 *   3. record: delivered, or the next attempt after a backoff (1, 2, 4 … minutes, at most 60), or `failed`
 *      once the notification is a day old.
 * A busy database is retried a few times (edge/leads/d1-retry.ts). If the outcome still cannot be recorded,
 * the claim expires (LOCK_MS) and the row is sent again by the next sender: the e-mail API then recognises the
 * key and sends nothing twice; the webhook gets the same key in a header and the same data.
 */
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import { settings, type Channel, type LeadEnv } from './env'
import { composers, idempotencyKey, messageContext, type Kind, type NotificationRow } from './kinds'
import type { Message } from './messages'

export const SEND_TIMEOUT_MS = 5000
/** Sends at once: a Worker may hold six connections open; two stay free for D1 and the rest. */
export const SEND_CONCURRENCY = 4
/** Longer than a claimed send can take (its timeout and the recording), so a claim outlives a live sender. */
export const LOCK_MS = 60_000
export const GIVE_UP_MS = 24 * 60 * 60 * 1000
export const MAX_BACKOFF_MINUTES = 60

/** Minutes to wait after the n-th failed attempt (n ≥ 1): 1, 2, 4, 8, 16, 32, 60, 60 … */
export function backoffMinutes(attempts: number): number {
  return Math.min(MAX_BACKOFF_MINUTES, 2 ** Math.max(0, attempts - 1))
}

/** The wait after the n-th failed attempt in ms; `unitMs` (a minute) is shorter only in tests. */
export function backoffMs(attempts: number, unitMs = 60_000): number {
  return Math.min(MAX_BACKOFF_MINUTES * 60_000, backoffMinutes(attempts) * unitMs)
}

export interface SendOutcome {
  id: number
  kind: Kind
  leadId: string | null
  ref: string
  channel: Channel
  delivered: boolean
  error?: string
}

function request(
  channel: Channel,
  row: NotificationRow,
  message: Message,
  env: LeadEnv,
): { url: string; init: RequestInit } | null {
  const key = idempotencyKey(row)
  if (channel === 'email') {
    if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM || !env.EMAIL_TO) return null
    return {
      url: env.EMAIL_API_URL,
      init: {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${env.EMAIL_API_KEY}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({
          from: env.EMAIL_FROM,
          to: env.EMAIL_TO.split(',').map((address) => address.trim()),
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
        }),
      },
    }
  }
  if (!env.LEAD_WEBHOOK_URL) return null
  return {
    url: env.LEAD_WEBHOOK_URL,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ text: message.chat, kind: row.kind, id: key, ...message.data }),
    },
  }
}

/**
 * One send; any answer but 2xx within the timeout is an error, described in a short text. The e-mail API's
 * 409 `invalid_idempotent_request` means this key was already used for an e-mail: it was sent, not an error.
 */
export async function send(
  row: NotificationRow,
  message: Message,
  env: LeadEnv,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<string | null> {
  const target = request(row.channel, row, message, env)
  if (!target) return `${row.channel} is not configured`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(target.url, { ...target.init, signal: controller.signal })
    // Read the body so the connection is released, whatever it says.
    const body = await response.text().catch(() => '')
    if (response.ok) return null
    if (response.status === 409 && row.channel === 'email' && body.includes('invalid_idempotent_request'))
      return null
    return `HTTP ${response.status}`
  } catch (error) {
    return controller.signal.aborted ? `no answer within ${timeoutMs / 1000} s` : `network: ${String(error)}`
  } finally {
    clearTimeout(timer)
  }
}

/** Claims the next due row (of one lead, or any), or null when none is due. */
async function claimOne(db: D1Database, now: Date, leadId: string | null): Promise<NotificationRow | null> {
  const at = now.toISOString()
  return retryBusy(
    () =>
      db
        .prepare(
          `UPDATE notifications SET locked_until = ?1, attempts = attempts + 1
           WHERE id = (
             SELECT id FROM notifications
             WHERE state = 'pending' AND next_attempt_at <= ?2 AND (locked_until IS NULL OR locked_until <= ?2)
               AND (?3 IS NULL OR lead_id = ?3)
             ORDER BY next_attempt_at, id LIMIT 1)
           RETURNING id, kind, lead_id, ref, channel, attempts, created_at`,
        )
        .bind(new Date(now.getTime() + LOCK_MS).toISOString(), at, leadId)
        .first<NotificationRow>(),
    { what: 'claiming a notification' },
  )
}

async function record(
  db: D1Database,
  row: NotificationRow,
  error: string | null,
  now: Date,
  unitMs: number,
  giveUp = false,
): Promise<void> {
  const at = now.toISOString()
  if (error === null) {
    await retryBusy(
      () =>
        db
          .prepare(
            `UPDATE notifications SET state = 'delivered', delivered_at = ?2, locked_until = NULL, last_error = NULL
             WHERE id = ?1`,
          )
          .bind(row.id, at)
          .run(),
      { what: 'recording a delivered notification' },
    )
    return
  }
  const age = now.getTime() - Date.parse(row.created_at)
  const next = new Date(now.getTime() + backoffMs(row.attempts, unitMs))
  await retryBusy(
    () =>
      db
        .prepare(
          `UPDATE notifications SET state = ?2, next_attempt_at = ?3, locked_until = NULL, last_error = ?4
           WHERE id = ?1`,
        )
        .bind(
          row.id,
          giveUp || age >= GIVE_UP_MS ? 'failed' : 'pending',
          next.toISOString(),
          error.slice(0, 500),
        )
        .run(),
    { what: 'recording a failed notification' },
  )
}

export interface DeliverOptions {
  /** Only this lead's notifications (the request that stored it). */
  leadId?: string
  /** At most this many sends in one call. */
  limit?: number
  now?: () => Date
  timeoutMs?: number
  concurrency?: number
}

/**
 * Sends what is due, SEND_CONCURRENCY at a time, each claimed just before it is sent; `now` is read again for
 * every claim and outcome, since sends take time.
 */
export async function deliverDue(
  db: D1Database,
  env: LeadEnv,
  options: DeliverOptions = {},
): Promise<SendOutcome[]> {
  const {
    leadId,
    limit = 50,
    now = () => new Date(),
    timeoutMs = SEND_TIMEOUT_MS,
    concurrency = SEND_CONCURRENCY,
  } = options
  const { retryUnitMs } = settings(env)
  const context = messageContext(env)
  const outcomes: SendOutcome[] = []
  const written = new Map<string, Promise<Message | null>>()
  let claims = 0
  const sender = async () => {
    while (claims < limit) {
      claims += 1
      const row = await claimOne(db, now(), leadId ?? null)
      if (!row) return
      let error: string | null
      let gone = false
      try {
        // Written once per notification (its channels say the same), not once per channel.
        const about = `${row.kind}/${row.lead_id ?? row.ref}`
        if (!written.has(about)) written.set(about, composers[row.kind](db, row, context))
        const message = await written.get(about)
        gone = message === null
        error = message
          ? await send(row, message, env, timeoutMs)
          : `nothing to send: ${row.kind === 'reminder' || row.kind === 'overdue' ? 'the lead was answered or is gone' : `its ${row.kind} is gone`}`
      } catch (thrown) {
        error = `could not be written: ${String(thrown)}`
      }
      try {
        // What it was about is gone (a lead deleted by the owner): nothing to retry.
        await record(db, row, error, now(), retryUnitMs, gone)
      } catch (thrown) {
        // The claim expires after LOCK_MS and the row is sent again, under the same Idempotency-Key.
        console.error(`notification ${row.id} (${row.kind}, ${row.channel}) sent but not recorded`, thrown)
      }
      outcomes.push({
        id: row.id,
        kind: row.kind,
        leadId: row.lead_id,
        ref: row.ref,
        channel: row.channel,
        delivered: error === null,
        ...(error ? { error } : {}),
      })
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, sender))
  return outcomes
}
