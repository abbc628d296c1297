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
 * content/), as cms.test.ts does. With CMS_SHOTS_DIR set it saves a PNG of every step there.
 * Needs a build (`npm run build`). About 1 minute. Run alone:
 * `npx jest test/browser/cms-phone.test.ts --selectProjects browser --runInBand`.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, ElementHandle, Page } from 'puppeteer-core'
import sharp from 'sharp'
import { parse } from 'yaml'
import { startDecapProxy, type RunningProxy } from '../../scripts/cms/proxy'
import { readCmsSettings } from '../../scripts/cms/settings'
import { ADMIN_PREFIX } from '../../scripts/lib/host-rules'
import { startServer, type RunningServer } from '../../scripts/serve'
import { distDir, launchBrowser, openPage, projectRoot } from '../support/browser'

jest.setTimeout(240_000)

const NEW_PRICE = 950
const PHOTO_NAME = 'alberca-terminada.jpg'

const scratch = mkdtempSync(path.join(tmpdir(), 'cms-phone-'))
/** decap-server's GIT_REPO_DIRECTORY: a copy of content/, reset before each viewport's flow. */
const repo = path.join(scratch, 'repo')
const contentCopy = path.join(repo, 'content')
/** The photo the owner picks from the phone's files. */
const photo = path.join(scratch, PHOTO_NAME)
const shotsDir = process.env.CMS_SHOTS_DIR

function resetContent(): void {
  rmSync(contentCopy, { recursive: true, force: true })
  cpSync(path.join(projectRoot, 'content'), contentCopy, { recursive: true })
}

/** The lines a save took out of a file and put in, in order (a line-level diff). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const count = (lines: string[]) =>
    lines.reduce((map, line) => map.set(line, (map.get(line) ?? 0) + 1), new Map<string, number>())
  const left = count(before.split('\n'))
  const right = count(after.split('\n'))
  return {
    removed: before.split('\n').filter((line) => (right.get(line) ?? 0) < (left.get(line) ?? 0)),
    added: after.split('\n').filter((line) => (left.get(line) ?? 0) < (right.get(line) ?? 0)),
  }
}

let browser: Browser
let proxy: RunningProxy
let server: RunningServer

beforeAll(async () => {
  resetContent()
  // A phone photo: 2400 × 1600 JPEG, as the field's hint asks for (2000 px wide or more).
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#1a8fb8' } })
    .jpeg({ quality: 80 })
    .toFile(photo)
  if (shotsDir) mkdirSync(shotsDir, { recursive: true })
  browser = await launchBrowser()
  proxy = await startDecapProxy({
    repoDir: repo,
    port: Number(new URL(readCmsSettings().localBackendUrl).port),
  })
  server = await startServer({ root: distDir, port: 0, host: '127.0.0.1' })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await proxy?.close()
  await server?.close()
  rmSync(scratch, { recursive: true, force: true })
})

/* ---------- what the owner sees and touches ---------- */

/** A timeout that says what the page showed instead. */
async function explained<T>(page: Page, what: string, wait: Promise<T>): Promise<T> {
  try {
    return await wait
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(-1500))
    await shot(page, 'failure')
    throw new Error(`${what}: ${String(error)}\nThe page shows: ${shown}`)
  }
}

const waitForText = (page: Page, text: string) =>
  explained(
    page,
    `waiting for "${text}"`,
    page.waitForFunction(
      (wanted) => document.body.innerText.toLowerCase().includes(wanted.toLowerCase()),
      { timeout: 120_000 },
      text,
    ),
  )

/** The innermost visible element whose own text is `text`. */
async function byText(
  page: Page,
  text: string,
  selector = 'a, button, [role="button"], div, span',
): Promise<ElementHandle<HTMLElement>> {
  const handle = await explained(
    page,
    `finding "${text}"`,
    page.waitForFunction(
      (wanted, css) =>
        [...document.querySelectorAll<HTMLElement>(css)]
          .filter(
            (element) =>
              element.innerText?.trim().toLowerCase() === wanted.toLowerCase() &&
              element.offsetParent !== null,
          )
          .at(-1),
      { timeout: 120_000 },
      text,
      selector,
    ),
  )
  return handle as ElementHandle<HTMLElement>
}

/** The input of a form field by its label, inside `scope` (a list item) when given. */
async function fieldByLabel(page: Page, label: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await explained(
    page,
    `finding the field "${label}"`,
    page.waitForFunction(
      (wanted) => {
        const found = [...document.querySelectorAll('label')].find(
          (element) =>
            [wanted, `${wanted} (opcional)`].includes(element.textContent?.trim() ?? '') &&
            element.offsetParent !== null,
        )
        const id = found?.getAttribute('for')
        return id ? document.getElementById(id) : null
      },
      { timeout: 120_000 },
      label,
    ),
  )
  return handle as ElementHandle<HTMLInputElement>
}

/** The arrow button that opens a collapsed list item, by the name the item shows. */
async function itemToggle(page: Page, summary: string): Promise<ElementHandle<HTMLButtonElement>> {
  const toggle = await explained(
    page,
    `finding the item "${summary}"`,
    page.waitForFunction(
      (wanted) =>
        [...document.querySelectorAll<HTMLElement>('div')]
          .filter((element) => element.innerText?.trim() === wanted)
          .at(-1)
          ?.parentElement?.querySelector('button') ?? null,
      { timeout: 120_000 },
      summary,
    ),
  )
  return toggle as ElementHandle<HTMLButtonElement>
}

/**
 * The layout check at every step: the page is laid out at the screen's width (a phone widens its layout
 * viewport to fit a wider page, which then pans sideways: innerWidth alone would not tell), nothing is
 * wider than the screen, and the control about to be used lies wholly on screen once scrolled to.
 */
async function expectReachable(
  page: Page,
  what: string,
  handle: ElementHandle<Element>,
  screenWidth: number,
): Promise<void> {
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'nearest' }))
  const box = await handle.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    return {
      left: Math.floor(rect.left),
      right: Math.ceil(rect.right),
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }
  })
  const inside =
    box.left >= 0 &&
    box.right <= screenWidth &&
    box.innerWidth === screenWidth &&
    box.scrollWidth <= screenWidth
  expect({ what, screenWidth, ...box, inside }).toEqual({ what, screenWidth, ...box, inside: true })
}

/** Touches a control after checking it is on screen (a tap on a phone, a click at desktop size). */
async function touchControl(
  page: Page,
  what: string,
  handle: ElementHandle<Element>,
  { touch, width }: { touch: boolean; width: number },
): Promise<void> {
  await expectReachable(page, what, handle, width)
  if (touch) await handle.tap()
  else await handle.click()
}

async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `cms-phone-${name}.png`) })
}

/* ---------- the flow, on a phone and at desktop size ---------- */

describe.each([
  { name: 'a phone (390 × 844, touch)', width: 390, height: 844, touch: true, prefix: 'phone' },
  { name: 'a desktop window (1280 × 900)', width: 1280, height: 900, touch: false, prefix: 'desktop' },
])('on $name', ({ width, height, touch, prefix }) => {
  test('the owner changes a price, replaces a gallery photo and publishes, all within the screen', async () => {
    const device = { touch, width }
    resetContent()
    const before = readFileSync(path.join(contentCopy, 'servicios.yaml'), 'utf8')
    // A fresh browser profile: the owner signs in on this device.
    const context = await browser.createBrowserContext()
    const { page, problems } = await openPage(context as unknown as Browser, { width, height })
    const failed: string[] = []
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`)
    })
    try {
      // 1. Sign in: on loopback Decap's local backend needs only the button (with GitHub it opens the pop-up).
      await page.goto(`${server.url}${ADMIN_PREFIX}`, { waitUntil: 'domcontentloaded', timeout: 120_000 })
      await touchControl(page, 'Iniciar sesión', await byText(page, 'Iniciar sesión', 'button'), device)
      await waitForText(page, 'Página Servicios')
      await shot(page, `${prefix}-1-contenido`)

      // 2. The services page's form.
      await touchControl(page, 'Página Servicios', await byText(page, 'Página Servicios'), device)
      await fieldByLabel(page, 'Título de la página')
      await shot(page, `${prefix}-2-formulario`)

      // 3. The maintenance price.
      await touchControl(
        page,
        'Mantenimiento regular',
        await itemToggle(page, 'Mantenimiento regular'),
        device,
      )
      const price = await fieldByLabel(page, 'Precio desde (MXN)')
      await touchControl(page, 'Precio desde (MXN)', price, device)
      await price.click({ clickCount: 3 })
      await page.keyboard.press('Backspace')
      await price.type(String(NEW_PRICE))
      await shot(page, `${prefix}-3-precio`)

      // 4. The first gallery photo, replaced by one from the device's files.
      await touchControl(
        page,
        'Proyecto residencial 1',
        await itemToggle(page, 'Proyecto residencial 1'),
        device,
      )
      await touchControl(page, 'Elige una imagen', await byText(page, 'Elige una imagen', 'button'), device)
      await waitForText(page, 'Subir nuevo')
      await shot(page, `${prefix}-4-medios`)
      const upload = await byText(page, 'Subir nuevo', 'label, button, span')
      await expectReachable(page, 'Subir nuevo', upload, width)
      const [chooser] = await Promise.all([page.waitForFileChooser(), touch ? upload.tap() : upload.click()])
      await chooser.accept([photo])
      await waitForText(page, PHOTO_NAME)
      await shot(page, `${prefix}-5-foto-subida`)
      await touchControl(
        page,
        'Confirmar selección',
        await byText(page, 'Confirmar selección', 'button'),
        device,
      )
      await shot(page, `${prefix}-6-foto-elegida`)

      // 5. Publish.
      await touchControl(page, 'Publicar', await byText(page, 'Publicar', 'button, span, div'), device)
      await shot(page, `${prefix}-7-publicar`)
      await touchControl(page, 'Publicar ahora', await byText(page, 'Publicar ahora'), device)
      await waitForText(page, 'Cambios guardados')
      await shot(page, `${prefix}-8-publicado`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      // What a Git diff of the owner's folder shows: the price line, the photo's line, the photo.
      const after = readFileSync(path.join(contentCopy, 'servicios.yaml'), 'utf8')
      expect(changedLines(before, after)).toEqual({
        removed: ['      amount: 800'],
        added: [`      amount: ${NEW_PRICE}`, `        file: /media/${PHOTO_NAME}`],
      })
      const saved = parse(after) as { gallery: { items: { image: Record<string, unknown> }[] } }
      expect(saved.gallery.items[0]?.image).toMatchObject({ file: `/media/${PHOTO_NAME}` })
      expect(readdirSync(path.join(contentCopy, 'media'))).toEqual([PHOTO_NAME])
      expect(readFileSync(path.join(contentCopy, 'media', PHOTO_NAME))).toEqual(readFileSync(photo))
      for (const name of ['site', 'inicio', 'nosotros', 'ubicacion', 'contacto'])
        expect(readFileSync(path.join(contentCopy, `${name}.yaml`), 'utf8')).toBe(
          readFileSync(path.join(projectRoot, 'content', `${name}.yaml`), 'utf8'),
        )
      // Known, and only this: Decap previews the chosen photo from the site's own /media/ address, which a
      // static host never serves (uploads are processed by the build, never published as they are), so
      // the thumbnail stays empty until the next build (docs/cms.md, "Known limits").
      expect(failed).toEqual([`404 /media/${PHOTO_NAME}`])
      expect(problems).toEqual([
        'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
      ])
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

test('the phone stylesheet is served beside Decap and linked from the admin page', () => {
  const dir = path.join(distDir, ADMIN_PREFIX)
  expect(existsSync(path.join(dir, 'decap-phone.css'))).toBe(true)
  expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toContain(
    `<link href="${ADMIN_PREFIX}decap-phone.css" rel="stylesheet" />`,
  )
})
