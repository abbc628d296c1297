/**
 * Leads for the inbox's tests, as POST /api/leads stores them (migrations/0001_leads.sql): newest first
 * is Sofía, then Ana, then the one with markup in every field, a formula in a name, an older one; four set
 * aside as spam, one per reason the endpoint writes (two honeypots, a failed Turnstile check) and Mariana, a
 * real client an old rule filed as `too-fast` (her browser blocked site storage: issue 30); notification rows
 * in each state the inbox shows.
 */
import type { Lead } from '../../contract/inbox-api'
import type { LeadRow } from '../../contract/lead-row'

export type SeedLead = Omit<LeadRow, 'page'> & Pick<Lead, 'status'> & { spam_reason?: string }

export const MARKUP = '<img src=x onerror=alert(1)>'
export const FORMULA = '=HYPERLINK("http://evil.example","Ver")'

export const SEED_LEADS: SeedLead[] = [
  {
    id: 'lead-sofia',
    created_at: '2026-11-25T15:40:00.000Z',
    name: 'Sofía Ramírez Núñez',
    email: 'sofia@example.com',
    phone: '222 555 0142',
    service: 'Construcción de alberca',
    message: '¿Cuánto cuesta una alberca de 4×8 m?\nTenemos jardín de 200 m².',
    status: 'nuevo',
  },
  {
    id: 'lead-ana',
    created_at: '2026-11-25T12:05:00.000Z',
    name: 'Ana López',
    email: 'ana.lopez@example.com',
    phone: '222 555 0101',
    service: 'Mantenimiento regular',
    message: 'Quiero mantenimiento cada semana.',
    status: 'nuevo',
  },
  {
    id: 'lead-markup',
    created_at: '2026-11-24T18:00:00.000Z',
    name: MARKUP,
    email: 'x@example.com',
    phone: '222 555 0199',
    service: 'Reparación de fugas',
    message: `<script>alert("x")</script> ${MARKUP}`,
    status: 'nuevo',
  },
  {
    id: 'lead-formula',
    created_at: '2026-11-23T09:30:00.000Z',
    name: FORMULA,
    email: 'formula@example.com',
    phone: '+52 222 555 0177',
    service: 'Calentadores',
    message: 'Texto normal, con "comillas" y acentos: ñandú.',
    status: 'cotizado',
  },
  {
    id: 'lead-old',
    created_at: '2026-10-02T16:00:00.000Z',
    name: 'Carlos Méndez',
    email: 'carlos@example.com',
    phone: '2225550111',
    service: 'Limpieza profunda',
    message: 'Gracias por todo.',
    status: 'ganado',
  },
  {
    id: 'lead-spam',
    created_at: '2026-11-25T16:00:00.000Z',
    name: 'Casino Bonus',
    email: 'bot@spam.example',
    phone: '0000000000',
    service: 'Otro',
    message: 'Gana dinero rápido',
    status: 'spam',
    spam_reason: 'honeypot',
  },
  {
    id: 'lead-mariana',
    created_at: '2026-11-25T14:20:00.000Z',
    name: 'Mariana Torres',
    email: 'mariana.torres@example.com',
    phone: '222 555 0188',
    service: 'Reparación de Alberca',
    message: 'Se nos descompuso la bomba de la alberca. ¿Pueden venir esta semana?',
    status: 'spam',
    spam_reason: 'too-fast',
  },
  {
    id: 'lead-spam-prestamos',
    created_at: '2026-11-24T03:12:00.000Z',
    name: 'Préstamos YA',
    email: 'ofertas@spam.example',
    phone: '1111111111',
    service: 'Consulta General',
    message: 'Crédito inmediato sin buró',
    status: 'spam',
    spam_reason: 'honeypot',
  },
  {
    id: 'lead-spam-seo',
    created_at: '2026-11-23T22:40:00.000Z',
    name: 'Oferta SEO',
    email: 'seo@spam.example',
    phone: '2222222222',
    service: 'Consulta General',
    message: 'Posicionamos tu sitio en Google',
    status: 'spam',
    spam_reason: 'turnstile',
  },
]

/** The spam leads' names, newest first. */
export const SPAM_NAMES = ['Casino Bonus', 'Mariana Torres', 'Préstamos YA', 'Oferta SEO']

const sql = (value: unknown) => (value == null ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`)

/** The columns a seed lead gives; `page`, `note` and `updated_at` are the same for every one. */
const COLUMNS = ['id', 'created_at', 'name', 'email', 'phone', 'service', 'message', 'status', 'spam_reason']

export function seedStatements(leads: SeedLead[] = SEED_LEADS): string[] {
  const rows = leads.map(
    (lead) =>
      `INSERT INTO leads (${COLUMNS.join(', ')}, page, note, updated_at) VALUES (${COLUMNS.map((column) => sql(lead[column as keyof SeedLead])).join(', ')}, '/contacto', '', ${sql(lead.created_at)})`,
  )
  const notifications = [
    ['lead-sofia', 'email', 'delivered', 1, null],
    ['lead-sofia', 'webhook', 'pending', 2, 'HTTP 500'],
    ['lead-ana', 'email', 'failed', 12, 'timeout'],
    ['lead-old', 'email', 'delivered', 1, null],
  ].map(
    ([lead, channel, state, attempts, error]) =>
      `INSERT INTO notifications (lead_id, channel, state, attempts, next_attempt_at, last_error) VALUES ('${lead}', '${channel}', '${state}', ${attempts}, '2026-11-25T16:00:00.000Z', ${error ? `'${error}'` : 'NULL'})`,
  )
  return [...rows, ...notifications]
}
