/**
 * The page's calls to /api/inbox/ (edge/inbox/api.ts), typed by the contract both sides import
 * (contract/inbox-api.ts): same origin, the session cookie sent by the browser, the CSRF token in a header on
 * every change. A 401 means the session is over, or must be renewed through GitHub first (`SignedOut`, its
 * `renew`); any other error carries the API's Spanish
 * sentence (`ApiError`). The app takes an `InboxApi` (src/inbox/app.tsx), so the unit tests hand it their own.
 */
import {
  DEFAULT_VIEW,
  type ContactTap,
  type FiguresAnswer,
  type Lead,
  type LeadChange,
  type LeadPage,
  type ProblemAnswer,
  type SessionAnswer,
  type TapWay,
  type View,
} from '../../contract/inbox-api'

export const API = '/api/inbox/'

/** A 401. `renew`: the session stands, but GitHub must confirm the account again (decision 046). */
export class SignedOut extends Error {
  constructor(readonly renew = false) {
    super(renew ? 'GitHub must confirm the account again' : 'signed out')
  }
}

/** The GitHub sign-in (a renewal when the page is signed in), back to the alert's lead when there is one. */
export const loginHref = (selectedId: string | null) =>
  `${API}login${selectedId ? `?solicitud=${encodeURIComponent(selectedId)}` : ''}`

export class ApiError extends Error {}

/** What the owner filters the list by: a view and a search. */
export interface Filter {
  view: View
  q: string
}

export interface InboxApi {
  session(): Promise<SessionAnswer>
  leads(filter: Filter, page: number): Promise<LeadPage>
  lead(id: string): Promise<Lead>
  figures(): Promise<FiguresAnswer>
  update(id: string, change: LeadChange): Promise<Lead>
  remove(id: string): Promise<void>
  recordContact(id: string, via: TapWay): Promise<Lead>
  undoContact(id: string): Promise<Lead>
  signOut(): Promise<void>
  /** The CSV of this filter: a link the browser downloads with the session cookie. */
  exportHref(filter: Filter): string
}

/** The query string of a filter: the default view and an empty search are left out. */
export function filterQuery(filter: Filter): string {
  const params = new URLSearchParams()
  if (filter.view !== DEFAULT_VIEW) params.set('estado', filter.view)
  if (filter.q.trim()) params.set('q', filter.q.trim())
  return params.toString()
}

const leadPath = (id: string) => `leads/${encodeURIComponent(id)}`

/** The API over `fetch` (the page's own, or a test's). */
export function createApiClient(fetcher: typeof fetch = (...args) => fetch(...args)): InboxApi {
  let csrf = ''

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers)
    headers.set('Accept', 'application/json')
    if (init.method && init.method !== 'GET') headers.set('X-CSRF-Token', csrf)
    if (init.body) headers.set('Content-Type', 'application/json')
    const response = await fetcher(API + path, {
      ...init,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
    })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as Partial<ProblemAnswer>
      if (response.status === 401) throw new SignedOut(body.renew === true)
      throw new ApiError(body.error ?? `Error ${response.status}`)
    }
    return (response.status === 204 ? undefined : await response.json()) as T
  }

  const send = <T>(method: string, path: string, body?: unknown) =>
    call<T>(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

  return {
    async session() {
      const session = await call<SessionAnswer>('session')
      csrf = session.csrf
      return session
    },
    leads(filter, page) {
      const query = filterQuery(filter)
      return call<LeadPage>(`leads?${query}${query ? '&' : ''}pagina=${page}`)
    },
    lead: (id) => call<Lead>(leadPath(id)),
    figures: () => call<FiguresAnswer>('cifras'),
    update: (id, change: LeadChange) => send<Lead>('PATCH', leadPath(id), change),
    remove: (id) => send<void>('DELETE', leadPath(id)),
    /**
     * A tap on Llamar, WhatsApp or Correo: recorded as the first contact. `keepalive`, since the tap also leaves
     * for the phone's dialer, WhatsApp or the mail app.
     */
    recordContact: (id, via) =>
      call<Lead>(`${leadPath(id)}/contacto`, {
        method: 'POST',
        body: JSON.stringify({ via } satisfies ContactTap),
        keepalive: true,
      }),
    undoContact: (id) => send<Lead>('DELETE', `${leadPath(id)}/contacto`),
    signOut: () => send<void>('POST', 'logout'),
    exportHref(filter) {
      const query = filterQuery(filter)
      return `${API}export.csv${query ? `?${query}` : ''}`
    },
  }
}
