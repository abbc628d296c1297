/**
 * Storing a lead: the row and one notification row per channel in one D1 batch (one transaction), keyed
 * by the form's submission id, so a retry of the same submission stores nothing twice and gets the same
 * answer. Spam is stored too (status 'spam', with its reason) but nobody is notified of it.
 */
import type { D1Database } from './d1'
import type { Channel } from './env'
import type { LeadInput } from './validate'

export type SpamReason = 'honeypot' | 'too-fast' | 'turnstile'

export interface StoredLead {
  id: string
  /** false: a row with this id already existed (a retry); nothing was written. */
  created: boolean
}

export async function storeLead(
  db: D1Database,
  lead: LeadInput,
  { channels, spam, now }: { channels: Channel[]; spam: SpamReason | null; now: Date },
): Promise<StoredLead> {
  const at = now.toISOString()
  const insertLead = db
    .prepare(
      `INSERT INTO leads (id, created_at, name, email, phone, service, message, page, status, spam_reason, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?2)
       ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      lead.id,
      at,
      lead.name,
      lead.email,
      lead.phone,
      lead.service,
      lead.message,
      lead.page,
      spam ? 'spam' : 'nuevo',
      spam,
    )
  // Only for a lead this batch created (its created_at is this request's) and that is not spam.
  const insertNotifications = channels.map((channel) =>
    db
      .prepare(
        `INSERT INTO notifications (lead_id, channel, next_attempt_at)
         SELECT id, ?2, ?3 FROM leads WHERE id = ?1 AND created_at = ?3 AND status <> 'spam'
         ON CONFLICT (lead_id, channel) DO NOTHING`,
      )
      .bind(lead.id, channel, at),
  )
  const [inserted] = await db.batch([insertLead, ...insertNotifications])
  return { id: lead.id, created: (inserted?.meta.changes ?? 0) > 0 }
}
