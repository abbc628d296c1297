/**
 * The owner edits from the phone (the owner runs the business from one): the CMS at /admin/ (Decap CMS with scripts/cms/decap-phone.css), in
 * every engine (jest projects `chromium`, `firefox`, `webkit`; test/helpers/driver.ts). The owner opens "Página
 * Servicios", changes the maintenance price, replaces a gallery photo with one from the device's files and
 * publishes:
 *   - nothing pans sideways (the document is no wider than the window) and every control the flow touches
 *     lies inside the window when it is used;
 *   - the saved file changes in exactly the changed lines, and the photo lands in content/media/ under the
 *     name the YAML gives it (/media/<name>);
 *   - the field shows the photo, once chosen and once the page is opened again (scripts/cms/media-preview.ts);
 *   - no console error and no Content-Security-Policy violation.
 * Devices: a 390 × 844 touch phone in Chromium (a tap, its file chooser), a 390 px window in Firefox, WebKitGTK's
 * narrowest window (447 px) in WebKit: below Decap's 800 px and the phone stylesheet's breakpoints in each. The
 * 1280 px window runs in Chromium only: that is Decap's own desktop layout, not the phone stylesheet, the same
 * in every engine.
 * It runs through `npm run cms`'s local proxy (decap-server on CMS_PROXY_URL's port, pointed at a copy of
 * content/), as cms.test.ts does; cms-sign-in.test.ts runs the same flow against GitHub after the pop-up
 * sign-in (test/helpers/cms-owner-flow.ts). With CMS_SHOTS_DIR set it saves a PNG of every step there.
 * About 1 minute per device. Run one: `npx jest test/owner/cms-phone.test.ts --selectProjects webkit` (or
 * chromium, firefox).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { distDir, projectRoot } from '../helpers/builds'
import { hooked } from '../helpers/hooks'
import { theLocalCms } from '../helpers/local-cms'
import {
  DEVICES,
  EXPECTED_SERVICIOS_DIFF,
  PHOTO_NAME,
  changedLines,
  editPriceAndPhoto,
  itemToggleIn,
  seesPhotoInField,
  textIn,
  touchControl,
  writePhonePhoto,
} from '../helpers/cms-owner-flow'
import { engine, narrowest, onlyIn, openSite } from '../helpers/driver'

jest.setTimeout(240_000)

const scratch = mkdtempSync(path.join(tmpdir(), 'cms-phone-'))
/** decap-server's GIT_REPO_DIRECTORY: a copy of content/, reset before each device's flow. */
const repo = path.join(scratch, 'repo')
const contentCopy = path.join(repo, 'content')
const shotsDir = process.env.CMS_SHOTS_DIR

/** The phone in every engine; the desktop window in Chromium only (see the file header). */
const devices =
  engine === 'chromium'
    ? DEVICES
    : DEVICES.filter((device) => device.touch).map((device) => ({
        ...device,
        name: `a phone-wide window (${Math.max(device.width, narrowest)} px, no touch)`,
      }))

function resetContent(): void {
  rmSync(contentCopy, { recursive: true, force: true })
  cpSync(path.join(projectRoot, 'content'), contentCopy, { recursive: true })
}

let photo: string
beforeAll(async () => {
  resetContent()
  photo = await writePhonePhoto(scratch)
  if (shotsDir) mkdirSync(shotsDir, { recursive: true })
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
// What `npm run cms` serves: the dev server's admin and the guarded decap-server, on a copy of content/.
const cms = theLocalCms(() => repo)
// WebKit opens the admin directly, without its problem probe: the CMS's proxy answers only the admin's own
// origin, not the front server's (test/helpers/webkit.ts). Its console is read in Chromium and Firefox.
const site = hooked(() => openSite({ origin: cms.url, probe: engine !== 'webkit' }), 'the admin')

onlyIn(
  ['chromium'],
  'a file of the build, read without a browser',
  test,
)('the phone stylesheet is served beside Decap and linked from the admin page', () => {
  const dir = path.join(distDir, ADMIN_PREFIX)
  expect(existsSync(path.join(dir, 'decap-phone.css'))).toBe(true)
  expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toContain(
    `<link href="${ADMIN_PREFIX}decap-phone.css" rel="stylesheet" />`,
  )
})

describe.each(devices)('on $name', (device) => {
  test('the owner changes a price, replaces a gallery photo and publishes, all on screen', async () => {
    resetContent()
    const before = readFileSync(path.join(contentCopy, 'servicios.yaml'), 'utf8')
    // A fresh browser profile: the owner signs in on this device.
    const tab = await site.open({ width: device.width, height: device.height, fresh: true })
    const shot = async (step: string) => {
      if (shotsDir)
        await tab.screenshot(path.join(shotsDir, `cms-phone-local-${engine}-${device.slug}-${step}.png`))
    }
    try {
      // On loopback Decap's local backend needs only the button (with GitHub it opens the pop-up).
      await tab.goto(ADMIN_PREFIX)
      await editPriceAndPhoto(tab, { signIn: 'Iniciar sesión', photo, shot })

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
      // Back on the page later, the gallery item shows the saved photo, read through decap-server.
      await tab.goto(ADMIN_PREFIX)
      await touchControl(tab, 'Página Servicios', () => textIn(tab, 'Página Servicios'))
      await touchControl(tab, 'Proyecto residencial 1', () => itemToggleIn(tab, 'Proyecto residencial 1'))
      await seesPhotoInField(tab)
      await shot('9-foto-guardada')
      // Nothing on the console and no CSP violation. Chromium also logs every failed request there: none failed
      // (the chosen photo's thumbnail comes from the upload, not from /media/<name>: scripts/cms/media-preview.ts).
      if (site.seesProblems) expect(await tab.problems()).toEqual([])
    } catch (error) {
      // What the console said is usually the reason.
      const console = site.seesProblems
        ? (await tab.problems()).join('\n') || '(nothing)'
        : '(not seen in WebKit)'
      throw new Error(`${String(error)}\nConsole: ${console}`, { cause: error })
    } finally {
      await tab.close()
    }
  })
})
