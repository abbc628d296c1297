/**
 * Storing a lead: the row, its counts and one notification row per channel in one D1 batch (one transaction),
 * keyed by the form's submission id, so a retry of the same submission stores nothing twice and gets the same
 * answer. The endpoint has given its verdict first (./endpoint.ts): spam, a lead that passed Turnstile, or one
 * nobody could check. In the same transaction, against the hour's counts (lead_counts, ./counts.ts):
 *   - each kind has its own room: spam LEAD_SPAM_STORE_PER_HOUR (past it `full`: counted, not stored), a lead
 *     nobody could check LEAD_STORE_PER_HOUR (past it `full`: refused with the phone and WhatsApp), and a lead that
 *     passed Turnstile none: it is a person, stored whatever the others did;
 *   - the alert ceilings: the first LEAD_ALERTS_PER_HOUR leads of the hour, and LEAD_ALERTS_PER_DAY in any 24
 *     hours, get their own alert (`alert = 'own'`), an emergency also within its own allowance above them
 *     (LEAD_URGENT_ALERTS_PER_HOUR); later ones go into the next digest (`alert = 'digest'`, ./reports.ts), so the
 *     owner still hears of every one.
 * Spam is stored with its reason (status 'spam') and nobody is alerted of it. A lead gets the deadline the site
 * promised (./promise.ts) and, for the emergency service, `urgent`, whose alert goes first (priority 0), and
 * where the visitor came from (./source.ts, migration 0007).
 */
import { SOURCE_COLUMNS } from '../../contract/lead-source'
import type { CountName, SpamReason } from './counts'
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import { utcHour } from '../../contract/owner-time'
import type { LeadInput } from './validate'

export type StoreOutcome = 'created' | 'duplicate' | 'full'

/** What the endpoint decided a request is, before it is stored. */
export type Verdict = { spam: SpamReason } | { spam: null; verified: boolean }

export interface StoredLead {
  id: string
  /** created: stored now; duplicate: a row with this id already existed (a retry); full: its kind's room. */
  outcome: StoreOutcome
  /** How the owner is told: its own alert, the next digest, or not at all. */
  alert: 'own' | 'digest' | null
}

/** The hour's rooms and allowances (edge/leads/env.ts settings). */
export interface Rooms {
  storePerHour: number
  spamStorePerHour: number
  alertsPerHour: number
  alertsPerDay: number
  urgentAlertsPerHour: number
}

export interface StoreOptions {
  /** The channels the owner is told through (their names). */
  channels: string[]
  verdict: Verdict
  /** The visitor took less than LEAD_MIN_FILL_MS: counted (the daily summary says so) and noted on the alert. */
  quick: boolean
  now: Date
  rooms: Rooms
  /** The promised answer (edge/leads/promise.ts), or null when it could not be read: stored without one. */
  deadline: { dueAt: string; urgent: boolean } | null
}

/** The count a verdict's room is measured by, or null for a lead that passed Turnstile (no room). */
function roomOf(verdict: Verdict, rooms: Rooms): { count: CountName; limit: number } | null {
  if (verdict.spam) return { count: 'spam-stored', limit: rooms.spamStorePerHour }
  return verdict.verified ? null : { count: 'unverified', limit: rooms.storePerHour }
}

/** An integer SQLite keeps, whatever a client sent. */
const boundedMs = (ms: number | null) =>
  ms === null || !Number.isFinite(ms) ? null : Math.max(-1e12, Math.min(1e12, Math.round(ms)))

/** The SQL of this hour's count of `what` (a constant name), the hour being parameter `hour`. */
const hourCount = (what: CountName, hour: string) =>
  `coalesce((SELECT n FROM lead_counts WHERE hour = ${hour} AND what = '${what}'), 0)`

export async function storeLead(db: D1Database, lead: LeadInput, options: StoreOptions): Promise<StoredLead> {
  const { channels, verdict, quick, now, rooms, deadline } = options
  const spam = verdict.spam
  const urgent = !spam && deadline?.urgent ? 1 : 0
  const room = roomOf(verdict, rooms)
  const at = now.toISOString()
  const hour = utcHour(now)
  // An emergency within its own allowance; else any lead within the hour's ceiling.
  const urgentRoom = `?17 = 1 AND ${hourCount('alerted-urgent', '?13')} < ?15`
  const insertLead = db
    .prepare(
      `INSERT INTO leads (id, created_at, name, email, phone, service, message, page, status, spam_reason,
         updated_at, fill_ms, due_at, urgent, ${SOURCE_COLUMNS.join(', ')}, alert)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?2, ?11, ?16, ?17,
         ${SOURCE_COLUMNS.map((_, n) => `?${22 + n}`).join(', ')},
         CASE WHEN ?9 = 'spam' OR ?12 = 0 THEN NULL
              WHEN ${urgentRoom} OR (${hourCount('alerted', '?13')} < ?14 AND coalesce((SELECT sum(n) FROM lead_counts
                WHERE what = 'alerted' AND hour > ?20 AND hour <= ?13), 0) < ?21) THEN 'own'
              ELSE 'digest' END
       WHERE ?18 IS NULL OR coalesce((SELECT n FROM lead_counts WHERE hour = ?13 AND what = ?18), 0) < ?19
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
      rooms.alertsPerHour,
      rooms.urgentAlertsPerHour,
      spam ? null : (deadline?.dueAt ?? null),
      urgent,
      room?.count ?? null,
      room?.limit ?? 0,
      utcHour(new Date(now.getTime() - 24 * 3_600_000)),
      rooms.alertsPerDay,
      ...SOURCE_COLUMNS.map((column) => lead.source[column]),
    )
  // Each only for a lead this batch created (its created_at is this request's), in this order: `alerted` is
  // read before `alerted-urgent` grows, so an emergency counts in the one allowance it used.
  const createdNow = 'FROM leads WHERE id = ?1 AND created_at = ?2'
  const countIf = (what: CountName, condition = '', ...more: unknown[]) =>
    db
      .prepare(
        `INSERT INTO lead_counts (hour, what, n) SELECT ?3, ?4, 1 ${createdNow} ${condition}
         ON CONFLICT (hour, what) DO UPDATE SET n = n + 1`,
      )
      .bind(lead.id, at, hour, what, ...more)
  const urgentOwn = `urgent = 1 AND ${hourCount('alerted-urgent', '?3')} < ?5`
  const counts = [
    countIf(spam ? `spam:${spam}` : 'lead'),
    ...(room ? [countIf(room.count)] : []),
    countIf('alerted', `AND alert = 'own' AND NOT (${urgentOwn})`, rooms.urgentAlertsPerHour),
    countIf('alerted-urgent', `AND alert = 'own' AND ${urgentOwn}`, rooms.urgentAlertsPerHour),
    countIf('batched', "AND alert = 'digest'"),
    ...(quick && !spam ? [countIf('quick')] : []),
  ]
  const insertNotifications = channels.map((channel) =>
    db
      .prepare(
        `INSERT INTO notifications (kind, lead_id, channel, next_attempt_at, created_at, priority)
         SELECT 'lead', id, ?3, ?2, ?2, CASE WHEN urgent = 1 THEN 0 ELSE 1 END ${createdNow} AND alert = 'own'
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
 * Before anything else is written for a request, in one read: whether its submission is already stored (a retry),
 * and whether the hour's rooms for spam and for leads nobody can check are full.
 */
export async function beforeStoring(
  db: D1Database,
  { id, now, rooms }: { id: string | null; now: Date; rooms: Rooms },
): Promise<{ stored: boolean; unverifiedFull: boolean; spamFull: boolean }> {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM leads WHERE id = ?1) AS stored,
         coalesce((SELECT n FROM lead_counts WHERE hour = ?2 AND what = 'unverified'), 0) AS unverified,
         coalesce((SELECT n FROM lead_counts WHERE hour = ?2 AND what = 'spam-stored'), 0) AS spam`,
    )
    .bind(id, utcHour(now))
    .first<{ stored: number; unverified: number; spam: number }>()
  return {
    stored: Boolean(row?.stored),
    unverifiedFull: (row?.unverified ?? 0) >= rooms.storePerHour,
    spamFull: (row?.spam ?? 0) >= rooms.spamStorePerHour,
  }
}
