/**
 * The leads' schedule (a Cloudflare Worker: Pages Functions cannot have cron triggers, decision 022).
 * Every 5 minutes (wrangler.jsonc `triggers.crons`) it checks the database's schema, creates the digest, the daily
 * summary and the reminders about unanswered leads that are due, sends what is due within each channel's send
 * budget and deletes what is past retention (edge/leads/schedule.ts), the inbox's ended sessions included
 * (edge/inbox/session-store.ts),
 * on the same D1 database as the site (`DB`). Locally: `wrangler dev --test-scheduled`, then GET /__scheduled
 * runs it.
 */
import { testClock } from '../../edge/leads/clock'
import type { LeadEnv } from '../../edge/leads/env'
import { runSchedule, ScheduleError, type ScheduleReport } from '../../edge/leads/schedule'
import { sessionPurge } from '../../edge/inbox/session-store'

interface ScheduledController {
  scheduledTime: number
  cron: string
}
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void
}

function describe(done: ScheduleReport): string {
  const failed = done.sent.filter((outcome) => !outcome.delivered)
  return (
    `lead schedule: schema ${String(done.schema)}${done.schemaAlarm ? ' (BEHIND THE CODE: the owner was alarmed)' : ''}; ` +
    `${done.digestsCreated} digest, ${done.summariesCreated} summary, ${done.remindersCreated} reminder and ${done.budgetNotesCreated} budget notifications created; ` +
    `${done.sent.length - failed.length} notifications delivered, ${failed.length} not yet, ${done.givenUp} given up after a day; ` +
    `${done.leadsDeleted} leads, ${done.spamDeleted} spam, ${done.rateWindowsDeleted} rate windows and ` +
    `${done.purged[sessionPurge.name] ?? 0} inbox sessions past retention deleted`
  )
}

export default {
  async scheduled(_controller: ScheduledController, env: LeadEnv, context: ExecutionContext): Promise<void> {
    const report = (async () => {
      try {
        console.log(describe(await runSchedule(env, await testClock(env), [sessionPurge])))
      } catch (error) {
        if (error instanceof ScheduleError) console.error(describe(error.report))
        throw error
      }
    })()
    context.waitUntil(report)
    await report
  },
  /** Nothing to serve: the Worker only runs on its schedule. */
  fetch(): Response {
    return new Response('Not found', { status: 404 })
  },
}
