/**
 * A signed-in owner for the inbox's API in Node (edge/inbox/): a session signed with the tests' SESSION_SECRET,
 * stored in D1 as a sign-in stores it (decision 046), its cookie, and a call to the API the way the inbox page
 * makes it (same origin, the cookie and the session's CSRF token).
 */
import { handleInbox } from '../../edge/inbox/api'
import type { D1Database, InboxEnv } from '../../edge/inbox/env'
import { SESSION_COOKIE, newSession, signSession } from '../../edge/inbox/session'
import { storeSession, type SessionKind } from '../../edge/inbox/session-store'

export const SITE = 'https://www.aquapuebla.mx'
export const SECRET = 'una-clave-de-prueba-de-32-caracteres-o-mas'
/** The API's answer to a request without a valid session. */
export const NOT_SIGNED_IN = { error: 'Inicia sesión para ver las solicitudes.' }

/** `db`: where the session is stored (none: signed only); `at`: when it was opened (ms). */
export async function ownerSession(
  db: D1Database | undefined,
  { login = 'duena', at = Date.now(), kind = 'github' as SessionKind } = {},
) {
  const session = newSession(login, at)
  if (db) await storeSession(db, session, kind, at)
  const cookie = `${SESSION_COOKIE}=${await signSession(session, SECRET)}`
  const env: InboxEnv = { DB: db, SESSION_SECRET: SECRET }
  const call = (route: string, init: RequestInit = {}, environment = env) =>
    handleInbox({
      request: new Request(`${SITE}/api/inbox/${route}`, {
        ...init,
        headers: { Cookie: cookie, Origin: SITE, 'X-CSRF-Token': session.csrf, ...init.headers },
      }),
      env: environment,
    })
  return { session, cookie, call }
}
