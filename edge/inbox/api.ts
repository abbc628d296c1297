/**
 * The inbox's API, every route under /api/inbox/ (functions/api/inbox/[[path]].ts routes here):
 *   GET    login                 → GitHub's consent page (./github-sign-in.ts)
 *   GET    dev-login?token=…     → loopback-only one-time sign-in (./dev-login.ts)
 *   GET    session               → { login, csrf, expiresAt, renew }
 *   GET    leads?estado=&q=&pagina=   → one page of leads («Por atender» by deadline, else newest first),
 *                                  with their notification state and the server's time
 *   GET    leads/:id             → one lead (the link in an alert opens it)
 *   PATCH  leads/:id             → { status?, note? }                        (CSRF-checked)
 *   DELETE leads/:id             → deleted for good                           (CSRF-checked)
 *   POST   leads/:id/contacto    → { via: llamada | whatsapp | correo }: the first contact (CSRF-checked)
 *   DELETE leads/:id/contacto    → «Deshacer»: that first contact undone      (CSRF-checked)
 *   GET    cifras                → this month's and last month's figures of the promise
 *   GET    export.csv?estado=&q= → every match as CSV (./csv.ts), streamed a page of rows at a time
 *   POST   logout                → the session ended for every copy of the cookie, the cookie deleted (CSRF-checked)
 *   …      avisos, avisos/:id, avisos/:id/prueba → the devices notified by push (./push-devices.ts)
 * Without a valid session every route but the two sign-ins answers 401 and the same body, whatever the
 * path or method, so nothing about the data or the routes shows. A valid session is a signed cookie whose row
 * D1 still holds (./session-store.ts, decision 046); one whose GitHub check is too old answers 401 with
 * `renew: true`, and the page renews it through GitHub. With ADMIN_ORIGIN set, every route answers
 * 404 on any other origin (../owner/origin.ts), before anything else.
 */
import type { ContactWay, FiguresAnswer, Lead, ProblemAnswer, SessionAnswer } from '../../contract/inbox-api'
import { ownerNumeric } from '../../contract/owner-time'
import {
  deleteLead,
  filterFrom,
  isTapWay,
  leadPages,
  listLeads,
  monthFigures,
  oneLead,
  readChange,
  recordContact,
  undoContact,
  updateLead,
} from './store'
import { testClock } from '../leads/clock'
import { isSameOriginChange } from './csrf'
import { devLogin } from './dev-login'
import type { InboxContext } from './env'
import { startInboxSignIn } from './github-sign-in'
import { empty, json, problem, withApiHeaders } from '../http'
import { clearedSessionCookie, sessionOf } from './session'
import { SCHEMA_BEHIND, endSession, sessionStanding } from './session-store'
import { isSchemaError } from '../leads/schema'
import { isOwnersOrigin } from '../owner/origin'
import { CSV_BOM, csvLine, toCsv } from './csv'
import { handleDevices, isDevicesRoute } from './push-devices'

export const API_PREFIX = '/api/inbox/'
const LEAD_PATH = /^leads\/([A-Za-z0-9_-]{1,64})$/
const CONTACT_PATH = /^leads\/([A-Za-z0-9_-]{1,64})\/contacto$/

const NOT_SIGNED_IN = 'Inicia sesión para ver las solicitudes.'
const NO_DATABASE = 'La base de datos de solicitudes no está conectada (binding DB).'

export async function handleInbox(context: InboxContext): Promise<Response> {
  const { request, env } = context
  const url = new URL(request.url)
  const route = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : ''
  const method = request.method

  // 0. Only on the owner's origin, when the site has one.
  if (!isOwnersOrigin(request, env)) return problem(404, 'No encontrado.')

  // 1. The sign-ins: reachable without a session.
  if (route === 'login') return method === 'GET' ? startInboxSignIn(context) : notAllowed('GET')
  if (route === 'dev-login') return method === 'GET' ? devLogin(context) : notAllowed('GET')

  // 2. Everything else needs a signed session (no database read without one); changes need the CSRF checks too.
  const session = await sessionOf(request, env.SESSION_SECRET)
  if (!session) return problem(401, NOT_SIGNED_IN)
  const changes = method !== 'GET' && method !== 'HEAD'
  if (changes && !isSameOriginChange(request, session))
    return problem(403, 'La petición no vino de la bandeja. Recarga la página.')
  const db = env.DB
  if (!db) return problem(503, NO_DATABASE)

  // 3. «Salir» ends the session in D1, whatever its standing (a stale one too: never renewed afterwards).
  if (route === 'logout') {
    if (method !== 'POST') return notAllowed('POST')
    try {
      await endSession(db, session)
    } catch (error) {
      console.error('inbox: ending a session failed', error)
      return problem(
        503,
        isSchemaError(error) ? SCHEMA_BEHIND : 'No se pudo cerrar la sesión. Inténtalo de nuevo.',
      )
    }
    return empty(204, { 'Set-Cookie': clearedSessionCookie(request) })
  }

  // 4. The session must still be open in D1 (one read by primary key).
  let standing
  try {
    standing = await sessionStanding(db, session)
  } catch (error) {
    if (!isSchemaError(error)) throw error
    return problem(503, SCHEMA_BEHIND)
  }
  if (standing === 'ended') return problem(401, NOT_SIGNED_IN)
  if (standing === 'stale') return json(401, { error: NOT_SIGNED_IN, renew: true } satisfies ProblemAnswer)

  // 5. The routes.
  if (route === 'session') {
    if (method !== 'GET') return notAllowed('GET')
    const answer: SessionAnswer = {
      login: session.login,
      csrf: session.csrf,
      expiresAt: new Date(session.exp * 1000).toISOString(),
      renew: standing === 'due',
    }
    return json(200, answer)
  }
  const now = (await testClock(env))()
  if (isDevicesRoute(route)) return handleDevices(request, env, db, { route, login: session.login, now })
  if (route === 'leads') {
    if (method !== 'GET') return notAllowed('GET')
    const page = Number.parseInt(url.searchParams.get('pagina') ?? '1', 10)
    return json(200, await listLeads(db, filterFrom(url.searchParams), Number.isFinite(page) ? page : 1, now))
  }
  if (route === 'cifras') {
    if (method !== 'GET') return notAllowed('GET')
    const answer: FiguresAnswer = { now: now.toISOString(), months: await monthFigures(db, now) }
    return json(200, answer)
  }
  const contactId = CONTACT_PATH.exec(route)?.[1]
  if (contactId) {
    if (method === 'POST') {
      let via: unknown
      try {
        via = ((await request.json()) as { via?: unknown } | null)?.via
      } catch {
        return problem(400, 'Contacto no válido.')
      }
      if (!isTapWay(via)) return problem(422, 'Contacto no válido.')
      const lead = await recordContact(db, contactId, via, now)
      return lead ? json(200, lead) : problem(404, 'Esa solicitud ya no existe.')
    }
    if (method === 'DELETE') {
      const lead = await undoContact(db, contactId, now)
      return lead ? json(200, lead) : problem(404, 'Esa solicitud ya no existe.')
    }
    return notAllowed('POST, DELETE')
  }
  if (route === 'export.csv') {
    if (method !== 'GET') return notAllowed('GET')
    return csvAnswer(leadPages(db, filterFrom(url.searchParams)), now)
  }
  const id = LEAD_PATH.exec(route)?.[1]
  if (id) {
    if (method === 'GET') {
      const lead = await oneLead(db, id)
      return lead ? json(200, lead) : problem(404, 'Esa solicitud ya no existe.')
    }
    if (method === 'PATCH') {
      let body: unknown
      try {
        body = await request.json()
      } catch {
        return problem(400, 'Cambio no válido.')
      }
      const change = readChange(body)
      if (typeof change === 'string') return problem(422, change)
      const lead = await updateLead(db, id, change, now)
      return lead ? json(200, lead) : problem(404, 'Esa solicitud ya no existe.')
    }
    if (method === 'DELETE')
      return (await deleteLead(db, id)) ? empty(204) : problem(404, 'Esa solicitud ya no existe.')
    return notAllowed('GET, PATCH, DELETE')
  }
  return problem(404, 'No encontrado.')
}

const notAllowed = (allow: string) => problem(405, 'Método no permitido.', { Allow: allow })

/** Dates as the owner reads them: Puebla's local time, `2026-11-25 09:15`, which Excel takes as a date. */
export function localDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : ownerNumeric(date)
}

export const CSV_HEADER = [
  'Fecha',
  'Nombre',
  'Teléfono',
  'Correo',
  'Servicio',
  'Mensaje',
  'Estado',
  'Plazo',
  'Primer contacto',
  'Minutos hasta el primer contacto',
  'Contacto por',
  'Nota',
  'Página',
  'ID',
]

const minutesBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000))

const CONTACT_WAY_CSV: Record<ContactWay, string> = {
  estado: 'cambio de estado',
  llamada: 'llamada',
  whatsapp: 'WhatsApp',
  correo: 'correo',
}

const csvRow = (lead: Lead): unknown[] => [
  localDateTime(lead.created_at),
  lead.name,
  lead.phone,
  lead.email,
  lead.service,
  lead.message,
  lead.status,
  lead.due_at ? localDateTime(lead.due_at) : '',
  lead.first_contact_at ? localDateTime(lead.first_contact_at) : '',
  lead.first_contact_at ? minutesBetween(lead.created_at, lead.first_contact_at) : '',
  lead.first_contact_via ? CONTACT_WAY_CSV[lead.first_contact_via] : '',
  lead.note,
  lead.page,
  lead.id,
]

/** The whole file of these leads at once (the unit tests' view of one page). */
export function leadsCsv(leads: readonly Lead[]): string {
  return toCsv(CSV_HEADER, leads.map(csvRow))
}

/**
 * The file as a stream: the BOM and the header, then each page of rows as the store reads it. The Worker
 * holds one page at a time (edge/inbox/store.ts, EXPORT_PAGE_SIZE), however many leads the owner has; the
 * bytes are those of leadsCsv over every page.
 */
function csvAnswer(pages: AsyncGenerator<Lead[]>, now: Date): Response {
  const day = localDateTime(now.toISOString()).slice(0, 10)
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${CSV_BOM}${csvLine(CSV_HEADER)}`))
    },
    async pull(controller) {
      const next = await pages.next()
      if (next.done) return controller.close()
      controller.enqueue(encoder.encode(next.value.map((lead) => csvLine(csvRow(lead))).join('')))
    },
    async cancel() {
      await pages.return(undefined)
    },
  })
  return withApiHeaders(200, body, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="solicitudes-${day}.csv"`,
  })
}
