/**
 * GitHub sign-in for the CMS on Cloudflare Pages (Netlify has its own provider). Decap CMS's external
 * OAuth handshake, in two Pages Functions under functions/api/:
 *   1. /api/auth (the admin's pop-up, `base_url` + `auth_endpoint` in config.yml): remembers a random
 *      `state` in a short-lived cookie and sends the owner to GitHub's consent page.
 *   2. /api/callback (GitHub's redirect back): checks `state`, trades the `code` for a token at GitHub's
 *      token endpoint with the app's secret, and answers a page that hands the token to the admin window
 *      by postMessage: "authorizing:github", then, to an admin origin only (the window that answered, if its
 *      origin is allowed), "authorization:github:success:{json}" (or ":error:{json}").
 * Env (Pages → Settings → Variables and Secrets): GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET (secret);
 * ADMIN_ORIGIN, the owner's own origin (../owner/origin.ts): set, /api/auth and /api/callback answer only there;
 * CMS_ADMIN_ORIGINS, the origins whose /admin/ may receive the token, separated by spaces or commas (default:
 * ADMIN_ORIGIN, else this function's own origin; set it when the admin is served from another origin than
 * /api/, e.g. by nginx with CMS_AUTH_BASE_URL pointing here); GITHUB_OAUTH_ORIGIN only for tests (default
 * https://github.com).
 * The state cookie is `__Host-decap_oauth_state` (Secure, Path=/, no Domain; `decap_oauth_state` without Secure
 * on plain-HTTP loopback only: ../owner/cookies.ts).
 * Plain web APIs only (Request, Response, fetch, crypto): the unit test runs them in Node.
 */
import { clearCookie, readCookie, setCookie } from '../owner/cookies'
import { adminOrigin, isOwnersOrigin, type AdminOriginEnv } from '../owner/origin'
import { testOverride } from '../test-only'

export interface OAuthEnv extends AdminOriginEnv {
  GITHUB_CLIENT_ID?: string
  GITHUB_CLIENT_SECRET?: string
  GITHUB_OAUTH_ORIGIN?: string
  CMS_ADMIN_ORIGINS?: string
}

/** What Cloudflare Pages passes a function (the parts used here). */
export interface PagesContext {
  request: Request
  env: OAuthEnv
}

const STATE_COOKIE = 'decap_oauth_state'
/**
 * The scopes a sign-in may ask GitHub for: what Decap's github backend requests (`repo`, or `public_repo` with
 * open authoring), nothing more. The token lives in the admin's localStorage, so it must not carry `user`
 * (write access to the owner's profile) or anything else a page could misuse.
 */
export const ALLOWED_SCOPES = ['repo', 'public_repo'] as const
export type AllowedScope = (typeof ALLOWED_SCOPES)[number]
const DEFAULT_SCOPE: AllowedScope = 'repo'

/** The scope the admin asked for (`?scope=`), if it is one of ALLOWED_SCOPES; absent means `repo`. */
export function requestedScope(asked: string | null): AllowedScope | undefined {
  if (asked === null || asked === '') return DEFAULT_SCOPE
  return ALLOWED_SCOPES.find((scope) => scope === asked)
}

/**
 * The origins the token may be handed to: CMS_ADMIN_ORIGINS, each an exact origin (`https://host[:port]`, no
 * path, never `*`), or else ADMIN_ORIGIN (the owner's own origin, ../owner/origin.ts), or else the function's
 * own. A malformed entry is a configuration error, not a wildcard.
 */
export function adminOrigins(env: OAuthEnv, ownOrigin: string): string[] {
  const listed = (env.CMS_ADMIN_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean)
  if (listed.length === 0) return [adminOrigin(env) ?? ownOrigin]
  return listed.map((entry) => {
    let origin = ''
    try {
      origin = new URL(entry).origin
    } catch {
      // reported below
    }
    if (!/^https?:\/\//.test(origin) || origin !== entry.replace(/\/+$/, ''))
      throw new Error(
        `CMS_ADMIN_ORIGINS: ${JSON.stringify(entry)} is not an origin like https://www.example.com`,
      )
    return origin
  })
}

const githubOrigin = (env: OAuthEnv) =>
  (testOverride('GITHUB_OAUTH_ORIGIN', env.GITHUB_OAUTH_ORIGIN) ?? 'https://github.com').replace(/\/+$/, '')

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}

function randomToken(bytes = 24): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes))
  return btoa(String.fromCharCode(...values)).replace(
    /[+/=]/g,
    (c) => ({ '+': '-', '/': '_', '=': '' })[c] ?? '',
  )
}

/** GET /api/auth: to GitHub's consent page, with a fresh state bound to this browser. */
export function startAuth({ request, env }: PagesContext): Response {
  // With ADMIN_ORIGIN set, the sign-in exists on that origin only.
  if (!isOwnersOrigin(request, env)) return plain(404, 'Not found')
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET)
    return plain(500, 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are not set for this site (docs/cms.md).')
  const url = new URL(request.url)
  const provider = url.searchParams.get('provider') ?? 'github'
  if (provider !== 'github') return plain(400, `Unknown provider: ${provider}`)
  const scope = requestedScope(url.searchParams.get('scope'))
  if (!scope)
    return plain(
      400,
      `Scope not allowed: ${url.searchParams.get('scope')} (only ${ALLOWED_SCOPES.join(', ')})`,
    )
  const state = randomToken()
  const authorize = new URL('/login/oauth/authorize', githubOrigin(env))
  authorize.searchParams.set('client_id', env.GITHUB_CLIENT_ID)
  authorize.searchParams.set('redirect_uri', new URL('/api/callback', url.origin).href)
  authorize.searchParams.set('scope', scope)
  authorize.searchParams.set('state', state)
  return new Response(null, {
    status: 302,
    headers: {
      Location: authorize.href,
      // Lax: the callback is a navigation that starts on github.com.
      'Set-Cookie': setCookie(request, STATE_COOKIE, state, { maxAge: 600, sameSite: 'Lax' }),
      'Cache-Control': 'no-store',
    },
  })
}

/**
 * The page that hands the result to the admin window, with a policy that allows only its own script. The
 * pop-up cannot read its opener's origin, so it greets it ("authorizing:github", no secret), and sends the
 * result only to its opener, once that answers from an allowed origin. With no opener (a Cross-Origin-Opener-Policy that severs it, docs/decisions/020-…), it
 * says so instead of failing silently.
 */
function handOver(
  request: Request,
  origins: string[],
  status: 'success' | 'error',
  content: object,
): Response {
  const nonce = randomToken(16)
  const message = `authorization:github:${status}:${JSON.stringify(content)}`
  // JSON inside a script: escape `<` so no value can close the element.
  const script = `(function () {
  var origins = ${JSON.stringify(origins).replace(/</g, '\\u003c')};
  var message = ${JSON.stringify(message).replace(/</g, '\\u003c')};
  if (!window.opener) {
    document.getElementById('estado').textContent = ${JSON.stringify(NO_OPENER)};
    return;
  }
  function receive(event) {
    if (event.source !== window.opener || origins.indexOf(event.origin) === -1) return;
    window.removeEventListener('message', receive);
    window.opener.postMessage(message, event.origin);
  }
  window.addEventListener('message', receive);
  // The greeting holds no secret. To one admin origin it goes to that origin only; with several, to any
  // (a greeting aimed at another origin than the opener's is dropped with a console warning in the admin).
  window.opener.postMessage('authorizing:github', origins.length === 1 ? origins[0] : '*');
})();`
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Iniciando sesión…</title></head><body><p id="estado">${
    status === 'success'
      ? 'Sesión iniciada. Esta ventana se cerrará sola.'
      : 'No se pudo iniciar sesión con GitHub.'
  }</p><script nonce="${nonce}">${script}</script></body></html>`
  return new Response(html, {
    status: status === 'success' ? 200 : 401,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'X-Robots-Tag': 'noindex',
      'Referrer-Policy': 'no-referrer',
      // The state cookie has done its work.
      'Set-Cookie': clearCookie(request, STATE_COOKIE, 'Lax'),
    },
  })
}

/** What the pop-up says when it has no opener to hand the result to. */
const NO_OPENER =
  'Esta ventana perdió el enlace con el editor y no pudo entregarle la sesión. Ciérrala, vuelve a abrir /admin/ e inicia sesión desde ahí.'

/** GET /api/callback?code=…&state=…: the token for the admin window, or the reason there is none. */
export async function finishAuth({ request, env }: PagesContext): Promise<Response> {
  if (!isOwnersOrigin(request, env)) return plain(404, 'Not found')
  const url = new URL(request.url)
  let origins: string[]
  try {
    origins = adminOrigins(env, url.origin)
  } catch (error) {
    return plain(500, (error as Error).message)
  }
  const fail = (message: string) => handOver(request, origins, 'error', { message })
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET) return fail('GitHub sign-in is not configured')
  const code = url.searchParams.get('code')
  const state = url.searchParams.get('state')
  const expected = readCookie(request, STATE_COOKIE)
  if (url.searchParams.get('error')) return fail(url.searchParams.get('error_description') ?? 'access denied')
  if (!code || !state || !expected || state !== expected)
    return fail('the sign-in expired or was not started here; try again')
  let answer: { access_token?: string; error?: string; error_description?: string }
  try {
    const response = await fetch(new URL('/login/oauth/access_token', githubOrigin(env)), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'User-Agent': 'aquapuebla-cms',
      },
      body: JSON.stringify({
        client_id: env.GITHUB_CLIENT_ID,
        client_secret: env.GITHUB_CLIENT_SECRET,
        code,
        redirect_uri: new URL('/api/callback', url.origin).href,
      }),
    })
    answer = (await response.json()) as typeof answer
  } catch {
    return fail('GitHub did not answer')
  }
  if (!answer.access_token) return fail(answer.error_description ?? answer.error ?? 'GitHub gave no token')
  return handOver(request, origins, 'success', { token: answer.access_token, provider: 'github' })
}
