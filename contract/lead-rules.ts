/**
 * The quote form's rules, once for the form and the lead endpoint (edge/leads/validate.ts): the services a
 * visitor can choose, the longest value each field takes, and what counts as an email or a phone.
 */

/** The services of the form's list (the spec's seven options), as the endpoint accepts them. */
export const SERVICE_OPTIONS = [
  'Construcción de Alberca Nueva',
  'Mantenimiento Regular',
  'Reparación de Alberca',
  'Sistema de Filtración',
  'Renovación/Remodelación',
  'Servicio de Emergencia',
  'Consulta General',
] as const

export const MAX_LENGTH = { name: 120, email: 254, phone: 30, service: 80, message: 5000 } as const

/**
 * The browser's own check of `<input type="email">` (HTML's "valid e-mail address"), so that what the
 * form lets through the endpoint accepts.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** A Mexican number has 10 digits (plus 52 and the like from abroad); separators are free. */
export const MIN_PHONE_DIGITS = 10

/**
 * The longest value each fact about a lead's source keeps (contract/lead-source.ts): the landing path as the
 * page path, a host name as DNS allows, a campaign tag as an owner would write one. The page trims the tags to
 * these before sending; the endpoint cuts whatever arrives to them and never refuses a lead for its source.
 */
export const SOURCE_MAX_LENGTH = { landing: 200, referrer: 253, tag: 100 } as const
