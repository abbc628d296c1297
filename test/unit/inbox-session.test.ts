/**
 * @jest-environment node
 *
 * The inbox's session cookie (edge/inbox/session.ts): signed with SESSION_SECRET, refused when forged,
 * altered, expired or signed with another secret; the cookie's attributes. Then its row in D1
 * (edge/inbox/session-store.ts, decision 046): «Salir» ends every copy of the cookie, GitHub is
 * asked again after an hour and a session without its word for two is let in no more, the schedule purges
 * what has ended. The renewal through GitHub itself (and an account that lost push): inbox-api.test.ts.
 */
import {
  ACCESS_SECONDS,
  RENEWAL_RETRY_SECONDS,
  RENEW_AFTER_SECONDS,
  sessionPurge,
  sessionStanding,
  startRenewal,
  type SessionKind,
} from '../../edge/inbox/session-store'
import { ScheduleError, runSchedule } from '../../edge/leads/schedule'
import { startD1, type TestD1 } from '../helpers/d1'
import { NOT_SIGNED_IN, SECRET, ownerSession } from '../helpers/inbox-owner'
import {
  LOCAL_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_SECONDS,
  clearedSessionCookie,
  newSession,
  sessionCookie,
  sessionOf,
  signSession,
  verifySession,
} from '../../edge/inbox/session'

const NOW = Date.parse('2026-11-25T10:00:00Z')

test('a signed session is read back with its login, expiry and CSRF token until it expires, then refused', async () => {
  const session = newSession('duena-aquapuebla', NOW)
  const value = await signSession(session, SECRET)
  expect(await verifySession(value, SECRET, NOW)).toEqual(session)
  expect(session.exp).toBe(NOW / 1000 + SESSION_SECONDS)
  expect(session.csrf).toMatch(/^[\w-]{32}$/)
  expect(await verifySession(value, SECRET, NOW + SESSION_SECONDS * 1000 - 1000)).toEqual(session)
  expect(await verifySession(value, SECRET, NOW + SESSION_SECONDS * 1000)).toBeNull()
})

test('a forged or altered cookie is refused', async () => {
  const value = await signSession(newSession('duena', NOW), SECRET)
  const [payload, signature] = value.split('.') as [string, string]
  // Another login in the payload, the old signature.
  const otherPayload = Buffer.from(
    JSON.stringify({ v: 1, login: 'intruso', exp: NOW / 1000 + 3600, csrf: 'x' }),
  ).toString('base64url')
  const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')
  for (const forged of [
    `${otherPayload}.${signature}`,
    `${payload}.${flipped}`,
    `${payload}.`,
    payload,
    `${payload}.${signature}.extra`,
    'not a cookie',
    '',
  ])
    expect(await verifySession(forged, SECRET, NOW)).toBeNull()
  // Signed with another secret: refused by every route, inbox-api.test.ts «without a valid session».
})

test('no session is made or accepted without a long enough SESSION_SECRET', async () => {
  await expect(signSession(newSession('duena', NOW), 'corta')).rejects.toThrow(/SESSION_SECRET/)
  const value = await signSession(newSession('duena', NOW), SECRET)
  // Unset: inbox-api.test.ts «no session is accepted when SESSION_SECRET is not set».
  expect(await verifySession(value, '', NOW)).toBeNull()
})

// A __Host- cookie names no Domain (bound to this host) and must be Secure with Path=/, or browsers drop it. Plain
// HTTP to a public name still gets it: the browser refuses it there, and the sign-in fails closed instead of sending
// a session in clear. Loopback over https (wrangler pages dev --local-protocol=https) is the site's case; on
// plain-HTTP loopback (npm start, the tests) the cookie has no prefix and no Secure, which WebKit drops there.
test.each([
  ['https://www.aquapuebla.mx', '__Host-aquapuebla_inbox', '; Secure'],
  ['http://www.aquapuebla.mx', '__Host-aquapuebla_inbox', '; Secure'],
  ['https://127.0.0.1:8788', '__Host-aquapuebla_inbox', '; Secure'],
  ['http://127.0.0.1:8788', 'aquapuebla_inbox', ''],
  ['http://localhost:8788', 'aquapuebla_inbox', ''],
  ['http://[::1]:8788', 'aquapuebla_inbox', ''],
])(
  'on %s the cookie is %s, HttpOnly%s, SameSite=Strict, for the whole host, for the session’s life',
  (origin, name, secure) => {
    const request = new Request(`${origin}/api/inbox/dev-login`)
    expect(sessionCookie(request, 'abc')).toBe(
      `${name}=abc; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly${secure}; SameSite=Strict`,
    )
    expect(clearedSessionCookie(request)).toBe(
      `${name}=; Path=/; Max-Age=0; HttpOnly${secure}; SameSite=Strict`,
    )
  },
)

test('each context reads only its own name, among the request’s other cookies: a cookie without the prefix is never a session on the site', async () => {
  expect([SESSION_COOKIE, LOCAL_SESSION_COOKIE]).toEqual(['__Host-aquapuebla_inbox', 'aquapuebla_inbox'])
  const value = await signSession(newSession('duena', NOW), SECRET)
  const on = (origin: string, cookie: string) =>
    sessionOf(new Request(`${origin}/api/inbox/session`, { headers: { Cookie: cookie } }), SECRET, NOW)
  const [site, loopback] = ['https://www.aquapuebla.mx', 'http://127.0.0.1:8788']
  expect((await on(site, `otra=1; ${SESSION_COOKIE}=${value}; y=2`))?.login).toBe('duena')
  // A sibling subdomain or a plain-HTTP page can set `aquapuebla_inbox` (not `__Host-…`): never read on the site.
  expect(await on(site, `${LOCAL_SESSION_COOKIE}=${value}`)).toBeNull()
  expect((await on(loopback, `${LOCAL_SESSION_COOKIE}=${value}`))?.login).toBe('duena')
  expect(await on(loopback, `${SESSION_COOKIE}=${value}`)).toBeNull()
})

describe('sessions in D1', () => {
  let d1: TestD1
  beforeAll(async () => void (d1 = await startD1()))
  afterAll(() => d1.close())
  /** A browser signed in `ago` ms before now: its session, its cookie, and a call to the API with both. */
  const signedIn = (kind: SessionKind = 'github', ago = 0) =>
    ownerSession(d1.db, { kind, at: Date.now() - ago })

  // «Salir» ends every copy of the cookie (the copy's page back at the sign-in, saying why): in Chromium,
  // test/owner/inbox.test.ts «on the phone: a copy of the session cookie is refused…»; the cleared cookie above.
  test('GitHub is asked again after an hour, a session without its word for two is let in no more; a local one lasts 12 h', async () => {
    const standings = async (kind: SessionKind, seconds: number[]) => {
      const { session } = await ownerSession(d1.db, { kind, at: NOW })
      return Promise.all(seconds.map((s) => sessionStanding(d1.db, session, NOW + s * 1000)))
    }
    const [hour, access, day] = [RENEW_AFTER_SECONDS, ACCESS_SECONDS, SESSION_SECONDS]
    const github = await standings('github', [0, hour - 1, hour, access - 1, access, day])
    expect(github).toEqual(['open', 'open', 'due', 'due', 'stale', 'ended'])
    expect(await standings('local', [0, access, day - 1, day])).toEqual(['open', 'open', 'open', 'ended'])
    // A renewal under way (GitHub slow or down): not asked again for 15 minutes, and past two hours no session.
    const { session } = await ownerSession(d1.db, { at: NOW })
    const at = (seconds: number) => sessionStanding(d1.db, session, NOW + seconds * 1000)
    await startRenewal(d1.db, session, 'estado-1', NOW + hour * 1000)
    expect([await at(hour + 60), await at(hour + RENEWAL_RETRY_SECONDS)]).toEqual(['open', 'due'])
    await startRenewal(d1.db, session, 'estado-2', NOW + access * 1000)
    expect([await at(access + 60), await at(access + RENEWAL_RETRY_SECONDS)]).toEqual(['ended', 'stale'])
  })

  test('the API says `renew` once due and answers 401 with `renew` once stale; «Salir» ends even that', async () => {
    const due = await signedIn('github', (RENEW_AFTER_SECONDS + 60) * 1000)
    expect(await (await due.call('session')).json()).toMatchObject({ login: 'duena', renew: true })
    const stale = await signedIn('github', (ACCESS_SECONDS + 60) * 1000)
    const refused = await stale.call('leads')
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ ...NOT_SIGNED_IN, renew: true })
    expect((await stale.call('logout', { method: 'POST' })).status).toBe(204)
    expect(await (await stale.call('leads')).json()).toEqual(NOT_SIGNED_IN)
  })

  test('the schedule’s retention deletes sessions past their end, and a missing table never stops the leads’ own', async () => {
    await d1.db.prepare('DELETE FROM inbox_sessions').run()
    await signedIn('local', (SESSION_SECONDS + 60) * 1000)
    const open = await signedIn('github')
    const report = await runSchedule({ DB: d1.db }, () => new Date(), [sessionPurge])
    expect(report.purged).toEqual({ 'inbox sessions': 1 })
    expect(await sessionStanding(d1.db, open.session)).toBe('open')
    // A database without migration 0005: the leads' retention runs, the sessions' step fails on its own.
    const behind = await startD1((file) => file < '0005')
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const failed = await runSchedule({ DB: behind.db }, () => new Date(), [sessionPurge]).catch(
        (e: unknown) => e,
      )
      expect(failed).toBeInstanceOf(ScheduleError)
      expect((failed as ScheduleError).report.errors.map((error) => error.split(':')[0])).toEqual([
        'schema',
        'retention of inbox sessions',
      ])
    } finally {
      logged.mockRestore()
      await behind.close()
    }
  })
})
