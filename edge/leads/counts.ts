/**
 * What the endpoint saw, counted per UTC hour in lead_counts (migration 0002): the site-wide ceilings are
 * checked against these counts, and the hourly digest and the daily summary are written from them. Counts
 * only: no personal data, so they outlive the leads they counted (kept 62 days).
 */
import type { D1Database, D1PreparedStatement } from './d1'
import { retryBusy } from './d1-retry'
import type { SpamReason } from './store'

/** What is counted: see migration 0002 for each. */
export type CountName =
  | 'stored'
  | 'lead'
  | `spam:${SpamReason}`
  | 'spam-unstored'
  | 'refused'
  | 'alerted'
  | 'batched'
  | 'quick'
  | 'rate-limited'
  | 'turnstile-unavailable'
  | 'turnstile-misconfigured'

export const COUNT_RETENTION_DAYS = 62

/** One more `what` in `hour` (a statement, for a batch). */
export function countStatement(db: D1Database, hour: string, what: CountName, by = 1): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO lead_counts (hour, what, n) VALUES (?1, ?2, ?3)
       ON CONFLICT (hour, what) DO UPDATE SET n = n + ?3`,
    )
    .bind(hour, what, by)
}

/** Counts one or more things now. A count is never worth failing a request for: an error is logged. */
export async function count(db: D1Database, hour: string, ...what: CountName[]): Promise<void> {
  if (what.length === 0) return
  try {
    await retryBusy(() => db.batch(what.map((name) => countStatement(db, hour, name))), {
      what: 'a lead count',
    })
  } catch (error) {
    console.error(`lead count not recorded (${what.join(', ')})`, error)
  }
}

/** One hour's count of `what`. */
export async function countOf(db: D1Database, hour: string, what: CountName): Promise<number> {
  const row = await db
    .prepare('SELECT n FROM lead_counts WHERE hour = ?1 AND what = ?2')
    .bind(hour, what)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Every count of the hours in [from, to), summed by `what`. */
export async function countsBetween(db: D1Database, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .prepare('SELECT what, sum(n) AS n FROM lead_counts WHERE hour >= ?1 AND hour < ?2 GROUP BY what')
    .bind(from, to)
    .all<{ what: string; n: number }>()
  return new Map((rows.results ?? []).map((row) => [row.what, row.n]))
}
