/**
 * What the schedule (workers/lead-schedule/) does every 5 minutes, each step on its own so one failing never
 * skips the others (the retention purge above all):
 *   0. checks the database's schema against the code's (edge/leads/schema.ts): behind, the owner hears of it;
 *   1. creates the digest, the daily summary and the reminders that are due (edge/leads/reports.ts, reminders.ts);
 *   2. sends the notifications that are due, most urgent first, within each channel's send budget
 *      (edge/leads/budget.ts), SEND_CONCURRENCY at a time and at most SENDS_PER_RUN; then, for a channel whose
 *      budget is spent while some wait, its one closing message; gives up what waited a whole day;
 *   3. deletes what is past retention: leads after LEAD_RETENTION_DAYS (730), spam after
 *      LEAD_SPAM_RETENTION_DAYS (30), with their notifications; digests' and summaries' notifications and the
 *      hourly counts after 62 days; rate-limit windows and the budget's sends after a day or two; then, each on
 *      its own, the purges other modules hand in (`Purge`: the inbox's sessions past their end, passed by
 *      workers/lead-schedule/), so a table missing there never stops the leads' own retention.
 * The errors of any step are thrown together at the end, after every step has run, so the run is marked failed.
 */
import { COUNT_RETENTION_DAYS } from './counts'
import type { D1Database, D1PreparedStatement } from './d1'
import { retryBusy } from './d1-retry'
import { settings, type LeadEnv } from './env'
import { deliverDue, GIVE_UP_MS, type SendOutcome } from './notify'
import { utcHour } from '../../contract/owner-time'
import { relaySchemaAlarm } from './relay'
import { planBudgetNotes, planDigests, planSummary } from './reports'
import { planReminders } from './reminders'
import { SCHEMA_VERSION, schemaVersion } from './schema'

export interface ScheduleReport {
  /** The schema the database says it has (null: unreadable), and whether the owner was alarmed about it. */
  schema: number | null
  schemaAlarm: boolean
  digestsCreated: number
  summariesCreated: number
  remindersCreated: number
  budgetNotesCreated: number
  sent: SendOutcome[]
  /** Notifications given up after a day without room in their channel's budget. */
  givenUp: number
  leadsDeleted: number
  spamDeleted: number
  rateWindowsDeleted: number
  /** Rows each handed-in purge deleted, by its name. */
  purged: Record<string, number>
  errors: string[]
}

/** Another module's rows past their retention, deleted by step 3 in a statement of their own. */
export interface Purge {
  name: string
  statement(db: D1Database): D1PreparedStatement
}

const DAY_MS = 24 * 60 * 60 * 1000
/**
 * Sends per run: a Worker on the free plan may make 50 outgoing requests (subrequests) per invocation, and
 * every send is one; the rest stay for the test clock, the schema alarm and the closing messages. D1's queries
 * are calls to a binding, not counted there. A run every 5 minutes sends up to 480 an hour, far above any
 * channel's budget.
 */
export const SENDS_PER_RUN = 40
/** The budget's closing messages, sent in the same run: one per channel. */
const NOTES_PER_RUN = 4

export async function runSchedule(
  env: LeadEnv,
  now: () => Date = () => new Date(),
  purges: readonly Purge[] = [],
): Promise<ScheduleReport> {
  const report: ScheduleReport = {
    schema: null,
    schemaAlarm: false,
    digestsCreated: 0,
    summariesCreated: 0,
    remindersCreated: 0,
    budgetNotesCreated: 0,
    sent: [],
    givenUp: 0,
    leadsDeleted: 0,
    spamDeleted: 0,
    rateWindowsDeleted: 0,
    purged: {},
    errors: [],
  }
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run()
    } catch (error) {
      console.error(`lead schedule: ${name} failed`, error)
      report.errors.push(`${name}: ${String(error)}`)
    }
  }
  // 0. The schema.
  await step('schema', async () => {
    report.schema = await schemaVersion(env.DB)
    if (report.schema === null || report.schema < SCHEMA_VERSION) {
      report.schemaAlarm = await relaySchemaAlarm(env, report.schema, now())
      throw new Error(`the database is at schema ${String(report.schema)}, the code needs ${SCHEMA_VERSION}`)
    }
  })
  // 1. Digests, the summary and the reminders.
  await step('digests', async () => {
    report.digestsCreated = await planDigests(env, now())
  })
  await step('summary', async () => {
    report.summariesCreated = await planSummary(env, now())
  })
  await step('reminders', async () => {
    report.remindersCreated = await planReminders(env, now())
  })
  // 2. Delivery.
  await step('delivery', async () => {
    report.sent = await deliverDue(env.DB, env, { now, limit: SENDS_PER_RUN })
  })
  await step('budget', async () => {
    report.budgetNotesCreated = await planBudgetNotes(env, now())
    if (report.budgetNotesCreated > 0)
      report.sent.push(...(await deliverDue(env.DB, env, { now, limit: NOTES_PER_RUN })))
    const result = await retryBusy(
      () =>
        env.DB.prepare(
          `UPDATE notifications SET state = 'failed', locked_until = NULL, claim = NULL,
             last_error = coalesce(last_error, 'not sent within a day: its channel''s send budget had no room')
           WHERE state = 'pending' AND created_at < ?1 AND (locked_until IS NULL OR locked_until <= ?2)`,
        )
          .bind(new Date(now().getTime() - GIVE_UP_MS).toISOString(), now().toISOString())
          .run(),
      { what: 'giving up old notifications' },
    )
    report.givenUp = result.meta.changes ?? 0
  })
  // 3. Retention.
  await step('retention', async () => {
    const start = now().getTime()
    const config = settings(env)
    const before = (days: number) => new Date(start - days * DAY_MS).toISOString()
    const leadsCutoff = before(config.retentionDays)
    const spamCutoff = before(config.spamRetentionDays)
    const db = env.DB
    const results = await retryBusy(
      () =>
        db.batch([
          db
            .prepare(
              `DELETE FROM notifications WHERE lead_id IN (
                 SELECT id FROM leads WHERE created_at < ?1 OR (status = 'spam' AND created_at < ?2))`,
            )
            .bind(leadsCutoff, spamCutoff),
          db.prepare("DELETE FROM leads WHERE created_at < ?1 AND status <> 'spam'").bind(leadsCutoff),
          db
            .prepare("DELETE FROM leads WHERE status = 'spam' AND created_at < ?1")
            .bind(spamCutoff < leadsCutoff ? leadsCutoff : spamCutoff),
          db
            .prepare('DELETE FROM notifications WHERE lead_id IS NULL AND created_at < ?1')
            .bind(before(COUNT_RETENTION_DAYS)),
          db
            .prepare('DELETE FROM lead_counts WHERE hour < ?1')
            .bind(utcHour(new Date(before(COUNT_RETENTION_DAYS)))),
          db
            .prepare('DELETE FROM rate_limits WHERE window_start < ?1')
            .bind(Math.floor((start - DAY_MS) / 1000)),
          db.prepare('DELETE FROM channel_sends WHERE at < ?1').bind(before(2)),
        ]),
      { what: 'the retention purge' },
    )
    report.leadsDeleted = results[1]?.meta.changes ?? 0
    report.spamDeleted = results[2]?.meta.changes ?? 0
    report.rateWindowsDeleted = results[5]?.meta.changes ?? 0
  })
  for (const purge of purges)
    await step(`retention of ${purge.name}`, async () => {
      const result = await retryBusy(() => purge.statement(env.DB).run(), {
        what: `the retention purge of ${purge.name}`,
      })
      report.purged[purge.name] = result.meta.changes ?? 0
    })
  if (report.errors.length > 0) throw new ScheduleError(report)
  return report
}

/** A run in which some step failed; it carries the report of the whole run (the other steps did run). */
export class ScheduleError extends Error {
  constructor(readonly report: ScheduleReport) {
    super(`lead schedule: ${report.errors.join('; ')}`)
    this.name = 'ScheduleError'
  }
}
