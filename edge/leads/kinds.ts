/**
 * The kinds of notification (the rows of notification_kinds, migrations 0002-0004) and how each is written from
 * what is stored. The delivery machinery (./notify.ts) is the same for every kind and channel: claimed once within
 * the channel's send budget, sent with a timeout and an Idempotency-Key, retried with backoff, given up after a day.
 *
 *   lead       a lead's own alert (an emergency's says URGENTE), made by the endpoint (./store.ts)
 *   reminder   at about three quarters of an alerted lead's deadline, `overdue` once it passed (./reminders.ts)
 *   digest     what was not told one lead at a time, with emergencies first (./reports.ts planDigests)
 *   summary    the day before, from 8:00 in Mexico City, when it holds news (./reports.ts planSummary)
 *   budget     the one closing message per channel and day of a spent send budget (./reports.ts)
 *
 * Adding a kind:
 *   1. a migration that inserts it into notification_kinds (`about` 'lead' or 'period');
 *   2. its name in `Kind` (./messages.ts) and a composer here (a pure text builder in ./messages.ts);
 *   3. something that inserts its rows, once per lead (or period) and channel, with its priority: `INSERT … ON
 *      CONFLICT DO NOTHING` on the unique (kind, lead_id, channel) makes "never twice" the database's job.
 */
import { SOURCE_COLUMNS } from '../../contract/lead-source'
import { channelNamed } from './channels'
import type { D1Database } from './d1'
import { budgetOf } from './budget'
import { inboxUrl, settings, type LeadEnv } from './env'
import {
  budgetMessage,
  digestMessage,
  leadAlert,
  reminderMessage,
  summaryMessage,
  type AlertLead,
  type DigestLead,
  type Kind,
  type Message,
  type MessageContext,
  type ReminderStage,
} from './messages'
import { countsOfDay } from './reports'

export type { Kind }

/** One claimed notification row. */
export interface NotificationRow {
  id: number
  kind: Kind
  /** The lead it is about (a lead's alert, its reminders), else null. */
  lead_id: string | null
  /** The period it is about: a digest's time (or UTC hour, before 0004), the owner's day; '' for a lead's. */
  ref: string
  channel: string
  attempts: number
  created_at: string
  priority: number
}

/** What a composer is given besides the row: the settings' words, and the env for the budget's numbers. */
export type ComposeContext = MessageContext & { env: LeadEnv }

type Composer = (db: D1Database, row: NotificationRow, context: ComposeContext) => Promise<Message | null>

const ALERT_COLUMNS = [
  'id, created_at, name, email, phone, service, message, page, fill_ms, due_at, urgent',
  ...SOURCE_COLUMNS,
].join(', ')
const UNANSWERED = "status = 'nuevo' AND first_contact_at IS NULL"
/** How long an emergency alerted on its own is listed again at the top of the digests: its promise. */
const URGENT_RELIST_MS = 2 * 3_600_000

export const composers: Record<Kind, Composer> = {
  async lead(db, row, context) {
    const lead = await db
      .prepare(`SELECT ${ALERT_COLUMNS} FROM leads WHERE id = ?1`)
      .bind(row.lead_id)
      .first<AlertLead>()
    return lead ? leadAlert(lead, context) : null
  },
  async digest(db, row, context) {
    const at = /^\d{4}-\d\d-\d\dT\d\d$/.test(row.ref) ? `${row.ref}:00:00.000Z` : row.ref
    const listed = `l.${ALERT_COLUMNS.split(', ').join(', l.')}`
    const [inDigest, urgentOwn] = await Promise.all([
      db
        .prepare(
          `SELECT ${listed}, d.section FROM digest_leads d JOIN leads l ON l.id = d.lead_id
           WHERE d.ref = ?1 AND l.status <> 'spam'
           ORDER BY l.urgent DESC, l.created_at DESC, l.id DESC`,
        )
        .bind(row.ref)
        .all<DigestLead>(),
      // Emergencies alerted on their own since the digest before (within their promise) and still unanswered.
      db
        .prepare(
          `SELECT ${ALERT_COLUMNS}, 'urgent-own' AS section FROM leads
           WHERE urgent = 1 AND alert = 'own' AND ${UNANSWERED} AND created_at < ?1
             AND created_at >= max(?2, coalesce((SELECT max(ref) FROM notifications
               WHERE kind = 'digest' AND length(ref) > 13 AND ref < ?1), ''))
           ORDER BY created_at DESC, id DESC`,
        )
        .bind(at, new Date(Date.parse(at) - URGENT_RELIST_MS).toISOString())
        .all<DigestLead>(),
    ])
    const leads = inDigest.results ?? []
    if (leads.length === 0) return null
    const seen = new Set(leads.map((lead) => lead.id))
    const own = (urgentOwn.results ?? []).filter((lead) => !seen.has(lead.id))
    return digestMessage({ ref: row.ref, leads: [...own, ...leads] }, context)
  },
  async summary(db, row, context) {
    return summaryMessage(row.ref, await countsOfDay(db, row.ref), context)
  },
  reminder: (db, row, context) => reminder(db, row, context, 'reminder'),
  overdue: (db, row, context) => reminder(db, row, context, 'overdue'),
  async budget(_db, row, context) {
    const channel = channelNamed(row.channel)
    return channel
      ? budgetMessage({ channel: channel.label, perDay: budgetOf(channel, context.env).perDay }, context)
      : null
  },
}

/** A reminder, or null (nothing is sent) once the lead is answered, spam, deleted or without a deadline. */
async function reminder(
  db: D1Database,
  row: NotificationRow,
  context: MessageContext,
  stage: ReminderStage,
): Promise<Message | null> {
  const lead = await db
    .prepare(`SELECT ${ALERT_COLUMNS} FROM leads WHERE id = ?1 AND ${UNANSWERED} AND due_at IS NOT NULL`)
    .bind(row.lead_id)
    .first<AlertLead & { due_at: string }>()
  return lead ? reminderMessage(lead, stage, new Date(row.created_at), context) : null
}

export function messageContext(env: LeadEnv): ComposeContext {
  return { inbox: inboxUrl(env), minFillMs: settings(env).minFillMs, env }
}

/** The Idempotency-Key of a notification on its channel: the same for every attempt of it. */
export function idempotencyKey(row: Pick<NotificationRow, 'kind' | 'lead_id' | 'ref' | 'channel'>): string {
  return `aquapuebla/${row.kind}/${row.lead_id ?? row.ref}/${row.channel}`
}
