/**
 * When the database cannot take a lead (D1 down or failing, a migration not applied), the lead goes straight to
 * the owner's channels, with an alarm line on top that says why and that it is not in the inbox: the same
 * channels, messages and Idempotency-Keys as every notification (./channel.ts), without the table that holds
 * them. The visitor is answered 503 with the phone and WhatsApp either way (./endpoint.ts).
 *
 * Nothing in D1 can bound these sends, so each isolate relays at most RELAYS_PER_HOUR leads an hour (an outage
 * during a flood must not empty the owner's e-mail quota); a retry of the same submission is the same message
 * under the same key, which the e-mail API sends once.
 *
 * The schedule relays one more kind: the database behind the code (./schema.ts), at most every
 * SCHEMA_ALARM_HOURS, remembered in lead_settings when it can be written, else in this isolate.
 */
import { sendThrough, type Channel } from './channel'
import { activeChannels } from './channels'
import type { D1Database } from './d1'
import type { LeadEnv } from './env'
import { messageContext } from './kinds'
import { alarmMessage, schemaMessage, type AlarmCause, type Message } from './messages'
import { SCHEMA_VERSION } from './schema'
import type { LeadInput } from './validate'

export const RELAYS_PER_HOUR = 20
export const SCHEMA_ALARM_HOURS = 6

const HOUR_MS = 3_600_000
const relayed: number[] = []
let schemaAlarmAt = 0

/** Sends one message through every configured channel at once; whether any channel took it. */
async function sendEverywhere(
  channels: Channel[],
  env: LeadEnv,
  key: (channel: Channel) => string,
  message: Message,
): Promise<boolean> {
  const results = await Promise.all(
    channels.map(async (channel) => {
      const { sent } = await sendThrough(channel, { kind: 'alarm', key: key(channel), message }, env)
      if (sent.result !== 'delivered')
        console.error(`lead relay through ${channel.name} failed: ${sent.error}`)
      return sent.result === 'delivered'
    }),
  )
  return results.some(Boolean)
}

/**
 * Sends a lead that could not be stored straight to the owner; whether some channel took it (false too when no
 * channel is configured or this isolate has relayed its hour's share).
 */
export async function relayLead(
  env: LeadEnv,
  lead: LeadInput,
  {
    cause,
    now,
    deadline,
  }: { cause: AlarmCause; now: Date; deadline: { dueAt: string; urgent: boolean } | null },
): Promise<boolean> {
  const channels = await activeChannels(env)
  const hourAgo = now.getTime() - HOUR_MS
  while (relayed.length > 0 && (relayed[0] ?? 0) <= hourAgo) relayed.shift()
  if (channels.length === 0 || relayed.length >= RELAYS_PER_HOUR) {
    console.error(
      `LEAD NOT STORED AND NOT RELAYED (${cause}): ${channels.length ? 'relay share spent' : 'no channel'}`,
    )
    return false
  }
  relayed.push(now.getTime())
  const message = alarmMessage(
    {
      id: lead.id,
      created_at: now.toISOString(),
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      service: lead.service,
      message: lead.message,
      page: lead.page,
      fill_ms: lead.fillMs,
      due_at: deadline?.dueAt ?? null,
      urgent: deadline?.urgent ? 1 : 0,
    },
    cause,
    messageContext(env),
  )
  return sendEverywhere(channels, env, (channel) => `aquapuebla/alarm/${lead.id}/${channel.name}`, message)
}

/**
 * The schedule's check of the schema: when the database is behind the code (or cannot say), the owner hears of
 * it, at most every SCHEMA_ALARM_HOURS. Whether an alarm was sent.
 */
export async function relaySchemaAlarm(env: LeadEnv, found: number | null, now: Date): Promise<boolean> {
  const db: D1Database = env.DB
  const since = now.getTime() - SCHEMA_ALARM_HOURS * HOUR_MS
  let last = schemaAlarmAt
  try {
    const row = await db
      .prepare("SELECT value FROM lead_settings WHERE name = 'schema-alarm'")
      .first<{ value: string }>()
    last = Math.max(last, Date.parse(row?.value ?? '') || 0)
  } catch {
    // Even lead_settings is unreadable: this isolate's memory decides.
  }
  if (last > since) return false
  schemaAlarmAt = now.getTime()
  try {
    await db
      .prepare(
        `INSERT INTO lead_settings (name, value) VALUES ('schema-alarm', ?1)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      )
      .bind(now.toISOString())
      .run()
  } catch {
    // Remembered in this isolate only.
  }
  const expected = String(SCHEMA_VERSION)
  const message = schemaMessage(found === null ? '' : String(found), expected, messageContext(env))
  const day = now.toISOString().slice(0, 13)
  return sendEverywhere(
    await activeChannels(env),
    env,
    (channel) => `aquapuebla/schema/${expected}/${day}/${channel.name}`,
    message,
  )
}

/** Tests: forget what this isolate relayed. */
export function forgetRelays(): void {
  relayed.length = 0
  schemaAlarmAt = 0
}
