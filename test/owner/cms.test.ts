/**
 * The CMS at /admin/ (Decap CMS, scripts/cms/), as the owner uses it, in Chromium:
 * - no public page, script, stylesheet or the sitemap names the CMS or the lead inbox (read from the build);
 * - the build's admin loads in Spanish at its GitHub sign-in with no console error and no
 *   Content-Security-Policy violation, served by our server (signing in through the pop-up, with the admin
 *   served by nginx with the build's configuration and by Cloudflare Pages, is cms-sign-in.test.ts);
 * - `npm run cms` itself (the Vite dev server and the guarded decap-server, pointed at a copy of content/ so
 *   the real files are never touched): the admin lists every content file and opens its forms in Spanish
 *   under the admin's policy; the owner changes the phone number and the maintenance price and publishes:
 *   the files on disk change in those fields only, the same lines as the edited build's (test/helpers/builds.ts),
 *   which shows the new number and price everywhere a visitor meets them;
 * - the form refuses what the build would refuse (a malformed phone) and saves nothing;
 * - `npm run serve:pages` serves the GitHub sign-in with the variables of `.dev.vars` (the handshake itself,
 *   in Cloudflare's runtime, is cms-sign-in.test.ts's; its every branch test/unit/cms-oauth.test.ts's).
 * Needs a build (`npm run build`: dist/admin/). About 2 minutes.
 * Run alone: `npx jest test/owner/cms.test.ts --selectProjects chromium`.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { parse } from 'yaml'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { freePort } from '../../scripts/hosts/servers'
import { openPage, theBrowser } from '../helpers/browser'
import { builtSite, distDir, EDITED, projectRoot, variantPaths } from '../helpers/builds'
import { builtPages } from '../helpers/built-pages'
import {
  changedLines,
  clickTextIn,
  fieldIn,
  itemToggleIn,
  publishIn,
  retypeIn,
  textIn,
  waitForTextIn,
} from '../helpers/cms-owner-flow'
import { puppeteerTab, type Tab } from '../helpers/driver'
import { theLocalCms } from '../helpers/local-cms'
import { expectMaintenancePrice, expectPhoneEverywhere } from '../helpers/published-facts'
import { startScript } from '../helpers/scripts'
import { serveSite } from '../helpers/site'

jest.setTimeout(180_000)

const scratch = mkdtempSync(path.join(tmpdir(), 'cms-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
/** The folder decap-server edits: a copy of the project's content/ (its GIT_REPO_DIRECTORY). */
const repo = path.join(scratch, 'repo')
const contentCopy = path.join(repo, 'content')
cpSync(path.join(projectRoot, 'content'), contentCopy, { recursive: true })

const text = (dir: string, name: string) => readFileSync(path.join(dir, `${name}.yaml`), 'utf8')
const original = (name: string) => text(path.join(projectRoot, 'content'), name)
const saved = (name: string) => text(contentCopy, name)

/** Every leaf that differs between two parsed documents: `services[1].price.amount`. */
function differences(a: unknown, b: unknown, where = ''): string[] {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].flatMap((key) =>
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        Array.isArray(a) ? `${where}[${key}]` : where ? `${where}.${key}` : key,
      ),
    )
  }
  return Object.is(a, b) ? [] : [where]
}

const browser = theBrowser()

/**
 * A tab on the admin, signed in: on loopback Decap's local backend needs no account, only the button press (with
 * GitHub, the same button opens GitHub's sign-in).
 */
async function openAdmin(page: Page, url: string): Promise<Tab> {
  // Decap's bundle is 5 MB of JavaScript: on a loaded 2-core machine its parse alone can take half a minute.
  await page.goto(`${url}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
  const tab = puppeteerTab(page, { baseUrl: url })
  const first = await tab.element(
    () =>
      [...document.querySelectorAll<HTMLElement>('button, h1, h2, a')].find((element) =>
        ['Iniciar sesión', 'Contenido del sitio'].includes(element.innerText.trim()),
      ),
    [],
    { timeout: 120_000, what: 'the sign-in or the collection' },
  )
  if ((await tab.evaluate((element: HTMLElement) => element.innerText.trim(), first)) === 'Iniciar sesión')
    await tab.click(first)
  await waitForTextIn(tab, 'Contenido del sitio')
  return tab
}

/** Opens one content file from the collection, as the owner does from the admin's start page. */
async function openEntry(page: Page, url: string, title: string): Promise<Tab> {
  const tab = await openAdmin(page, url)
  await clickTextIn(tab, title)
  await waitForTextIn(tab, 'Escribiendo en la colección')
  return tab
}

test('the public pages carry nothing of the CMS or the inbox: not in their HTML, their scripts or the sitemap', () => {
  const pages = builtPages(distDir)
  expect(pages.length).toBeGreaterThanOrEqual(6)
  const assets = readdirSync(path.join(distDir, 'assets')).filter((name) => /\.(js|css)$/.test(name))
  for (const file of [
    ...pages.map((page) => page.file),
    ...assets.map((name) => path.join(distDir, 'assets', name)),
  ]) {
    const html = readFileSync(file, 'utf8')
    expect({
      file,
      decap: /decap|netlify-cms/i.test(html),
      admin: html.includes(ADMIN_PREFIX),
      inbox: /api\/inbox|solicitudes\/|Descargar CSV/.test(html),
    }).toEqual({ file, decap: false, admin: false, inbox: false })
  }
  expect(readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')).not.toContain(ADMIN_PREFIX)
  // The admin's own files are there, beside them.
  expect(readdirSync(path.join(distDir, ADMIN_PREFIX))).toEqual(
    expect.arrayContaining(['index.html', 'config.yml', 'decap-cms.js']),
  )
})

// Served by nginx with the build's nginx.conf, the admin signs in and publishes under its policy in
// cms-sign-in.test.ts.
test('/admin/ served by our server loads in Spanish at its GitHub sign-in, with no local proxy, no console error and no CSP violation', async () => {
  const server = await serveSite({ host: 'serve' })
  const { page, problems } = await openPage(browser, { width: 1280, height: 900 })
  try {
    // A build's admin signs in with GitHub only: no local proxy in its config or its policy.
    await page.goto(`${server.url}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
    await textIn(puppeteerTab(page, { baseUrl: server.url }), 'Iniciar sesión con GitHub', 'button')
    expect(await page.$eval('html', (html) => html.lang)).toBe('es')
    expect(await page.$eval('meta[name="robots"]', (meta) => meta.getAttribute('content'))).toBe(
      'noindex, nofollow',
    )
    const config = await (await fetch(`${server.url}${ADMIN_PREFIX}config.yml`)).text()
    expect(config).not.toContain('local_backend')
    expect(config).not.toContain('http://')
    await page.waitForNetworkIdle({ idleTime: 500 })
    // All of it in Spanish: Decap's Spanish phrases lack some English ones ("Add servicios"), which
    // scripts/cms/locale-es.ts fills in. Every English phrase has a Spanish one, and the form's list
    // buttons say "Añadir".
    const untranslated = await page.evaluate(() => {
      type Phrases = { [key: string]: string | Phrases }
      const cms = (window as unknown as { CMS: { getLocale(name: string): Phrases } }).CMS
      const missing: string[] = []
      const walk = (en: Phrases, es: Phrases | undefined, at: string) => {
        for (const [key, value] of Object.entries(en))
          if (typeof value === 'object') walk(value, es?.[key] as Phrases | undefined, `${at}${key}.`)
          else if (es?.[key] === undefined) missing.push(`${at}${key}: ${value}`)
      }
      walk(cms.getLocale('en'), cms.getLocale('es'), '')
      return missing
    })
    expect(untranslated).toEqual([])
    expect(problems).toEqual([])
  } finally {
    await page.close()
    await server.close()
  }
})

describe('editing with npm run cms (the dev server and the guarded local proxy)', () => {
  const cms = theLocalCms(() => repo)
  let page: Page
  let problems: string[] = []

  // A page of its own for each test (the sign-in is kept by the browser): leaving a form with unsaved
  // changes would ask first.
  beforeEach(async () => {
    ;({ page, problems } = await openPage(browser, { width: 1280, height: 900 }))
  })
  afterEach(async () => {
    await page?.close()
  })

  test('lists every content file and opens its forms in Spanish; a malformed phone number is refused, and nothing is written', async () => {
    const tab = await openAdmin(page, cms.url)
    // Every content file, by the Spanish title the config.yml Decap reads gives it (test/unit/cms-config.test.ts
    // checks those titles against the schema's).
    const configYaml = await (await fetch(`${cms.url}${ADMIN_PREFIX}config.yml`)).text()
    const { collections } = parse(configYaml) as {
      collections: { files: { label: string }[] }[]
    }
    for (const { label } of collections[0]!.files) await waitForTextIn(tab, label)
    // A form opened too: its widgets are lazy chunks, loaded under the admin's policy (plus the proxy).
    await clickTextIn(tab, 'Datos de la empresa')
    await fieldIn(tab, 'Teléfono')
    await page.waitForNetworkIdle({ idleTime: 500 })
    const buttons = await page.$$eval('button', (found) => found.map((button) => button.innerText.trim()))
    expect(buttons.filter((label) => /^Add\b/.test(label))).toEqual([])
    expect(buttons.filter((label) => /^Añadir\b/.test(label)).length).toBeGreaterThan(0)
    expect(problems).toEqual([])

    await retypeIn(tab, 'Teléfono', '222-987-6543')
    await clickTextIn(tab, 'Publicar')
    await clickTextIn(tab, 'Publicar ahora')
    await waitForTextIn(
      tab,
      'Teléfono no coincide con el patrón: con clave de país y espacios entre grupos: +52 222 123 4567.',
    )
    await waitForTextIn(tab, 'CAMBIOS NO GUARDADOS')
    expect(saved('site')).toBe(original('site'))
    // Decap rejects its own save with no value when validation stops it, and leaves the rejection
    // unhandled (`pageerror: undefined`); nothing else may show up.
    expect(problems.filter((problem) => problem !== 'pageerror: undefined')).toEqual([])
  })

  test('the owner changes the phone and the maintenance price; the files change in those fields only, as the edited build shows them', async () => {
    const tab = await openEntry(page, cms.url, 'Datos de la empresa')
    await retypeIn(tab, 'Teléfono', EDITED.phone)
    await publishIn(tab)
    const services = await openEntry(page, cms.url, 'Página Servicios')
    await services.click(await itemToggleIn(services, 'Mantenimiento regular'))
    await retypeIn(services, 'Precio desde (MXN)', String(EDITED.price))
    await publishIn(services)

    // As a Git diff shows it: one line out, one line in, per file.
    expect(changedLines(original('site'), saved('site'))).toEqual({
      removed: ['phone: +52 222 123 4567'],
      added: [`phone: ${EDITED.phone}`],
    })
    const priceLine = { removed: ['      amount: 800'], added: [`      amount: ${EDITED.price}`] }
    expect(changedLines(original('servicios'), saved('servicios'))).toEqual(priceLine)
    expect(differences(parse(original('site')), parse(saved('site')))).toEqual(['phone'])
    expect(differences(parse(original('servicios')), parse(saved('servicios')))).toEqual([
      'services[1].price.amount',
    ])
    for (const name of ['inicio', 'nosotros', 'ubicacion', 'contacto'])
      expect(saved(name)).toBe(original(name))
    expect(problems).toEqual([])

    // The edited build was made from the same edits: its site.yaml is this one, its servicios.yaml holds the same
    // price line; and that build shows the new number and price wherever a visitor meets them.
    const edited = variantPaths('edited').content
    expect(text(edited, 'site')).toBe(saved('site'))
    expect(changedLines(original('servicios'), text(edited, 'servicios')).added).toEqual(
      expect.arrayContaining(priceLine.added),
    )
    expectPhoneEverywhere(builtSite('edited'), EDITED.phone)
    expectMaintenancePrice(builtSite('edited'), EDITED.price)
  })
})

test('npm run serve:pages serves the GitHub sign-in too, with the variables of .dev.vars', async () => {
  const port = await freePort()
  const devVars = path.join(scratch, '.dev.vars')
  writeFileSync(
    devVars,
    `# a comment\nGITHUB_CLIENT_ID="Iv1.de-dev-vars"\nGITHUB_CLIENT_SECRET=otro-secreto\n`,
  )
  const preview = await startScript('scripts/hosts/serve-pages.ts', {
    env: { PORT: String(port), DEV_VARS_FILE: devVars },
    ready: 'Ctrl-C stops it',
  })
  try {
    expect(preview.output()).toContain(
      '2 variable(s) from .dev.vars (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET)',
    )
    const answer = await fetch(`http://127.0.0.1:${port}/api/auth?provider=github&scope=repo`, {
      redirect: 'manual',
    })
    expect(answer.status).toBe(302)
    const location = new URL(answer.headers.get('location') ?? 'about:blank')
    expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize')
    expect(location.searchParams.get('client_id')).toBe('Iv1.de-dev-vars')
    // The site itself is there too, as that host serves it.
    expect((await fetch(`http://127.0.0.1:${port}/nosotros`)).status).toBe(200)
  } finally {
    await preview.close()
  }
})
