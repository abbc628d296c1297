/**
 * The owner signs in to the CMS with GitHub and publishes, in Chromium, as on the real site: the admin's
 * "Iniciar sesión con GitHub" opens the pop-up on /api/auth (edge/cms/oauth.ts in Cloudflare's own runtime,
 * `wrangler pages dev`), which goes through GitHub's consent page and back to /api/callback, whose page hands
 * the token to the admin window (window.opener.postMessage). Then Decap's github backend reads the repository
 * and commits the change through GitHub's REST API.
 *
 * GitHub is test/stand-ins/github.ts on loopback: edge/cms/oauth.ts reaches it through
 * GITHUB_OAUTH_ORIGIN, the admin through request interception of https://api.github.com, so the admin under
 * test is the production build with its own Content-Security-Policy. Its repository holds a copy of content/.
 *
 * Two host configurations, since the pop-up's opener depends on the admin's Cross-Origin-Opener-Policy (host
 * rules, docs/decisions/020-admin-coop-allows-its-sign-in-pop-up.md), not on the function:
 *   - pages: wrangler serves the admin and the functions on one origin (Cloudflare Pages); on a phone (390 px,
 *     touch), the owner changes a price and a gallery photo (test/helpers/cms-owner-flow.ts);
 *   - nginx: nginx serves the admin with the build's nginx.conf, the sign-in is on the functions' own origin
 *     (CMS_AUTH_BASE_URL), which hands the token over only to the admin origins it is told (CMS_ADMIN_ORIGINS);
 *     at 1280 px, the owner changes the phone number.
 * Needs nginx (Debian) and wrangler, and a build (`npm run build`): the variant with CMS_AUTH_BASE_URL is a copy
 * of dist/ with its config.yml and host files written again (test/helpers/builds.ts adminSettingsCopy: all that
 * a build with that setting changes), not a build of its own. About 75 s on the shared 2-core machine.
 * Run alone: `npx jest test/owner/cms-sign-in.test.ts --selectProjects chromium --runInBand`.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { openPage, theBrowser } from '../helpers/browser'
import { theAdminSettings } from '../helpers/builds'
import {
  DEVICES,
  EXPECTED_SERVICIOS_DIFF,
  NOT_FOUND_LOGGED,
  PHOTO_NAME,
  PROXY_PROBE_REFUSED,
  changedLines,
  clickTextIn,
  editPriceAndPhoto,
  fieldIn,
  itemToggleIn,
  publishIn,
  retypeIn,
  seesPhotoInField,
  touchControl,
  waitForTextIn,
  writePhonePhoto,
} from '../helpers/cms-owner-flow'
import { puppeteerTab } from '../helpers/driver'
import { theGitHub } from '../helpers/owner'
import { thePagesStack } from '../helpers/pages-stack'
import { theSite } from '../helpers/site'
import { answerGitHubApi } from '../stand-ins/github'

jest.setTimeout(240_000)

const NEW_PHONE = '+52 222 987 6543'
const SHOTS = process.env.CMS_SHOTS_DIR ?? ''

// 1. The functions' origin first: the admin's config.yml names it (base_url), so the copy of dist/ needs it.
const admin = theAdminSettings((port) => ({ CMS_AUTH_BASE_URL: `http://127.0.0.1:${port}` }))
// 2. GitHub, with the repository the CMS commits to holding a copy of content/.
const github = theGitHub({ clientId: 'Iv1.prueba-cms', token: 'gho_token-de-la-duena' })
// 3. nginx with the copy's own nginx.conf, then wrangler with the functions, told both admin origins.
const nginx = theSite({ build: admin.build, host: 'nginx' })
const pages = thePagesStack({
  build: admin.build,
  port: admin.port,
  github,
  vars: () => ({ CMS_ADMIN_ORIGINS: `http://127.0.0.1:${admin.port()} ${nginx.url}` }),
})
const browser = theBrowser()
/** The photo the owner picks from the device's files (test/helpers/cms-owner-flow.ts). */
let photo: string
beforeAll(async () => {
  photo = await writePhonePhoto(path.dirname(admin.build.dir))
})

/** What the sign-in pop-up shows and logged, and whether it still has its opener: for a failure message. */
function watchPopUps(page: Page) {
  const logged: string[] = []
  page.on('popup', (popUp) => {
    popUp?.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`))
    popUp?.on('pageerror', (error) => logged.push(`pageerror: ${String(error)}`))
  })
  return async () => {
    const lines: string[] = []
    for (const other of await browser.pages()) {
      if (other === page || !other.url().includes('/api/')) continue
      const seen = await other
        .evaluate(() => `"${document.body.innerText.trim()}", window.opener: ${String(window.opener)}`)
        .catch((error: unknown) => String(error))
      lines.push(`The pop-up at ${other.url()} shows ${seen}`)
    }
    return [...lines, ...logged.map((line) => `The pop-up logged ${line}`)].join('\n')
  }
}

/** The handshake went through GitHub's consent page, back to the callback, with the token traded once; and
 * Decap asked who signed in and whether they may write, with the token the pop-up handed over. */
function expectOneHandshake(): void {
  expect(github.authorizeRequests).toEqual([
    expect.objectContaining({ client_id: github.app.clientId, redirect_uri: `${pages.url}/api/callback` }),
  ])
  expect(github.tokenRequests).toEqual([
    expect.objectContaining({
      client_id: github.app.clientId,
      client_secret: github.app.secret,
      code: 'codigo-de-github',
    }),
  ])
  expect(github.requests.filter((request) => request.authorization !== `token ${github.app.token}`)).toEqual(
    [],
  )
  expect(github.requests.map((request) => request.url)).toEqual(
    expect.arrayContaining(['/user', `/repos/${github.repo}`]),
  )
}

/**
 * The failed answers are these (each a line Chromium logs) and the console shows nothing else but Decap's probe for
 * a local proxy (none on its port), which fails on purpose.
 */
function expectFailures(problems: string[], failed: string[], expected: string[]): void {
  expect(new Set(failed)).toEqual(new Set(expected))
  expect(problems.filter((line) => line === NOT_FOUND_LOGGED).length).toBe(failed.length)
  expect(problems.filter((line) => ![NOT_FOUND_LOGGED, PROXY_PROBE_REFUSED].includes(line))).toEqual([])
}

beforeEach(() => github.reset())

test('with the admin served by nginx, at 1280 px: the owner signs in with GitHub in the pop-up, changes the phone and publishes one commit of one line', async () => {
  const adminUrl = `${nginx.url}${ADMIN_PREFIX}`
  const { page, problems } = await openPage(browser, {
    width: 1280,
    height: 900,
    answer: answerGitHubApi(github),
  })
  const popUps = watchPopUps(page)
  try {
    // Decap's bundle is 5 MB of JavaScript: on a loaded 2-core machine its parse alone can take half a minute.
    await page.goto(adminUrl, { waitUntil: 'domcontentloaded', timeout: 120_000 })
    const tab = puppeteerTab(page, { baseUrl: adminUrl })
    await clickTextIn(tab, 'Iniciar sesión con GitHub', 'button')
    try {
      await waitForTextIn(tab, 'Contenido del sitio')
    } catch (error) {
      throw new Error(`${String(error)}\n${await popUps()}`)
    }
    for (const title of ['Datos de la empresa', 'Página de inicio', 'Página Servicios', 'Página Contacto'])
      await waitForTextIn(tab, title)
    expectOneHandshake()
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: path.join(SHOTS, 'cms-signed-in-1280.png') })
    }

    await clickTextIn(tab, 'Datos de la empresa')
    await retypeIn(tab, 'Teléfono', NEW_PHONE)
    await publishIn(tab)

    // One commit on the branch, of site.yaml only, and in it one line: the phone.
    expect(github.commits).toEqual([
      expect.objectContaining({
        message: 'Contenido: actualiza content/site.yaml desde el CMS',
        changed: ['content/site.yaml'],
      }),
    ])
    const before = github.readFile('content/site.yaml', github.commits[0]?.parents[0])?.split('\n') ?? []
    const after = github.readFile('content/site.yaml')?.split('\n') ?? []
    expect(after.length).toBe(before.length)
    expect(
      before.flatMap((line, index) => (line === after[index] ? [] : [{ was: line, now: after[index] }])),
    ).toEqual([{ was: 'phone: +52 222 123 4567', now: `phone: ${NEW_PHONE}` }])
    // Decap lists the media folder, which a repository without uploads lacks: GitHub answers 404 and Decap
    // takes it as empty ("This 404 was expected"), while Chromium logs each such answer. Nothing else failed.
    const refused = github.requests
      .filter((request) => (request.status ?? 200) >= 400)
      .map((request) => `${request.status} ${request.method} ${request.url}`)
    expectFailures(problems, refused, [
      `404 GET /repos/${github.repo}/git/trees/${github.branch}:content/media`,
    ])
  } finally {
    // A pop-up left open by a failure would show up in the next test's message.
    for (const other of await browser.pages()) if (other.url().includes('/api/')) await other.close()
    await page.close()
  }
})

/** A file's bytes on the branch, read as any GitHub client reads it: its tree entry, then its blob. */
async function readFromGitHub(filePath: string): Promise<Buffer | undefined> {
  const headers = { Authorization: `token ${github.app.token}` }
  const folder = path.posix.dirname(filePath)
  const tree = (await (
    await fetch(`${github.origin}/repos/${github.repo}/git/trees/${github.branch}:${folder}`, { headers })
  ).json()) as { tree?: { path: string; sha: string }[] }
  const entry = tree.tree?.find((item) => item.path === path.posix.basename(filePath))
  if (!entry) return undefined
  const blob = (await (
    await fetch(`${github.origin}/repos/${github.repo}/git/blobs/${entry.sha}`, { headers })
  ).json()) as { content: string }
  return Buffer.from(blob.content, 'base64')
}

// cms-phone.test.ts runs the same flow on loopback, and Decap's desktop layout (1280 px) with it.
const phone = DEVICES.find((device) => device.touch)!
test('on a phone, with the admin served by pages: the owner signs in with GitHub in the pop-up, changes a price and a gallery photo, and publishes one commit of both', async () => {
  const context = await browser.createBrowserContext()
  const { page, problems } = await openPage(context as unknown as Browser, {
    ...phone,
    answer: answerGitHubApi(github),
  })
  const popUps = watchPopUps(page)
  const failed: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
  })
  const shot = async (step: string) => {
    if (!SHOTS) return
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: path.join(SHOTS, `cms-phone-${phone.slug}-${step}.png`) })
  }
  try {
    await page.goto(`${pages.url}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
    const tab = puppeteerTab(page, { baseUrl: pages.url, problems, ...phone })
    const before = github.readFile('content/servicios.yaml') ?? ''
    await editPriceAndPhoto(tab, { signIn: 'Iniciar sesión con GitHub', photo, shot })
    expectOneHandshake()

    // One commit, of the page's file and the photo in the media folder; in the file, the two changed lines.
    expect(github.commits).toEqual([
      expect.objectContaining({
        message: 'Contenido: actualiza content/servicios.yaml desde el CMS',
        changed: [`content/media/${PHOTO_NAME}`, 'content/servicios.yaml'],
      }),
    ])
    expect(changedLines(before, github.readFile('content/servicios.yaml') ?? '')).toEqual(
      EXPECTED_SERVICIOS_DIFF,
    )
    expect(await readFromGitHub(`content/media/${PHOTO_NAME}`)).toEqual(readFileSync(photo))
    // Back on the page later (its address, the app loaded afresh), the gallery item shows the published photo,
    // read from the repository.
    await tab.goto(`${ADMIN_PREFIX}#/collections/files/entries/servicios`)
    await fieldIn(tab, 'Título de la página')
    await touchControl(tab, 'Proyecto residencial 1', () => itemToggleIn(tab, 'Proyecto residencial 1'))
    await seesPhotoInField(tab)
    await shot('9-foto-publicada')
    // What failed, each on purpose or known: Decap's probe for a local proxy (none on its port), and the media
    // folder's listing while the repository has no uploads (GitHub's 404, which Decap takes as empty). The
    // chosen photo's thumbnail comes from the upload, never from the site's /media/ address, which no host
    // serves (scripts/cms/media-preview.ts).
    expectFailures(problems, failed, [
      `404 https://api.github.com/repos/${github.repo}/git/trees/${github.branch}:content/media`,
    ])
  } catch (error) {
    throw new Error(
      `${String(error)}\n${await popUps()}\nConsole: ${problems.join('\n') || '(nothing)'}\nHTTP errors: ${failed.join('\n') || '(none)'}`,
    )
  } finally {
    await context.close()
  }
})
