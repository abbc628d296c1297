/**
 * What the scheduled Worker (workers/lead-schedule/) does every 5 minutes: send the notifications that
 * are due (retries with backoff), then delete leads older than the retention period (their
 * notifications with them) and rate-limit windows older than a day.
 */
import { deliverDue, type SendOutcome } from './notify'
import { settings, type LeadEnv } from './env'

export interface ScheduleReport {
  sent: SendOutcome[]
  leadsDeleted: number
  rateWindowsDeleted: number
}

const DAY_MS = 24 * 60 * 60 * 1000

export async function runSchedule(env: LeadEnv, now: () => Date = () => new Date()): Promise<ScheduleReport> {
  const sent = await deliverDue(env.DB, env, { now, limit: 100 })
  const start = now()
  const cutoff = new Date(start.getTime() - settings(env).retentionDays * DAY_MS).toISOString()
  const [, leads, windows] = await env.DB.batch([
    env.DB.prepare(
      'DELETE FROM notifications WHERE lead_id IN (SELECT id FROM leads WHERE created_at < ?1)',
    ).bind(cutoff),
    env.DB.prepare('DELETE FROM leads WHERE created_at < ?1').bind(cutoff),
    env.DB.prepare('DELETE FROM rate_limits WHERE window_start < ?1').bind(
      Math.floor((start.getTime() - DAY_MS) / 1000),
    ),
  ])
  return {
    sent,
    leadsDeleted: leads?.meta.changes ?? 0,
    rateWindowsDeleted: windows?.meta.changes ?? 0,
  }
}
