/**
 * The cookies of the owner's tools (the CMS's sign-in state, the inbox's sign-in state and session), one rule
 * for all of them:
 *   - everywhere a browser can reach the site (https, a real host name): `__Host-<name>`, `Secure; Path=/`, no
 *     Domain. A `__Host-` cookie is bound to the one host that set it over HTTPS: a sibling subdomain, a page
 *     on plain HTTP or a network attacker cannot plant one the server would read (RFC 6265bis, "Cookie Name
 *     Prefixes");
 *   - on plain-HTTP loopback only (`wrangler pages dev`, `npm start`, the tests: http://127.0.0.1, localhost,
 *     [::1]): `<name>` without `Secure`. WebKit (WebKitGTK 2.50, measured; Safari likewise) drops every
 *     `Secure` cookie an http:// page sets, loopback included, so a Secure cookie there means no local
 *     sign-in at all; Chromium and Firefox accept it on loopback. Loopback traffic never leaves the machine,
 *     which is what `Secure` protects.
 * A request reads only the name its own context sets, so on the public host a cookie without the prefix is
 * never read, whoever set it. Plain web APIs: unit tests run this in Node, wrangler in workerd.
 */

export const HOST_PREFIX = '__Host-'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Plain HTTP to this machine: the one place a cookie goes without `Secure` and without the prefix. */
export function isLocalHttp(request: Request): boolean {
  const url = new URL(request.url)
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/** The name a cookie has for this request: `__Host-<base>`, or `<base>` on plain-HTTP loopback. */
export function cookieName(request: Request, base: string): string {
  return isLocalHttp(request) ? base : `${HOST_PREFIX}${base}`
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number
  sameSite: 'Strict' | 'Lax'
}

/** The Set-Cookie header for `base` on this request: HttpOnly, Path=/, no Domain, Secure but on local HTTP. */
export function setCookie(request: Request, base: string, value: string, options: CookieOptions): string {
  const secure = isLocalHttp(request) ? '' : '; Secure'
  return `${cookieName(request, base)}=${value}; Path=/; Max-Age=${options.maxAge}; HttpOnly${secure}; SameSite=${options.sameSite}`
}

/** The Set-Cookie header that deletes `base` (same name, path and attributes, so the browser matches it). */
export function clearCookie(request: Request, base: string, sameSite: CookieOptions['sameSite']): string {
  return setCookie(request, base, '', { maxAge: 0, sameSite })
}

/** The value of `name` exactly as named in the request's Cookie header, or undefined. */
export function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

/** The value of `base` under the name this request's context uses (never the other one). */
export function readCookie(request: Request, base: string): string | undefined {
  return cookieValue(request, cookieName(request, base))
}
