/**
 * One send budget per channel, per hour and per day, covering every kind of notification (alerts, reminders,
 * digests, summaries): an e-mail API's free plan sends about 100 messages a day, and when that quota runs out the
 * real alerts fail with everything else. Defaults: 20 an hour and 90 in any 24 hours (LEAD_SENDS_PER_HOUR,
 * LEAD_SENDS_PER_DAY, or a channel's own variables, ./channel.ts `budgetVariables`).
 *
 * The windows roll (the last 60 minutes, the last 24 hours), counted from channel_sends, which the same
 * transaction that claims a notification writes to (./notify.ts): two senders at once can never overshoot it.
 * A send the provider refused is taken out again (it sent nothing); one that got no answer stays (it may have).
 *
 * Who may use what, so the last messages of a spent budget are the ones that matter:
 *   - ordinary sends (a lead's alert, a digest, the summary, a reminder) stop a tenth short of the limit (at
 *     least one), and a further one short of the day's;
 *   - an emergency (its alert, its reminders, a digest that lists one) may use that tenth;
 *   - the closing message (kind `budget`, one per channel and day: "hoy ya no te avisaremos por aquí, revisa tu
 *     bandeja") has the day's last send to itself, and one more in an hour that is already full; it is not
 *     counted against the others (channel_sends.note), so it never takes an emergency's place.
 * Within what each may use, emergencies go first (notifications.priority). At most `perDay` sends in 24 hours.
 */
import type { Channel } from './channel'
import { numberSetting, type LeadEnv } from './env'

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS

export const DEFAULT_SENDS_PER_HOUR = 20
export const DEFAULT_SENDS_PER_DAY = 90

export interface Budget {
  perHour: number
  perDay: number
}

/**
 * How many sends of each class fit in a window: ordinary and urgent sends stop once the window holds that many
 * sends other than closing messages; a closing message once it holds that many sends of any kind.
 */
export interface Thresholds {
  ordinary: number
  urgent: number
  note: number
}

export function budgetOf(channel: Channel, env: LeadEnv): Budget {
  const shared = {
    perHour: numberSetting(env.LEAD_SENDS_PER_HOUR, DEFAULT_SENDS_PER_HOUR),
    perDay: numberSetting(env.LEAD_SENDS_PER_DAY, DEFAULT_SENDS_PER_DAY),
  }
  return {
    perHour: Math.floor(
      numberSetting(env[channel.budgetVariables.perHour] as string | undefined, shared.perHour),
    ),
    perDay: Math.floor(
      numberSetting(env[channel.budgetVariables.perDay] as string | undefined, shared.perDay),
    ),
  }
}

const reserve = (limit: number) => Math.max(1, Math.ceil(limit / 10))

export function hourThresholds(limit: number): Thresholds {
  return { ordinary: Math.max(0, limit - reserve(limit)), urgent: limit, note: limit + 1 }
}

export function dayThresholds(limit: number): Thresholds {
  return {
    ordinary: Math.max(0, limit - 1 - reserve(limit)),
    urgent: Math.max(0, limit - 1),
    note: limit,
  }
}
