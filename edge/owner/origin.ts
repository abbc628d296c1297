/**
 * The owner's tools on an origin of their own (docs/decisions/027-the-owners-tools-on-their-own-origin.md).
 * With ADMIN_ORIGIN set (e.g. `https://admin.aquapuebla.mx`, a second custom domain of the same Pages
 * project), the CMS (/admin/), the inbox (/admin/solicitudes/), the inbox's API (/api/inbox/*) and both GitHub
 * sign-ins (/api/auth, /api/callback, /api/callback/solicitudes) answer only there:
 *   - a page under /admin/ asked for on any other host (the public site, a pages.dev preview) is a 307 to the same
 *     path on ADMIN_ORIGIN (functions/admin/_middleware.ts: adminPagesGate);
 *   - the API and the sign-ins answer 404 on any other host (onAdminOrigin, checked by each handler first).
 * So no script a public page loads (analytics after consent, Turnstile's widget) runs on the origin that holds
 * the CMS's GitHub token (Decap keeps it in localStorage) or the inbox's session cookie. What the admin host
 * answers for the public paths is in the host rules (scripts/hosts/host-rules.ts, adminHostHeaders): the same
 * files, sandboxed, so none of their scripts runs there.
 * Without ADMIN_ORIGIN everything stays on the site's own origin, as before.
 */

export interface AdminOriginEnv {
  /** `https://host[:port]`, exactly an origin; `http:` only for loopback (tests). Empty: the site's own. */
  ADMIN_ORIGIN?: string
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** ADMIN_ORIGIN checked, or null when unset. A malformed value throws (a configuration error, never a guess). */
export function adminOrigin(env: AdminOriginEnv): string | null {
  const value = (env.ADMIN_ORIGIN ?? '').trim()
  if (!value) return null
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    // reported below
  }
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.has(url.hostname))
  if (!url || !secure || url.origin !== value.replace(/\/+$/, ''))
    throw new Error(
      `ADMIN_ORIGIN: ${JSON.stringify(value)} is not an origin like https://admin.example.com (no path)`,
    )
  return url.origin
}

/** Whether the owner's routes answer this request: always without ADMIN_ORIGIN, else only on it. */
export function onAdminOrigin(request: Request, env: AdminOriginEnv): boolean {
  const own = adminOrigin(env)
  return own === null || new URL(request.url).origin === own
}

/** onAdminOrigin for the API and the sign-ins: a malformed ADMIN_ORIGIN is logged and they answer nothing. */
export function isOwnersOrigin(request: Request, env: AdminOriginEnv): boolean {
  try {
    return onAdminOrigin(request, env)
  } catch (error) {
    console.error((error as Error).message)
    return false
  }
}

/** What a Pages middleware receives (the parts used here). */
export interface GateContext {
  request: Request
  env: AdminOriginEnv
  next(): Promise<Response>
}

/**
 * Every request under /admin/: on ADMIN_ORIGIN (or without one) the static files as Pages serves them, with the
 * build's _headers; anywhere else a redirect to the same path there, never cached (the setting may change).
 */
export async function adminPagesGate({ request, env, next }: GateContext): Promise<Response> {
  let own: string | null
  try {
    own = adminOrigin(env)
  } catch (error) {
    return new Response(`${(error as Error).message} (docs/deploying/cloudflare-pages.md)`, {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const url = new URL(request.url)
  if (own === null || url.origin === own) return next()
  return new Response(null, {
    status: 307,
    headers: {
      Location: `${own}${url.pathname}${url.search}`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    },
  })
}
