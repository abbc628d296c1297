/**
 * @jest-environment node
 *
 * The inbox's API and sign-ins (edge/inbox/), as Cloudflare would call them, in Node:
 *   - every route answers 401 with the same body and touches no data without a valid session (no cookie, a
 *     forged one, an expired one), whatever the method;
 *   - every change needs the same origin and the session's CSRF token (403 otherwise), checked before the
 *     session's row in D1 is read;
 *   - the GitHub sign-in lets in only an account that may push to CMS_GITHUB_REPO, keeps no GitHub token and
 *     revokes it at GitHub once checked (a revoke that fails is logged and the sign-in goes on), and asks for a
 *     scope from the allow-list;
 *   - the local sign-in link works once, only on loopback, only when INBOX_DEV_LOGIN_TOKEN is set.
 * The sessions' rows (decision 046) live in an in-memory D1; their own rules: inbox-session.test.ts.
 */
import { handleInbox } from '../../edge/inbox/api'
import { makeDevLoginLink } from '../../edge/inbox/dev-login'
import type { D1Database, InboxEnv } from '../../edge/inbox/env'
import { CALLBACK_PATH, finishInboxSignIn } from '../../edge/inbox/github-sign-in'
import { SESSION_COOKIE, newSession, signSession } from '../../edge/inbox/session'
import path from 'node:path'
import { startD1, type TestD1 } from '../helpers/d1'
import { NOT_SIGNED_IN, SECRET, SITE, ownerSession } from '../helpers/inbox-owner'
import { startGitHubStandIn, type GitHubStandIn } from '../stand-ins/github'

/** A database that must not be reached: any use is recorded and fails the test. */
function untouchableDb(): D1Database & { used: string[] } {
  const used: string[] = []
  const reached = (what: string) => {
    used.push(what)
    throw new Error('the database was reached')
  }
  return { used, prepare: reached, batch: () => reached('batch') }
}

const baseEnv = (db: D1Database): InboxEnv => ({ DB: db, SESSION_SECRET: SECRET })

let d1: TestD1
beforeAll(async () => void (d1 = await startD1()))
afterAll(() => d1.close())
/** The sessions' database: what a signed-in request and a sign-in read and write. */
const sessionsEnv = () => baseEnv(d1.db)

/** A request to the API that must be refused before the database: its status and what it read. */
async function refused(route: string, init: RequestInit) {
  const db = untouchableDb()
  const response = await handleInbox({
    request: new Request(`${SITE}/api/inbox/${route}`, init),
    env: baseEnv(db),
  })
  return { response, status: response.status, used: db.used }
}

const ROUTES: [string, string][] = [
  ['GET', 'session'],
  ['GET', 'leads'],
  ['GET', 'leads?estado=nuevo&q=ana'],
  ['GET', 'export.csv'],
  ['PATCH', 'leads/abc'],
  ['DELETE', 'leads/abc'],
  ['POST', 'logout'],
  ['GET', 'no-such-route'],
]

describe('without a valid session', () => {
  const forgedPayload = Buffer.from(
    JSON.stringify({ v: 1, login: 'intruso', exp: Date.now() / 1000 + 3600, csrf: 'x' }),
  ).toString('base64url')
  const cookies: [string, () => Promise<string | undefined>][] = [
    ['no cookie', async () => undefined],
    ['a forged cookie', async () => `${SESSION_COOKIE}=${forgedPayload}.AAAA`],
    [
      'a cookie signed with another secret',
      async () => `${SESSION_COOKIE}=${await signSession(newSession('intruso'), `${SECRET}-otra`)}`,
    ],
    [
      'an expired cookie',
      async () => (await ownerSession(undefined, { at: Date.now() - 13 * 3600_000 })).cookie,
    ],
  ]
  test.each(cookies)('every route answers 401 and reads nothing, with %s', async (_name, makeCookie) => {
    const cookie = await makeCookie()
    for (const [method, route] of ROUTES) {
      const { response, status, used } = await refused(route, {
        method,
        headers: { Origin: SITE, 'X-CSRF-Token': 'x', ...(cookie ? { Cookie: cookie } : {}) },
        ...(method === 'PATCH' ? { body: '{"status":"ganado"}' } : {}),
      })
      const asked = `${method} ${route}`
      expect({ asked, status, used }).toEqual({ asked, status: 401, used: [] })
      expect(await response.json()).toEqual(NOT_SIGNED_IN)
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    }
  })

  test('no session is accepted when SESSION_SECRET is not set', async () => {
    const { call } = await ownerSession(undefined)
    expect((await call('session', {}, { DB: untouchableDb() })).status).toBe(401)
  })
})

describe('changes and CSRF', () => {
  test('a change or «Salir» from another origin, or without the session’s token, is refused with 403 before the database', async () => {
    const { session, cookie } = await ownerSession(undefined)
    const csrf = session.csrf
    const wrong: Record<string, string>[] = [
      { Origin: 'https://evil.example', 'X-CSRF-Token': csrf },
      { Origin: SITE },
      { Origin: SITE, 'X-CSRF-Token': 'otro' },
      // No Origin and no Sec-Fetch-Site: not provably from the page.
      { 'X-CSRF-Token': csrf },
      { 'Sec-Fetch-Site': 'cross-site', 'X-CSRF-Token': csrf },
    ]
    for (const [method, route] of [
      ['DELETE', 'leads/abc'],
      ['POST', 'logout'],
    ])
      for (const headers of wrong) {
        const { status, used } = await refused(route!, { method, headers: { Cookie: cookie, ...headers } })
        expect({ method, headers, status, used }).toEqual({ method, headers, status: 403, used: [] })
      }
  })

  test('the session route gives the page its login and CSRF token', async () => {
    const { session, call } = await ownerSession(d1.db)
    const response = await call('session')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      login: 'duena',
      csrf: session.csrf,
      expiresAt: new Date(session.exp * 1000).toISOString(),
      renew: false,
    })
  })
})

describe('GitHub sign-in', () => {
  let github: GitHubStandIn
  const users = [
    { login: 'duena-aquapuebla', name: 'Dueña', token: 'gho_duena', push: true },
    { login: 'solo-lectura', name: 'Ayudante', token: 'gho_lectura', push: false },
  ]

  afterEach(() => github?.close())

  interface SignIn {
    env?: Partial<InboxEnv>
    prepare?: (standIn: GitHubStandIn) => void
    /** Started by a signed-in page (a renewal) and its alert's lead. */
    cookie?: string
    lead?: string
  }
  /** The whole GitHub sign-in of the account whose token GitHub gives. */
  async function signIn(token: string, { env: extra = {}, prepare, cookie, lead }: SignIn = {}) {
    github = await startGitHubStandIn({
      clientId: 'Iv1.cliente',
      secret: 'secreto',
      code: 'codigo',
      token,
      users,
      // The site's repository (its content/ as the one commit); only its permissions matter here.
      repository: { fullName: 'aquapuebla/sitio', seedDir: path.resolve('content'), under: 'content' },
    })
    const env: InboxEnv = {
      ...sessionsEnv(),
      GITHUB_CLIENT_ID: 'Iv1.cliente',
      GITHUB_CLIENT_SECRET: 'secreto',
      GITHUB_OAUTH_ORIGIN: github.origin,
      GITHUB_API_ORIGIN: github.origin,
      CMS_GITHUB_REPO: 'aquapuebla/sitio',
      ...extra,
    }
    prepare?.(github)
    const start = await handleInbox({
      request: new Request(`${SITE}/api/inbox/login${lead ? `?solicitud=${lead}` : ''}`, {
        headers: cookie ? { Cookie: cookie } : {},
      }),
      env,
    })
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get('Location') ?? '')
    const stateCookie = (start.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    // GitHub's consent page sends the browser back to the callback.
    const back = await fetch(authorize, { redirect: 'manual' })
    const callback = new URL(back.headers.get('Location') ?? '')
    const finish = await finishInboxSignIn({
      request: new Request(callback, { headers: { Cookie: stateCookie } }),
      env,
    })
    const sessionOf = (cookie: string) =>
      handleInbox({ request: new Request(`${SITE}/api/inbox/session`, { headers: { Cookie: cookie } }), env })
    return { authorize, finish, sessionOf }
  }
  const revoked = (token: string) => [{ clientId: 'Iv1.cliente', token, appCredentials: true, status: 204 }]

  // Sent to GitHub with the app's id, the repo scope and our callback, back in the inbox as that account, the
  // session cookie HttpOnly and SameSite=Strict, the token revoked with the app's credentials:
  // test/owner/inbox.test.ts (Chromium, WebKit); the __Host- session cookie over https: local-sign-in.test.ts.
  test('an account that may push: its permission and user asked for, then its token revoked and kept in no cookie', async () => {
    const { finish } = await signIn('gho_duena')
    const setCookie = finish.headers.get('Set-Cookie') ?? ''
    // The state cookie is deleted under its own __Host- name.
    expect(setCookie).toContain(
      '__Host-aquapuebla_inbox_state=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
    )
    expect(setCookie).not.toContain('gho_duena')
    expect(github.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /repos/aquapuebla/sitio',
      'GET /user',
      'DELETE /applications/Iv1.cliente/token',
    ])
    expect(github.requests[0]?.authorization).toBe('Bearer gho_duena')
  })

  test('a revoke GitHub refuses or never answers is logged, and the owner still gets in', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      // GitHub's API down for the revoke only (503).
      const outage = await signIn('gho_duena', { prepare: (standIn) => (standIn.revocationOutage = 503) })
      expect(outage.finish.status).toBe(303)
      expect(outage.finish.headers.get('Set-Cookie')).toContain(`${SESSION_COOKIE}=`)
      expect(github.revocations.map(({ status }) => status)).toEqual([503])
      await github.close()
      // GitHub unreachable for the revoke (the connection fails).
      const realFetch = globalThis.fetch
      const cut = jest
        .spyOn(globalThis, 'fetch')
        .mockImplementation((input, init) =>
          String(input instanceof Request ? input.url : input).includes('/applications/')
            ? Promise.reject(new TypeError('fetch failed'))
            : realFetch(input, init),
        )
      try {
        const unreachable = await signIn('gho_duena')
        expect(unreachable.finish.status).toBe(303)
        expect(github.revocations).toEqual([])
      } finally {
        cut.mockRestore()
      }
      expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
        "inbox sign-in: GitHub did not revoke the sign-in's token (HTTP 503: Service Unavailable); the sign-in goes on",
        "inbox sign-in: revoking the sign-in's token failed (TypeError); the sign-in goes on",
      ])
      expect(logged.mock.calls.flat().join(' ')).not.toContain('gho_duena')
    } finally {
      logged.mockRestore()
    }
  })

  // Decision 046: GitHub is asked again after an hour, through the same sign-in, from the signed-in page.
  const renewing = () => ownerSession(d1.db, { login: 'duena-aquapuebla', at: Date.now() - 90 * 60_000 })

  test('a renewal opens a new session back at the alert’s lead and ends the one it started from', async () => {
    const old = await renewing()
    const { finish, sessionOf } = await signIn('gho_duena', { cookie: old.cookie, lead: 'lead-7' })
    expect(finish.status).toBe(303)
    expect(finish.headers.get('Location')).toBe('/admin/solicitudes/?solicitud=lead-7')
    const renewed = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(finish.headers.get('Set-Cookie') ?? '')?.[1]
    expect(await (await sessionOf(`${SESSION_COOKIE}=${renewed}`)).json()).toMatchObject({ renew: false })
    expect((await sessionOf(old.cookie)).status).toBe(401)
  })

  test('an account without push is refused with 403 and no session, its token revoked; at a renewal its session ends there', async () => {
    const { finish } = await signIn('gho_lectura')
    expect(finish.status).toBe(403)
    expect(finish.headers.get('Set-Cookie') ?? '').not.toContain(`${SESSION_COOKIE}=`)
    expect(await finish.text()).toContain('no puede ver las solicitudes')
    expect(github.revocations).toEqual(revoked('gho_lectura'))
    await github.close()
    const old = await renewing()
    users[0]!.push = false
    try {
      const renewal = await signIn('gho_duena', { cookie: old.cookie })
      expect(renewal.finish.status).toBe(403)
      expect(await renewal.finish.text()).toContain('no puede ver las solicitudes')
      const ended = await renewal.sessionOf(old.cookie)
      expect(ended.status).toBe(401)
      expect(await ended.json()).toEqual(NOT_SIGNED_IN)
    } finally {
      users[0]!.push = true
    }
  })

  test('the scope comes from the allow-list: public_repo when asked, never anything else', async () => {
    const scope = async (INBOX_GITHUB_SCOPE: string) =>
      (await signIn('gho_duena', { env: { INBOX_GITHUB_SCOPE } })).authorize.searchParams.get('scope')
    expect(await scope('public_repo')).toBe('public_repo')
    await github.close()
    expect(await scope('admin:org')).toBe('repo')
  })

  test('a callback without the state cookie is refused with 401', async () => {
    const response = await finishInboxSignIn({
      request: new Request(`${SITE}${CALLBACK_PATH}?code=codigo&state=abc`),
      env: {
        ...baseEnv(untouchableDb()),
        GITHUB_CLIENT_ID: 'a',
        GITHUB_CLIENT_SECRET: 'b',
        CMS_GITHUB_REPO: 'o/r',
      },
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('Set-Cookie') ?? '').not.toContain(`${SESSION_COOKIE}=`)
  })

  test('without its settings the sign-in says which variables are missing, never their values', async () => {
    const response = await handleInbox({
      request: new Request(`${SITE}/api/inbox/login`),
      env: { SESSION_SECRET: SECRET, GITHUB_CLIENT_SECRET: 'no-lo-digas' },
    })
    expect(response.status).toBe(503)
    const text = await response.text()
    expect(text).toContain('GITHUB_CLIENT_ID, CMS_GITHUB_REPO')
    expect(text).not.toContain('no-lo-digas')
  })
})

describe('local sign-in link', () => {
  const token = 'token-local-de-prueba-1234567890'
  const other = 'otro-token-local-de-prueba-12345'
  const visit = (url: string, env: InboxEnv = { ...sessionsEnv(), INBOX_DEV_LOGIN_TOKEN: token }) =>
    handleInbox({ request: new Request(url), env })

  // It signs in as «local» once, then answers 403: test/owner/inbox.test.ts «at 1280 px…» (Chromium and
  // WebKit); its cookie on plain-HTTP loopback: inbox-session.test.ts.
  test('a link is only made for loopback', () => {
    const { url } = makeDevLoginLink('http://127.0.0.1:8788', token)
    expect(url).toBe(`http://127.0.0.1:8788/api/inbox/dev-login?token=${token}`)
    expect(() => makeDevLoginLink('https://www.aquapuebla.mx')).toThrow(/loopback/)
    expect(makeDevLoginLink('http://localhost:8788').token).toMatch(/^[\w-]{43}$/)
  })

  test('is unknown on a public host name, without the variable, or with a wrong token', async () => {
    const onSite = { ...sessionsEnv(), INBOX_DEV_LOGIN_TOKEN: other }
    expect((await visit(`${SITE}/api/inbox/dev-login?token=${other}`, onSite)).status).toBe(404)
    const unset = baseEnv(untouchableDb())
    expect((await visit(`http://127.0.0.1:8788/api/inbox/dev-login?token=${other}`, unset)).status).toBe(404)
    expect((await visit(`http://localhost:8788/api/inbox/dev-login?token=mal`)).status).toBe(403)
  })
})
