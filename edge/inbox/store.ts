/**
 * The inbox's reads and writes in D1 (tables in migrations/0001_leads.sql): the list (status filter,
 * search, newest first, pages) with what the spam filters set aside (how many, why, the newest), one
 * lead's status and note (moving a lead out of spam is a status change; its `spam_reason` stays, so an
 * undo puts it back as it was), a lead deleted for good, every match for the CSV; issue 31: the first contact
 * (a status moved on from `nuevo`, or a tap on Llamar / WhatsApp / Correo; undoable), «Por atender» by deadline
 * and the month figures of the promise (answered in time, answered late, not answered yet: three counts apart).
 * Values always go through bind(); no text of a request is ever part of the SQL.
 */
import {
  DEFAULT_VIEW,
  MAX_NOTE_LENGTH,
  STATUSES,
  TAP_WAYS,
  type Lead,
  type LeadChange,
  type LeadPage,
  type MonthFigures,
  type NotificationState,
  type Status,
  type TapWay,
  type View,
} from '../../contract/inbox-api'
import { SOURCE_COLUMNS } from '../../contract/lead-source'
import { ownerDate, ownerDayStart } from '../../contract/owner-time'
import type { D1Database } from './env'

export const PAGE_SIZE = 25
/** How many of the newest spam leads the default view shows, each one tap from `nuevo`. */
export const SPAM_LATEST = 3
export const MAX_QUERY_LENGTH = 100

/**
 * The owner's filter: `por-atender` (the default: unanswered leads, emergencies first, then by deadline), one
 * status, or `todas` = every status but spam (set aside until asked for), newest first.
 */
export interface LeadFilter {
  status: View
  query: string
}

/** Unanswered: still `nuevo` and no first contact recorded. */
const UNANSWERED = "l.status = 'nuevo' AND l.first_contact_at IS NULL"

export const isStatus = (value: unknown): value is Status => STATUSES.includes(value as Status)

/** The filter a query string asks for; anything unknown falls back to the defaults. */
export function filterFrom(params: URLSearchParams): LeadFilter {
  const status = params.get('estado') ?? DEFAULT_VIEW
  return {
    status: isStatus(status) || status === 'todas' ? status : DEFAULT_VIEW,
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
  if (filter.status === 'todas') clauses.push("l.status <> 'spam'")
  else if (filter.status === 'por-atender') clauses.push(UNANSWERED)
  else {
    clauses.push('l.status = ?')
    values.push(filter.status)
  }
  if (filter.query) {
    const like = `%${likeEscape(foldText(filter.query))}%`
    const digits = filter.query.replace(/\D/g, '')
    const fields = ['l.name', 'l.email', 'l.phone', 'l.message'].map(
      (field) => `${foldSql(field)} LIKE ? ESCAPE '\\'`,
    )
    values.push(like, like, like, like)
    // A phone number typed with other spaces or dashes than the client used still finds it.
    if (digits.length >= 3) {
      fields.push("replace(replace(replace(replace(l.phone, ' ', ''), '-', ''), '+', ''), '.', '') LIKE ?")
      values.push(`%${digits}%`)
    }
    clauses.push(`(${fields.join(' OR ')})`)
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', values }
}

const SELECT_LEAD = `SELECT l.id, l.created_at, l.name, l.email, l.phone, l.service, l.message, l.page, l.status,
  l.spam_reason, l.note, l.updated_at, l.due_at, l.urgent, l.first_contact_at, l.first_contact_via,
  ${SOURCE_COLUMNS.map((column) => `l.${column}`).join(', ')},
  (SELECT json_group_array(json_object('channel', n.channel, 'state', n.state, 'attempts', n.attempts,
     'last_error', n.last_error)) FROM notifications n WHERE n.lead_id = l.id AND n.kind = 'lead') AS notifications
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

/**
 * «Por atender» puts what is due first: emergencies, then the closest deadline (the most overdue on top), then
 * leads without one (stored before deadlines were kept), oldest first. Every other view: newest first.
 * Written as one tuple of keys in one direction, so the CSV can page through the same order by keyset
 * (`(keys) > (the last row's keys)`) and the list's ORDER BY is the same tuple.
 */
const ORDER_KEYS = {
  due: {
    keys: ['-l.urgent', '(l.due_at IS NULL)', "coalesce(l.due_at, '')", 'l.created_at', 'l.id'],
    after: '>',
  },
  newest: { keys: ['l.created_at', 'l.id'], after: '<' },
} as const

const orderKeysOf = (filter: LeadFilter) =>
  filter.status === 'por-atender' ? ORDER_KEYS.due : ORDER_KEYS.newest

/** The order's keys of one lead, as the SQL computes them. */
const keyValuesOf = (filter: LeadFilter, lead: Lead): unknown[] =>
  filter.status === 'por-atender'
    ? [-lead.urgent, lead.due_at === null ? 1 : 0, lead.due_at ?? '', lead.created_at, lead.id]
    : [lead.created_at, lead.id]

function orderOf(filter: LeadFilter): string {
  const { keys, after } = orderKeysOf(filter)
  return `ORDER BY ${keys.map((key) => `${key} ${after === '>' ? 'ASC' : 'DESC'}`).join(', ')}`
}

export async function listLeads(
  db: D1Database,
  filter: LeadFilter,
  page = 1,
  now = new Date(),
): Promise<LeadPage> {
  const { sql, values } = where(filter)
  const offset = (Math.max(1, page) - 1) * PAGE_SIZE
  const [rows, total, counts, reasons, latest, unanswered] = await Promise.all([
    db
      .prepare(`${SELECT_LEAD} ${sql} ${orderOf(filter)} LIMIT ? OFFSET ?`)
      .bind(...values, PAGE_SIZE, offset)
      .all<InboxRow>(),
    db
      .prepare(`SELECT count(*) AS n FROM leads l ${sql}`)
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
    filter.status === 'todas' || filter.status === 'por-atender'
      ? db
          .prepare(`${SELECT_LEAD} WHERE l.status = 'spam' ORDER BY l.created_at DESC, l.id DESC LIMIT ?`)
          .bind(SPAM_LATEST)
          .all<InboxRow>()
      : Promise.resolve({ results: [] as InboxRow[] }),
    db
      .prepare(
        `SELECT count(*) AS total, coalesce(sum(l.due_at IS NOT NULL AND l.due_at <= ?), 0) AS late
         FROM leads l WHERE ${UNANSWERED}`,
      )
      .bind(now.toISOString())
      .first<{ total: number; late: number }>(),
  ])
  const byStatus = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<Status, number>
  for (const { status, n } of counts.results ?? []) if (isStatus(status)) byStatus[status] = n
  return {
    now: now.toISOString(),
    leads: (rows.results ?? []).map(toLead),
    total: total?.n ?? 0,
    page: Math.max(1, page),
    pageSize: PAGE_SIZE,
    counts: byStatus,
    unanswered: { total: unanswered?.total ?? 0, late: unanswered?.late ?? 0 },
    spam: {
      total: byStatus.spam,
      reasons: (reasons.results ?? []).map(({ reason, n }) => ({ reason, count: n })),
      latest: (latest.results ?? []).map(toLead),
    },
  }
}

/** How many rows the CSV export reads at a time. */
export const EXPORT_PAGE_SIZE = 200

/**
 * Every lead the filter matches, in the view's order, one page at a time (the CSV export): keyset pages (the
 * rows after the last one's keys), so the Worker holds one page, never the whole table, and a lead deleted or
 * added while the file is written neither repeats nor shifts another out.
 */
export async function* leadPages(
  db: D1Database,
  filter: LeadFilter,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Lead[]> {
  const { sql, values } = where(filter)
  const { keys, after } = orderKeysOf(filter)
  let last: Lead | undefined
  for (;;) {
    const from = last ? `(${keys.join(', ')}) ${after} (${keys.map(() => '?').join(', ')})` : ''
    const clause = from ? (sql ? `${sql} AND ${from}` : `WHERE ${from}`) : sql
    const rows = await db
      .prepare(`${SELECT_LEAD} ${clause} ${orderOf(filter)} LIMIT ?`)
      .bind(...values, ...(last ? keyValuesOf(filter, last) : []), pageSize)
      .all<InboxRow>()
    const leads = (rows.results ?? []).map(toLead)
    if (leads.length) yield leads
    if (leads.length < pageSize) return
    last = leads.at(-1)
  }
}

export type { LeadChange }

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
  // A status moved on from `nuevo` (not to spam) is the first contact, unless one is recorded; moved back to
  // `nuevo`, a first contact that the status change recorded is undone with it.
  const result = await db
    .prepare(
      `UPDATE leads SET
         first_contact_at = CASE
           WHEN ?1 IS NULL OR ?1 = status THEN first_contact_at
           WHEN status = 'nuevo' AND ?1 <> 'spam' THEN coalesce(first_contact_at, ?3)
           WHEN ?1 = 'nuevo' AND first_contact_via = 'estado' THEN NULL
           ELSE first_contact_at END,
         first_contact_via = CASE
           WHEN ?1 IS NULL OR ?1 = status THEN first_contact_via
           WHEN status = 'nuevo' AND ?1 <> 'spam' THEN coalesce(first_contact_via, 'estado')
           WHEN ?1 = 'nuevo' AND first_contact_via = 'estado' THEN NULL
           ELSE first_contact_via END,
         status = coalesce(?1, status), note = coalesce(?2, note), updated_at = ?3
       WHERE id = ?4`,
    )
    .bind(change.status ?? null, change.note ?? null, now.toISOString(), id)
    .run()
  if (!result.meta.changes) return null
  return oneLead(db, id)
}

/** One lead as the inbox shows it, or null. */
export async function oneLead(db: D1Database, id: string): Promise<Lead | null> {
  const row = await db.prepare(`${SELECT_LEAD} WHERE l.id = ?`).bind(id).first<InboxRow>()
  return row ? toLead(row) : null
}

export const isTapWay = (value: unknown): value is TapWay => TAP_WAYS.includes(value as TapWay)

/**
 * A tap on Llamar, WhatsApp or Correo: the first contact, when none is recorded yet (a later tap changes
 * nothing). The lead as it now is, or null when there is no such lead.
 */
export async function recordContact(
  db: D1Database,
  id: string,
  via: TapWay,
  now = new Date(),
): Promise<Lead | null> {
  const result = await db
    .prepare(
      `UPDATE leads SET first_contact_at = coalesce(first_contact_at, ?1),
         first_contact_via = coalesce(first_contact_via, ?2), updated_at = ?1 WHERE id = ?3`,
    )
    .bind(now.toISOString(), via, id)
    .run()
  return result.meta.changes ? oneLead(db, id) : null
}

/**
 * «Deshacer»: a tap by mistake is not an answer. Clears a first contact a tap recorded; one the status
 * recorded is undone by moving the status back to `nuevo`.
 */
export async function undoContact(db: D1Database, id: string, now = new Date()): Promise<Lead | null> {
  const result = await db
    .prepare(
      `UPDATE leads SET
         first_contact_at = CASE WHEN first_contact_via = 'estado' THEN first_contact_at ELSE NULL END,
         first_contact_via = CASE WHEN first_contact_via = 'estado' THEN first_contact_via ELSE NULL END,
         updated_at = ?1 WHERE id = ?2`,
    )
    .bind(now.toISOString(), id)
    .run()
  return result.meta.changes ? oneLead(db, id) : null
}

/** A lead answered within its deadline (a month's «Respondidas a tiempo»). */
export const IN_TIME = 'due_at IS NOT NULL AND first_contact_at IS NOT NULL AND first_contact_at <= due_at'

/** The figures of this month and the last, in the owner's zone; "overdue" as of `now`. */
export async function monthFigures(db: D1Database, now = new Date()): Promise<MonthFigures[]> {
  const [thisMonth, lastMonth] = ownerMonths(now)
  return Promise.all([thisMonth, lastMonth].map((month) => figuresOf(db, month, now)))
}

/**
 * One month: every request with a deadline lands in exactly one of answered by it (`inTime`), answered after it
 * (`answeredLate`) or not answered yet (`unanswered`, of which `overdue` are past it now). A lead still inside
 * its deadline has kept nothing and broken nothing yet, so it is counted apart, never as "not in time".
 */
async function figuresOf(db: D1Database, month: OwnerMonth, now: Date): Promise<MonthFigures> {
  const range = [month.start.toISOString(), month.end.toISOString()]
  const [counts, times] = await Promise.all([
    db
      .prepare(
        `SELECT count(*) AS received,
           coalesce(sum(due_at IS NOT NULL), 0) AS withDeadline,
           coalesce(sum(${IN_TIME}), 0) AS inTime,
           coalesce(sum(due_at IS NOT NULL AND first_contact_at IS NOT NULL AND first_contact_at > due_at), 0) AS answeredLate,
           coalesce(sum(due_at IS NOT NULL AND first_contact_at IS NULL), 0) AS unanswered,
           coalesce(sum(due_at IS NOT NULL AND first_contact_at IS NULL AND due_at <= ?3), 0) AS overdue,
           coalesce(sum(first_contact_at IS NOT NULL), 0) AS answered
         FROM leads WHERE status <> 'spam' AND created_at >= ?1 AND created_at < ?2`,
      )
      .bind(...range, now.toISOString())
      .first<Omit<MonthFigures, 'month' | 'medianMinutes'>>(),
    db
      .prepare(
        `SELECT (julianday(first_contact_at) - julianday(created_at)) * 1440 AS minutes FROM leads
         WHERE status <> 'spam' AND created_at >= ?1 AND created_at < ?2 AND first_contact_at IS NOT NULL
         ORDER BY minutes`,
      )
      .bind(...range)
      .all<{ minutes: number }>(),
  ])
  const minutes = (times.results ?? []).map((row) => Math.max(0, row.minutes))
  return {
    month: month.key,
    received: counts?.received ?? 0,
    withDeadline: counts?.withDeadline ?? 0,
    inTime: counts?.inTime ?? 0,
    answeredLate: counts?.answeredLate ?? 0,
    unanswered: counts?.unanswered ?? 0,
    overdue: counts?.overdue ?? 0,
    answered: counts?.answered ?? 0,
    medianMinutes: median(minutes),
  }
}

/** The middle value (the mean of the two middle ones), rounded to the minute; null for none. */
export function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null
  const middle = Math.floor(sorted.length / 2)
  const value =
    sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  return Math.round(value)
}

export interface OwnerMonth {
  key: string
  start: Date
  end: Date
}

/** This month and the last in the owner's zone, each with the instants it begins and ends. */
export function ownerMonths(now: Date): [OwnerMonth, OwnerMonth] {
  const [year = 0, month = 1] = ownerDate(now).day.split('-').map(Number)
  const monthOf = (y: number, m: number): OwnerMonth => {
    const first = new Date(Date.UTC(y, m - 1, 1))
    const next = new Date(Date.UTC(y, m, 1))
    const day = (date: Date) => date.toISOString().slice(0, 10)
    return { key: day(first).slice(0, 7), start: ownerDayStart(day(first)), end: ownerDayStart(day(next)) }
  }
  return [monthOf(year, month), monthOf(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1)]
}

/** Deletes a lead and its notification state for good; whether it existed. */
export async function deleteLead(db: D1Database, id: string): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.prepare('DELETE FROM notifications WHERE lead_id = ?').bind(id),
    db.prepare('DELETE FROM leads WHERE id = ?').bind(id),
  ])
  return (deleted?.meta.changes ?? 0) > 0
}
