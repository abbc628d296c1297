import { site, whatsappLink } from '../config/site'
import type { Lead } from './lead-fields'

export type { Lead }

/** What the lead endpoint receives: the lead, the page it came from and when it was sent. */
export interface LeadPayload extends Lead {
  page: string
  submittedAt: string
}

export type DeliveryResult =
  | { ok: true; simulated: boolean }
  | { ok: false; reason: 'http'; status: number }
  | { ok: false; reason: 'network' | 'timeout' }

/** The spec's simulated sending delay. */
export const SIMULATED_DELAY_MS = 1000
/** A lead endpoint that has not answered after this long is treated as a failure. */
export const DELIVERY_TIMEOUT_MS = 15_000

interface DeliveryOptions {
  endpoint: string
  page: string
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
    now = () => new Date(),
    fetchImpl = fetch,
    timeoutMs = DELIVERY_TIMEOUT_MS,
  } = options
  if (!endpoint) {
    await new Promise((resolve) => setTimeout(resolve, SIMULATED_DELAY_MS))
    return { ok: true, simulated: true }
  }

  const payload: LeadPayload = { ...trimLead(lead), page, submittedAt: now().toISOString() }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: controller.signal,
    })
    return response.ok
      ? { ok: true, simulated: false }
      : { ok: false, reason: 'http', status: response.status }
  } catch {
    return { ok: false, reason: controller.signal.aborted ? 'timeout' : 'network' }
  } finally {
    clearTimeout(timer)
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
