/**
 * The owner's full-page sign-in with GitHub (no pop-up), with the same OAuth app as the CMS:
 *   1. GET /api/inbox/login: a random `state` in a short-lived cookie (`__Host-aquapuebla_inbox_state`,
 *      ../owner/cookies.ts), with the alert's lead (`?solicitud=`) when the page names one, then 302 to GitHub's
 *      consent page with redirect_uri /api/callback/solicitudes (a subdirectory of the app's registered callback
 *      /api/callback, which GitHub accepts) and a scope from an allow-list (`repo` or `public_repo`). Started
 *      from a signed-in page, it is a renewal (decision 046): the session's row remembers the state.
 *   2. GET /api/callback/solicitudes: the state checked, the code traded for a token, then GitHub's API
 *      asked for the repository CMS_GITHUB_REPO with that token: only `permissions.push: true` gets in
 *      (whoever may publish the site may read its leads), named by GET /user's login. Once GitHub has said
 *      either, the session a renewal started from ends: replaced, or refused for good.
 *   3. The token revoked at GitHub (DELETE /applications/{client_id}/token with the app's basic auth), whatever
 *      the answer was: it has done its work, and a token that no longer exists cannot leak from a log, a
 *      crash report or GitHub's list of the owner's authorized tokens. A revoke that fails is logged and does
 *      not stop the sign-in (the token then expires as GitHub's own do: when unused for a year). The owner's
 *      grant to the app stays, so the next renewal passes GitHub's consent page without a tap.
 *   4. A new session's row in D1 (./session-store.ts), its signed cookie (./session.ts) and 303 to the inbox
 *      (with `?solicitud=` when the sign-in started from an alert's lead).
 */
import { clearCookie, readCookie, setCookie } from '../owner/cookies'
import { isOwnersOrigin } from '../owner/origin'
import type { InboxContext, InboxEnv } from './env'
import { randomToken, redirect } from '../http'
import { INBOX_PATH, noticePage } from './notice-page'
import { MIN_SECRET_LENGTH, newSession, sessionCookie, sessionOf, signSession } from './session'
import { SCHEMA_BEHIND, endRenewedSession, startRenewal, storeSession } from './session-store'
import { isSchemaError } from '../leads/schema'
import { testOverride } from '../test-only'

export const CALLBACK_PATH = '/api/callback/solicitudes'
const STATE_COOKIE = 'aquapuebla_inbox_state'
/** How long the owner has on GitHub's consent page. */
const STATE_SECONDS = 600
/** How long the revoke may take before the sign-in goes on without it. */
export const REVOKE_TIMEOUT_MS = 5000
/** The only scopes ever asked for: enough to read a private repository's permissions, nothing more. */
export const ALLOWED_SCOPES = ['repo', 'public_repo'] as const

// Test-only overrides, honoured on loopback only (../test-only.ts).
const githubOrigin = (env: InboxEnv) =>
  (testOverride('GITHUB_OAUTH_ORIGIN', env.GITHUB_OAUTH_ORIGIN) ?? 'https://github.com').replace(/\/+$/, '')
const apiOrigin = (env: InboxEnv) =>
  (testOverride('GITHUB_API_ORIGIN', env.GITHUB_API_ORIGIN) ?? 'https://api.github.com').replace(/\/+$/, '')

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
    !env.DB && 'DB',
  ].filter(Boolean)
  return missing.length ? missing.join(', ') : null
}

const notConfigured = (missing: string) =>
  noticePage(
    503,
    'La bandeja no está configurada',
    `Faltan variables del sitio en Cloudflare Pages: ${missing} (docs/inbox.md).`,
  )

// Lax, not Strict: the callback is a navigation that starts on github.com.
const clearState = (request: Request) => clearCookie(request, STATE_COOKIE, 'Lax')

/** The lead an alert's link named (`?solicitud=`), carried through the sign-in; the page's own id pattern. */
const LEAD_ID = /^[A-Za-z0-9_-]{1,64}$/

/** The state cookie: `<state>` or `<state>.<lead id>` (neither contains a dot). */
function readState(request: Request): { state: string; lead: string | null } | null {
  const [state = '', lead = '', extra] = (readCookie(request, STATE_COOKIE) ?? '').split('.')
  if (!state || extra !== undefined || (lead && !LEAD_ID.test(lead))) return null
  return { state, lead: lead || null }
}

/** GET /api/inbox/login[?solicitud=<id>] */
export async function startInboxSignIn({ request, env }: InboxContext): Promise<Response> {
  const missing = missingSetting(env)
  if (missing) return notConfigured(missing)
  const url = new URL(request.url)
  const state = randomToken()
  const lead = url.searchParams.get('solicitud') ?? ''
  // A renewal (the page is signed in): the session's row remembers the state, for the callback to end it.
  const current = await sessionOf(request, env.SESSION_SECRET)
  if (current && env.DB)
    await startRenewal(env.DB, current, state).catch((error: unknown) =>
      console.error('inbox sign-in: the renewal could not be noted; the old session ends on its own', error),
    )
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
      'Set-Cookie': setCookie(request, STATE_COOKIE, LEAD_ID.test(lead) ? `${state}.${lead}` : state, {
        maxAge: STATE_SECONDS,
        sameSite: 'Lax',
      }),
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
  if (!isOwnersOrigin(request, env)) return noticePage(404, 'No encontrado', 'Esta dirección no existe.')
  const missing = missingSetting(env)
  if (missing) return notConfigured(missing)
  const url = new URL(request.url)
  const refuse = (status: number, message: string) =>
    noticePage(status, 'No se pudo entrar a la bandeja', message, [['Set-Cookie', clearState(request)]])
  if (url.searchParams.get('error'))
    return refuse(401, 'GitHub no autorizó el acceso. Puedes intentarlo de nuevo.')
  const code = url.searchParams.get('code')
  const state = url.searchParams.get('state')
  const expected = readState(request)
  if (!code || !state || !expected || state !== expected.state)
    return refuse(401, 'El inicio de sesión caducó o no empezó aquí. Vuelve a intentarlo.')
  const db = env.DB!

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
  // What GitHub says of the account: a login that may push, a refusal, or no clear answer (a message).
  let verdict: { login: string } | { refused: true } | { problem: string }
  try {
    const [owner = '', name = ''] = (env.CMS_GITHUB_REPO ?? '').split('/')
    const repo = await api(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`)
    const permissions = repo.body.permissions as { push?: unknown } | undefined
    // A 404 is a refusal too: GitHub hides a private repository from an account without access.
    if (repo.status === 404 || (repo.status === 200 && permissions?.push !== true))
      verdict = { refused: true }
    else if (repo.status !== 200)
      verdict = { problem: 'GitHub no pudo confirmar tu acceso. Inténtalo en unos minutos.' }
    else {
      const user = await api('/user')
      verdict =
        user.status === 200 && typeof user.body.login === 'string'
          ? { login: user.body.login }
          : { problem: 'GitHub no dijo quién eres. Inténtalo de nuevo.' }
    }
  } catch {
    verdict = { problem: 'GitHub no respondió. Inténtalo en unos minutos.' }
  }
  // 3. Whatever GitHub said about the account, the token is no longer needed.
  await revokeToken(env, token)
  if ('problem' in verdict) return refuse(502, verdict.problem)
  // 4. GitHub answered: the session a renewal started from ends (replaced, or refused for good); a new one opens.
  try {
    await endRenewedSession(db, state)
    if ('refused' in verdict)
      return refuse(
        403,
        'Esta cuenta de GitHub no puede publicar el sitio, así que no puede ver las solicitudes.',
      )
    const session = newSession(verdict.login)
    await storeSession(db, session, 'github')
    return redirect(expected.lead ? `${INBOX_PATH}?solicitud=${expected.lead}` : INBOX_PATH, [
      ['Set-Cookie', sessionCookie(request, await signSession(session, env.SESSION_SECRET))],
      ['Set-Cookie', clearState(request)],
    ])
  } catch (error) {
    console.error('inbox sign-in: the session could not be stored', error)
    return refuse(
      503,
      isSchemaError(error) ? SCHEMA_BEHIND : 'No se pudo abrir la sesión. Inténtalo de nuevo.',
    )
  }
}

/**
 * Deletes one OAuth token of the app at GitHub: `DELETE /applications/{client_id}/token` with the app's
 * client id and secret as basic auth and `{ access_token }` in the body; GitHub answers 204. Anything else (a
 * 404 for credentials or a token GitHub does not know, a 422, a 5xx, no answer within REVOKE_TIMEOUT_MS) is
 * logged without the token and the sign-in goes on. Only this one token is deleted: the owner's grant to the
 * app, and the CMS's own token, stay.
 */
export async function revokeToken(env: InboxEnv, token: string): Promise<boolean> {
  const clientId = env.GITHUB_CLIENT_ID ?? ''
  try {
    const response = await fetch(`${apiOrigin(env)}/applications/${encodeURIComponent(clientId)}/token`, {
      method: 'DELETE',
      headers: {
        Authorization: `Basic ${btoa(`${clientId}:${env.GITHUB_CLIENT_SECRET ?? ''}`)}`,
        Accept: 'application/vnd.github+json',
        'Content-Type': 'application/json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'aquapuebla-inbox',
      },
      body: JSON.stringify({ access_token: token }),
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    })
    if (response.status === 204) return true
    let message = ''
    try {
      message = String(((await response.json()) as { message?: unknown }).message ?? '')
    } catch {
      /* not JSON */
    }
    console.error(
      `inbox sign-in: GitHub did not revoke the sign-in's token (HTTP ${response.status}${message ? `: ${message}` : ''}); the sign-in goes on`,
    )
  } catch (error) {
    console.error(
      `inbox sign-in: revoking the sign-in's token failed (${error instanceof Error ? error.name : 'error'}); the sign-in goes on`,
    )
  }
  return false
}
