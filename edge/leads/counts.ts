/**
 * What the endpoint saw, counted per UTC hour in lead_counts (migration 0002): the hour's rooms (spam's, the
 * unverified leads') and alert allowances are checked against these counts inside the storing transaction, and
 * the digest and the daily summary are written from them. Counts only: no personal data, so they outlive the
 * leads they counted (kept 62 days). Imports nothing of the lead modules: they all import it.
 */
import type { D1Database, D1PreparedStatement } from './d1'
import { retryBusy } from './d1-retry'

/** Why the endpoint set a lead aside. Rows from before migration 0002 may also hold `too-fast`. */
export type SpamReason = 'honeypot' | 'turnstile'

/**
 * What is counted:
 *   lead                    every lead stored (verified or not)
 *   unverified              leads stored without a passed Turnstile check: LEAD_STORE_PER_HOUR's room
 *   spam-stored             spam stored: LEAD_SPAM_STORE_PER_HOUR's room; spam:<reason> by reason, stored or not
 *   spam-unstored           spam past its room: counted, not stored
 *   refused                 unverified leads refused past their room (503 with the phone and WhatsApp)
 *   no-token                Turnstile on and the post carried no usable token: not sent, the visitor told so
 *   alerted, alerted-urgent leads alerted one by one (the ceiling, and the emergencies' own allowance above it)
 *   batched                 leads past the ceiling, told in a digest
 *   quick, rate-limited, turnstile-unavailable, turnstile-misconfigured: as their names say
 *   stored                  before migration 0004: leads and spam together (old hours only)
 */
export type CountName =
  | 'lead'
  | 'unverified'
  | 'spam-stored'
  | `spam:${SpamReason}`
  | 'spam-unstored'
  | 'refused'
  | 'no-token'
  | 'alerted'
  | 'alerted-urgent'
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

/** Every count of the hours in [from, to), summed by `what`. */
export async function countsBetween(db: D1Database, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .prepare('SELECT what, sum(n) AS n FROM lead_counts WHERE hour >= ?1 AND hour < ?2 GROUP BY what')
    .bind(from, to)
    .all<{ what: string; n: number }>()
  return new Map((rows.results ?? []).map((row) => [row.what, row.n]))
}
