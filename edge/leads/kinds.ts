/**
 * The kinds of notification (the rows of notification_kinds, migration 0002) and how each is written from
 * what is stored. The delivery machinery (edge/leads/notify.ts) is the same for every kind: claimed once,
 * sent with a timeout and an Idempotency-Key, retried with backoff, given up after a day.
 *
 * The reminders (`reminder` at about three quarters of a lead's deadline, `overdue` once it passed; issue 31)
 * are created by edge/leads/reminders.ts; an emergency's own alert is a `lead` that says URGENTE.
 *
 * Adding a kind:
 *   1. a migration that inserts it into notification_kinds (`about` 'lead' or 'period');
 *   2. its name in `Kind` and a composer here (a pure text builder in edge/leads/messages.ts);
 *   3. something that inserts its rows, once per lead (or period) and channel: `INSERT … ON CONFLICT DO
 *      NOTHING` on the unique (kind, lead_id, channel) makes "never twice" the database's job, as the
 *      hourly digest and the daily summary do in edge/leads/reports.ts.
 */
import { countOf } from './counts'
import type { D1Database } from './d1'
import { inboxUrl, settings, type LeadEnv } from './env'
import type { LeadRow } from '../../contract/lead-row'
import {
  DIGEST_LIST,
  digestMessage,
  leadAlert,
  reminderMessage,
  summaryMessage,
  type AlertLead,
  type Message,
  type MessageContext,
  type ReminderStage,
} from './messages'
import { hourStart } from '../../contract/owner-time'
import { countsOfDay } from './reports'

export type Kind = 'lead' | 'digest' | 'summary' | 'reminder' | 'overdue'

/** One claimed notification row. */
export interface NotificationRow {
  id: number
  kind: Kind
  /** The lead it is about (kind 'lead'), else null. */
  lead_id: string | null
  /** The period it is about: the UTC hour of a digest, the owner's day of a summary; '' for a lead's. */
  ref: string
  channel: 'email' | 'webhook'
  attempts: number
  created_at: string
}

type Composer = (db: D1Database, row: NotificationRow, context: MessageContext) => Promise<Message | null>

const LEAD_COLUMNS = 'id, created_at, name, email, phone, service, message, page'

export const composers: Record<Kind, Composer> = {
  async lead(db, row, context) {
    const lead = await db
      .prepare(`SELECT ${LEAD_COLUMNS}, fill_ms, due_at, urgent FROM leads WHERE id = ?1`)
      .bind(row.lead_id)
      .first<AlertLead>()
    return lead ? leadAlert(lead, context) : null
  },
  async digest(db, row, context) {
    const [batched, alerted, recent] = await Promise.all([
      countOf(db, row.ref, 'batched'),
      countOf(db, row.ref, 'alerted'),
      db
        .prepare(
          `SELECT ${LEAD_COLUMNS} FROM leads WHERE alert = 'digest' AND created_at >= ?1 AND created_at < ?2
           ORDER BY created_at DESC, id DESC LIMIT ?3`,
        )
        .bind(
          hourStart(row.ref).toISOString(),
          new Date(hourStart(row.ref).getTime() + 3_600_000).toISOString(),
          DIGEST_LIST,
        )
        .all<LeadRow>(),
    ])
    if (batched === 0) return null
    return digestMessage({ hour: row.ref, batched, alerted, recent: recent.results ?? [] }, context)
  },
  async summary(db, row, context) {
    return summaryMessage(row.ref, await countsOfDay(db, row.ref), context)
  },
  reminder: (db, row, context) => reminder(db, row, context, 'reminder'),
  overdue: (db, row, context) => reminder(db, row, context, 'overdue'),
}

/** A reminder, or null (nothing is sent) once the lead is answered, spam, deleted or without a deadline. */
async function reminder(
  db: D1Database,
  row: NotificationRow,
  context: MessageContext,
  stage: ReminderStage,
): Promise<Message | null> {
  const lead = await db
    .prepare(
      `SELECT ${LEAD_COLUMNS}, fill_ms, due_at, urgent FROM leads
       WHERE id = ?1 AND status = 'nuevo' AND first_contact_at IS NULL AND due_at IS NOT NULL`,
    )
    .bind(row.lead_id)
    .first<AlertLead & { due_at: string }>()
  return lead ? reminderMessage(lead, stage, new Date(row.created_at), context) : null
}

export function messageContext(env: LeadEnv): MessageContext {
  return { inbox: inboxUrl(env), minFillMs: settings(env).minFillMs }
}

/** The e-mail API's Idempotency-Key of a notification: the same for every attempt of it. */
export function idempotencyKey(row: Pick<NotificationRow, 'kind' | 'lead_id' | 'ref' | 'channel'>): string {
  return `aquapuebla/${row.kind}/${row.lead_id ?? row.ref}/${row.channel}`
}
