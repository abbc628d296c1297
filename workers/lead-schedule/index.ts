/**
 * The leads' schedule (a Cloudflare Worker: Pages Functions cannot have cron triggers, decision 022).
 * Every 5 minutes (wrangler.jsonc `triggers.crons`) it retries the owner's notifications that are due and
 * deletes what is past retention (edge/leads/schedule.ts), on the same D1 database as the site (`DB`).
 * Locally: `wrangler dev --test-scheduled`, then GET /__scheduled runs it.
 */
import type { LeadEnv } from '../../edge/leads/env'
import { runSchedule } from '../../edge/leads/schedule'

interface ScheduledController {
  scheduledTime: number
  cron: string
}
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void
}

export default {
  async scheduled(_controller: ScheduledController, env: LeadEnv, context: ExecutionContext): Promise<void> {
    const report = runSchedule(env).then((done) => {
      const failed = done.sent.filter((outcome) => !outcome.delivered)
      console.log(
        `lead schedule: ${done.sent.length - failed.length} notifications delivered, ${failed.length} not yet; ` +
          `${done.leadsDeleted} leads and ${done.rateWindowsDeleted} rate windows past retention deleted`,
      )
    })
    context.waitUntil(report)
    await report
  },
  /** Nothing to serve: the Worker only runs on its schedule. */
  fetch(): Response {
    return new Response('Not found', { status: 404 })
  },
}
