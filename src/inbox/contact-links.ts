/**
 * The three ways the owner answers a client with one tap: a call, WhatsApp with a prefilled greeting
 * naming the client and the company, an e-mail with a subject. Pure functions of the lead's fields.
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

export function whatsappGreeting(name: string, brand: string): string {
  const first = firstName(name)
  return `Hola${first ? ` ${first}` : ''}, te escribo de ${brand} por tu solicitud de cotización.`
}

export function whatsappHref(phone: string, name: string, brand: string): string {
  return `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(whatsappGreeting(name, brand))}`
}

export function mailtoHref(email: string, service: string, brand: string): string {
  const subject = `Tu solicitud de cotización${service ? ` de ${service.toLowerCase()}` : ''} — ${brand}`
  return `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`
}
