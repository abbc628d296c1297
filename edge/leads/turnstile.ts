/**
 * Cloudflare Turnstile's server-side check (siteverify), only when TURNSTILE_SECRET_KEY is set
 * (developers.cloudflare.com/turnstile/get-started/server-side-validation/). What each answer means here:
 *   - passed: `success: true` for a token served on one of the site's own hostnames;
 *   - again (nothing is stored; the visitor is told the message was not sent, with the phone and WhatsApp, and
 *     the form asks the widget for a fresh token: decision 040): no token at all (a post without JavaScript, a
 *     network that blocks Cloudflare's challenge, a send before the widget had one), or one Turnstile no longer
 *     takes (`timeout-or-duplicate`: expired, or already used by another send);
 *   - failed (the lead is set aside as spam): a token longer than Turnstile ever issues (2048 characters:
 *     refused without asking), `success: false` for the token, a hostname that is not the site's, any 4xx, or an
 *     answer that is not siteverify's JSON;
 *   - unavailable (the lead goes through unchecked, logged): no answer in time, a network error, a 5xx, or
 *     siteverify's own `internal-error`: a person must not lose a request because the check was down;
 *   - misconfigured (the lead goes through unchecked, logged loudly, counted for the owner's summary): the
 *     secret is missing or wrong (`missing-input-secret`, `invalid-input-secret`); not the visitor's fault.
 * The lead's submission id is sent as `idempotency_key`, so a retry of the same send is answered the same way
 * instead of `timeout-or-duplicate`.
 */
import { testOverride } from '../test-only'
import type { LeadEnv } from './env'

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** "A Turnstile token can have up to 2048 characters." */
export const MAX_TOKEN_LENGTH = 2048

export type TurnstileVerdict =
  | { result: 'off' }
  | { result: 'passed' }
  | { result: 'again'; why: string }
  | { result: 'failed'; why: string }
  | { result: 'unavailable'; why: string }
  | { result: 'misconfigured'; why: string }

const SECRET_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret'])

export interface TurnstileCheck {
  token: string
  /** The client's address, canonical, or null when unknown. */
  remoteip: string | null
  /** The hostnames a token may have been served on: SITE_URL's, the request's, ALLOWED_ORIGINS'. */
  hostnames: Set<string>
  idempotencyKey: string
  timeoutMs?: number
}

export async function verifyTurnstile(env: LeadEnv, check: TurnstileCheck): Promise<TurnstileVerdict> {
  if (!env.TURNSTILE_SECRET_KEY) return { result: 'off' }
  const { token, remoteip, hostnames, idempotencyKey, timeoutMs = 5000 } = check
  if (!token) return { result: 'again', why: 'no token' }
  if (token.length > MAX_TOKEN_LENGTH)
    return { result: 'failed', why: `a token of ${token.length} characters` }
  const body = new FormData()
  body.set('secret', env.TURNSTILE_SECRET_KEY)
  body.set('response', token)
  if (remoteip) body.set('remoteip', remoteip)
  body.set('idempotency_key', idempotencyKey)
  let response: Response
  try {
    response = await fetch(
      testOverride('TURNSTILE_VERIFY_URL', env.TURNSTILE_VERIFY_URL) ?? TURNSTILE_VERIFY_URL,
      {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(timeoutMs),
      },
    )
  } catch (error) {
    return { result: 'unavailable', why: `no answer: ${String(error)}` }
  }
  if (response.status >= 500) {
    await response.arrayBuffer().catch(() => undefined)
    return { result: 'unavailable', why: `HTTP ${response.status}` }
  }
  let answer: { success?: unknown; hostname?: unknown; 'error-codes'?: unknown }
  try {
    answer = (await response.json()) as typeof answer
    if (!answer || typeof answer !== 'object') throw new Error('not an object')
  } catch {
    return { result: 'failed', why: `HTTP ${response.status} with an answer that is not siteverify's JSON` }
  }
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : []
  if (codes.some((code) => SECRET_ERRORS.has(code)))
    return { result: 'misconfigured', why: `siteverify says ${codes.join(', ')}: check TURNSTILE_SECRET_KEY` }
  if (codes.includes('internal-error')) return { result: 'unavailable', why: 'siteverify internal-error' }
  if (!response.ok) return { result: 'failed', why: `HTTP ${response.status} (${codes.join(', ')})` }
  if (answer.success !== true && codes.includes('timeout-or-duplicate'))
    return { result: 'again', why: 'timeout-or-duplicate' }
  if (answer.success !== true) return { result: 'failed', why: codes.join(', ') || 'success is not true' }
  if (typeof answer.hostname !== 'string' || !hostnames.has(answer.hostname.toLowerCase()))
    return { result: 'failed', why: `served on ${String(answer.hostname)}, not one of the site's hostnames` }
  return { result: 'passed' }
}
