/**
 * The inbox's session: a cookie the server signs and nobody else can make.
 *
 * Value: `<payload>.<signature>`, both base64url; the payload is JSON `{ v, id, login, exp, csrf }` and the
 * signature HMAC-SHA-256 of the payload's text with SESSION_SECRET (crypto.subtle, verified in constant
 * time by `crypto.subtle.verify`). It names the session (a random id whose row in D1 says whether it is still
 * open: ./session-store.ts) and the GitHub login, and carries the per-session CSRF token; the GitHub token is
 * never kept. Cookie `__Host-aquapuebla_inbox` (../owner/cookies.ts): HttpOnly (no script
 * reads it), Secure, Path=/ (the page and /api/inbox/), no Domain (this host only), SameSite=Strict (no
 * other site's page sends it), Max-Age = the session's life. On plain-HTTP loopback (`npm start`, the
 * tests) it is `aquapuebla_inbox` without Secure, the one form every engine keeps there.
 * A valid signature is necessary, not sufficient: the API also asks D1 whether the session is still open
 * (./session-store.ts, decision 046), so «Salir» ends it for every copy of the cookie. Rotating SESSION_SECRET
 * still ends every session at once.
 */
import { HOST_PREFIX, clearCookie, readCookie, setCookie } from '../owner/cookies'
import { base64url, fromBase64url, randomToken } from '../http'

const SESSION_COOKIE_BASE = 'aquapuebla_inbox'
/** The session cookie's name on the site (https). */
export const SESSION_COOKIE = `${HOST_PREFIX}${SESSION_COOKIE_BASE}`
/** Its name on plain-HTTP loopback (`npm start`, `wrangler pages dev`, the tests). */
export const LOCAL_SESSION_COOKIE = SESSION_COOKIE_BASE
/**
 * How long a cookie lasts, and a session at most: a working day. Within it, GitHub is asked again every hour
 * (./session-store.ts), without the owner signing in again.
 */
export const SESSION_SECONDS = 12 * 60 * 60
/** A shorter secret is refused: the whole sign-in rests on it. */
export const MIN_SECRET_LENGTH = 32

export interface Session {
  /** Random, 32 bytes base64url: the session's row in D1 is keyed by its SHA-256 (./session-store.ts). */
  id: string
  /** The GitHub login (or `local` for the loopback sign-in link). */
  login: string
  /** Expiry, seconds since the epoch. */
  exp: number
  /** Sent back by the page in the X-CSRF-Token header with every change. */
  csrf: string
}

const encoder = new TextEncoder()

function usableSecret(secret: string | undefined): secret is string {
  return typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

/** A new session for `login`, valid from `now` (ms) for SESSION_SECONDS. */
export function newSession(login: string, now = Date.now()): Session {
  return { id: randomToken(32), login, exp: Math.floor(now / 1000) + SESSION_SECONDS, csrf: randomToken(24) }
}

export async function signSession(session: Session, secret: string | undefined): Promise<string> {
  if (!usableSecret(secret))
    throw new Error(`SESSION_SECRET must have at least ${MIN_SECRET_LENGTH} characters`)
  const payload = base64url(encoder.encode(JSON.stringify({ v: 2, ...session })))
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload))
  return `${payload}.${base64url(new Uint8Array(signature))}`
}

/** The session a cookie value names, or null when it is forged, altered, malformed or expired. */
export async function verifySession(
  value: string | undefined,
  secret: string | undefined,
  now = Date.now(),
): Promise<Session | null> {
  if (!value || !usableSecret(secret) || value.length > 2048) return null
  const [payload, signature, extra] = value.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const signatureBytes = fromBase64url(signature)
  if (!signatureBytes) return null
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signatureBytes,
    encoder.encode(payload),
  )
  if (!valid) return null
  let data: unknown
  try {
    data = JSON.parse(new TextDecoder().decode(fromBase64url(payload) ?? new Uint8Array()))
  } catch {
    return null
  }
  if (typeof data !== 'object' || data === null) return null
  // Version 1 (before decision 046) named no session id: such a cookie is no session.
  const { v, id, login, exp, csrf } = data as Record<string, unknown>
  if (v !== 2 || typeof id !== 'string' || !id) return null
  if (typeof login !== 'string' || typeof exp !== 'number' || typeof csrf !== 'string') return null
  if (exp * 1000 <= now) return null
  return { id, login, exp, csrf }
}

/** The Set-Cookie header that starts a session (answering `request`). */
export function sessionCookie(request: Request, value: string): string {
  return setCookie(request, SESSION_COOKIE_BASE, value, { maxAge: SESSION_SECONDS, sameSite: 'Strict' })
}

/** The Set-Cookie header that ends it. */
export function clearedSessionCookie(request: Request): string {
  return clearCookie(request, SESSION_COOKIE_BASE, 'Strict')
}

/** The request's valid session, or null. */
export function sessionOf(
  request: Request,
  secret: string | undefined,
  now = Date.now(),
): Promise<Session | null> {
  return verifySession(readCookie(request, SESSION_COOKIE_BASE), secret, now)
}
