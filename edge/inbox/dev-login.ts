/**
 * A one-time sign-in link for local work (GitHub cannot be reached offline): `npm start` makes a token
 * with makeDevLoginLink, passes it to wrangler as INBOX_DEV_LOGIN_TOKEN and prints the link.
 * GET /api/inbox/dev-login?token=… signs in as `local` only when that variable is set, the request was
 * made to 127.0.0.1/localhost, and the token is right and unused; otherwise 404, like any unknown path.
 * Single use within the running server (the used tokens are kept in memory: a restart makes a new one).
 * Its session is a `local` one (./session-store.ts): there is no GitHub to ask again, so it lasts the cookie's
 * 12 hours, and «Salir» ends it like any other.
 */
import type { InboxContext } from './env'
import { isLoopback, randomToken, redirect } from '../http'
import { INBOX_PATH, noticePage } from './notice-page'
import { MIN_SECRET_LENGTH, newSession, sessionCookie, signSession } from './session'
import { SCHEMA_BEHIND, storeSession } from './session-store'
import { isSchemaError } from '../leads/schema'

export const DEV_LOGIN_PATH = '/api/inbox/dev-login'
export const DEV_LOGIN_NAME = 'local'

const used = new Set<string>()

/** A fresh token and its link on the local server at `origin` (e.g. http://127.0.0.1:8788). */
export function makeDevLoginLink(
  origin: string,
  token: string = randomToken(32),
): { token: string; url: string } {
  const url = new URL(DEV_LOGIN_PATH, origin)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new Error(`the local sign-in link works on loopback only, not on ${url.hostname}`)
  url.searchParams.set('token', token)
  return { token, url: url.href }
}

export async function devLogin({ request, env }: InboxContext): Promise<Response> {
  const expected = env.INBOX_DEV_LOGIN_TOKEN ?? ''
  if (expected.length < 16 || !isLoopback(request))
    return noticePage(404, 'No encontrado', 'Esta dirección no existe.')
  const token = new URL(request.url).searchParams.get('token') ?? ''
  if (token !== expected || used.has(token))
    return noticePage(403, 'Enlace no válido', 'Este enlace de acceso local ya se usó o no es correcto.')
  if ((env.SESSION_SECRET ?? '').length < MIN_SECRET_LENGTH || !env.DB)
    return noticePage(
      503,
      'La bandeja no está configurada',
      `Falta ${env.DB ? 'SESSION_SECRET' : 'la base de datos (DB)'} (docs/inbox.md).`,
    )
  const session = newSession(DEV_LOGIN_NAME)
  try {
    await storeSession(env.DB, session, 'local')
  } catch (error) {
    if (!isSchemaError(error)) throw error
    return noticePage(503, 'La bandeja no está configurada', SCHEMA_BEHIND)
  }
  used.add(token)
  const cookie = await signSession(session, env.SESSION_SECRET)
  return redirect(INBOX_PATH, [['Set-Cookie', sessionCookie(request, cookie)]])
}
