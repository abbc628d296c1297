/**
 * The owner's full-page sign-in with GitHub (no pop-up), with the same OAuth app as the CMS:
 *   1. GET /api/inbox/login: a random `state` in a short-lived cookie, then 302 to GitHub's consent page
 *      with redirect_uri /api/callback/solicitudes (a subdirectory of the app's registered callback
 *      /api/callback, which GitHub accepts) and a scope from an allow-list (`repo` or `public_repo`).
 *   2. GET /api/callback/solicitudes: the state checked, the code traded for a token, then GitHub's API
 *      asked for the repository CMS_GITHUB_REPO with that token: only `permissions.push: true` gets in
 *      (whoever may publish the site may read its leads), named by GET /user's login.
 *   3. A signed session cookie (./session.ts) and 303 to the inbox. The GitHub token is dropped here.
 */
import type { InboxContext, InboxEnv } from './env'
import { cookieValue, randomToken, redirect } from './http'
import { INBOX_PATH, noticePage } from './notice-page'
import { MIN_SECRET_LENGTH, newSession, sessionCookie, signSession } from './session'

export const CALLBACK_PATH = '/api/callback/solicitudes'
const STATE_COOKIE = 'aquapuebla_inbox_state'
/** The only scopes ever asked for: enough to read a private repository's permissions, nothing more. */
export const ALLOWED_SCOPES = ['repo', 'public_repo'] as const

const githubOrigin = (env: InboxEnv) => (env.GITHUB_OAUTH_ORIGIN || 'https://github.com').replace(/\/+$/, '')
const apiOrigin = (env: InboxEnv) => (env.GITHUB_API_ORIGIN || 'https://api.github.com').replace(/\/+$/, '')

export function scopeFor(env: InboxEnv): (typeof ALLOWED_SCOPES)[number] {
  const asked = (env.INBOX_GITHUB_SCOPE ?? '').trim()
  return (ALLOWED_SCOPES as readonly string[]).includes(asked) ? (asked as 'repo' | 'public_repo') : 'repo'
}

/** What is missing for the sign-in to work, in the owner's words (names only, never values). */
function missingSetting(env: InboxEnv): string | null {
  const missing = [
    !env.GITHUB_CLIENT_ID && 'GITHUB_CLIENT_ID',
    !env.GITHUB_CLIENT_SECRET && 'GITHUB_CLIENT_SECRET',
    !env.CMS_GITHUB_REPO && 'CMS_GITHUB_REPO',
    (env.SESSION_SECRET ?? '').length < MIN_SECRET_LENGTH && 'SESSION_SECRET',
  ].filter(Boolean)
  return missing.length ? missing.join(', ') : null
}

const notConfigured = (missing: string) =>
  noticePage(
    503,
    'La bandeja no está configurada',
    `Faltan variables del sitio en Cloudflare Pages: ${missing} (docs/inbox.md).`,
  )

const clearState = `${STATE_COOKIE}=; Path=/api/callback/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`

/** GET /api/inbox/login */
export function startInboxSignIn({ request, env }: InboxContext): Response {
  const missing = missingSetting(env)
  if (missing) return notConfigured(missing)
  const url = new URL(request.url)
  const state = randomToken()
  const authorize = new URL('/login/oauth/authorize', githubOrigin(env))
  authorize.searchParams.set('client_id', env.GITHUB_CLIENT_ID ?? '')
  authorize.searchParams.set('redirect_uri', new URL(CALLBACK_PATH, url.origin).href)
  authorize.searchParams.set('scope', scopeFor(env))
  authorize.searchParams.set('state', state)
  authorize.searchParams.set('allow_signup', 'false')
  return new Response(null, {
    status: 302,
    headers: {
      Location: authorize.href,
      // Lax, not Strict: the callback is a navigation that starts on github.com.
      'Set-Cookie': `${STATE_COOKIE}=${state}; Path=/api/callback/; Max-Age=600; HttpOnly; Secure; SameSite=Lax`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    },
  })
}

async function githubJson(
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  let body: Record<string, unknown> = {}
  try {
    body = (await response.json()) as Record<string, unknown>
  } catch {
    /* not JSON */
  }
  return { status: response.status, body }
}

/** GET /api/callback/solicitudes?code=…&state=… */
export async function finishInboxSignIn({ request, env }: InboxContext): Promise<Response> {
  const missing = missingSetting(env)
  if (missing) return notConfigured(missing)
  const url = new URL(request.url)
  const refuse = (status: number, message: string) =>
    noticePage(status, 'No se pudo entrar a la bandeja', message, [['Set-Cookie', clearState]])
  if (url.searchParams.get('error'))
    return refuse(401, 'GitHub no autorizó el acceso. Puedes intentarlo de nuevo.')
  const code = url.searchParams.get('code')
  const state = url.searchParams.get('state')
  const expected = cookieValue(request, STATE_COOKIE)
  if (!code || !state || !expected || state !== expected)
    return refuse(401, 'El inicio de sesión caducó o no empezó aquí. Vuelve a intentarlo.')

  let token: string
  try {
    const answer = await githubJson(new URL('/login/oauth/access_token', githubOrigin(env)).href, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'User-Agent': 'aquapuebla-inbox',
      },
      body: JSON.stringify({
        client_id: env.GITHUB_CLIENT_ID,
        client_secret: env.GITHUB_CLIENT_SECRET,
        code,
        redirect_uri: new URL(CALLBACK_PATH, url.origin).href,
      }),
    })
    if (typeof answer.body.access_token !== 'string')
      return refuse(401, 'GitHub no confirmó el inicio de sesión.')
    token = answer.body.access_token
  } catch {
    return refuse(502, 'GitHub no respondió. Inténtalo en unos minutos.')
  }

  const api = (path: string) =>
    githubJson(`${apiOrigin(env)}${path}`, {
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'aquapuebla-inbox',
      },
    })
  try {
    const [owner = '', name = ''] = (env.CMS_GITHUB_REPO ?? '').split('/')
    const repo = await api(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`)
    const permissions = repo.body.permissions as { push?: unknown } | undefined
    if (repo.status !== 200 || permissions?.push !== true)
      return refuse(
        403,
        'Esta cuenta de GitHub no puede publicar el sitio, así que no puede ver las solicitudes.',
      )
    const user = await api('/user')
    if (user.status !== 200 || typeof user.body.login !== 'string')
      return refuse(502, 'GitHub no dijo quién eres. Inténtalo de nuevo.')
    const cookie = await signSession(newSession(user.body.login), env.SESSION_SECRET)
    return redirect(INBOX_PATH, [
      ['Set-Cookie', sessionCookie(cookie)],
      ['Set-Cookie', clearState],
    ])
  } catch {
    return refuse(502, 'GitHub no respondió. Inténtalo en unos minutos.')
  }
}
