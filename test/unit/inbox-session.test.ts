/**
 * @jest-environment node
 *
 * The inbox's session cookie (edge/inbox/session.ts): signed with SESSION_SECRET, refused when forged,
 * altered, expired or signed with another secret; the cookie's attributes.
 */
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

const SECRET = 'una-clave-de-prueba-de-32-caracteres-o-mas'
const NOW = Date.parse('2026-11-25T10:00:00Z')

test('a signed session is read back with its login, expiry and CSRF token', async () => {
  const session = newSession('duena-aquapuebla', NOW)
  const value = await signSession(session, SECRET)
  expect(await verifySession(value, SECRET, NOW)).toEqual(session)
  expect(session.exp).toBe(NOW / 1000 + SESSION_SECONDS)
  expect(session.csrf).toMatch(/^[\w-]{32}$/)
})

test('a session is refused once it has expired, and accepted until then', async () => {
  const value = await signSession(newSession('duena', NOW), SECRET)
  expect(await verifySession(value, SECRET, NOW + SESSION_SECONDS * 1000 - 1000)).not.toBeNull()
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
  // Signed with another secret (a forger who guessed the format).
  expect(
    await verifySession(await signSession(newSession('duena', NOW), `${SECRET}-otra`), SECRET, NOW),
  ).toBeNull()
})

test('no session is made or accepted without a long enough SESSION_SECRET', async () => {
  await expect(signSession(newSession('duena', NOW), 'corta')).rejects.toThrow(/SESSION_SECRET/)
  const value = await signSession(newSession('duena', NOW), SECRET)
  expect(await verifySession(value, undefined, NOW)).toBeNull()
  expect(await verifySession(value, '', NOW)).toBeNull()
})

test('the cookie is __Host-, HttpOnly, Secure, SameSite=Strict, for the whole host, for the session’s life', () => {
  const site = new Request('https://www.aquapuebla.mx/api/inbox/dev-login')
  expect(SESSION_COOKIE).toBe('__Host-aquapuebla_inbox')
  expect(sessionCookie(site, 'abc')).toBe(
    `__Host-aquapuebla_inbox=abc; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly; Secure; SameSite=Strict`,
  )
  expect(clearedSessionCookie(site)).toBe(
    '__Host-aquapuebla_inbox=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict',
  )
  // A __Host- cookie names no Domain (bound to this host) and must be Secure with Path=/, or browsers drop it.
  expect(sessionCookie(site, 'abc')).not.toMatch(/Domain=/i)
  // Plain HTTP to a public name still gets the __Host- cookie: the browser refuses it there, the sign-in fails
  // closed instead of sending a session in clear.
  expect(sessionCookie(new Request('http://www.aquapuebla.mx/'), 'abc')).toMatch(
    /^__Host-aquapuebla_inbox=abc;.*Secure/,
  )
})

test('on plain-HTTP loopback (npm start, the tests) the cookie has no prefix and no Secure, which WebKit drops there', () => {
  for (const origin of ['http://127.0.0.1:8788', 'http://localhost:8788', 'http://[::1]:8788']) {
    const local = new Request(`${origin}/api/inbox/dev-login`)
    expect(sessionCookie(local, 'abc')).toBe(
      `aquapuebla_inbox=abc; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict`,
    )
    expect(clearedSessionCookie(local)).toBe(
      'aquapuebla_inbox=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
    )
  }
  // Loopback over https (wrangler pages dev --local-protocol=https) is the site's case.
  expect(sessionCookie(new Request('https://127.0.0.1:8788/'), 'abc')).toMatch(
    /^__Host-aquapuebla_inbox=abc;.*Secure/,
  )
})

test('each context reads only its own name: a cookie without the prefix is never a session on the site', async () => {
  const value = await signSession(newSession('duena', NOW), SECRET)
  const onSite = (cookie: string) =>
    sessionOf(
      new Request('https://www.aquapuebla.mx/api/inbox/session', { headers: { Cookie: cookie } }),
      SECRET,
      NOW,
    )
  const onLoopback = (cookie: string) =>
    sessionOf(
      new Request('http://127.0.0.1:8788/api/inbox/session', { headers: { Cookie: cookie } }),
      SECRET,
      NOW,
    )
  expect((await onSite(`${SESSION_COOKIE}=${value}`))?.login).toBe('duena')
  // A sibling subdomain or a plain-HTTP page can set `aquapuebla_inbox` (not `__Host-…`): never read on the site.
  expect(await onSite(`${LOCAL_SESSION_COOKIE}=${value}`)).toBeNull()
  expect((await onLoopback(`${LOCAL_SESSION_COOKIE}=${value}`))?.login).toBe('duena')
  expect(await onLoopback(`${SESSION_COOKIE}=${value}`)).toBeNull()
})

test('the session is read from the request’s Cookie header among others', async () => {
  const value = await signSession(newSession('duena', NOW), SECRET)
  const request = new Request('https://www.aquapuebla.mx/api/inbox/session', {
    headers: { Cookie: `otra=1; ${SESSION_COOKIE}=${value}; y=2` },
  })
  expect((await sessionOf(request, SECRET, NOW))?.login).toBe('duena')
})
