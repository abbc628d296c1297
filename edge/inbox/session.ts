/**
 * The inbox's session: a cookie the server signs and nobody else can make.
 *
 * Value: `<payload>.<signature>`, both base64url; the payload is JSON `{ v, login, exp, csrf }` and the
 * signature HMAC-SHA-256 of the payload's text with SESSION_SECRET (crypto.subtle, verified in constant
 * time by `crypto.subtle.verify`). It names the GitHub login and carries the per-session CSRF token; the
 * GitHub token is never kept. Cookie: HttpOnly (no script reads it), Secure, SameSite=Strict (no other
 * site's page sends it), Path=/ (the page and /api/inbox/), Max-Age = the session's life.
 * Stateless: signing out deletes the cookie; rotating SESSION_SECRET ends every session at once.
 */
import { base64url, cookieValue, fromBase64url, randomToken } from './http'

export const SESSION_COOKIE = 'aquapuebla_inbox'
/** How long a sign-in lasts: a working day. */
export const SESSION_SECONDS = 12 * 60 * 60
/** A shorter secret is refused: the whole sign-in rests on it. */
export const MIN_SECRET_LENGTH = 32

export interface Session {
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
  return { login, exp: Math.floor(now / 1000) + SESSION_SECONDS, csrf: randomToken(24) }
}

export async function signSession(session: Session, secret: string | undefined): Promise<string> {
  if (!usableSecret(secret))
    throw new Error(`SESSION_SECRET must have at least ${MIN_SECRET_LENGTH} characters`)
  const payload = base64url(encoder.encode(JSON.stringify({ v: 1, ...session })))
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
  const { v, login, exp, csrf } = data as Record<string, unknown>
  if (v !== 1 || typeof login !== 'string' || typeof exp !== 'number' || typeof csrf !== 'string') return null
  if (exp * 1000 <= now) return null
  return { login, exp, csrf }
}

/** The Set-Cookie header that starts a session. */
export function sessionCookie(value: string): string {
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly; Secure; SameSite=Strict`
}

/** The Set-Cookie header that ends it. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`
}

/** The request's valid session, or null. */
export function sessionOf(
  request: Request,
  secret: string | undefined,
  now = Date.now(),
): Promise<Session | null> {
  return verifySession(cookieValue(request, SESSION_COOKIE), secret, now)
}
