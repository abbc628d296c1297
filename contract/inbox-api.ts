/**
 * The lead inbox's API as its page (src/inbox/) and its routes (edge/inbox/api.ts, reading through
 * edge/inbox/store.ts) both see it: the statuses a lead can have and the JSON of a lead and of a page of leads.
 */
import type { LeadRow } from './lead-row'

export const STATUSES = ['nuevo', 'contactado', 'cotizado', 'ganado', 'perdido', 'spam'] as const
export type Status = (typeof STATUSES)[number]

export interface NotificationState {
  channel: 'email' | 'webhook'
  state: 'pending' | 'delivered' | 'failed'
  attempts: number
  last_error: string | null
}

/** How the owner first reached the client: a status change from `nuevo`, or a tap in the inbox. */
export const CONTACT_WAYS = ['estado', 'llamada', 'whatsapp', 'correo'] as const
export type ContactWay = (typeof CONTACT_WAYS)[number]
/** The ways a tap records (the status change records itself). */
export const TAP_WAYS = ['llamada', 'whatsapp', 'correo'] as const
export type TapWay = (typeof TAP_WAYS)[number]

/** A lead with the owner's columns and its notifications' state. */
export interface Lead extends LeadRow {
  status: Status
  spam_reason: string | null
  note: string
  updated_at: string
  /** When the promised answer is due (ISO 8601), or null: stored before deadlines were kept, or spam. */
  due_at: string | null
  /** 1: the emergency service. */
  urgent: number
  /** The owner's first contact with the client, and how; null while unanswered. */
  first_contact_at: string | null
  first_contact_via: ContactWay | null
  /** The lead's own alert, per channel (the reminders are not listed). */
  notifications: NotificationState[]
}

/**
 * What the spam filters set aside, so the default view is never silent about it: how many, why (the
 * endpoint's `spam_reason`: `honeypot`, `turnstile`, `too-fast` on old rows, whatever a later rule writes;
 * null when none was recorded), and the newest few.
 */
export interface SpamSummary {
  total: number
  /** Leads per reason, most first. */
  reasons: { reason: string | null; count: number }[]
  /** The SPAM_LATEST newest spam leads, in the default view (`todas`) only; empty otherwise. */
  latest: Lead[]
}

export interface LeadPage {
  /** The server's time (the test clock in tests): "quedan 5 h" is counted from it. */
  now: string
  leads: Lead[]
  total: number
  page: number
  pageSize: number
  /** How many leads each status holds (the filter's counts), over the whole table. */
  counts: Record<Status, number>
  /** How many are unanswered («Por atender»), and how many of those are past their deadline. */
  unanswered: { total: number; late: number }
  spam: SpamSummary
}

/** One month of the promise: requests in, answered within their deadline, the median first contact. */
export interface MonthFigures {
  /** "2026-11", the owner's calendar month. */
  month: string
  /** Requests received (not spam). */
  received: number
  /** Of those with a deadline, answered by it. */
  inTime: number
  /** Of those, how many had a deadline (the rest were stored before deadlines were kept). */
  withDeadline: number
  /** Answered at all (first contact recorded). */
  answered: number
  /** Median minutes from arrival to first contact, or null when none was answered. */
  medianMinutes: number | null
}
