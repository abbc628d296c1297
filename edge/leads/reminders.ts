/**
 * The reminders the schedule creates so a promise is kept without anyone opening the inbox (issue 31):
 *   - `reminder`: a lead still unanswered (status `nuevo`, no first contact) at three quarters of the time
 *     between its arrival and its deadline (18 h of 24; 1 h 30 min of an emergency's 2 h);
 *   - `overdue`: the same lead once its deadline has passed.
 * One row per lead, kind and channel, inserted with ON CONFLICT DO NOTHING (notifications_per_lead), so however
 * often the schedule runs each is created once; delivered like every notification (edge/leads/notify.ts), and
 * written only if the lead is still unanswered when it is sent (edge/leads/kinds.ts), so an answer given
 * between the two never gets a reminder.
 *
 * Bounded like the alerts (decision 025): only leads that had their own alert (`alert = 'own'`, at most
 * LEAD_ALERTS_PER_HOUR an hour, and the emergencies' allowance) are reminded one by one, an emergency's first
 * (priority 0); a lead the owner heard of in a digest is reminded in a digest (./reports.ts planDigests), so a
 * flood never turns into a flood of reminders, and every message is within the channel's send budget. A
 * deadline more than a day past is not reminded of (the schedule was down, or the row is older than the
 * reminders).
 */
import { activeChannels } from './channels'
import type { D1Database } from './d1'
import { retryBusy } from './d1-retry'
import type { LeadEnv } from './env'

/** Of the time between arrival and deadline, when the first reminder goes. */
export const REMINDER_AT = 0.75
/** A deadline passed longer ago than this gets no `overdue` reminder any more. */
export const OVERDUE_LOOKBACK_MS = 24 * 3_600_000

const UNANSWERED = `status = 'nuevo' AND first_contact_at IS NULL AND due_at IS NOT NULL AND alert = 'own'`

/** Creates the reminders that are due at `now`; how many rows were created. */
export async function planReminders(env: LeadEnv, now: Date): Promise<number> {
  const channels = (await activeChannels(env)).map((channel) => channel.name)
  if (channels.length === 0) return 0
  const db: D1Database = env.DB
  const at = now.toISOString()
  const since = new Date(now.getTime() - OVERDUE_LOOKBACK_MS).toISOString()
  const statements = channels.flatMap((channel) => [
    // Three quarters: past the mark and not yet due (a deadline already past gets only the overdue one).
    db
      .prepare(
        `INSERT INTO notifications (kind, lead_id, channel, next_attempt_at, created_at, priority)
         SELECT 'reminder', id, ?1, ?2, ?2, CASE WHEN urgent = 1 THEN 0 ELSE 3 END FROM leads
         WHERE ${UNANSWERED} AND due_at > ?2
           AND julianday(?2) >= julianday(created_at) + ?3 * (julianday(due_at) - julianday(created_at))
         ON CONFLICT DO NOTHING`,
      )
      .bind(channel, at, REMINDER_AT),
    db
      .prepare(
        `INSERT INTO notifications (kind, lead_id, channel, next_attempt_at, created_at, priority)
         SELECT 'overdue', id, ?1, ?2, ?2, CASE WHEN urgent = 1 THEN 0 ELSE 3 END FROM leads
         WHERE ${UNANSWERED} AND due_at <= ?2 AND due_at > ?3
         ON CONFLICT DO NOTHING`,
      )
      .bind(channel, at, since),
  ])
  // A reminder still waiting (the budget had no room) says nothing useful once its lead is overdue.
  statements.push(
    db
      .prepare(
        `UPDATE notifications SET state = 'failed', last_error = 'not sent: the lead became overdue first', claim = NULL
         WHERE kind = 'reminder' AND state = 'pending' AND (locked_until IS NULL OR locked_until <= ?1)
           AND lead_id IN (SELECT lead_id FROM notifications WHERE kind = 'overdue')`,
      )
      .bind(at),
  )
  const results = await retryBusy(() => db.batch(statements), { what: 'the reminders' })
  return results.slice(0, -1).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0)
}
