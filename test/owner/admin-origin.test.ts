/**
 * The owner's tools on an origin of their own (ADMIN_ORIGIN, docs/decisions/027-…), proven in Chromium on
 * Cloudflare's own runtime (`wrangler pages dev`: the build, its _headers, functions/ and a local D1) with two
 * origins on loopback, as a second custom domain of one Pages project would be:
 *   public  http://127.0.0.1:<port>   (the site, as https://www.aquapuebla.mx)
 *   admin   http://localhost:<port>   (ADMIN_ORIGIN, as https://admin.aquapuebla.mx)
 * The owner signs in to the CMS through its real GitHub pop-up (the GitHub stand-in) and to the inbox through the
 * loopback link, both on the admin origin. Then a script running on a public page, as any script its policy lets
 * run would (analytics after consent, Turnstile's widget), tries every way to the CMS's token and the inbox's
 * leads: it finds neither. The same script on the admin origin reads both: the wall is the origin, not a broken
 * setup. The public files the admin host also serves run no script there (sandboxed).
 * The build is dist/ with the two steps ADMIN_ORIGIN changes run again on a copy (config.yml's sign-in address and
 * the host files), as `npm run build` would write them. About 1-2 minutes (Decap's 5 MB bundle).
 * Run: `npx jest test/owner/admin-origin.test.ts --selectProjects chromium --runInBand`.
 */
import type { Page } from 'puppeteer-core'
import {
  ADMIN_PREFIX,
  INBOX_PREFIX,
  adminContentSecurityPolicy,
  inboxContentSecurityPolicy,
} from '../../scripts/hosts/host-rules'
import { openPage, theBrowser } from '../helpers/browser'
import { theAdminSettings } from '../helpers/builds'
import { clickTextIn, NOT_FOUND_LOGGED, PROXY_PROBE_REFUSED, waitForTextIn } from '../helpers/cms-owner-flow'
import { puppeteerTab } from '../helpers/driver'
import { seedStatements } from '../helpers/inbox-seed'
import { signInToInbox, theGitHub } from '../helpers/owner'
import { thePagesStack } from '../helpers/pages-stack'
import { answerGitHubApi } from '../stand-ins/github'

jest.setTimeout(240_000)

// 1. dist/ with what ADMIN_ORIGIN changes: the CMS signs in at the admin origin (config.yml's base_url), and the
//    host files give the admin host its rule. One Pages project, two origins:
const admin = theAdminSettings((port) => ({ ADMIN_ORIGIN: `http://localhost:${port}` }))
const publicOrigin = () => `http://127.0.0.1:${admin.port()}`
const adminOrigin = () => `http://localhost:${admin.port()}`
// 2. GitHub, with the repository the CMS edits; the leads in the stack's D1.
const github = theGitHub({ clientId: 'Iv1.origen-propio', token: 'gho_token-del-cms-de-la-duena' })
// 3. One Pages project, two origins; the functions told which one is the owner's.
const server = thePagesStack({
  build: admin.build,
  port: admin.port,
  github,
  seed: (db) => db.batch(seedStatements().map((statement) => db.prepare(statement))),
  vars: () => ({ ADMIN_ORIGIN: adminOrigin(), SITE_URL: publicOrigin() }),
})
const browser = theBrowser()
let PUBLIC = ''
let ADMIN = ''
beforeAll(() => {
  PUBLIC = publicOrigin()
  ADMIN = adminOrigin()
})

const head = (url: string) => fetch(url, { redirect: 'manual' })

test('the public origin sends the owner’s pages to the admin origin and has no API or sign-in of its own', async () => {
  for (const route of [ADMIN_PREFIX, INBOX_PREFIX, `${INBOX_PREFIX}?estado=spam`]) {
    const answer = await head(`${PUBLIC}${route}`)
    expect({ route, status: answer.status, location: answer.headers.get('location') }).toEqual({
      route,
      status: 307,
      location: `${ADMIN}${route}`,
    })
  }
  for (const route of [
    '/api/inbox/session',
    '/api/inbox/login',
    '/api/auth?provider=github',
    '/api/callback',
  ])
    expect({ route, status: (await head(`${PUBLIC}${route}`)).status }).toEqual({ route, status: 404 })
  // On the admin origin, each tool with its own single policy (the host rule's sandbox detached).
  const admin = await head(`${ADMIN}${ADMIN_PREFIX}`)
  expect(admin.status).toBe(200)
  expect(admin.headers.get('content-security-policy')).toBe(adminContentSecurityPolicy())
  const inbox = await head(`${ADMIN}${INBOX_PREFIX}`)
  expect(inbox.headers.get('content-security-policy')).toBe(inboxContentSecurityPolicy())
  expect(inbox.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  // The public files on the admin host: a second policy, `sandbox`; never indexed there.
  const home = await head(`${ADMIN}/`)
  expect(home.headers.get('content-security-policy')).toMatch(/, sandbox$/)
  expect(home.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  // And the public site itself is as before.
  const site = await head(`${PUBLIC}/`)
  expect(site.headers.get('content-security-policy')).not.toContain('sandbox')
  expect(site.headers.get('x-robots-tag')).toBeNull()
})

/** What a script on `page` finds when it goes for the owner's CMS token and leads on the admin origin. */
function probe(page: Page, admin: string, token: string) {
  return page.evaluate(
    async (adminOrigin: string, secret: string) => {
      const attempt = async (what: () => Promise<unknown>) => {
        try {
          return await what()
        } catch (error) {
          return `${(error as Error).name}: ${(error as Error).message}`
        }
      }
      const leads = `${adminOrigin}/api/inbox/leads`
      return {
        origin: window.origin,
        // The CMS's token where Decap keeps it: this origin's localStorage.
        tokenHere: await attempt(async () =>
          Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes(secret)),
        ),
        // The leads with the owner's cookie, readable (CORS) or not.
        leads: await attempt(async () => {
          const answer = await fetch(leads, { credentials: 'include' })
          return `${answer.status} ${(await answer.text()).slice(0, 40)}`
        }),
        // Not readable: an opaque answer, no status, no body.
        opaque: await attempt(async () => {
          const answer = await fetch(leads, { credentials: 'include', mode: 'no-cors' })
          return `${answer.type} ${answer.status} "${await answer.text()}"`
        }),
        // This origin's own /api/inbox/: no session cookie here, and no API either.
        ownApi: await attempt(async () => (await fetch('/api/inbox/leads')).status),
        // A window on the admin origin, once it has left about:blank (it starts with the opener's origin):
        // whether its storage and document can be read.
        window: await attempt(async () => {
          const opened = window.open(`${adminOrigin}/admin/solicitudes/`)
          if (!opened) return 'no window'
          for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
            try {
              if (opened.closed) break
              if (opened.location.href !== 'about:blank' && opened.document.readyState === 'complete') break
            } catch {
              break // another origin: no access any more
            }
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
          let readable = false
          try {
            readable =
              typeof opened.localStorage.length === 'number' && typeof opened.document.title === 'string'
          } catch {
            readable = false
          }
          opened.close()
          return readable ? 'read' : 'not readable'
        }),
      }
    },
    admin,
    token,
  )
}

test('a script on a public page cannot read the CMS’s stored token or the inbox’s leads', async () => {
  // 1. The owner signs in to the CMS on the admin origin, through GitHub's pop-up, as on the real site.
  const { page: cms, problems: cmsProblems } = await openPage(browser, {
    width: 1280,
    height: 900,
    answer: answerGitHubApi(github),
  })
  await cms.goto(`${ADMIN}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
  const admin = puppeteerTab(cms, { baseUrl: ADMIN })
  await clickTextIn(admin, 'Iniciar sesión con GitHub', 'button')
  await waitForTextIn(admin, 'Contenido del sitio')
  expect(github.authorizeRequests).toEqual([
    expect.objectContaining({ client_id: github.app.clientId, redirect_uri: `${ADMIN}/api/callback` }),
  ])

  // 2. And to the inbox (the loopback link), also on the admin origin.
  const { page: inbox } = await openPage(browser, { width: 1280, height: 900 })
  await signInToInbox(inbox, ADMIN, server.signInPath)
  expect(inbox.url()).toBe(`${ADMIN}${INBOX_PREFIX}`)

  // 3. The same browser on a public page. A script there, under the page's own policy: nothing.
  const { page: site, problems: siteProblems } = await openPage(browser, { width: 1280, height: 900 })
  await site.goto(`${PUBLIC}/contacto`)
  // The site's connect-src names no admin origin: the request never leaves the page. Another origin's window:
  // no access to its storage or document (and the pages' opener policy may cut the handle altogether).
  const nothing = {
    origin: PUBLIC,
    tokenHere: false,
    leads: 'TypeError: Failed to fetch',
    opaque: 'TypeError: Failed to fetch',
    ownApi: 404,
    window: 'not readable',
  }
  expect(await probe(site, ADMIN, github.app.token)).toEqual(nothing)
  expect(siteProblems.filter((line) => line.includes('CSP violation: connect-src'))).toHaveLength(2)

  // 4. Worse: a script the policy does not stop (as if the admin origin were allowed): the browser still keeps
  //    the answer from it (no CORS for another origin), and not even an opaque answer comes back (the API's
  //    Cross-Origin-Resource-Policy: same-origin).
  await site.setBypassCSP(true)
  await site.goto(`${PUBLIC}/contacto`)
  expect(await probe(site, ADMIN, github.app.token)).toEqual(nothing)

  // The policy was not what stopped them this time: no new violation.
  expect(siteProblems.filter((line) => line.includes('CSP violation: connect-src'))).toHaveLength(2)

  // 5. The control: the same script on the admin origin reads both. The wall above is the origin.
  const onAdmin = await probe(inbox, ADMIN, github.app.token)
  expect(onAdmin.origin).toBe(ADMIN)
  expect(onAdmin.leads).toMatch(/^200 \{.*"leads/)
  expect(onAdmin.window).toBe('read')
  // Decap keeps the token in the admin origin's localStorage.
  expect(onAdmin.tokenHere).toBe(true)

  // Decap's probe for a local proxy, and GitHub's 404 for a repository without uploads, as in cms-sign-in.
  expect(cmsProblems.filter((line) => ![PROXY_PROBE_REFUSED, NOT_FOUND_LOGGED].includes(line))).toEqual([])
  for (const page of [cms, inbox, site]) await page.close()
})

test('the public pages the admin host also serves run none of their scripts there', async () => {
  const { page } = await openPage(browser, { width: 390, height: 844 })
  await page.goto(`${ADMIN}/contacto`)
  // The page is there (static HTML) but never hydrates, and has no origin to read anything of.
  await page.waitForSelector('::-p-aria([name="Enviar Mensaje"][role="button"])')
  expect(
    await page.evaluate(() => {
      /** What a read gives, or the name of the error it throws. */
      const read = (what: () => string) => {
        try {
          return what()
        } catch (error) {
          return (error as Error).name
        }
      }
      return {
        origin: window.origin,
        hydrated: Object.keys(document.querySelector('#root') ?? {}).some((key) => key.startsWith('__react')),
        storage: read(() => String(localStorage.length)),
        cookie: read(() => document.cookie),
      }
    }),
  ).toEqual({ origin: 'null', hydrated: false, storage: 'SecurityError', cookie: 'SecurityError' })
  await page.close()
})
