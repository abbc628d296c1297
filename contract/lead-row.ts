import type { SourceColumns } from './lead-source'

/**
 * A quote request as the leads table stores it (migrations/0001_leads.sql): what the visitor sent and where from.
 * The notifications (edge/leads/notify.ts) and the inbox (edge/inbox/store.ts) read it; the inbox's API
 * (./inbox-api.ts) adds the owner's columns. The source's facts (migration 0007, ./lead-source.ts) are optional
 * here: a lead relayed without being stored, and every reader that does not select them, labels it «Sin datos».
 */
export interface LeadRow extends Partial<SourceColumns> {
  /** The submission id the visitor's browser generated (a UUID). */
  id: string
  /** When the row was stored, ISO 8601 in UTC. */
  created_at: string
  name: string
  email: string
  phone: string
  service: string
  message: string
  /** The page path the form was sent from. */
  page: string
}
