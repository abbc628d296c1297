/**
 * The five fields of a quote request, checked with the form's own rules (contract/lead-rules.ts) plus
 * the longest value each may hold, and the extras the form sends: the submission id, the page, when the
 * form was opened and sent, the honeypot, the Turnstile token. Messages are the form's Spanish ones. Where the
 * visitor came from is read apart (./source.ts) and kept with the lead.
 */
import { leadFieldMessages } from '../../contract/lead-messages'
import { NO_SOURCE, type SourceColumns } from '../../contract/lead-source'
import { EMAIL_PATTERN, MAX_LENGTH, MIN_PHONE_DIGITS, SERVICE_OPTIONS } from '../../contract/lead-rules'

export type LeadField = 'name' | 'email' | 'phone' | 'service' | 'message'

export interface LeadInput {
  /** The form's submission id (a UUID); a post without one (no JavaScript) gets a fresh one. */
  id: string
  /** Whether `id` is the one the visitor's browser sent (a retry sends it again), not a fresh one. */
  clientId: boolean
  name: string
  email: string
  phone: string
  service: string
  message: string
  page: string
  /**
   * ms between the first keystroke and the send, by the visitor's own clock; null when the post carried no
   * times (a post without JavaScript). A signal only: it may be missing, zero or odd for a real person.
   */
  fillMs: number | null
  /** The honeypot's value ('' for a person). */
  honeypot: string
  turnstileToken: string
  /** Where the visitor came from (./source.ts): never a reason to refuse a lead. */
  source: SourceColumns
}

export type Validated =
  { ok: true; lead: LeadInput } | { ok: false; fields: Partial<Record<LeadField, string>> }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
/** Control characters: none in a one-line field; the message keeps line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
const LINE_BREAKS = /[\r\n\t\u0085\u2028\u2029]+/g

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const oneLine = (value: unknown) => text(value).replace(CONTROL, '').replace(LINE_BREAKS, ' ').trim()
const multiLine = (value: unknown) => text(value).replace(CONTROL, '').replace(/\r\n?/g, '\n').trim()

/** The path a lead was sent from, without query or fragment; '' if it is not a path of this site. */
export function pagePath(value: unknown): string {
  const raw = text(value)
  if (!raw) return ''
  try {
    const path = new URL(raw, 'https://site.invalid').pathname.replace(/\/+$/, '')
    return (path || '/').slice(0, 200)
  } catch {
    return ''
  }
}

function fillTime(fields: Record<string, unknown>): number | null {
  const opened = Date.parse(text(fields.openedAt))
  const sent = Date.parse(text(fields.submittedAt))
  return Number.isFinite(opened) && Number.isFinite(sent) ? sent - opened : null
}

export function validateLead(
  fields: Record<string, unknown>,
  newId: () => string,
  source: SourceColumns = NO_SOURCE,
): Validated {
  const m = leadFieldMessages
  const lead = {
    name: oneLine(fields.name),
    email: oneLine(fields.email),
    phone: oneLine(fields.phone),
    service: oneLine(fields.service),
    message: multiLine(fields.message),
  }
  const errors: Partial<Record<LeadField, string>> = {}

  if (!lead.name) errors.name = m.name.missing
  else if (lead.name.length > MAX_LENGTH.name) errors.name = m.name.tooLong

  if (!lead.email) errors.email = m.email.missing
  else if (lead.email.length > MAX_LENGTH.email) errors.email = m.email.tooLong
  else if (!EMAIL_PATTERN.test(lead.email)) errors.email = m.email.invalid

  const digits = lead.phone.replace(/\D/g, '').length
  if (!lead.phone) errors.phone = m.phone.missing
  else if (lead.phone.length > MAX_LENGTH.phone) errors.phone = m.phone.tooLong
  else if (digits < MIN_PHONE_DIGITS || !/^[0-9+()\-.\s/]+$/.test(lead.phone)) errors.phone = m.phone.invalid

  if (!lead.service) errors.service = m.service.missing
  else if (!(SERVICE_OPTIONS as readonly string[]).includes(lead.service)) errors.service = m.service.invalid

  if (!lead.message) errors.message = m.message.missing
  else if (lead.message.length > MAX_LENGTH.message) errors.message = m.message.tooLong

  if (Object.keys(errors).length > 0) return { ok: false, fields: errors }
  const id = text(fields.id)
  return {
    ok: true,
    lead: {
      ...lead,
      id: UUID.test(id) ? id.toLowerCase() : newId(),
      clientId: UUID.test(id),
      page: pagePath(fields.page),
      fillMs: fillTime(fields),
      honeypot: text(fields._gotcha),
      turnstileToken: text(fields['cf-turnstile-response']),
      source,
    },
  }
}
