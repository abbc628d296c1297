/**
 * @jest-environment node
 *
 * The owner's tools on an origin of their own (edge/owner/origin.ts, docs/decisions/027-…): with ADMIN_ORIGIN
 * set, /admin/ redirects there from any other host, and the inbox's API and its GitHub sign-in answer 404
 * anywhere else, before reading a cookie. Without it, nothing changes. A malformed ADMIN_ORIGIN fails closed.
 * The CMS's sign-in (404 on the public origin, its token handed to the admin origin) runs in Chromium on
 * wrangler: test/owner/admin-origin.test.ts.
 */
import { handleInbox } from '../../edge/inbox/api'
import { finishInboxSignIn } from '../../edge/inbox/github-sign-in'
import { adminOrigin, adminPagesGate } from '../../edge/owner/origin'
import { readCmsSettings } from '../../scripts/cms/settings'
import { headersFile, type HostPolicy } from '../../scripts/hosts/host-files'
import { startD1, type TestD1 } from '../helpers/d1'
import { SECRET, SITE, ownerSession } from '../helpers/inbox-owner'
import {
  adminContentSecurityPolicy,
  adminHeaders,
  inboxHeaders,
  readAdminOrigin,
  securityHeaders,
} from '../../scripts/hosts/host-rules'

const ADMIN = 'https://admin.aquapuebla.mx'

// The inbox's sessions live in D1 (edge/inbox/session-store.ts).
let d1: TestD1
beforeAll(async () => void (d1 = await startD1()))
afterAll(() => d1.close())

const served = () => Promise.resolve(new Response('archivo estático', { status: 200 }))

test('ADMIN_ORIGIN is an exact https origin (http only on loopback); anything else is refused by name', () => {
  expect(adminOrigin({})).toBeNull()
  expect(adminOrigin({ ADMIN_ORIGIN: ' ' })).toBeNull()
  expect(adminOrigin({ ADMIN_ORIGIN: ADMIN })).toBe(ADMIN)
  expect(adminOrigin({ ADMIN_ORIGIN: `${ADMIN}/` })).toBe(ADMIN)
  expect(adminOrigin({ ADMIN_ORIGIN: 'http://localhost:8788' })).toBe('http://localhost:8788')
  for (const wrong of ['http://admin.aquapuebla.mx', `${ADMIN}/admin/`, 'admin.aquapuebla.mx', '*'])
    expect(() => adminOrigin({ ADMIN_ORIGIN: wrong })).toThrow(/ADMIN_ORIGIN/)
})

test('/admin/ on the public host, or a preview, redirects to the same path on ADMIN_ORIGIN, uncached', async () => {
  const gate = (url: string, env: { ADMIN_ORIGIN?: string } = { ADMIN_ORIGIN: ADMIN }) =>
    adminPagesGate({ request: new Request(url), env, next: served })
  for (const from of [SITE, 'https://3f2a.aquapuebla.pages.dev']) {
    const answer = await gate(`${from}/admin/solicitudes/?estado=spam`)
    expect(answer.status).toBe(307)
    expect(answer.headers.get('Location')).toBe(`${ADMIN}/admin/solicitudes/?estado=spam`)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
  }
  expect(await (await gate(`${ADMIN}/admin/`)).text()).toBe('archivo estático')
  // Without ADMIN_ORIGIN: served wherever asked.
  expect((await gate(`${SITE}/admin/`, {})).status).toBe(200)
  // Misconfigured: an error naming the variable, never the files on the wrong origin.
  const broken = await gate(`${SITE}/admin/`, { ADMIN_ORIGIN: 'admin.aquapuebla.mx' })
  expect(broken.status).toBe(500)
  expect(await broken.text()).toMatch(/^ADMIN_ORIGIN: "admin\.aquapuebla\.mx" is not an origin/)
})

test('the inbox API answers only on ADMIN_ORIGIN: elsewhere 404 even with a valid session', async () => {
  const { cookie } = await ownerSession(d1.db)
  const env = {
    SESSION_SECRET: SECRET,
    ADMIN_ORIGIN: ADMIN,
    INBOX_DEV_LOGIN_TOKEN: 'x'.repeat(32),
    DB: d1.db,
  }
  const call = (origin: string, route: string, environment = env) =>
    handleInbox({
      request: new Request(`${origin}/api/inbox/${route}`, { headers: { Cookie: cookie } }),
      env: environment,
    })
  for (const route of ['session', 'leads', 'export.csv', 'login', 'dev-login?token=x'])
    expect({ route, status: (await call(SITE, route)).status }).toEqual({ route, status: 404 })
  expect((await call(ADMIN, 'session')).status).toBe(200)
  const callback = await finishInboxSignIn({
    request: new Request(`${SITE}/api/callback/solicitudes?code=a&state=b`),
    env,
  })
  expect(callback.status).toBe(404)
  // A malformed ADMIN_ORIGIN closes the API rather than opening it on every host.
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    expect((await call(ADMIN, 'session', { ...env, ADMIN_ORIGIN: 'admin' })).status).toBe(404)
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^ADMIN_ORIGIN: "admin"/))
  } finally {
    logged.mockRestore()
  }
})

// The rules on the admin host (`sandbox` on its public files, detached by the admin's and the inbox's own policy):
// served by wrangler in test/owner/admin-origin.test.ts «the public origin sends the owner’s pages to the admin origin…».
test('the build reads ADMIN_ORIGIN strictly: without it _headers has no rule for an admin host; the CMS signs in there by default (its config.yml base_url)', () => {
  const policy: HostPolicy = {
    siteUrl: SITE,
    headers: securityHeaders("default-src 'none'"),
    routes: ['/'],
    otherFiles: [],
    adminHeaders: adminHeaders(adminContentSecurityPolicy()),
    inboxHeaders: inboxHeaders(),
  }
  expect(headersFile({ ...policy, adminHost: 'admin.aquapuebla.mx' }, {})).toMatch(/^https:\/\/admin\./m)
  expect(headersFile(policy, {})).not.toMatch(/^https:\/\//m)
  expect(readAdminOrigin({})).toBe('')
  expect(readAdminOrigin({ ADMIN_ORIGIN: ADMIN })).toBe(ADMIN)
  expect(() => readAdminOrigin({ ADMIN_ORIGIN: 'admin.aquapuebla.mx' })).toThrow(/ADMIN_ORIGIN/)
  expect(readCmsSettings({ ADMIN_ORIGIN: ADMIN }).authBaseUrl).toBe(ADMIN)
  expect(
    readCmsSettings({ ADMIN_ORIGIN: ADMIN, CMS_AUTH_BASE_URL: 'https://otro.example/' }).authBaseUrl,
  ).toBe('https://otro.example')
  expect(readCmsSettings({}).authBaseUrl).toBe('')
})
