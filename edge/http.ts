/**
 * Answers of the edge's APIs (the inbox's, the lead endpoint's JSON): never cached, never indexed, never
 * sniffed, never framed. Functions' answers do not get dist/_headers (Cloudflare applies that file to static
 * files only), so they carry their own. Cross-Origin-Resource-Policy binds no-cors requests only: the lead
 * endpoint's CORS answers to ALLOWED_ORIGINS are read as before.
 */

const API_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...API_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  })
}

/** An error with a Spanish message the inbox shows as it is; nothing else about the request. */
export function problem(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: message }, headers)
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { ...API_HEADERS, ...headers } })
}

export function redirect(
  location: string,
  headers: Record<string, string> | [string, string][] = [],
): Response {
  const all = new Headers(API_HEADERS)
  all.set('Location', location)
  for (const [name, value] of Array.isArray(headers) ? headers : Object.entries(headers))
    all.append(name, value)
  return new Response(null, { status: 303, headers: all })
}

export function withApiHeaders(status: number, body: BodyInit, headers: Record<string, string>): Response {
  return new Response(body, { status, headers: { ...API_HEADERS, ...headers } })
}

/** URL-safe random text: state values, CSRF tokens, one-time sign-in tokens. */
export function randomToken(bytes = 24): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

export function base64url(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    return null
  }
}

/** Whether the request was made to this machine (wrangler pages dev), never to a public host name. */
export function isLoopback(request: Request): boolean {
  const host = new URL(request.url).hostname
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]'
}
