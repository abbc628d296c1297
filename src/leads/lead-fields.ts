/** The quote form's fields: light enough for the page's first load (delivery lives in lead.ts). */

/** What the visitor types into the quote form. */
export interface Lead {
  name: string
  email: string
  phone: string
  service: string
  message: string
}

export const emptyLead: Lead = { name: '', email: '', phone: '', service: '', message: '' }

export const leadFields = [
  'name',
  'email',
  'phone',
  'service',
  'message',
] as const satisfies readonly (keyof Lead)[]
