/**
 * The CMS at /admin/ (Decap CMS, scripts/cms/), as the owner uses it, in Chromium:
 * - the build's admin loads in Spanish at its GitHub sign-in with no console error and no
 *   Content-Security-Policy violation, served by our server and by nginx with the build's configuration
 *   (signing in through the pop-up is cms-sign-in.test.ts);
 * - `npm run cms` itself (the Vite dev server and the guarded decap-server, pointed at a copy of content/ so
 *   the real files are never touched): the admin lists every content file and opens its forms in Spanish
 *   under the admin's policy; the owner changes the phone number and the maintenance price and publishes:
 *   the files on disk change in those fields only, and a build from them shows the new number and price
 *   everywhere a visitor meets them;
 * - the form refuses what the build would refuse (a malformed phone) and saves nothing;
 * - the GitHub sign-in (edge/cms/oauth.ts) runs in Cloudflare's own runtime (wrangler pages dev), its
 *   whole handshake against a stand-in for GitHub on loopback.
 * Needs a build (`npm run build`: dist/admin/).
 * About 3 minutes, most of it the rebuild. Run alone: `npx jest test/owner/cms.test.ts --selectProjects chromium`.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import { parse } from 'yaml'
import { spawn } from 'node:child_process'
import { freePort, startNginx, startPages, type HostServer } from '../../scripts/hosts/servers'
import { deployDirFor } from '../../scripts/hosts/host-policy'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { startServer } from '../../scripts/serve'
import {
  BUILD_HOOK_MS,
  buildVariant,
  distDir,
  launchBrowser,
  openPage,
  projectRoot,
  removeVariant,
  type BuiltVariant,
} from '../helpers/browser'
import { builtPages } from '../helpers/built-pages'
import { startLocalCms } from '../helpers/local-cms'
import { startGitHubStandIn, type GitHubStandIn } from '../stand-ins/github'
import {
  clickText,
  clickableText,
  expandItem,
  explained,
  fieldByLabel,
  publish,
  retype,
  waitForText,
} from '../helpers/decap-admin'
import { expectMaintenancePrice, expectPhoneEverywhere } from '../helpers/published-facts'

jest.setTimeout(180_000)

const NEW_PHONE = '+52 222 987 6543'
const NEW_PRICE = 950

const scratch = mkdtempSync(path.join(tmpdir(), 'cms-test-'))
/** The folder decap-server edits: a copy of the project's content/ (its GIT_REPO_DIRECTORY). */
const repo = path.join(scratch, 'repo')
const contentCopy = path.join(repo, 'content')
cpSync(path.join(projectRoot, 'content'), contentCopy, { recursive: true })

const readYaml = (dir: string, name: string): unknown =>
  parse(readFileSync(path.join(dir, `${name}.yaml`), 'utf8'))
const original = (name: string) => readYaml(path.join(projectRoot, 'content'), name)
const saved = (name: string) => readYaml(contentCopy, name)

/** The lines a save took out of a file and put in, in order (a line-level diff). */
function changedLines(name: string): { removed: string[]; added: string[] } {
  const before = readFileSync(path.join(projectRoot, 'content', `${name}.yaml`), 'utf8').split('\n')
  const after = readFileSync(path.join(contentCopy, `${name}.yaml`), 'utf8').split('\n')
  const count = (lines: string[]) =>
    lines.reduce((map, line) => map.set(line, (map.get(line) ?? 0) + 1), new Map<string, number>())
  const left = count(before)
  const right = count(after)
  return {
    removed: before.filter((line) => (right.get(line) ?? 0) < (left.get(line) ?? 0)),
    added: after.filter((line) => (left.get(line) ?? 0) < (right.get(line) ?? 0)),
  }
}

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

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  rmSync(scratch, { recursive: true, force: true })
})

/* ---------- the owner's moves, by what the admin shows ---------- */

/**
 * Opens the admin and signs in: on loopback Decap's local backend needs no account, only the button
 * press (with GitHub, the same button opens GitHub's sign-in).
 */
async function openAdmin(page: Page, url: string): Promise<void> {
  // Decap's bundle is 5 MB of JavaScript: on a loaded 2-core machine its parse alone can take half a minute.
  await page.goto(`${url}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
  const signedIn = await explained(
    page,
    'waiting for the sign-in or the collection',
    page.waitForFunction(
      () =>
        document.body.innerText.includes('Contenido del sitio') ||
        ([...document.querySelectorAll('button')].some(
          (button) => button.innerText.trim() === 'Iniciar sesión',
        ) &&
          'sign in'),
      { timeout: 120_000 },
    ),
  )
  if ((await signedIn.jsonValue()) === 'sign in') await clickText(page, 'Iniciar sesión', 'button')
  await waitForText(page, 'Contenido del sitio')
}

/** Opens one content file from the collection, as the owner does from the admin's start page. */
async function openEntry(page: Page, url: string, title: string): Promise<void> {
  await openAdmin(page, url)
  await clickText(page, title)
  await waitForText(page, 'Escribiendo en la colección')
}

/* ---------- the tests ---------- */

test('the public pages carry nothing of the CMS: not in their HTML, their scripts or the sitemap', () => {
  const pages = builtPages(distDir)
  expect(pages.length).toBeGreaterThanOrEqual(6)
  const assets = readdirSync(path.join(distDir, 'assets')).filter((name) => /\.(js|css)$/.test(name))
  for (const file of [
    ...pages.map((page) => page.file),
    ...assets.map((name) => path.join(distDir, 'assets', name)),
  ]) {
    const text = readFileSync(file, 'utf8')
    expect({ file, decap: /decap|netlify-cms/i.test(text), admin: text.includes(ADMIN_PREFIX) }).toEqual({
      file,
      decap: false,
      admin: false,
    })
  }
  expect(readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')).not.toContain(ADMIN_PREFIX)
  // The admin's own files are there, beside them.
  expect(readdirSync(path.join(distDir, ADMIN_PREFIX))).toEqual(
    expect.arrayContaining(['index.html', 'config.yml', 'decap-cms.js']),
  )
})

describe.each(['serve', 'nginx'] as const)('/admin/ served by %s', (host) => {
  test('loads in Spanish at its GitHub sign-in, with no local proxy, no console error and no CSP violation', async () => {
    const server =
      host === 'serve'
        ? await startServer({ root: distDir, port: 0, host: '127.0.0.1' })
        : await startNginx({
            root: distDir,
            port: 0,
            nginxConf: path.join(deployDirFor(projectRoot, distDir), 'nginx.conf'),
          })
    const { page, problems } = await openPage(browser, { width: 1280, height: 900 })
    try {
      // A build's admin signs in with GitHub only: no local proxy in its config or its policy.
      await page.goto(`${server.url}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
      await clickableText(page, 'Iniciar sesión con GitHub', 'button')
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
})

describe('editing with npm run cms (the dev server and the guarded local proxy)', () => {
  let server: Awaited<ReturnType<typeof startLocalCms>>
  let page: Page
  let problems: string[] = []
  const rebuilt = path.join(scratch, 'dist')
  let built: BuiltVariant | undefined

  beforeAll(async () => {
    server = await startLocalCms(repo)
  }, 90_000)

  // A page of its own for each test (the sign-in is kept by the browser): leaving a form with unsaved
  // changes would ask first.
  beforeEach(async () => {
    ;({ page, problems } = await openPage(browser, { width: 1280, height: 900 }))
  })

  afterEach(async () => {
    await page?.close()
  })

  afterAll(async () => {
    await server?.close()
    removeVariant(rebuilt, built)
  })

  test('lists every content file and opens its forms in Spanish, with no console error or CSP violation', async () => {
    await openAdmin(page, server.url)
    for (const title of [
      'Datos de la empresa',
      'Página de inicio',
      'Página Nosotros',
      'Página Servicios',
      'Página Ubicación',
      'Página Contacto',
    ])
      await waitForText(page, title)
    // A form opened too: its widgets are lazy chunks, loaded under the admin's policy (plus the proxy).
    await clickText(page, 'Datos de la empresa')
    await fieldByLabel(page, 'Teléfono')
    await page.waitForNetworkIdle({ idleTime: 500 })
    const buttons = await page.$$eval('button', (found) => found.map((button) => button.innerText.trim()))
    expect(buttons.filter((text) => /^Add\b/.test(text))).toEqual([])
    expect(buttons.filter((text) => /^Añadir\b/.test(text)).length).toBeGreaterThan(0)
    expect(problems).toEqual([])
  })

  test('a malformed phone number is refused, and nothing is written', async () => {
    await openEntry(page, server.url, 'Datos de la empresa')
    await retype(page, 'Teléfono', '222-987-6543')
    await clickText(page, 'Publicar')
    await clickText(page, 'Publicar ahora')
    await waitForText(
      page,
      'Teléfono no coincide con el patrón: con clave de país y espacios entre grupos: +52 222 123 4567.',
    )
    await waitForText(page, 'CAMBIOS NO GUARDADOS')
    expect(readFileSync(path.join(contentCopy, 'site.yaml'), 'utf8')).toBe(
      readFileSync(path.join(projectRoot, 'content', 'site.yaml'), 'utf8'),
    )
    // Decap rejects its own save with no value when validation stops it, and leaves the rejection
    // unhandled (`pageerror: undefined`); nothing else may show up.
    expect(problems.filter((problem) => problem !== 'pageerror: undefined')).toEqual([])
  })

  test('the owner changes the phone and the maintenance price; the files change in those fields only', async () => {
    await openEntry(page, server.url, 'Datos de la empresa')
    await retype(page, 'Teléfono', NEW_PHONE)
    await publish(page)

    await openEntry(page, server.url, 'Página Servicios')
    await expandItem(page, 'Mantenimiento regular')
    await retype(page, 'Precio desde (MXN)', String(NEW_PRICE))
    await publish(page)

    // As a Git diff shows it: one line out, one line in, per file.
    expect(changedLines('site')).toEqual({
      removed: ['phone: +52 222 123 4567'],
      added: [`phone: ${NEW_PHONE}`],
    })
    expect(changedLines('servicios')).toEqual({
      removed: ['      amount: 800'],
      added: [`      amount: ${NEW_PRICE}`],
    })
    expect(differences(original('site'), saved('site'))).toEqual(['phone'])
    expect(saved('site')).toMatchObject({ phone: NEW_PHONE })
    expect(differences(original('servicios'), saved('servicios'))).toEqual(['services[1].price.amount'])
    expect(saved('servicios')).toMatchObject({
      services: expect.arrayContaining([
        expect.objectContaining({ id: 'mantenimiento', price: { amount: NEW_PRICE, per: 'mes' } }),
      ]),
    })
    for (const name of ['inicio', 'nosotros', 'ubicacion', 'contacto'])
      expect(readFileSync(path.join(contentCopy, `${name}.yaml`), 'utf8')).toBe(
        readFileSync(path.join(projectRoot, 'content', `${name}.yaml`), 'utf8'),
      )
    expect(problems).toEqual([])
  })

  test(
    'a build from the saved files shows the new number and price wherever a visitor meets them',
    () => {
      built = buildVariant(rebuilt, { CONTENT_DIR: contentCopy })
      expectPhoneEverywhere(rebuilt, NEW_PHONE)
      expectMaintenancePrice(rebuilt, NEW_PRICE)
    },
    BUILD_HOOK_MS,
  )
})

describe("the GitHub sign-in in Cloudflare's own runtime (wrangler pages dev, functions/)", () => {
  // GitHub's token endpoint, stood in for on loopback (test/stand-ins/github.ts).
  const CLIENT_ID = 'Iv1.prueba'
  const SECRET = 'secreto-de-prueba'
  let github: GitHubStandIn
  let githubOrigin: string
  let received: Record<string, string>[]
  let pages: HostServer

  beforeAll(async () => {
    github = await startGitHubStandIn({ secret: SECRET, code: 'codigo-bueno', token: 'gho_token-de-prueba' })
    githubOrigin = github.origin
    received = github.tokenRequests
    pages = await startPages({
      root: distDir,
      port: 0,
      functions: {
        dir: path.join(projectRoot, 'functions'),
        vars: {
          GITHUB_CLIENT_ID: CLIENT_ID,
          GITHUB_CLIENT_SECRET: SECRET,
          GITHUB_OAUTH_ORIGIN: githubOrigin,
        },
      },
    })
  }, 120_000)

  afterAll(async () => {
    await pages?.close()
    await github?.close()
  })

  /** /api/auth as the admin's pop-up opens it: where it sends the owner, and the state cookie it sets. */
  async function startSignIn() {
    const answer = await fetch(`${pages.url}/api/auth?provider=github&site_id=www.aquapuebla.mx&scope=repo`, {
      redirect: 'manual',
    })
    const location = new URL(answer.headers.get('location') ?? '')
    const cookie = /decap_oauth_state=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1]
    return { status: answer.status, location, cookie }
  }

  test('/api/auth sends the owner to GitHub; the callback trades the code and hands the token to the admin', async () => {
    const { status, location, cookie } = await startSignIn()
    expect(status).toBe(302)
    expect(`${location.origin}${location.pathname}`).toBe(`${githubOrigin}/login/oauth/authorize`)
    const state = location.searchParams.get('state')
    expect({
      client_id: location.searchParams.get('client_id'),
      scope: location.searchParams.get('scope'),
      redirect_uri: location.searchParams.get('redirect_uri'),
      cookie,
    }).toEqual({
      client_id: CLIENT_ID,
      scope: 'repo',
      redirect_uri: `${pages.url}/api/callback`,
      cookie: state,
    })

    received.length = 0
    const done = await fetch(`${pages.url}/api/callback?code=codigo-bueno&state=${state}`, {
      headers: { Cookie: `decap_oauth_state=${state}` },
    })
    const page = await done.text()
    expect(done.status).toBe(200)
    expect(page).toContain('Sesión iniciada.')
    // The message Decap waits for, with the token, sent to the admin's own origin only.
    expect(page).toContain('authorization:github:success:{\\"token\\":\\"gho_token-de-prueba\\"')
    expect(page).toContain(`var origins = ${JSON.stringify([pages.url])};`)
    expect(done.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'nonce-/)
    expect(received).toEqual([
      {
        client_id: CLIENT_ID,
        client_secret: SECRET,
        code: 'codigo-bueno',
        redirect_uri: `${pages.url}/api/callback`,
      },
    ])
  })

  test('npm run serve:pages serves the sign-in too, with the variables of .dev.vars', async () => {
    const port = await freePort()
    const devVars = path.join(scratch, '.dev.vars')
    writeFileSync(
      devVars,
      `# a comment\nGITHUB_CLIENT_ID="Iv1.de-dev-vars"\nGITHUB_CLIENT_SECRET=otro-secreto\n`,
    )
    const child = spawn(
      path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
      ['scripts/hosts/serve-pages.ts'],
      {
        cwd: projectRoot,
        env: { ...process.env, PORT: String(port), DEV_VARS_FILE: devVars },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    )
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    try {
      let answer: Response | undefined
      // Until the server answers and the script has said what it read (its line follows the server's start).
      for (let attempt = 0; attempt < 120 && !(answer && output.includes('Functions:')); attempt += 1) {
        answer ??= await fetch(`http://127.0.0.1:${port}/api/auth?provider=github&scope=repo`, {
          redirect: 'manual',
        }).catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect(output).toContain('2 variable(s) from .dev.vars (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET)')
      expect(answer?.status).toBe(302)
      const location = new URL(answer?.headers.get('location') ?? 'about:blank')
      expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize')
      expect(location.searchParams.get('client_id')).toBe('Iv1.de-dev-vars')
      // The site itself is there too, as that host serves it.
      expect((await fetch(`http://127.0.0.1:${port}/nosotros`)).status).toBe(200)
    } finally {
      // The preview script ends wrangler's process group on SIGTERM; end the group we started.
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  })

  test("another browser's state, or a code GitHub refuses, hands over an error and no token", async () => {
    const { location } = await startSignIn()
    const state = location.searchParams.get('state') ?? ''
    received.length = 0
    const stranger = await fetch(`${pages.url}/api/callback?code=codigo-bueno&state=${state}`, {
      headers: { Cookie: 'decap_oauth_state=otro-navegador' },
    })
    expect(stranger.status).toBe(401)
    expect(await stranger.text()).toContain('the sign-in expired or was not started here')
    expect(received).toEqual([])

    const refused = await fetch(`${pages.url}/api/callback?code=codigo-viejo&state=${state}`, {
      headers: { Cookie: `decap_oauth_state=${state}` },
    })
    const page = await refused.text()
    expect(refused.status).toBe(401)
    expect(page).toContain('The code passed is incorrect or expired.')
    expect(page).not.toContain('gho_')
  })
})
