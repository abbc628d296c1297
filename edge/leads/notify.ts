/**
 * Telling the owner, from the notifications table, the same way for every kind (./kinds.ts: a lead's alert, a
 * reminder, a digest, the daily summary, the budget's closing message) and every channel (./channel.ts):
 *   1. claim: one due row of one channel at a time, most urgent first (notifications.priority), in one
 *      transaction that checks the channel's send budget (./budget.ts), sets `locked_until`, counts the attempt
 *      and writes the send into channel_sends; so two senders (the request's waitUntil and the schedule) never
 *      both send a row, and never overshoot the budget together;
 *   2. send, at most SEND_CONCURRENCY at once (a Worker may hold six connections open), each with its own timeout
 *      that starts when its fetch does; every attempt of a notification carries the same Idempotency-Key; a
 *      channel with several recipients (push: one per device) sends to each that has not got it yet
 *      (notification_recipients), and each request counts towards the run's limit (a Worker's subrequests);
 *   3. record: delivered (and which recipients got it); or refused (the send is taken out of the budget: nothing
 *      was sent) or unanswered or partly delivered (it stays: it may have been sent), then the next attempt after a
 *      backoff (1, 2, 4 … minutes, at most 60; later if the provider's Retry-After says so), or
 *      `failed` once the notification is a day old, has had the attempts its channel allows, or was refused for
 *      good.
 * A busy database is retried a few times (./d1-retry.ts). If the outcome still cannot be recorded, the claim
 * expires (LOCK_MS) and the row is sent again by the next sender under the same key: the e-mail API sends
 * nothing twice; the webhook gets the same key and data, at most WEBHOOK_ATTEMPTS times.
 */
import { budgetOf, dayThresholds, DAY_MS, HOUR_MS, hourThresholds } from './budget'
import { sendThrough, SEND_TIMEOUT_MS, type Channel, type FanOut, type SendResult } from './channel'
import { configuredChannels } from './channels'
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import { settings, type LeadEnv } from './env'
import { composers, idempotencyKey, messageContext, type NotificationRow } from './kinds'
import type { Kind, Message } from './messages'

export { SEND_TIMEOUT_MS }
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
  channel: string
  delivered: boolean
  error?: string
}

const randomClaim = () =>
  [...crypto.getRandomValues(new Uint8Array(12))].map((byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * Claims the next due row of `channel` (of one lead, or any) that its budget leaves room for, and writes its
 * send into channel_sends, in one transaction; null when none is due or the budget has no room for what is.
 */
async function claimOne(
  db: D1Database,
  channel: Channel,
  env: LeadEnv,
  now: Date,
  leadId: string | null,
): Promise<NotificationRow | null> {
  const at = now.toISOString()
  const claim = randomClaim()
  const budget = budgetOf(channel, env)
  const hour = hourThresholds(budget.perHour)
  const day = dayThresholds(budget.perDay)
  const [claimed] = await retryBusy(
    () =>
      db.batch<NotificationRow>([
        db
          .prepare(
            `WITH used AS (SELECT
               (SELECT count(*) FROM channel_sends WHERE channel = ?3 AND at > ?6) AS hour,
               (SELECT count(*) FROM channel_sends WHERE channel = ?3 AND at > ?7) AS day,
               (SELECT count(*) FROM channel_sends WHERE channel = ?3 AND at > ?6 AND note = 1) AS hour_notes,
               (SELECT count(*) FROM channel_sends WHERE channel = ?3 AND at > ?7 AND note = 1) AS day_notes)
             UPDATE notifications SET locked_until = ?1, attempts = attempts + 1, claim = ?2
             WHERE id = (
               SELECT n.id FROM notifications n, used u
               WHERE n.state = 'pending' AND n.channel = ?3 AND n.next_attempt_at <= ?4
                 AND (n.locked_until IS NULL OR n.locked_until <= ?4) AND (?5 IS NULL OR n.lead_id = ?5)
                 AND CASE WHEN n.kind = 'budget' THEN u.hour < ?8 AND u.day < ?9
                          WHEN n.priority = 0 THEN u.hour - u.hour_notes < ?10 AND u.day - u.day_notes < ?11
                          ELSE u.hour - u.hour_notes < ?12 AND u.day - u.day_notes < ?13 END
               ORDER BY n.priority, n.next_attempt_at, n.id LIMIT 1)
             RETURNING id, kind, lead_id, ref, channel, attempts, created_at, priority`,
          )
          .bind(
            new Date(now.getTime() + LOCK_MS).toISOString(),
            claim,
            channel.name,
            at,
            leadId,
            new Date(now.getTime() - HOUR_MS).toISOString(),
            new Date(now.getTime() - DAY_MS).toISOString(),
            hour.note,
            day.note,
            hour.urgent,
            day.urgent,
            hour.ordinary,
            day.ordinary,
          ),
        db
          .prepare(
            `INSERT INTO channel_sends (channel, at, notification_id, note)
             SELECT channel, ?2, id, kind = 'budget' FROM notifications WHERE claim = ?1`,
          )
          .bind(claim, at),
      ]),
    { what: 'claiming a notification' },
  )
  return claimed?.results?.[0] ?? null
}

/** The recipients (push: devices) that got a notification on an earlier attempt. */
async function deliveredBefore(db: D1Database, row: NotificationRow): Promise<Set<string>> {
  if (row.attempts <= 1) return new Set()
  const found = await db
    .prepare('SELECT recipient FROM notification_recipients WHERE notification_id = ?1')
    .bind(row.id)
    .all<{ recipient: string }>()
  return new Set((found.results ?? []).map((one) => one.recipient))
}

async function record(
  db: D1Database,
  row: NotificationRow,
  channel: Channel,
  fan: FanOut,
  now: Date,
  unitMs: number,
  aboutGone = false,
): Promise<void> {
  const at = now.toISOString()
  const { sent } = fan
  // Who got it, so a retry sends to the others only (a channel with one recipient has nothing to remember).
  const got = fan.each
    .filter((one) => one.recipient.id && one.sent.result === 'delivered')
    .map((one) =>
      db
        .prepare(
          `INSERT INTO notification_recipients (notification_id, recipient, delivered_at) VALUES (?1, ?2, ?3)
           ON CONFLICT DO NOTHING`,
        )
        .bind(row.id, one.recipient.id, at),
    )
  if (sent.result === 'delivered') {
    await retryBusy(
      () =>
        db.batch([
          db
            .prepare(
              `UPDATE notifications SET state = 'delivered', delivered_at = ?2, locked_until = NULL, last_error = NULL,
                 claim = NULL
               WHERE id = ?1`,
            )
            .bind(row.id, at),
          ...got,
        ]),
      { what: 'recording a delivered notification' },
    )
    return
  }
  const age = now.getTime() - Date.parse(row.created_at)
  const over =
    aboutGone ||
    (sent.result === 'refused' && sent.final === true) ||
    age >= GIVE_UP_MS ||
    row.attempts >= channel.maxAttempts
  const error =
    row.attempts >= channel.maxAttempts && !aboutGone && !(sent.result === 'refused' && sent.final)
      ? `${sent.error} (attempt ${row.attempts} of ${channel.maxAttempts}: given up)`
      : sent.error
  const wait = Math.max(
    backoffMs(row.attempts, unitMs),
    sent.result === 'refused' || sent.result === 'unknown' ? (sent.retryAfterMs ?? 0) : 0,
  )
  const next = new Date(now.getTime() + wait)
  const statements = [
    ...got,
    db
      .prepare(
        `UPDATE notifications SET state = ?2, next_attempt_at = ?3, locked_until = NULL, last_error = ?4, claim = NULL
         WHERE id = ?1`,
      )
      .bind(row.id, over ? 'failed' : 'pending', next.toISOString(), error.slice(0, 500)),
  ]
  // Refused, or never sent (nothing to send): the provider sent nothing, so the budget gets the send back.
  if (sent.result === 'refused')
    statements.push(
      db
        .prepare(
          'DELETE FROM channel_sends WHERE id = (SELECT max(id) FROM channel_sends WHERE notification_id = ?1)',
        )
        .bind(row.id),
    )
  await retryBusy(() => db.batch(statements), { what: 'recording a failed notification' })
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
 * Sends what is due, channel after channel, SEND_CONCURRENCY at a time, each claimed just before it is sent;
 * `now` is read again for every claim and outcome, since sends take time.
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
  // The channels still worth asking: one that had nothing due (or no room) is left for this call.
  const open = configuredChannels(env)
  let turn = 0
  let claims = 0
  const claimNext = async (): Promise<{ row: NotificationRow; channel: Channel } | null> => {
    while (open.length > 0) {
      const channel = open[turn++ % open.length] as Channel
      const row = await claimOne(db, channel, env, now(), leadId ?? null)
      if (row) return { row, channel }
      const at = open.indexOf(channel)
      if (at >= 0) open.splice(at, 1)
    }
    return null
  }
  const sender = async () => {
    while (claims < limit) {
      claims += 1
      const next = await claimNext()
      if (!next) return
      const { row, channel } = next
      let fan: FanOut
      let aboutGone = false
      try {
        // Written once per notification (its channels say the same), not once per channel; the budget's
        // closing message counts its own channel's sends.
        const about = `${row.kind}/${row.lead_id ?? row.ref}${row.kind === 'budget' ? `/${row.channel}` : ''}`
        if (!written.has(about)) written.set(about, composers[row.kind](db, row, context))
        const message = await written.get(about)
        aboutGone = message === null
        fan = message
          ? await sendThrough(channel, { kind: row.kind, key: idempotencyKey(row), message }, env, {
              timeoutMs,
              skip: await deliveredBefore(db, row),
              now,
            })
          : {
              sent: {
                result: 'refused',
                error: `nothing to send: ${row.kind === 'reminder' || row.kind === 'overdue' ? 'the lead was answered or is gone' : `its ${row.kind} is gone`}`,
              },
              each: [],
            }
      } catch (thrown) {
        fan = { sent: { result: 'refused', error: `could not be written: ${String(thrown)}` }, each: [] }
      }
      // Each request beyond the first (push: a device each) counts towards the run's limit too.
      claims += Math.max(0, fan.each.length - 1)
      const sent: SendResult = fan.sent
      try {
        // What it was about is gone (a lead deleted by the owner): nothing to retry.
        await record(db, row, channel, fan, now(), retryUnitMs, aboutGone)
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
        delivered: sent.result === 'delivered',
        ...(sent.result === 'delivered' ? {} : { error: sent.error }),
      })
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, sender))
  return outcomes
}
