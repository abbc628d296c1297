/**
 * The three ways the owner answers a client with one tap: a call, WhatsApp with a prefilled greeting
 * naming the client and the service they asked about, an e-mail with a subject. Pure functions of the lead's
 * fields, shared by the inbox (src/inbox/components/contact-actions.tsx) and the owner's alerts and reminders (edge/leads/messages.ts).
 */

/** The number as a `tel:` target: digits with a leading + when the client typed one. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`
}

/**
 * wa.me wants the full international number in digits. A ten-digit Mexican number (what the form asks
 * for) gets Mexico's country code 52; a number typed with its code is kept as it is.
 */
export function whatsappDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return digits.length === 10 ? `52${digits}` : digits
}

/** The client's first name, for a greeting ("Ana" of "Ana María López"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}

/**
 * "Hola Ana, te escribo por tu solicitud de cotización de mantenimiento regular.": the client's name and the
 * service they asked about. No company name: the chat opens from the company's own WhatsApp, and the alerts
 * (sent by the schedule, which does not read the content) write the same greeting as the inbox.
 */
export function whatsappGreeting(name: string, service: string): string {
  const first = firstName(name)
  const about = service.trim() ? ` de ${service.trim().toLowerCase()}` : ''
  return `Hola${first ? ` ${first}` : ''}, te escribo por tu solicitud de cotización${about}.`
}

export function whatsappHref(phone: string, name: string, service: string): string {
  return `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(whatsappGreeting(name, service))}`
}

export function mailtoHref(email: string, service: string, brand: string): string {
  const subject = `Tu solicitud de cotización${service ? ` de ${service.toLowerCase()}` : ''} — ${brand}`
  return `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`
}
