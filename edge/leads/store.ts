/**
 * Storing a lead: the row, its counts and one notification row per channel in one D1 batch (one transaction),
 * keyed by the form's submission id, so a retry of the same submission stores nothing twice and gets the same
 * answer. In the same transaction, against the hour's counts (lead_counts):
 *   - the storage ceiling: past LEAD_STORE_PER_HOUR rows this hour nothing is stored (`full`);
 *   - the alert ceiling: the first LEAD_ALERTS_PER_HOUR leads of the hour get their own alert (`alert = 'own'`),
 *     later ones wait for the hourly digest (`alert = 'digest'`), so the owner still hears of every one.
 * Spam is stored too (status 'spam', with its reason), counted, and nobody is alerted of it one by one.
 * A lead gets the deadline the site promised (edge/leads/promise.ts) and, for the emergency service, `urgent`.
 */
import type { CountName } from './counts'
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import type { Channel } from './env'
import { utcHour } from '../../contract/owner-time'
import type { LeadInput } from './validate'

/** Why the endpoint set a lead aside. Rows from before migration 0002 may also hold `too-fast`. */
export type SpamReason = 'honeypot' | 'turnstile'

export type StoreOutcome = 'created' | 'duplicate' | 'full'

export interface StoredLead {
  id: string
  /** created: stored now; duplicate: a row with this id already existed (a retry); full: the hour's ceiling. */
  outcome: StoreOutcome
  /** How the owner is told: its own alert, the hourly digest, or not at all. */
  alert: 'own' | 'digest' | null
}

export interface StoreOptions {
  channels: Channel[]
  spam: SpamReason | null
  /** The visitor took less than LEAD_MIN_FILL_MS: counted (the daily summary says so) and noted on the alert. */
  quick: boolean
  now: Date
  storePerHour: number
  alertsPerHour: number
  /** The promised answer (edge/leads/promise.ts), or null when it could not be read: stored without one. */
  deadline: { dueAt: string; urgent: boolean } | null
}

/** An integer SQLite keeps, whatever a client sent. */
const boundedMs = (ms: number | null) =>
  ms === null || !Number.isFinite(ms) ? null : Math.max(-1e12, Math.min(1e12, Math.round(ms)))

export async function storeLead(db: D1Database, lead: LeadInput, options: StoreOptions): Promise<StoredLead> {
  const { channels, spam, quick, now, storePerHour, alertsPerHour, deadline } = options
  const at = now.toISOString()
  const hour = utcHour(now)
  const insertLead = db
    .prepare(
      `INSERT INTO leads (id, created_at, name, email, phone, service, message, page, status, spam_reason,
         updated_at, fill_ms, due_at, urgent, alert)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?2, ?11,
         CASE WHEN ?9 = 'spam' THEN NULL ELSE ?16 END, CASE WHEN ?9 = 'spam' THEN 0 ELSE ?17 END,
         CASE WHEN ?9 = 'spam' OR ?12 = 0 THEN NULL
              WHEN coalesce((SELECT n FROM lead_counts WHERE hour = ?13 AND what = 'alerted'), 0) < ?14 THEN 'own'
              ELSE 'digest' END
       WHERE coalesce((SELECT n FROM lead_counts WHERE hour = ?13 AND what = 'stored'), 0) < ?15
       ON CONFLICT (id) DO NOTHING
       RETURNING alert`,
    )
    .bind(
      lead.id,
      at,
      lead.name,
      lead.email,
      lead.phone,
      lead.service,
      lead.message,
      lead.page,
      spam ? 'spam' : 'nuevo',
      spam,
      boundedMs(lead.fillMs),
      channels.length,
      hour,
      alertsPerHour,
      storePerHour,
      deadline?.dueAt ?? null,
      deadline?.urgent ? 1 : 0,
    )
  // Each only for a lead this batch created (its created_at is this request's).
  const createdNow = 'FROM leads WHERE id = ?1 AND created_at = ?2'
  const countIf = (what: CountName, condition = '') =>
    db
      .prepare(
        `INSERT INTO lead_counts (hour, what, n) SELECT ?3, ?4, 1 ${createdNow} ${condition}
         ON CONFLICT (hour, what) DO UPDATE SET n = n + 1`,
      )
      .bind(lead.id, at, hour, what)
  const counts = [
    countIf('stored'),
    countIf(spam ? `spam:${spam}` : 'lead'),
    countIf('alerted', "AND alert = 'own'"),
    countIf('batched', "AND alert = 'digest'"),
    ...(quick && !spam ? [countIf('quick')] : []),
  ]
  const insertNotifications = channels.map((channel) =>
    db
      .prepare(
        `INSERT INTO notifications (kind, lead_id, channel, next_attempt_at, created_at)
         SELECT 'lead', id, ?3, ?2, ?2 ${createdNow} AND alert = 'own'
         ON CONFLICT DO NOTHING`,
      )
      .bind(lead.id, at, channel),
  )
  const [inserted] = await retryBusy(
    () => db.batch<{ alert: 'own' | 'digest' | null }>([insertLead, ...counts, ...insertNotifications]),
    { what: 'a lead' },
  )
  const created = inserted?.results?.[0]
  if (created) return { id: lead.id, outcome: 'created', alert: created.alert }
  return { id: lead.id, outcome: (await leadExists(db, lead.id)) ? 'duplicate' : 'full', alert: null }
}

export async function leadExists(db: D1Database, id: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM leads WHERE id = ?1').bind(id).first()) !== null
}

/**
 * Before anything is written for a request, in one read: whether its submission is already stored (a retry)
 * and whether the hour's storage ceiling is reached.
 */
export async function beforeStoring(
  db: D1Database,
  { id, now, storePerHour }: { id: string | null; now: Date; storePerHour: number },
): Promise<{ stored: boolean; full: boolean }> {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM leads WHERE id = ?1) AS stored,
         coalesce((SELECT n FROM lead_counts WHERE hour = ?2 AND what = 'stored'), 0) AS n`,
    )
    .bind(id, utcHour(now))
    .first<{ stored: number; n: number }>()
  return { stored: Boolean(row?.stored), full: (row?.n ?? 0) >= storePerHour }
}
