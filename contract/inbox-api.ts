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

/** A lead with the owner's columns and its notifications' state. */
export interface Lead extends LeadRow {
  status: Status
  spam_reason: string | null
  note: string
  updated_at: string
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
  leads: Lead[]
  total: number
  page: number
  pageSize: number
  /** How many leads each status holds (the filter's counts), over the whole table. */
  counts: Record<Status, number>
  spam: SpamSummary
}
