/**
 * The notifications the schedule creates from the counts (lead_counts), so the owner hears of everything the
 * endpoint did not tell one lead at a time:
 *   - the hourly digest: for every closed UTC hour of the last two days with leads past the alert ceiling
 *     (`batched`), one digest per channel;
 *   - the daily summary: from LEAD_SUMMARY_HOUR (8:00) in Mexico City, one per channel for the day before,
 *     only when that day holds something the owner was not told one by one (spam set aside and why, requests
 *     refused past the ceiling, leads batched, quick fills, Turnstile down or misconfigured).
 * Each row is inserted with ON CONFLICT DO NOTHING on (kind, ref, channel): however often the schedule runs,
 * there is one digest per hour and one summary per day per channel. The rows are then delivered like any
 * other notification.
 */
import { countsBetween } from './counts'
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import { channelsOf, settings, type LeadEnv } from './env'
import { summaryHasNews, type DayCounts } from './messages'
import { ownerDate, ownerDayStart, previousDay, utcHour } from '../../contract/owner-time'

const HOUR_MS = 3_600_000
/** How far back a missed digest is still created (the schedule down for a while). */
const DIGEST_LOOKBACK_HOURS = 48

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

/** Creates the digests of the closed hours that need one; how many rows were created. */
export async function planDigests(env: LeadEnv, now: Date): Promise<number> {
  const channels = channelsOf(env)
  if (channels.length === 0) return 0
  const at = now.toISOString()
  const since = utcHour(new Date(now.getTime() - DIGEST_LOOKBACK_HOURS * HOUR_MS))
  const results = await retryBusy(
    () =>
      env.DB.batch(
        channels.map((channel) =>
          env.DB.prepare(
            `INSERT INTO notifications (kind, ref, channel, next_attempt_at, created_at)
             SELECT 'digest', hour, ?1, ?2, ?2 FROM lead_counts
             WHERE what = 'batched' AND n > 0 AND hour >= ?3 AND hour < ?4
             ON CONFLICT DO NOTHING`,
          ).bind(channel, at, since, utcHour(now)),
        ),
      ),
    { what: 'the hourly digests' },
  )
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0)
}

/** Creates yesterday's summary when it is time and there is something to say; how many rows were created. */
export async function planSummary(env: LeadEnv, now: Date): Promise<number> {
  const channels = channelsOf(env)
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
            `INSERT INTO notifications (kind, ref, channel, next_attempt_at, created_at)
             VALUES ('summary', ?1, ?2, ?3, ?3) ON CONFLICT DO NOTHING`,
          ).bind(day, channel, at),
        ),
      ),
    { what: 'the daily summary' },
  )
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0)
}
