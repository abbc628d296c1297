/**
 * The inbox's reads and writes in D1 (tables in migrations/0001_leads.sql): the list (status filter,
 * search, newest first, pages) with what the spam filters set aside (how many, why, the newest), one
 * lead's status and note (moving a lead out of spam is a status change; its `spam_reason` stays, so an
 * undo puts it back as it was), a lead deleted for good, every match for the CSV. Values always go through bind(); no text of a request is ever part of the SQL.
 */
import {
  STATUSES,
  type Lead,
  type LeadPage,
  type NotificationState,
  type Status,
} from '../../contract/inbox-api'
import type { D1Database } from './env'

export const PAGE_SIZE = 25
/** How many of the newest spam leads the default view shows, each one tap from `nuevo`. */
export const SPAM_LATEST = 3
export const MAX_NOTE_LENGTH = 2000
export const MAX_QUERY_LENGTH = 100

/** The owner's filter: one status, or `todas` = every status but spam (set aside until asked for). */
export interface LeadFilter {
  status: Status | 'todas'
  query: string
}

export const isStatus = (value: unknown): value is Status => STATUSES.includes(value as Status)

/** The filter a query string asks for; anything unknown falls back to the defaults. */
export function filterFrom(params: URLSearchParams): LeadFilter {
  const status = params.get('estado') ?? 'todas'
  return {
    status: isStatus(status) ? status : 'todas',
    query: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
  }
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * Search ignores case and Spanish accents ("nunez" finds "Núñez"): SQLite's lower() folds ASCII only, so
 * the accented letters are mapped in SQL, and the query the same way in JavaScript.
 */
const FOLDED: [string, string][] = [
  ['á', 'a'],
  ['é', 'e'],
  ['í', 'i'],
  ['ó', 'o'],
  ['ú', 'u'],
  ['ü', 'u'],
  ['ñ', 'n'],
  ['Á', 'a'],
  ['É', 'e'],
  ['Í', 'i'],
  ['Ó', 'o'],
  ['Ú', 'u'],
  ['Ü', 'u'],
  ['Ñ', 'n'],
]

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

const foldSql = (column: string) =>
  FOLDED.reduce((sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`, `lower(${column})`)

function where(filter: LeadFilter): { sql: string; values: unknown[] } {
  const clauses: string[] = []
  const values: unknown[] = []
  if (filter.status === 'todas') clauses.push("status <> 'spam'")
  else {
    clauses.push('status = ?')
    values.push(filter.status)
  }
  if (filter.query) {
    const like = `%${likeEscape(foldText(filter.query))}%`
    const digits = filter.query.replace(/\D/g, '')
    const fields = ['name', 'email', 'phone', 'message'].map(
      (field) => `${foldSql(field)} LIKE ? ESCAPE '\\'`,
    )
    values.push(like, like, like, like)
    // A phone number typed with other spaces or dashes than the client used still finds it.
    if (digits.length >= 3) {
      fields.push("replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '.', '') LIKE ?")
      values.push(`%${digits}%`)
    }
    clauses.push(`(${fields.join(' OR ')})`)
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', values }
}

const SELECT_LEAD = `SELECT l.id, l.created_at, l.name, l.email, l.phone, l.service, l.message, l.page, l.status,
  l.spam_reason, l.note, l.updated_at,
  (SELECT json_group_array(json_object('channel', n.channel, 'state', n.state, 'attempts', n.attempts,
     'last_error', n.last_error)) FROM notifications n WHERE n.lead_id = l.id) AS notifications
  FROM leads l`

type InboxRow = Omit<Lead, 'notifications'> & { notifications: string | null }

function toLead(row: InboxRow): Lead {
  let notifications: NotificationState[] = []
  try {
    notifications = JSON.parse(row.notifications ?? '[]') as NotificationState[]
  } catch {
    /* no notifications */
  }
  return { ...row, notifications: notifications.sort((a, b) => a.channel.localeCompare(b.channel)) }
}

export async function listLeads(db: D1Database, filter: LeadFilter, page = 1): Promise<LeadPage> {
  const { sql, values } = where(filter)
  const offset = (Math.max(1, page) - 1) * PAGE_SIZE
  const [rows, total, counts, reasons, latest] = await Promise.all([
    db
      .prepare(`${SELECT_LEAD} ${sql} ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`)
      .bind(...values, PAGE_SIZE, offset)
      .all<InboxRow>(),
    db
      .prepare(`SELECT count(*) AS n FROM leads ${sql}`)
      .bind(...values)
      .first<{ n: number }>(),
    db
      .prepare('SELECT status, count(*) AS n FROM leads GROUP BY status')
      .all<{ status: Status; n: number }>(),
    db
      .prepare(
        "SELECT spam_reason AS reason, count(*) AS n FROM leads WHERE status = 'spam' GROUP BY spam_reason ORDER BY n DESC, reason",
      )
      .all<{ reason: string | null; n: number }>(),
    filter.status === 'todas'
      ? db
          .prepare(`${SELECT_LEAD} WHERE l.status = 'spam' ORDER BY l.created_at DESC, l.id DESC LIMIT ?`)
          .bind(SPAM_LATEST)
          .all<InboxRow>()
      : Promise.resolve({ results: [] as InboxRow[] }),
  ])
  const byStatus = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<Status, number>
  for (const { status, n } of counts.results ?? []) if (isStatus(status)) byStatus[status] = n
  return {
    leads: (rows.results ?? []).map(toLead),
    total: total?.n ?? 0,
    page: Math.max(1, page),
    pageSize: PAGE_SIZE,
    counts: byStatus,
    spam: {
      total: byStatus.spam,
      reasons: (reasons.results ?? []).map(({ reason, n }) => ({ reason, count: n })),
      latest: (latest.results ?? []).map(toLead),
    },
  }
}

/** Every lead the filter matches, newest first (the CSV export). */
export async function allLeads(db: D1Database, filter: LeadFilter): Promise<Lead[]> {
  const { sql, values } = where(filter)
  const rows = await db
    .prepare(`${SELECT_LEAD} ${sql} ORDER BY l.created_at DESC, l.id DESC`)
    .bind(...values)
    .all<InboxRow>()
  return (rows.results ?? []).map(toLead)
}

export interface LeadChange {
  status?: Status
  note?: string
}

/** Checks a change the page sent; a Spanish reason when it cannot be applied. */
export function readChange(body: unknown): LeadChange | string {
  if (typeof body !== 'object' || body === null) return 'Cambio no válido.'
  const { status, note } = body as Record<string, unknown>
  const change: LeadChange = {}
  if (status !== undefined) {
    if (!isStatus(status)) return 'Estado no válido.'
    change.status = status
  }
  if (note !== undefined) {
    if (typeof note !== 'string') return 'Nota no válida.'
    if (note.length > MAX_NOTE_LENGTH) return `La nota admite hasta ${MAX_NOTE_LENGTH} caracteres.`
    change.note = note
  }
  if (change.status === undefined && change.note === undefined) return 'No hay nada que cambiar.'
  return change
}

/** Applies a change; the lead as it now is, or null when there is no such lead. */
export async function updateLead(
  db: D1Database,
  id: string,
  change: LeadChange,
  now = new Date(),
): Promise<Lead | null> {
  const result = await db
    .prepare(
      'UPDATE leads SET status = coalesce(?, status), note = coalesce(?, note), updated_at = ? WHERE id = ?',
    )
    .bind(change.status ?? null, change.note ?? null, now.toISOString(), id)
    .run()
  if (!result.meta.changes) return null
  const row = await db.prepare(`${SELECT_LEAD} WHERE l.id = ?`).bind(id).first<InboxRow>()
  return row ? toLead(row) : null
}

/** Deletes a lead and its notification state for good; whether it existed. */
export async function deleteLead(db: D1Database, id: string): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.prepare('DELETE FROM notifications WHERE lead_id = ?').bind(id),
    db.prepare('DELETE FROM leads WHERE id = ?').bind(id),
  ])
  return (deleted?.meta.changes ?? 0) > 0
}
