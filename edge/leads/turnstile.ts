/**
 * Cloudflare Turnstile's server-side check (siteverify), only when TURNSTILE_SECRET_KEY is set. A token
 * that fails files the lead as spam; Turnstile not answering lets the lead through (a person must not
 * lose a request because a check was down), marked in the log.
 */
import type { LeadEnv } from './env'

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'

export type TurnstileVerdict = 'off' | 'passed' | 'failed' | 'unavailable'

export async function verifyTurnstile(
  env: LeadEnv,
  token: string,
  address: string,
  timeoutMs = 5000,
): Promise<TurnstileVerdict> {
  if (!env.TURNSTILE_SECRET_KEY) return 'off'
  if (!token) return 'failed'
  const body = new FormData()
  body.set('secret', env.TURNSTILE_SECRET_KEY)
  body.set('response', token)
  if (address !== 'unknown') body.set('remoteip', address)
  try {
    const response = await fetch(env.TURNSTILE_VERIFY_URL || TURNSTILE_VERIFY_URL, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) return 'unavailable'
    const answer = (await response.json()) as { success?: boolean }
    return answer.success === true ? 'passed' : 'failed'
  } catch {
    return 'unavailable'
  }
}
