/**
 * What the schedule (workers/lead-schedule/) does every 5 minutes, each step on its own so one failing never
 * skips the others (the retention purge above all):
 *   1. creates the hourly digests and the daily summary that are due (edge/leads/reports.ts);
 *   2. sends the notifications that are due, of every kind (retries with backoff), SEND_CONCURRENCY at a time;
 *   3. deletes what is past retention: leads after LEAD_RETENTION_DAYS (730), spam after
 *      LEAD_SPAM_RETENTION_DAYS (30), with their notifications; digests' and summaries' notifications and the
 *      hourly counts after 62 days; rate-limit windows after a day.
 * The errors of any step are thrown together at the end, after every step has run, so the run is marked failed.
 */
import { COUNT_RETENTION_DAYS } from './counts'
import { retryBusy } from './d1-retry'
import { settings, type LeadEnv } from './env'
import { deliverDue, type SendOutcome } from './notify'
import { utcHour } from '../../contract/owner-time'
import { planDigests, planSummary } from './reports'
import { planReminders } from './reminders'

export interface ScheduleReport {
  digestsCreated: number
  summariesCreated: number
  remindersCreated: number
  sent: SendOutcome[]
  leadsDeleted: number
  spamDeleted: number
  rateWindowsDeleted: number
  errors: string[]
}

const DAY_MS = 24 * 60 * 60 * 1000
/** Sends per run: far above a day's leads, well inside a Cron Trigger's time. */
export const SENDS_PER_RUN = 200

export async function runSchedule(env: LeadEnv, now: () => Date = () => new Date()): Promise<ScheduleReport> {
  const report: ScheduleReport = {
    digestsCreated: 0,
    summariesCreated: 0,
    remindersCreated: 0,
    sent: [],
    leadsDeleted: 0,
    spamDeleted: 0,
    rateWindowsDeleted: 0,
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
        ]),
      { what: 'the retention purge' },
    )
    report.leadsDeleted = results[1]?.meta.changes ?? 0
    report.spamDeleted = results[2]?.meta.changes ?? 0
    report.rateWindowsDeleted = results[5]?.meta.changes ?? 0
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
