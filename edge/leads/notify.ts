/**
 * Telling the owner about a lead, per channel (an e-mail through a Resend-compatible HTTP API, a JSON
 * webhook), from the notifications table: a sender first claims due rows (sets `locked_until`, counts
 * the attempt) in one UPDATE, so the request and the schedule never both send the same one; then sends
 * each with a timeout and records the outcome: delivered, or the next attempt after a backoff
 * (1, 2, 4 … minutes, at most 60), or `failed` once the lead is a day old.
 */
import type { D1Database } from './d1'
import type { LeadRow } from './lead-row'
import { numberSetting, type Channel, type LeadEnv } from './env'

export const SEND_TIMEOUT_MS = 5000
/** Longer than a send can take, so a claim outlives its sender only if the sender died. */
export const LOCK_MS = 60_000
export const GIVE_UP_MS = 24 * 60 * 60 * 1000
export const MAX_BACKOFF_MINUTES = 60

/** Minutes to wait after the n-th failed attempt (n ≥ 1): 1, 2, 4, 8, 16, 32, 60, 60 … */
export function backoffMinutes(attempts: number): number {
  return Math.min(MAX_BACKOFF_MINUTES, 2 ** Math.max(0, attempts - 1))
}

/** The wait after the n-th failed attempt in ms; `unitMs` (a minute) is shorter only in tests. */
export function backoffMs(attempts: number, unitMs = 60_000): number {
  return Math.min(MAX_BACKOFF_MINUTES * 60_000, backoffMinutes(attempts) * unitMs)
}

interface Claimed {
  lead_id: string
  channel: Channel
  attempts: number
}

export interface SendOutcome {
  leadId: string
  channel: Channel
  delivered: boolean
  error?: string
}

/** The e-mail's subject and text, and the webhook's summary line (Slack shows `text`). */
export function leadSummary(lead: LeadRow): { subject: string; text: string } {
  return {
    subject: `Nueva solicitud de cotización: ${lead.name} (${lead.service})`,
    text: [
      `Nombre: ${lead.name}`,
      `Teléfono: ${lead.phone}`,
      `Email: ${lead.email}`,
      `Servicio: ${lead.service}`,
      `Página: ${lead.page || '(desconocida)'}`,
      `Recibida: ${lead.created_at}`,
      '',
      lead.message,
    ].join('\n'),
  }
}

function request(channel: Channel, lead: LeadRow, env: LeadEnv): { url: string; init: RequestInit } | null {
  const { subject, text } = leadSummary(lead)
  if (channel === 'email') {
    if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM || !env.EMAIL_TO) return null
    return {
      url: env.EMAIL_API_URL,
      init: {
        method: 'POST',
        headers: { Authorization: `Bearer ${env.EMAIL_API_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: env.EMAIL_FROM,
          to: env.EMAIL_TO.split(',').map((address) => address.trim()),
          reply_to: lead.email,
          subject,
          text,
        }),
      },
    }
  }
  if (!env.LEAD_WEBHOOK_URL) return null
  const { id, created_at, name, email, phone, service, message, page } = lead
  return {
    url: env.LEAD_WEBHOOK_URL,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        text: `${subject}\n${text}`,
        lead: { id, createdAt: created_at, name, email, phone, service, message, page },
      }),
    },
  }
}

/** One send; any answer but 2xx within the timeout is an error, described in a short text. */
export async function send(
  channel: Channel,
  lead: LeadRow,
  env: LeadEnv,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<string | null> {
  const target = request(channel, lead, env)
  if (!target) return `${channel} is not configured`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(target.url, { ...target.init, signal: controller.signal })
    // Read the body so the connection is released, whatever it says.
    await response.arrayBuffer().catch(() => undefined)
    return response.ok ? null : `HTTP ${response.status}`
  } catch (error) {
    return controller.signal.aborted ? `no answer within ${timeoutMs / 1000} s` : `network: ${String(error)}`
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Claims the due notifications (of one lead, or all up to `limit`), sends them and records each outcome.
 * `now` is read again after each send, since sends take time.
 */
export async function deliverDue(
  db: D1Database,
  env: LeadEnv,
  options: { leadId?: string; limit?: number; now?: () => Date; timeoutMs?: number } = {},
): Promise<SendOutcome[]> {
  const { leadId, limit = 50, now = () => new Date(), timeoutMs = SEND_TIMEOUT_MS } = options
  const unitMs = numberSetting(env.LEAD_RETRY_UNIT_MS, 60_000)
  const start = now()
  const at = start.toISOString()
  const claimed = await db
    .prepare(
      `UPDATE notifications SET locked_until = ?1, attempts = attempts + 1
       WHERE rowid IN (
         SELECT rowid FROM notifications
         WHERE state = 'pending' AND next_attempt_at <= ?2 AND (locked_until IS NULL OR locked_until <= ?2)
           AND (?3 IS NULL OR lead_id = ?3)
         ORDER BY next_attempt_at LIMIT ?4)
       RETURNING lead_id, channel, attempts`,
    )
    .bind(new Date(start.getTime() + LOCK_MS).toISOString(), at, leadId ?? null, limit)
    .all<Claimed>()
  const rows = claimed.results ?? []
  const outcomes = await Promise.all(
    rows.map(async (row): Promise<SendOutcome> => {
      const lead = await db
        .prepare('SELECT id, created_at, name, email, phone, service, message, page FROM leads WHERE id = ?1')
        .bind(row.lead_id)
        .first<LeadRow>()
      const error = lead ? await send(row.channel, lead, env, timeoutMs) : 'the lead was deleted'
      await record(db, row, lead, error, now(), unitMs)
      return {
        leadId: row.lead_id,
        channel: row.channel,
        delivered: error === null,
        ...(error ? { error } : {}),
      }
    }),
  )
  return outcomes
}

async function record(
  db: D1Database,
  row: Claimed,
  lead: LeadRow | null,
  error: string | null,
  now: Date,
  unitMs: number,
): Promise<void> {
  const at = now.toISOString()
  if (error === null) {
    await db
      .prepare(
        `UPDATE notifications SET state = 'delivered', delivered_at = ?3, locked_until = NULL, last_error = NULL
         WHERE lead_id = ?1 AND channel = ?2`,
      )
      .bind(row.lead_id, row.channel, at)
      .run()
    return
  }
  const age = lead ? now.getTime() - Date.parse(lead.created_at) : Infinity
  const next = new Date(now.getTime() + backoffMs(row.attempts, unitMs))
  const givenUp = age >= GIVE_UP_MS
  await db
    .prepare(
      `UPDATE notifications SET state = ?3, next_attempt_at = ?4, locked_until = NULL, last_error = ?5
       WHERE lead_id = ?1 AND channel = ?2`,
    )
    .bind(row.lead_id, row.channel, givenUp ? 'failed' : 'pending', next.toISOString(), error.slice(0, 500))
    .run()
}
