/**
 * The page's calls to /api/inbox/ (edge/inbox/api.ts): same origin, the session cookie sent by the
 * browser, the CSRF token in a header on every change. A 401 means the session is over.
 */
import type { Lead, LeadPage, MonthFigures, Status, TapWay } from '../../contract/inbox-api'

export const API = '/api/inbox/'

export interface SessionInfo {
  login: string
  csrf: string
  expiresAt: string
}

export class SignedOut extends Error {}

export class ApiError extends Error {}

let csrf = ''

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  if (init.method && init.method !== 'GET') headers.set('X-CSRF-Token', csrf)
  if (init.body) headers.set('Content-Type', 'application/json')
  const response = await fetch(API + path, {
    ...init,
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
  })
  if (response.status === 401) throw new SignedOut()
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string }
    throw new ApiError(body.error ?? `Error ${response.status}`)
  }
  return (response.status === 204 ? undefined : await response.json()) as T
}

export async function loadSession(): Promise<SessionInfo> {
  const session = await call<SessionInfo>('session')
  csrf = session.csrf
  return session
}

export interface Filter {
  estado: Status | 'todas' | 'por-atender'
  q: string
}

export function filterQuery(filter: Filter): string {
  const params = new URLSearchParams()
  if (filter.estado !== 'por-atender') params.set('estado', filter.estado)
  if (filter.q.trim()) params.set('q', filter.q.trim())
  return params.toString()
}

export function loadLeads(filter: Filter, page: number): Promise<LeadPage> {
  const query = filterQuery(filter)
  return call<LeadPage>(`leads?${query}${query ? '&' : ''}pagina=${page}`)
}

export const exportHref = (filter: Filter) =>
  `${API}export.csv${filterQuery(filter) ? `?${filterQuery(filter)}` : ''}`

export const updateLead = (id: string, change: { status?: Status; note?: string }) =>
  call<Lead>(`leads/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify(change) })

export const deleteLead = (id: string) => call<void>(`leads/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const signOut = () => call<void>('logout', { method: 'POST' })

export const loadLead = (id: string) => call<Lead>(`leads/${encodeURIComponent(id)}`)

/**
 * A tap on Llamar, WhatsApp or Correo: recorded as the first contact. `keepalive`, since the tap also leaves
 * for the phone's dialer, WhatsApp or the mail app.
 */
export const recordContact = (id: string, via: TapWay) =>
  call<Lead>(`leads/${encodeURIComponent(id)}/contacto`, {
    method: 'POST',
    body: JSON.stringify({ via }),
    keepalive: true,
  })

export const undoContact = (id: string) =>
  call<Lead>(`leads/${encodeURIComponent(id)}/contacto`, { method: 'DELETE' })

export const loadFigures = () => call<{ now: string; months: MonthFigures[] }>('cifras')
