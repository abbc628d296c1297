/**
 * The lead inbox's API as its page (src/inbox/) and its routes (edge/inbox/api.ts, reading through
 * edge/inbox/store.ts) both see it: the statuses a lead can have and the JSON of a lead and of a page of leads.
 */
import type { LeadRow } from './lead-row'

export const STATUSES = ['nuevo', 'contactado', 'cotizado', 'ganado', 'perdido', 'spam'] as const
export type Status = (typeof STATUSES)[number]

export interface NotificationState {
  channel: 'email' | 'webhook' | 'push'
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

/**
 * One month of the promise, in the owner's calendar: requests in, and of those with a deadline, each in exactly
 * one of three counts: answered by it, answered after it, not answered yet (of which some may be past it).
 * withDeadline = inTime + answeredLate + unanswered. A lead still inside its deadline is neither kept nor broken.
 */
export interface MonthFigures {
  /** "2026-11", the owner's calendar month. */
  month: string
  /** Requests received (not spam). */
  received: number
  /** Of those, how many had a deadline (the rest were stored before deadlines were kept). */
  withDeadline: number
  /** Of those with a deadline, answered by it. */
  inTime: number
  /** Of those with a deadline, answered after it. */
  answeredLate: number
  /** Of those with a deadline, not answered yet. */
  unanswered: number
  /** Of the unanswered, how many are past their deadline at the answer's `now`. */
  overdue: number
  /** Answered at all (first contact recorded), deadline or not. */
  answered: number
  /** Median minutes from arrival to first contact, or null when none was answered. */
  medianMinutes: number | null
}

/* -- What each route takes and answers (edge/inbox/api.ts writes them, src/inbox/api-client.ts reads them) -- */

/** The views of the list: «Por atender» (the default), «Todas» (every status but spam), or one status. */
export type View = Status | 'todas' | 'por-atender'
export const DEFAULT_VIEW: View = 'por-atender'

/** `GET session` */
export interface SessionAnswer {
  login: string
  /** The value of the X-CSRF-Token header every change sends. */
  csrf: string
  expiresAt: string
  /**
   * GitHub last confirmed this account's push permission over an hour ago: the page asks it again (a silent
   * sign-in, decision 046) when it is opened or the owner comes back to it.
   */
  renew?: boolean
}

/** The longest note a lead keeps. */
export const MAX_NOTE_LENGTH = 2000

/** `PATCH leads/:id`: what may change; at least one of them. */
export interface LeadChange {
  status?: Status
  note?: string
}

/** `POST leads/:id/contacto` */
export interface ContactTap {
  via: TapWay
}

/** `GET cifras`: this month's figures and last month's. */
export interface FiguresAnswer {
  now: string
  months: MonthFigures[]
}

/** Every error answer: a sentence in Spanish the page shows as it is. */
export interface ProblemAnswer {
  error: string
  /** With a 401: the session stands, but GitHub must confirm the account again before it is let in. */
  renew?: boolean
}
