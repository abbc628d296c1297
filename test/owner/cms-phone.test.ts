/**
 * The owner edits from the phone (issue 25): the CMS at /admin/ (Decap CMS with scripts/cms/decap-phone.css)
 * at 390 × 844 as a touch phone, and at 1280 px as today. On each, the owner opens "Página Servicios",
 * changes the maintenance price, replaces a gallery photo with one from the device's files and publishes:
 *   - nothing pans sideways (the document is no wider than the window) and every control the flow touches
 *     lies inside the window when it is used;
 *   - the saved file changes in exactly the changed lines, and the photo lands in content/media/ under the
 *     name the YAML gives it (/media/<name>);
 *   - no console error and no Content-Security-Policy violation.
 * It runs through `npm run cms`'s local proxy (decap-server on CMS_PROXY_URL's port, pointed at a copy of
 * content/), as cms.test.ts does; cms-sign-in.test.ts runs the same flow against GitHub after the pop-up
 * sign-in (test/helpers/cms-owner-flow.ts). With CMS_SHOTS_DIR set it saves a PNG of every step there.
 * Needs a build (`npm run build`). About 1 minute. Run alone:
 * `npx jest test/owner/cms-phone.test.ts --selectProjects chromium --runInBand`.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'puppeteer-core'
import { parse } from 'yaml'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { distDir, launchBrowser, openPage, projectRoot } from '../helpers/browser'
import { startLocalCms, type LocalCms } from '../helpers/local-cms'
import {
  DEVICES,
  EXPECTED_SERVICIOS_DIFF,
  PHOTO_NAME,
  byText,
  changedLines,
  editPriceAndPhoto,
  touchControl,
  writePhonePhoto,
} from '../helpers/cms-owner-flow'
import { waitForText } from '../helpers/decap-admin'

jest.setTimeout(240_000)

const scratch = mkdtempSync(path.join(tmpdir(), 'cms-phone-'))
/** decap-server's GIT_REPO_DIRECTORY: a copy of content/, reset before each device's flow. */
const repo = path.join(scratch, 'repo')
const contentCopy = path.join(repo, 'content')
const shotsDir = process.env.CMS_SHOTS_DIR

function resetContent(): void {
  rmSync(contentCopy, { recursive: true, force: true })
  cpSync(path.join(projectRoot, 'content'), contentCopy, { recursive: true })
}

let browser: Browser
let server: LocalCms
let photo: string

beforeAll(async () => {
  resetContent()
  photo = await writePhonePhoto(scratch)
  if (shotsDir) mkdirSync(shotsDir, { recursive: true })
  browser = await launchBrowser()
  // What `npm run cms` serves: the dev server's admin and the guarded decap-server, on a copy of content/.
  server = await startLocalCms(repo)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  rmSync(scratch, { recursive: true, force: true })
})

test('the phone stylesheet is served beside Decap and linked from the admin page', () => {
  const dir = path.join(distDir, ADMIN_PREFIX)
  expect(existsSync(path.join(dir, 'decap-phone.css'))).toBe(true)
  expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toContain(
    `<link href="${ADMIN_PREFIX}decap-phone.css" rel="stylesheet" />`,
  )
})

describe.each(DEVICES)('on $name', (device) => {
  test('the owner changes a price, replaces a gallery photo and publishes, all on screen', async () => {
    resetContent()
    const before = readFileSync(path.join(contentCopy, 'servicios.yaml'), 'utf8')
    // A fresh browser profile: the owner signs in on this device.
    const context = await browser.createBrowserContext()
    const { page, problems } = await openPage(context as unknown as Browser, device)
    const failed: string[] = []
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`)
    })
    const shot = async (step: string) => {
      if (shotsDir)
        await page.screenshot({ path: path.join(shotsDir, `cms-phone-local-${device.slug}-${step}.png`) })
    }
    try {
      // On loopback Decap's local backend needs only the button (with GitHub it opens the pop-up).
      await page.goto(`${server.url}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
      await touchControl(page, 'Iniciar sesión', await byText(page, 'Iniciar sesión', 'button'), device)
      await waitForText(page, 'Página Servicios')
      await shot('1-contenido')
      await editPriceAndPhoto(page, { device, photo, shot })

      // What `git diff content/` shows: the price line, the photo's line, and the photo.
      const after = readFileSync(path.join(contentCopy, 'servicios.yaml'), 'utf8')
      expect(changedLines(before, after)).toEqual(EXPECTED_SERVICIOS_DIFF)
      const saved = parse(after) as { gallery: { items: { image: Record<string, unknown> }[] } }
      expect(saved.gallery.items[0]?.image).toMatchObject({ file: `/media/${PHOTO_NAME}` })
      expect(readdirSync(path.join(contentCopy, 'media'))).toEqual([PHOTO_NAME])
      expect(readFileSync(path.join(contentCopy, 'media', PHOTO_NAME))).toEqual(readFileSync(photo))
      for (const name of ['site', 'inicio', 'nosotros', 'ubicacion', 'contacto'])
        expect(readFileSync(path.join(contentCopy, `${name}.yaml`), 'utf8')).toBe(
          readFileSync(path.join(projectRoot, 'content', `${name}.yaml`), 'utf8'),
        )
      // `npm run cms`'s dev server serves the chosen photo at /media/<name>, so its thumbnail shows; on a
      // host it stays empty (no host serves uploads as they are: cms-sign-in.test.ts names that 404).
      expect(failed).toEqual([])
      expect(problems).toEqual([])
    } catch (error) {
      // What the console said is usually the reason.
      throw new Error(
        `${String(error)}\nConsole: ${problems.join('\n') || '(nothing)'}\nHTTP errors: ${failed.join(', ') || '(none)'}`,
      )
    } finally {
      await context.close()
    }
  })
})
