/**
 * The owner's lead inbox at /admin/solicitudes/, in Chromium, served by Cloudflare's own runtime
 * (`wrangler pages dev`: the build, its _headers, functions/ with edge/, and a local D1 database with
 * migrations/ applied and test/helpers/inbox-seed.ts's leads), the GitHub sign-in against a stand-in on
 * loopback (test/stand-ins/github.ts, shared with the CMS sign-in). On a phone (390×844, touch): sign in with GitHub
 * (the token revoked at GitHub once checked; the session cookie host-only, HttpOnly, SameSite=Strict), the
 * leads newest first, markup shown as text, the notification state, the one-tap links, filter, search, a
 * status change and a note that survive a reload, the CSV as downloaded (BOM, neutralised formula),
 * a delete for good after confirming, sign-out; no console error and no CSP violation. Spam is never
 * silent: the default view says how many leads are set aside and why, and «No es spam» moves one back to
 * «Nuevo» in one tap, undoable (390 and 1280 px). At 1280 px: the loopback one-time sign-in link, once.
 * Screenshots in test/.artifacts/inbox/ (or INBOX_SHOTS_DIR).
 * Needs a build (`npm run build`). About 1 minute. Run alone:
 * `npx jest test/owner/inbox.test.ts --selectProjects chromium --runInBand`.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { AxePuppeteer } from '@axe-core/puppeteer'
import axe from 'axe-core'
import type { Browser, Page } from 'puppeteer-core'
import { makeDevLoginLink } from '../../edge/inbox/dev-login'
import { createLocalD1, startPages, type HostServer } from '../../scripts/hosts/servers'
import { INBOX_PREFIX, inboxContentSecurityPolicy } from '../../scripts/hosts/host-rules'
import { distDir, launchBrowser, openPage, projectRoot } from '../helpers/browser'
import { startGitHubStandIn, type GitHubStandIn } from '../stand-ins/github'
import { openLocalD1, type TestD1 } from '../helpers/d1'
import { FORMULA, MARKUP, SPAM_NAMES, seedStatements } from '../helpers/inbox-seed'

jest.setTimeout(120_000)

const SHOTS = process.env.INBOX_SHOTS_DIR || path.join(projectRoot, 'test', '.artifacts', 'inbox')
const DEV_TOKEN = 'token-local-de-la-prueba-0123456789'
const downloads = mkdtempSync(path.join(tmpdir(), 'inbox-downloads-'))
const d1Dir = mkdtempSync(path.join(tmpdir(), 'inbox-d1-'))

let github: GitHubStandIn
let server: HostServer
let browser: Browser
/** The same local D1 the Pages Function uses, opened from the test (seed, then read what the page changed). */
let store: TestD1

beforeAll(async () => {
  if (!existsSync(path.join(distDir, INBOX_PREFIX, 'index.html')))
    throw new Error('dist/admin/solicitudes/ is missing: run npm run build')
  github = await startGitHubStandIn({
    clientId: 'Iv1.bandeja',
    secret: 'secreto-de-la-app',
    code: 'codigo-de-github',
    token: 'gho_duena',
    users: [{ login: 'duena-aquapuebla', name: 'Dueña', token: 'gho_duena', push: true }],
    repository: {
      fullName: 'aquapuebla/sitio',
      seedDir: path.join(projectRoot, 'content'),
      under: 'content',
    },
  })
  // migrations/ applied by wrangler into a fresh local D1, the seed written through Miniflare.
  const local = createLocalD1(d1Dir)
  store = await openLocalD1(local)
  await store.db.batch(seedStatements().map((statement) => store.db.prepare(statement)))
  server = await startPages({
    root: distDir,
    port: 0,
    functions: {
      dir: path.join(projectRoot, 'functions'),
      vars: {
        SESSION_SECRET: 'secreto-de-sesion-de-la-prueba-con-32-caracteres',
        GITHUB_CLIENT_ID: 'Iv1.bandeja',
        GITHUB_CLIENT_SECRET: 'secreto-de-la-app',
        GITHUB_OAUTH_ORIGIN: github.origin,
        GITHUB_API_ORIGIN: github.origin,
        CMS_GITHUB_REPO: 'aquapuebla/sitio',
        INBOX_DEV_LOGIN_TOKEN: DEV_TOKEN,
      },
      d1: local,
    },
  })
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await github?.close()
  await store?.close()
  rmSync(downloads, { recursive: true, force: true })
  rmSync(d1Dir, { recursive: true, force: true })
})

const cardOf = (page: Page, name: string) =>
  page.waitForSelector(`::-p-xpath(//li[contains(@class,"lead")][.//h2[text()=${JSON.stringify(name)}]])`)

async function waitForNames(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted: string) =>
      JSON.stringify([...document.querySelectorAll('#lista h2')].map((h) => h.textContent)) === wanted,
    { timeout: 10_000 },
    JSON.stringify(expected),
  )
}

/** axe-core's WCAG 2.x A/AA rules, as test/visitor/accessibility.test.ts runs them on the public pages. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxePuppeteer(page, axe.source)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

/** The toast has cleared (it does after 5 s), so a screenshot shows the page under it. */
const toastGone = (page: Page) =>
  page.waitForFunction(() => document.getElementById('aviso')?.textContent === '', { timeout: 10_000 })

/**
 * The inbox opens on «Por atender» (issue 31, test/owner/inbox-promise.test.ts); these flows read every lead,
 * newest first: the owner taps «Todas».
 */
async function showAll(page: Page, count: number): Promise<void> {
  const radio = await page.waitForSelector(`::-p-aria([name="Todas ${count}"][role="radio"])`)
  await (await radio!.evaluateHandle((input) => input.closest('label')!)).click()
}

const toast = (page: Page, text: string) =>
  page.waitForFunction((t: string) => document.getElementById('aviso')?.textContent === t, {}, text)

test('the inbox page has its own strict policy and is never indexed (Cloudflare joins no headers)', async () => {
  const answer = await fetch(`${server.url}${INBOX_PREFIX}`)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-security-policy')).toBe(inboxContentSecurityPolicy())
  expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  expect(answer.headers.get('cache-control')).toBe('no-cache')
  // Unlike the CMS (decision 020) the inbox opens no sign-in pop-up: the site's strict opener policy.
  expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
  expect(inboxContentSecurityPolicy()).not.toMatch(/unsafe/)
  // The API answers nothing without a session, whatever the route.
  for (const route of ['session', 'leads', 'export.csv', 'leads/lead-ana'])
    expect({ route, status: (await fetch(`${server.url}/api/inbox/${route}`)).status }).toEqual({
      route,
      status: 401,
    })
})

test('the public pages carry none of it: no script of theirs names the inbox or its API', () => {
  const scripts = readdirSync(path.join(distDir, 'assets')).filter((file) => file.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(0)
  for (const file of scripts) {
    const text = readFileSync(path.join(distDir, 'assets', file), 'utf8')
    expect({ file, inbox: /api\/inbox|solicitudes\/|Descargar CSV/.test(text) }).toEqual({
      file,
      inbox: false,
    })
  }
})

test('on the phone: sign in with GitHub, read, filter, search, answer, note, export, delete, sign out', async () => {
  const { page, problems } = await openPage(browser, { width: 390, height: 844 })
  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.dismiss()
  })

  // 1. Signed out, the page offers the GitHub sign-in; GitHub (the stand-in) sends the owner back in.
  await page.goto(`${server.url}${INBOX_PREFIX}`)
  await page.waitForSelector('::-p-aria([name="Bandeja de solicitudes"][role="heading"])')
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, 'inbox-390-sign-in.png') })
  await Promise.all([
    page.waitForNavigation(),
    page.locator('::-p-aria([name="Entrar con GitHub"][role="link"])').click(),
  ])
  expect(new URL(page.url()).pathname).toBe(INBOX_PREFIX)
  expect(github.authorizeRequests.at(-1)?.scope).toBe('repo')
  await page.waitForSelector('::-p-aria([name="Solicitudes"][role="heading"])')
  expect(await page.$eval('#usuario-nombre', (el) => el.textContent)).toBe('duena-aquapuebla')
  // The sign-in's GitHub token was revoked at GitHub with the app's credentials once push access was checked.
  expect(github.revocations).toEqual([
    { clientId: 'Iv1.bandeja', token: 'gho_duena', appCredentials: true, status: 204 },
  ])
  // The session cookie, as the browser keeps it on plain-HTTP loopback (edge/owner/cookies.ts): host-only,
  // HttpOnly, SameSite=Strict, for the whole host, no state cookie left behind.
  const cookies = await page.cookies()
  expect(
    cookies.map(({ name, domain, path: cookiePath, httpOnly, sameSite }) => ({
      name,
      domain,
      path: cookiePath,
      httpOnly,
      sameSite,
    })),
  ).toEqual([
    { name: 'aquapuebla_inbox', domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Strict' },
  ])

  // 2. Newest first, spam set aside; markup is text, never an element.
  await showAll(page, 5)
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Ana López', MARKUP, FORMULA, 'Carlos Méndez'])
  expect(await page.$$eval('#lista img, #lista script', (found) => found.length)).toBe(0)
  const markupCard = await cardOf(page, MARKUP)
  expect(await markupCard!.$eval('.message', (el) => el.textContent)).toBe(
    `<script>alert("x")</script> ${MARKUP}`,
  )
  expect(await page.$eval('#cuenta', (el) => el.textContent)).toBe('5 solicitudes')
  expect(await accessibilityViolations(page)).toEqual([])

  // 3. What each notification did, and the one-tap answers with the company's name.
  const sofia = await cardOf(page, 'Sofía Ramírez Núñez')
  expect(await sofia!.$$eval('.notification', (items) => items.map((i) => i.textContent))).toEqual([
    'Aviso por correo: entregado',
    'Aviso por webhook: pendiente, reintentando (2 intentos)',
  ])
  const ana = await cardOf(page, 'Ana López')
  expect(await ana!.$eval('.notification', (el) => el.textContent)).toBe('Aviso por correo: fallido')
  const links = await ana!.$$eval('.actions a', (anchors) =>
    anchors.map((a) => [a.textContent, a.getAttribute('href')]),
  )
  expect(links).toEqual([
    ['Llamar', 'tel:2225550101'],
    [
      'WhatsApp',
      `https://wa.me/522225550101?text=${encodeURIComponent(`Hola Ana, te escribo por tu solicitud de cotización de mantenimiento regular.`)}`,
    ],
    [
      'Correo',
      expect.stringMatching(/^mailto:ana\.lopez@example\.com\?subject=Tu%20solicitud%20de%20cotizaci%C3%B3n/),
    ],
  ])

  // 4. Filter by status (the chips are radio buttons), then back to all.
  // The chips are radio buttons named by their label and count; the owner taps the visible label.
  const chip = async (name: string) => {
    const radio = await page.waitForSelector(`::-p-aria([name="${name}"][role="radio"])`)
    const label = await radio!.evaluateHandle((input) => input.closest('label')!)
    await label.tap()
    expect(await radio!.evaluate((input) => (input as HTMLInputElement).checked)).toBe(true)
  }
  await chip('Spam 4')
  await waitForNames(page, SPAM_NAMES)
  await chip('Cotizado 1')
  await waitForNames(page, [FORMULA])
  await chip('Todas 5')
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Ana López', MARKUP, FORMULA, 'Carlos Méndez'])

  // 5. Search by a phone typed another way, then by a word of a message.
  const search = await page.waitForSelector(
    '::-p-aria([name="Buscar por nombre, teléfono, correo o mensaje"])',
  )
  await search!.type('222-555-0111')
  await waitForNames(page, ['Carlos Méndez'])
  await search!.click({ count: 3 })
  await search!.type('alberca')
  await waitForNames(page, ['Sofía Ramírez Núñez'])
  await search!.click({ count: 3 })
  await page.keyboard.press('Backspace')
  await page.keyboard.press('Enter')
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Ana López', MARKUP, FORMULA, 'Carlos Méndez'])

  // 6. Ana was called: mark her as contactado and write a note; both survive a reload.
  const anaStatus = await (await cardOf(page, 'Ana López'))!.$('select')
  await anaStatus!.select('contactado')
  await toast(page, 'Ana López: ahora «Contactado».')
  // The filter's counts follow at once.
  await page.waitForSelector('::-p-aria([name="Contactado 1"][role="radio"])')
  await page.waitForSelector('::-p-aria([name="Nuevo 2"][role="radio"])')
  const note = await (await cardOf(page, 'Ana López'))!.waitForSelector('::-p-aria([name="Nota"])')
  await note!.type('Llamar el lunes; quiere cotización por escrito.')
  await (await cardOf(page, 'Ana López'))!.$eval('.note button', (button) =>
    (button as HTMLButtonElement).click(),
  )
  await toast(page, 'Nota guardada.')
  await page.reload()
  await showAll(page, 5)
  const reloaded = await cardOf(page, 'Ana López')
  expect(await reloaded!.$eval('.badge', (el) => el.textContent)).toBe('Contactado')
  expect(await reloaded!.$eval('textarea', (el) => (el as HTMLTextAreaElement).value)).toBe(
    'Llamar el lunes; quiere cotización por escrito.',
  )
  expect(await store.db.prepare("SELECT status, note FROM leads WHERE id = 'lead-ana'").first()).toEqual({
    status: 'contactado',
    note: 'Llamar el lunes; quiere cotización por escrito.',
  })

  // 7. The CSV, as the browser downloads it: BOM, Spanish headings, accents, the formula made text.
  const cdp = await page.createCDPSession()
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads })
  await page.locator('::-p-aria([name="Descargar CSV"][role="link"])').click()
  const file = await (async () => {
    for (let tries = 0; tries < 100; tries++) {
      const done = readdirSync(downloads).find((name) => name.endsWith('.csv'))
      if (done) return path.join(downloads, done)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('no CSV was downloaded')
  })()
  expect(path.basename(file)).toMatch(/^solicitudes-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = readFileSync(file)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const csv = bytes.toString('utf8').slice(1)
  const lines = csv.split('\r\n')
  expect(lines[0]).toBe(
    '"Fecha","Nombre","Teléfono","Correo","Servicio","Mensaje","Estado","Plazo","Primer contacto","Minutos hasta el primer contacto","Contacto por","Nota","Página","ID"',
  )
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Ver"")"`)
  expect(csv).toContain(`"'+52 222 555 0177"`)
  expect(csv).toContain('"¿Cuánto cuesta una alberca de 4×8 m?\nTenemos jardín de 200 m²."')
  // Moved on from «Nuevo»: the first contact, by the status change (the seeded rows have no deadline).
  expect(csv).toMatch(
    /"contactado","","\d{4}-\d{2}-\d{2} \d{2}:\d{2}","\d+","cambio de estado","Llamar el lunes; quiere cotización por escrito\."/,
  )
  expect(csv).not.toContain('Casino Bonus')

  // 8. Delete for good, after confirming; the count follows and the row is gone from D1 with its notices.
  await (await cardOf(page, 'Carlos Méndez'))!.$eval('.button-danger', (button) =>
    (button as HTMLButtonElement).click(),
  )
  const dialog = await page.waitForSelector('dialog[open]')
  expect(await dialog!.$eval('h2', (el) => el.textContent)).toBe('¿Eliminar esta solicitud para siempre?')
  await page.screenshot({ path: path.join(SHOTS, 'inbox-390-confirm.png') })
  await page.locator('::-p-aria([name="Sí, eliminar"][role="button"])').click()
  await toast(page, 'Solicitud eliminada.')
  // Focus moves to the next lead's name, not back to the top of the page.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(FORMULA)
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Ana López', MARKUP, FORMULA])
  expect(await page.$eval('#cuenta', (el) => el.textContent)).toBe('4 solicitudes')
  await page.waitForSelector('::-p-aria([name="Todas 4"][role="radio"])')
  await page.waitForSelector('::-p-aria([name="Ganado 0"][role="radio"])')
  expect(
    await store.db
      .prepare(
        "SELECT (SELECT count(*) FROM leads WHERE id = 'lead-old') + (SELECT count(*) FROM notifications WHERE lead_id = 'lead-old') AS n",
      )
      .first(),
  ).toEqual({ n: 0 })

  // 9. Fits the phone: no sideways scrolling. Then the screenshot the owner would see.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.evaluate(() => window.scrollTo(0, 0))
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, 'inbox-390.png') })
  await page.screenshot({ path: path.join(SHOTS, 'inbox-390-full.png'), fullPage: true })

  // 10. Sign out: the sign-in screen, and the API refuses the old page.
  await page.locator('::-p-aria([name="Salir"][role="button"])').click()
  await page.waitForSelector('::-p-aria([name="Entrar con GitHub"][role="link"])')
  expect(await page.evaluate(async () => (await fetch('/api/inbox/leads')).status)).toBe(401)

  expect(alerts).toEqual([])
  // Chromium logs every 4xx answer to fetch(). Two are expected, and only two: the signed-out page's
  // session check (step 1) and the probe after signing out (step 10). Nothing else, no CSP violation.
  const unauthorized =
    'error: Failed to load resource: the server responded with a status of 401 (Unauthorized)'
  expect(problems).toEqual([unauthorized, unauthorized])
  await page.close()
})

/** The spam panel's heading, reasons and newest names, as the owner reads them. */
async function spamPanel(page: Page) {
  return page.$eval('#apartadas', (panel) => ({
    title: panel.querySelector('h2')?.textContent,
    reasons: [...panel.querySelectorAll('.spam-reasons li')].map((li) => li.textContent),
    latest: [...panel.querySelectorAll('.spam-name')].map((p) => p.textContent),
    rescued: panel.querySelector('.spam-rescued p')?.textContent ?? null,
  }))
}

const SPAM_REASONS_SEEN = [
  '2 llenaron un campo que solo ven los robots',
  '1 se envió más rápido de lo que escribe una persona',
  '1 no pasó la prueba de Cloudflare que distingue personas de robots',
]

test('on the phone: leads set aside as spam are counted with their reasons, and one tap moves one back, undoably', async () => {
  const context = await browser.createBrowserContext()
  const { page, problems } = await openPage(context as unknown as Browser, { width: 390, height: 844 })
  await page.goto(`${server.url}${INBOX_PREFIX}`)
  await Promise.all([
    page.waitForNavigation(),
    page.locator('::-p-aria([name="Entrar con GitHub"][role="link"])').click(),
  ])
  await page.waitForSelector('::-p-aria([name="Solicitudes"][role="heading"])')

  // 1. The default view (spam hidden from the list) says how many are set aside and why, and shows the newest.
  await page.waitForSelector('::-p-aria([name="4 solicitudes apartadas como spam"][role="heading"])')
  expect(await spamPanel(page)).toEqual({
    title: '4 solicitudes apartadas como spam',
    reasons: SPAM_REASONS_SEEN,
    // The newest three; «Ver las 4 en Spam» lists them all.
    latest: SPAM_NAMES.slice(0, 3),
    rescued: null,
  })
  await showAll(page, 4)
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Ana López', MARKUP, FORMULA])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await accessibilityViolations(page)).toEqual([])
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, 'inbox-390-spam.png'), fullPage: true })

  // 2. Mariana is a client an old rule filed as too fast: one tap on «No es spam» beside her name.
  const mariana = await page.waitForSelector(
    '::-p-xpath(//li[contains(@class,"spam-item")][.//p[text()="Mariana Torres"]])',
  )
  const button = await mariana!.waitForSelector('::-p-aria([name="No es spam"][role="button"])')
  // Its description names the lead, for a screen reader going through several «No es spam».
  expect(
    await button!.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent,
    ),
  ).toBe('Mariana Torres')
  await button!.tap()
  await toast(page, 'Mariana Torres ya no está en spam: pasó a «Nuevo».')
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Mariana Torres', 'Ana López', MARKUP, FORMULA])
  expect(await spamPanel(page)).toEqual({
    title: '3 solicitudes apartadas como spam',
    reasons: [SPAM_REASONS_SEEN[0], SPAM_REASONS_SEEN[2]],
    latest: ['Casino Bonus', 'Préstamos YA', 'Oferta SEO'],
    rescued: 'Mariana Torres ya no está en spam: pasó a «Nuevo».',
  })
  const card = await cardOf(page, 'Mariana Torres')
  expect(await card!.$eval('.badge', (el) => el.textContent)).toBe('Nuevo')
  expect(await card!.$$eval('.meta', (all) => all.map((el) => el.textContent))).toContain(
    'Estuvo apartada como spam: se envió más rápido de lo que escribe una persona.',
  )
  await page.waitForSelector('::-p-aria([name="Nuevo 3"][role="radio"])')
  await page.waitForSelector('::-p-aria([name="Spam 3"][role="radio"])')
  // Focus waits on «Deshacer», so a tap by mistake is one more tap away from undone.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Deshacer')
  expect(
    await store.db.prepare("SELECT status, spam_reason FROM leads WHERE id = 'lead-mariana'").first(),
  ).toEqual({ status: 'nuevo', spam_reason: 'too-fast' })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await accessibilityViolations(page)).toEqual([])
  await page.evaluate(() => window.scrollTo(0, 0))
  await toastGone(page)
  await page.screenshot({ path: path.join(SHOTS, 'inbox-390-spam-rescued.png'), fullPage: true })

  // 3. «Deshacer» puts her back as she was (reason kept); the list and the counts follow.
  await page.locator('::-p-aria([name="Deshacer"][role="button"])').click()
  await toast(page, 'Mariana Torres volvió a spam.')
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Ana López', MARKUP, FORMULA])
  expect((await spamPanel(page)).title).toBe('4 solicitudes apartadas como spam')
  expect(
    await store.db.prepare("SELECT status, spam_reason FROM leads WHERE id = 'lead-mariana'").first(),
  ).toEqual({ status: 'spam', spam_reason: 'too-fast' })

  // 4. In the Spam filter each card says why in words and has its own «No es spam».
  await page.locator('::-p-aria([name="Ver las 4 en Spam"][role="button"])').click()
  await waitForNames(page, SPAM_NAMES)
  const inSpam = await cardOf(page, 'Oferta SEO')
  expect(await inSpam!.$eval('.spam-reason', (el) => el.textContent)).toBe(
    'Apartada como spam: no pasó la prueba de Cloudflare que distingue personas de robots.',
  )
  expect(await inSpam!.$$('::-p-aria([name="No es spam"][role="button"])')).toHaveLength(1)
  expect(await accessibilityViolations(page)).toEqual([])

  // Only the signed-out page's session check failed (401), nothing else.
  expect(problems).toEqual([
    'error: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
  ])
  await context.close()
})

test('at 1280 px: the loopback one-time link signs in once', async () => {
  const context = await browser.createBrowserContext()
  const { page, problems } = await openPage(context as unknown as Browser, { width: 1280, height: 900 })
  const { url } = makeDevLoginLink(server.url, DEV_TOKEN)
  await page.goto(url)
  expect(new URL(page.url()).pathname).toBe(INBOX_PREFIX)
  await page.waitForSelector('::-p-aria([name="Solicitudes"][role="heading"])')
  await showAll(page, 4)
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Ana López', MARKUP, FORMULA])
  expect(await page.$eval('#usuario-nombre', (el) => el.textContent)).toBe('local')
  expect((await spamPanel(page)).reasons).toEqual(SPAM_REASONS_SEEN)
  // The spam set aside, and Mariana moved back with one click.
  const mariana = await page.waitForSelector(
    '::-p-xpath(//li[contains(@class,"spam-item")][.//p[text()="Mariana Torres"]])',
  )
  await (await mariana!.waitForSelector('::-p-aria([name="No es spam"][role="button"])'))!.click()
  await waitForNames(page, ['Sofía Ramírez Núñez', 'Mariana Torres', 'Ana López', MARKUP, FORMULA])
  expect((await spamPanel(page)).rescued).toBe('Mariana Torres ya no está en spam: pasó a «Nuevo».')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  await toastGone(page)
  await page.screenshot({ path: path.join(SHOTS, 'inbox-1280.png') })
  await page.screenshot({ path: path.join(SHOTS, 'inbox-1280-full.png'), fullPage: true })
  expect(await accessibilityViolations(page)).toEqual([])
  expect(problems).toEqual([])
  // Used once: the same link now refuses.
  const again = await fetch(url, { redirect: 'manual' })
  expect(again.status).toBe(403)
  await context.close()
})
