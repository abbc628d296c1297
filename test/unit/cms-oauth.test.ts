/**
 * @jest-environment node
 *
 * The CMS's GitHub sign-in for Cloudflare Pages (edge/cms/oauth.ts, served as /api/auth and
 * /api/callback), against a fake GitHub on loopback: the redirect to GitHub's consent page, the state
 * check, the code traded for a token with the app's secret, and Decap's postMessage handshake, run as
 * the admin's pop-up would run it.
 */
import { finishAuth, startAuth, type OAuthEnv } from '../../edge/cms/oauth'
import { startGitHubStandIn, type GitHubStandIn } from '../stand-ins/github'

const SITE = 'https://www.aquapuebla.mx'
let fakeGitHub: GitHubStandIn
let env: Required<OAuthEnv>

beforeAll(async () => {
  fakeGitHub = await startGitHubStandIn({ secret: 'secreto', code: 'codigo-bueno', token: 'gho_token123' })
  env = {
    GITHUB_CLIENT_ID: 'Iv1.cliente',
    GITHUB_CLIENT_SECRET: 'secreto',
    GITHUB_OAUTH_ORIGIN: fakeGitHub.origin,
    // Empty: the token goes to this function's own origin only.
    CMS_ADMIN_ORIGINS: '',
    // Empty: the owner's tools share the site's origin.
    ADMIN_ORIGIN: '',
  }
})

afterAll(() => fakeGitHub.close())
beforeEach(() => (fakeGitHub.tokenRequests.length = 0))

/** Starts a sign-in as the admin's pop-up does; returns GitHub's consent URL and the state cookie. */
function begin() {
  const response = startAuth({
    request: new Request(`${SITE}/api/auth?provider=github&site_id=www.aquapuebla.mx&scope=repo`),
    env,
  })
  const location = new URL(response.headers.get('Location') ?? '')
  const cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  return { response, location, cookie }
}

/**
 * Runs the callback page's script as the pop-up would, with a fake opener (or none); the admin answers
 * "authorizing:github" from `replyFrom`, as its opener or (`stranger`) as another window. Returns what the
 * page posted and the text it shows.
 */
function runPopup(html: string, replyFrom: string, { stranger = false, opener = true } = {}) {
  const script = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html)
  if (!script) throw new Error('the callback page has no script')
  const posted: [string, string][] = []
  const listeners: ((event: { origin: string; source: unknown }) => void)[] = []
  const status = { textContent: /<p id="estado">([^<]*)<\/p>/.exec(html)?.[1] ?? '' }
  const window = {
    opener: opener
      ? { postMessage: (message: string, origin: string) => posted.push([message, origin]) }
      : null,
    addEventListener: (_type: string, listener: (event: { origin: string; source: unknown }) => void) =>
      listeners.push(listener),
    removeEventListener: () => listeners.splice(0),
  }
  const document = { getElementById: (id: string) => (id === 'estado' ? status : null) }
  new Function('window', 'document', script[2]!)(window, document)
  // The admin answers "authorizing:github" with a message of its own.
  for (const listener of [...listeners])
    listener({ origin: replyFrom, source: stranger ? { postMessage: () => undefined } : window.opener })
  return { posted, nonce: script[1], shown: status.textContent }
}

/** The callback GitHub sends the pop-up back to with `code` and the state just begun, under these admin origins. */
async function callback(code = 'codigo-bueno', adminOrigins = ''): Promise<Response> {
  const { location, cookie } = begin()
  return finishAuth({
    request: new Request(`${SITE}/api/callback?code=${code}&state=${location.searchParams.get('state')}`, {
      headers: { Cookie: cookie },
    }),
    env: { ...env, CMS_ADMIN_ORIGINS: adminOrigins },
  })
}
const signedInPage = (adminOrigins: string) => callback('codigo-bueno', adminOrigins)

// GitHub's consent page with the app's id and our callback, and the code traded with the app's secret: in
// Chromium on wrangler, test/owner/cms-sign-in.test.ts (expectOneHandshake).
test('/api/auth sends the owner to GitHub with a fresh state in a __Host- cookie', () => {
  const first = begin()
  const state = first.location.searchParams.get('state')
  expect(state).toMatch(/^[\w-]{20,}$/)
  // __Host-: Secure, Path=/ and no Domain, or the browser drops it; bound to this one host.
  expect(first.response.headers.get('Set-Cookie')).toBe(
    `__Host-decap_oauth_state=${state}; Path=/; Max-Age=600; HttpOnly; Secure; SameSite=Lax`,
  )
  expect(begin().location.searchParams.get('state')).not.toBe(state)
  // On plain-HTTP loopback (wrangler pages dev): no prefix and no Secure.
  const local = startAuth({ request: new Request('http://127.0.0.1:8788/api/auth?provider=github'), env })
  const localState = new URL(local.headers.get('Location') ?? '').searchParams.get('state')
  expect(local.headers.get('Set-Cookie')).toBe(
    `decap_oauth_state=${localState}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax`,
  )
})

test('the sign-in asks GitHub only for the scope Decap asks for, from the allow-list', () => {
  const scopeSent = (query: string) => {
    const response = startAuth({ request: new Request(`${SITE}/api/auth?provider=github${query}`), env })
    const location = response.headers.get('Location')
    const scope = location && new URL(location).searchParams.get('scope')
    return { query, status: response.status, scope, cookie: Boolean(response.headers.get('Set-Cookie')) }
  }
  // Decap always sends one; with none, the backend's default. Anything wider is refused before GitHub is asked,
  // and no state cookie is set.
  const wider = ['repo,user', 'user', 'admin:org', 'repo user', 'delete_repo'].map(
    (scope) => `&scope=${encodeURIComponent(scope)}`,
  )
  expect(['&scope=repo', '&scope=public_repo', '', ...wider].map(scopeSent)).toEqual([
    { query: '&scope=repo', status: 302, scope: 'repo', cookie: true },
    { query: '&scope=public_repo', status: 302, scope: 'public_repo', cookie: true },
    { query: '', status: 302, scope: 'repo', cookie: true },
    ...wider.map((query) => ({ query, status: 400, scope: null, cookie: false })),
  ])
})

test('/api/callback hands the token to the admin window of our own origin, to no other', async () => {
  const response = await callback()
  expect(response.status).toBe(200)
  const html = await response.text()
  const { posted, nonce } = runPopup(html, SITE)
  expect(posted).toEqual([
    ['authorizing:github', SITE],
    ['authorization:github:success:{"token":"gho_token123","provider":"github"}', SITE],
  ])
  // A window elsewhere that answers gets nothing.
  expect(runPopup(html, 'https://evil.example').posted).toEqual([['authorizing:github', SITE]])
  // Only the page's own script may run, and the secret never reaches the browser.
  expect(response.headers.get('Content-Security-Policy')).toBe(
    `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  )
  expect(html).not.toContain('secreto')
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  // The state cookie has done its work: deleted under its own __Host- name and attributes.
  expect(response.headers.get('Set-Cookie')).toBe(
    '__Host-decap_oauth_state=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
  )
})

test('a callback with another state, none, or a state cookie without the __Host- prefix (a sibling subdomain could set one) is refused before GitHub is asked', async () => {
  const { location, cookie } = begin()
  const state = location.searchParams.get('state')
  for (const [query, sent] of [
    [`state=${state}`, cookie.replace('__Host-', '')],
    ['state=otro', cookie],
    ['', cookie],
  ]) {
    const response = await finishAuth({
      request: new Request(`${SITE}/api/callback?code=codigo-bueno&${query}`, { headers: { Cookie: sent! } }),
      env,
    })
    expect(response.status).toBe(401)
    const { posted } = runPopup(await response.text(), SITE)
    expect(posted[1]?.[0]).toMatch(/^authorization:github:error:\{"message":"the sign-in expired/)
  }
  expect(fakeGitHub.tokenRequests).toEqual([])
})

test("GitHub's refusal reaches the admin as an error, and a site without the app's secrets says so", async () => {
  const refused = await callback('codigo-viejo')
  expect(refused.status).toBe(401)
  expect(runPopup(await refused.text(), SITE).posted[1]).toEqual([
    'authorization:github:error:{"message":"The code passed is incorrect or expired."}',
    SITE,
  ])
  const unconfigured = startAuth({ request: new Request(`${SITE}/api/auth?provider=github`), env: {} })
  expect(unconfigured.status).toBe(500)
  expect(await unconfigured.text()).toMatch(/GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are not set/)
})

test('with CMS_ADMIN_ORIGINS the token goes to the listed admin origin that answers, and to no other', async () => {
  // The admin served by another host (nginx) than the functions (CMS_AUTH_BASE_URL pointing at them).
  const ADMIN = 'https://editor.aquapuebla.mx'
  const html = await (await signedInPage(`${ADMIN}, ${SITE}`)).text()
  const success = 'authorization:github:success:{"token":"gho_token123","provider":"github"}'
  // The greeting (no secret) to whichever window opened the pop-up; the token to the listed one that answered.
  for (const origin of [ADMIN, SITE])
    expect(runPopup(html, origin).posted).toEqual([
      ['authorizing:github', '*'],
      [success, origin],
    ])
  expect(runPopup(html, 'https://evil.example').posted).toEqual([['authorizing:github', '*']])
  // Not listed: the function's own origin is no longer implied.
  const onlyAdmin = await (await signedInPage(ADMIN)).text()
  expect(runPopup(onlyAdmin, SITE).posted).toEqual([['authorizing:github', ADMIN]])
  // An allowed origin, but another window than the one that opened the pop-up.
  expect(runPopup(html, ADMIN, { stranger: true }).posted).toEqual([['authorizing:github', '*']])
})

test('CMS_ADMIN_ORIGINS accepts origins only: a wildcard or a path is a configuration error, never "*"', async () => {
  for (const wrong of ['*', 'https://www.aquapuebla.mx/admin/', 'www.aquapuebla.mx', 'javascript:alert(1)']) {
    const response = await signedInPage(wrong)
    expect({ wrong, status: response.status }).toEqual({ wrong, status: 500 })
    const text = await response.text()
    expect(text).toMatch(/^CMS_ADMIN_ORIGINS: .* is not an origin like https:\/\/www\.example\.com$/)
    expect(text).not.toContain('gho_')
  }
  // A trailing slash on an origin is still that origin.
  expect((await signedInPage(`${SITE}/`)).status).toBe(200)
})

// Regression: with `Cross-Origin-Opener-Policy: same-origin` on /admin/, the pop-up lost its opener and said
// "Sesión iniciada" while the admin waited for ever.
test('a pop-up that lost its opener tells the owner what to do, and posts nothing', async () => {
  const { posted, shown } = runPopup(await (await signedInPage('')).text(), SITE, { opener: false })
  expect(posted).toEqual([])
  expect(shown).toBe(
    'Esta ventana perdió el enlace con el editor y no pudo entregarle la sesión. Ciérrala, vuelve a abrir /admin/ e inicia sesión desde ahí.',
  )
})
