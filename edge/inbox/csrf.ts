/**
 * Cross-site request forgery, three locks on every change (status, note, delete, sign-out):
 *   1. the session cookie is SameSite=Strict, so a request another site starts arrives without it;
 *   2. the request's Origin (or, when a browser sends none, its Sec-Fetch-Site) must be this site;
 *   3. the X-CSRF-Token header must equal the session's own token, which only the inbox's page reads
 *      (GET /api/inbox/session, same origin) and a form on another site can neither read nor send.
 */
import type { Session } from './session'

export const CSRF_HEADER = 'X-CSRF-Token'

/** Whether a state-changing request comes from the inbox's own page in this session. */
export function isSameOriginChange(request: Request, session: Session): boolean {
  const origin = request.headers.get('Origin')
  const own = new URL(request.url).origin
  if (origin !== null) {
    if (origin !== own) return false
  } else if (request.headers.get('Sec-Fetch-Site') !== 'same-origin') return false
  const token = request.headers.get(CSRF_HEADER) ?? ''
  return token.length > 0 && timingSafeEqual(token, session.csrf)
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}
