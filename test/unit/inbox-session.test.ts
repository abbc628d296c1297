/**
 * @jest-environment node
 *
 * The inbox's session cookie (edge/inbox/session.ts): signed with SESSION_SECRET, refused when forged,
 * altered, expired or signed with another secret; the cookie's attributes.
 */
import {
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

test('the cookie is HttpOnly, Secure, SameSite=Strict, for the whole site, for the session’s life', () => {
  expect(sessionCookie('abc')).toBe(
    `${SESSION_COOKIE}=abc; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly; Secure; SameSite=Strict`,
  )
  expect(clearedSessionCookie()).toMatch(
    new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure`),
  )
})

test('the session is read from the request’s Cookie header among others', async () => {
  const value = await signSession(newSession('duena', NOW), SECRET)
  const request = new Request('https://www.aquapuebla.mx/api/inbox/session', {
    headers: { Cookie: `otra=1; ${SESSION_COOKIE}=${value}; y=2` },
  })
  expect((await sessionOf(request, SECRET, NOW))?.login).toBe('duena')
})
