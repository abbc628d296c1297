/**
 * The notifications the schedule creates from what is stored, so the owner hears of everything the endpoint did
 * not tell one lead at a time, within the send budget:
 *   - the digest: once a lead is past the alert ceiling (`alert = 'digest'`), at the schedule's next run, and then
 *     at most every LEAD_DIGEST_MINUTES (60), unless an emergency waits (then at once); it lists those leads
 *     (section `new`), and, as their reminders, the ones still unanswered at three quarters of their deadline
 *     (`reminder`) and past it (`overdue`): a lead the owner heard of in a digest is reminded in a digest. Which
 *     lead is in which digest is kept in digest_leads (each lead once per section), so a lead that arrives while a
 *     digest is being made is in the next one, never in none;
 *   - the daily summary: from LEAD_SUMMARY_HOUR (8:00) in Mexico City, one per channel for the day before, only
 *     when that day holds something the owner was not told one by one;
 *   - the budget's closing message: once a channel's ordinary sends are spent while some wait (./budget.ts), one
 *     per channel and owner's day.
 * Each row is inserted with ON CONFLICT DO NOTHING on (kind, ref, channel): however often the schedule runs, each
 * exists once per channel. The rows are then delivered like any other notification.
 */
import { budgetOf, dayThresholds, DAY_MS } from './budget'
import { activeChannels, configuredChannels } from './channels'
import { countsBetween } from './counts'
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import { settings, type LeadEnv } from './env'
import { summaryHasNews, type DayCounts } from './messages'
import { ownerDate, ownerDayStart, previousDay, utcHour } from '../../contract/owner-time'
import { REMINDER_AT } from './reminders'

const HOUR_MS = 3_600_000
/** How far back a lead is still put in a digest (the schedule down for a while). */
const DIGEST_LOOKBACK_HOURS = 48
const UNANSWERED = "status = 'nuevo' AND first_contact_at IS NULL"

/** The counts of one of the owner's days (`2026-11-24`), summed over the UTC hours it spans. */
export function countsOfDay(db: D1Database, day: string): Promise<DayCounts> {
  const start = ownerDayStart(day)
  const end = ownerDayStart(nextDay(day))
  return countsBetween(db, utcHour(start), utcHour(end))
}

function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10)
}

/** The leads waiting for a digest, by section (?1 now, ?2 the lookback's start, ?3 a day before now). */
const WAITING = {
  // Reminders first, and only for a lead already listed as new (never twice in one digest).
  reminder: `SELECT id, urgent FROM leads l WHERE alert = 'digest' AND ${UNANSWERED} AND due_at > ?1
      AND julianday(?1) >= julianday(created_at) + ${REMINDER_AT} * (julianday(due_at) - julianday(created_at))
      AND EXISTS (SELECT 1 FROM digest_leads d WHERE d.lead_id = l.id AND d.section = 'new')
      AND NOT EXISTS (SELECT 1 FROM digest_leads d WHERE d.lead_id = l.id AND d.section = 'reminder')`,
  overdue: `SELECT id, urgent FROM leads l WHERE alert = 'digest' AND ${UNANSWERED} AND due_at <= ?1 AND due_at > ?3
      AND EXISTS (SELECT 1 FROM digest_leads d WHERE d.lead_id = l.id AND d.section = 'new')
      AND NOT EXISTS (SELECT 1 FROM digest_leads d WHERE d.lead_id = l.id AND d.section = 'overdue')`,
  new: `SELECT id, urgent FROM leads l WHERE alert = 'digest' AND status <> 'spam' AND created_at >= ?2
      AND created_at <= ?1
      AND NOT EXISTS (SELECT 1 FROM digest_leads d WHERE d.lead_id = l.id AND d.section = 'new')`,
} as const

/**
 * Makes the digest that is due, if one is: how many notification rows were created. A digest is due when some
 * lead waits for one and an emergency is among them or the last digest is LEAD_DIGEST_MINUTES old.
 */
export async function planDigests(env: LeadEnv, now: Date): Promise<number> {
  const channels = await activeChannels(env)
  if (channels.length === 0) return 0
  const db = env.DB
  const at = now.toISOString()
  const since = new Date(now.getTime() - DIGEST_LOOKBACK_HOURS * HOUR_MS).toISOString()
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString()
  const sections = Object.entries(WAITING) as [keyof typeof WAITING, string][]
  const waiting = await db
    .prepare(
      `SELECT count(*) AS n, coalesce(max(urgent), 0) AS urgent,
         (SELECT max(created_at) FROM notifications WHERE kind = 'digest') AS last
       FROM (${sections.map(([, sql]) => sql).join(' UNION ALL ')})`,
    )
    .bind(at, since, dayAgo)
    .first<{ n: number; urgent: number; last: string | null }>()
  const spacing = settings(env).digestMinutes * 60_000
  const due =
    (waiting?.n ?? 0) > 0 &&
    (waiting?.urgent === 1 || !waiting?.last || Date.parse(waiting.last) <= now.getTime() - spacing)
  // A section's statement takes the parameters up to the highest it names (?1 now and the digest's ref).
  const stamp = (section: string, sql: string) => {
    const statement = `INSERT INTO digest_leads (ref, lead_id, section) SELECT ?1, id, '${section}' FROM (${sql})
       WHERE true ON CONFLICT DO NOTHING`
    const used = Math.max(1, ...[...statement.matchAll(/\?(\d)/g)].map((match) => Number(match[1])))
    return db.prepare(statement).bind(...[at, since, dayAgo].slice(0, used))
  }
  const statements = [
    ...(due ? sections.map(([section, sql]) => stamp(section, sql)) : []),
    // A digest row per channel for this digest, and for any of the last two days an earlier run stamped but
    // could not finish (or a channel turned on since): an emergency in it goes first.
    ...channels.map((channel) =>
      db
        .prepare(
          `INSERT INTO notifications (kind, ref, channel, next_attempt_at, created_at, priority)
           SELECT 'digest', d.ref, ?1, ?2, ?2, CASE WHEN max(l.urgent) = 1 THEN 0 ELSE 2 END
           FROM digest_leads d JOIN leads l ON l.id = d.lead_id
           WHERE l.created_at >= ?3 AND l.status <> 'spam'
           GROUP BY d.ref
           ON CONFLICT DO NOTHING`,
        )
        .bind(channel.name, at, since),
    ),
  ]
  const results = await retryBusy(() => db.batch(statements), { what: 'the digests' })
  return results.slice(due ? sections.length : 0).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0)
}

/** Creates yesterday's summary when it is time and there is something to say; how many rows were created. */
export async function planSummary(env: LeadEnv, now: Date): Promise<number> {
  const channels = await activeChannels(env)
  const today = ownerDate(now)
  if (channels.length === 0 || today.hour < settings(env).summaryHour) return 0
  const day = previousDay(today.day)
  const exists = await env.DB.prepare(
    "SELECT 1 AS found FROM notifications WHERE kind = 'summary' AND ref = ?1",
  )
    .bind(day)
    .first()
  if (exists || !summaryHasNews(await countsOfDay(env.DB, day))) return 0
  const at = now.toISOString()
  const results = await retryBusy(
    () =>
      env.DB.batch(
        channels.map((channel) =>
          env.DB.prepare(
            `INSERT INTO notifications (kind, ref, channel, next_attempt_at, created_at, priority)
             VALUES ('summary', ?1, ?2, ?3, ?3, 2) ON CONFLICT DO NOTHING`,
          ).bind(day, channel.name, at),
        ),
      ),
    { what: 'the daily summary' },
  )
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0)
}

/**
 * The budget's closing message, per channel whose ordinary sends are spent for the day while some wait: one per
 * channel and owner's day (./budget.ts). How many rows were created.
 */
export async function planBudgetNotes(env: LeadEnv, now: Date): Promise<number> {
  const db = env.DB
  const at = now.toISOString()
  const day = ownerDate(now).day
  let created = 0
  for (const channel of configuredChannels(env)) {
    const result = await retryBusy(
      () =>
        db
          .prepare(
            `INSERT INTO notifications (kind, ref, channel, next_attempt_at, created_at, priority)
             SELECT 'budget', ?1, ?2, ?3, ?3, 0
             WHERE (SELECT count(*) FROM channel_sends WHERE channel = ?2 AND at > ?4 AND note = 0) >= ?5
               AND EXISTS (SELECT 1 FROM notifications WHERE channel = ?2 AND state = 'pending'
                 AND kind <> 'budget' AND priority > 0 AND next_attempt_at <= ?3)
             ON CONFLICT DO NOTHING`,
          )
          .bind(
            day,
            channel.name,
            at,
            new Date(now.getTime() - DAY_MS).toISOString(),
            dayThresholds(budgetOf(channel, env).perDay).ordinary,
          )
          .run(),
      { what: 'the budget notes' },
    )
    created += result.meta.changes ?? 0
  }
  return created
}
