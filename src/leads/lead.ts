import { site, whatsappLink } from '../config/site'
import type { SubmissionStore } from './draft'
import type { Lead } from './lead-fields'
import type { LandingSource } from './source'

export { landingSource } from './source'

export type { Lead }

/**
 * What the lead endpoint receives: the lead, the path of the page it came from (no query or fragment),
 * when it was sent, and, when the form gives them, its submission id (the same on every retry, so the
 * endpoint stores it once) and when the visitor started filling it in (a robot is faster).
 */
export interface LeadPayload extends Lead {
  page: string
  submittedAt: string
  id?: string
  openedAt?: string
  /** Cloudflare Turnstile's token, when the build shows its widget. */
  'cf-turnstile-response'?: string
  /** Where the visitor came from, as the page noted it on landing (./source.ts). */
  source?: LandingSource
}

/** The endpoint's Spanish message per field it refused (a 422 answer). */
export type FieldErrors = Partial<Record<keyof Lead, string>>

export type DeliveryResult =
  | { ok: true; simulated: boolean }
  | { ok: false; reason: 'http'; status: number; fields?: FieldErrors }
  | { ok: false; reason: 'network' | 'timeout' }

/** The spec's simulated sending delay. */
export const SIMULATED_DELAY_MS = 1000
/** A lead endpoint that has not answered after this long is treated as a failure. */
export const DELIVERY_TIMEOUT_MS = 15_000

interface DeliveryOptions {
  endpoint: string
  page: string
  submission?: { id: string; openedAt: string }
  turnstileToken?: string
  source?: LandingSource
  now?: () => Date
  fetchImpl?: typeof fetch
  timeoutMs?: number
}

/**
 * Sends a lead. With no endpoint configured nothing is transmitted: the spec's 1-second simulation.
 * With one, a single JSON POST; anything but a 2xx answer within the timeout is a failure, and the
 * caller keeps what the visitor typed.
 */
export async function deliverLead(lead: Lead, options: DeliveryOptions): Promise<DeliveryResult> {
  const {
    endpoint,
    page,
    submission,
    turnstileToken,
    source,
    now = () => new Date(),
    fetchImpl = fetch,
    timeoutMs = DELIVERY_TIMEOUT_MS,
  } = options
  if (!endpoint) {
    await new Promise((resolve) => setTimeout(resolve, SIMULATED_DELAY_MS))
    return { ok: true, simulated: true }
  }

  const payload: LeadPayload = {
    ...trimLead(lead),
    page,
    submittedAt: now().toISOString(),
    ...submission,
    ...(turnstileToken ? { 'cf-turnstile-response': turnstileToken } : {}),
    ...(source ? { source } : {}),
  }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: controller.signal,
    })
    if (response.ok) return { ok: true, simulated: false }
    const fields = response.status === 422 ? await fieldErrors(response) : undefined
    return { ok: false, reason: 'http', status: response.status, ...(fields ? { fields } : {}) }
  } catch {
    return { ok: false, reason: controller.signal.aborted ? 'timeout' : 'network' }
  } finally {
    clearTimeout(timer)
  }
}

/** The `fields` of a 422 answer (edge/leads/endpoint.ts), if it has any. */
async function fieldErrors(response: Response): Promise<FieldErrors | undefined> {
  try {
    const body = (await response.json()) as { fields?: unknown }
    if (!body.fields || typeof body.fields !== 'object') return undefined
    const fields: FieldErrors = {}
    for (const [key, value] of Object.entries(body.fields)) {
      if (['name', 'email', 'phone', 'service', 'message'].includes(key) && typeof value === 'string')
        fields[key as keyof Lead] = value
    }
    return Object.keys(fields).length > 0 ? fields : undefined
  } catch {
    return undefined
  }
}

export function trimLead(lead: Lead): Lead {
  return {
    name: lead.name.trim(),
    email: lead.email.trim(),
    phone: lead.phone.trim(),
    service: lead.service,
    message: lead.message.trim(),
  }
}

/** A WhatsApp chat prefilled with the lead, for when the form could not deliver it. */
export function leadWhatsappLink(lead: Lead): string {
  const { name, service, message, phone } = trimLead(lead)
  const lines = [
    `Hola, ${site.brand}. Soy ${name || 'un cliente'} y me gustaría una cotización.`,
    service ? `Servicio: ${service}` : '',
    phone ? `Mi teléfono: ${phone}` : '',
    message ? `Mensaje: ${message}` : '',
  ].filter(Boolean)
  return whatsappLink(lines.join('\n'))
}

/** The submission of the current draft: its id (sent on every retry) and when it was started. */
export interface Submission {
  id: string
  openedAt: string
}

/**
 * The current draft's submission, its id made at the first send and kept in the draft's submission store
 * (src/leads/draft.ts: this page's memory, and localStorage when the browser allows it), where markOpened noted
 * when filling in began. So every retry of one send (after a timeout, a 5xx, a network error, the button pressed
 * again, a reload) is the same submission and the endpoint stores it once, even with site storage blocked. With
 * no opened time noted (a draft restored without one), filling in began at the latest when the page was opened.
 */
export function currentSubmission(
  store: SubmissionStore,
  pageOpened: () => Date = () => new Date(performance.timeOrigin),
): Submission {
  let opened: string | undefined
  try {
    const saved = JSON.parse(store.read() ?? 'null') as Partial<Submission> | null
    if (saved && typeof saved.id === 'string' && typeof saved.openedAt === 'string')
      return { id: saved.id, openedAt: saved.openedAt }
    if (saved && typeof saved.openedAt === 'string') opened = saved.openedAt
  } catch {
    // A damaged entry: start a new submission.
  }
  const submission = { id: newSubmissionId(), openedAt: opened ?? pageOpened().toISOString() }
  store.write(JSON.stringify(submission))
  return submission
}

/** A random UUID (v4); crypto.randomUUID needs a secure context, getRandomValues does not. */
function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
