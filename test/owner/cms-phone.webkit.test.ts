/**
 * The owner's edit from the phone (issue 25) in WebKit, Safari's engine (every iPhone browser is WebKit):
 * Decap CMS with scripts/cms/decap-phone.css in Debian's WebKitGTK at its narrowest window (447 px, below
 * Decap's 800 px and every phone breakpoint; test/helpers/webkit.ts), through `npm run cms`'s local proxy
 * (decap-server on CMS_PROXY_URL's port, on a copy of content/). The owner opens "Página Servicios", changes
 * the maintenance price, replaces the first gallery photo with a file and publishes; the page is laid out at
 * the window's width at every step, and the files change in exactly those lines plus the photo.
 * Chromium proves the rest (test/owner/cms-phone.test.ts, cms-sign-in.test.ts): touch, the 390 px phone,
 * console and CSP problems (the admin's page carries no probe: its policy allows no inline script), GitHub.
 * Needs a build (`npm run build`), webkit2gtk-driver and xvfb. About 1 minute. Run alone:
 * `npx jest test/owner/cms-phone.webkit.test.ts --selectProjects webkit --runInBand`.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Key, type WebDriver, type WebElement } from 'selenium-webdriver'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { projectRoot } from '../helpers/browser'
import { startLocalCms, type LocalCms } from '../helpers/local-cms'
import {
  EXPECTED_SERVICIOS_DIFF,
  NEW_PRICE,
  PHOTO_NAME,
  changedLines,
  writePhonePhoto,
} from '../helpers/cms-owner-flow'
import { By, MIN_WIDTH, setViewport, startWebKit, type WebKit } from '../helpers/webkit'

jest.setTimeout(240_000)

const scratch = mkdtempSync(path.join(tmpdir(), 'cms-webkit-'))
const contentCopy = path.join(scratch, 'repo', 'content')
cpSync(path.join(projectRoot, 'content'), contentCopy, { recursive: true })
const shotsDir = process.env.CMS_SHOTS_DIR

let webkit: WebKit
let driver: WebDriver
let server: LocalCms
let photo: string

beforeAll(async () => {
  photo = await writePhonePhoto(scratch)
  // What `npm run cms` serves: the dev server's admin and the guarded decap-server, on a copy of content/.
  server = await startLocalCms(path.join(scratch, 'repo'))
  webkit = await startWebKit()
  driver = webkit.driver
}, 120_000)

afterAll(async () => {
  await webkit?.close()
  await server?.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** Waits for visible text anywhere on the page; fails with what the page shows instead. */
async function waitForText(text: string): Promise<void> {
  try {
    await driver.wait(
      () =>
        driver.executeScript<boolean>(
          (wanted: string) => document.body.innerText.toLowerCase().includes(wanted.toLowerCase()),
          text,
        ),
      90_000,
    )
  } catch (error) {
    const shown = await driver.executeScript<string>(() => document.body.innerText.replace(/\s+/g, ' '))
    throw new Error(`waiting for "${text}": ${String(error)}\nThe page shows: ${shown.slice(-1500)}`)
  }
}

/** The innermost visible element whose own text is `text` (or, with `toggle`, the list item's arrow). */
async function find(
  text: string,
  { toggle = false, css = 'a, button, div, span' } = {},
): Promise<WebElement> {
  let found: WebElement | null = null
  await driver.wait(
    async () => {
      found = await driver.executeScript<WebElement | null>(
        (wanted: string, selector: string, arrow: boolean) => {
          const element = [...document.querySelectorAll<HTMLElement>(selector)]
            .filter(
              // Case-blind: Decap capitalises its labels with CSS, which innerText follows.
              (candidate) =>
                candidate.innerText?.trim().toLowerCase() === wanted.toLowerCase() &&
                candidate.offsetParent !== null,
            )
            .at(-1)
          return (arrow ? element?.parentElement?.querySelector('button') : element) ?? null
        },
        text,
        toggle ? 'div' : css,
        toggle,
      )
      return found !== null
    },
    90_000,
    `finding "${text}"`,
  )
  return found!
}

/** The page is laid out at the window's width and `element` lies on screen once scrolled to; then a click. */
async function clickOnScreen(what: string, element: WebElement, width: number): Promise<void> {
  const box = await driver.executeScript<{
    left: number
    right: number
    innerWidth: number
    scrollWidth: number
  }>((target: HTMLElement) => {
    target.scrollIntoView({ block: 'center', behavior: 'instant' })
    const rect = target.getBoundingClientRect()
    return {
      left: Math.floor(rect.left),
      right: Math.ceil(rect.right),
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }
  }, element)
  const inside = box.left >= 0 && box.right <= width && box.innerWidth === width && box.scrollWidth <= width
  expect({ what, width, ...box, inside }).toEqual({ what, width, ...box, inside: true })
  await element.click()
}

async function shot(name: string): Promise<void> {
  if (shotsDir)
    writeFileSync(
      path.join(shotsDir, `cms-phone-webkit-${name}.png`),
      await driver.takeScreenshot(),
      'base64',
    )
}

test(`in WebKit at ${MIN_WIDTH} px the owner changes a price and a photo and publishes, all on screen`, async () => {
  const { width } = await setViewport(driver, MIN_WIDTH, 844)
  expect(width).toBe(MIN_WIDTH)
  const before = readFileSync(path.join(contentCopy, 'servicios.yaml'), 'utf8')
  await driver.get(`${server.url}${ADMIN_PREFIX}`)
  await clickOnScreen('Iniciar sesión', await find('Iniciar sesión', { css: 'button' }), width)
  await waitForText('Página Servicios')
  await shot('1-contenido')
  await clickOnScreen('Página Servicios', await find('Página Servicios'), width)
  await waitForText('Título de la página')

  await clickOnScreen('Mantenimiento regular', await find('Mantenimiento regular', { toggle: true }), width)
  const priceId = await (await find('Precio desde (MXN) (opcional)', { css: 'label' })).getAttribute('for')
  const price = await driver.findElement(By.id(priceId ?? 'the price label has no for='))
  await clickOnScreen('Precio desde (MXN)', price, width)
  // As a person retypes it (WebDriver's clear() sets the value under React, which puts the old one back).
  await price.sendKeys(Key.chord(Key.CONTROL, 'a'))
  await price.sendKeys(Key.BACK_SPACE)
  await price.sendKeys(String(NEW_PRICE))
  await driver.wait(
    async () => (await price.getAttribute('value')) === String(NEW_PRICE),
    10_000,
    'the new price in its field',
  )
  await shot('2-precio')

  await clickOnScreen('Proyecto residencial 1', await find('Proyecto residencial 1', { toggle: true }), width)
  await clickOnScreen('Elige una imagen', await find('Elige una imagen', { css: 'button' }), width)
  await waitForText('Subir nuevo')
  // "Subir nuevo" is a label over a hidden file input: WebDriver hands the file to the input itself.
  await driver.findElement(By.css('input[type="file"]')).sendKeys(photo)
  await waitForText(PHOTO_NAME)
  await shot('3-foto-subida')
  await clickOnScreen('Confirmar selección', await find('Confirmar selección', { css: 'button' }), width)

  await clickOnScreen('Publicar', await find('Publicar', { css: 'button, span, div' }), width)
  await clickOnScreen('Publicar ahora', await find('Publicar ahora'), width)
  await waitForText('Cambios guardados')
  await shot('4-publicado')

  const after = readFileSync(path.join(contentCopy, 'servicios.yaml'), 'utf8')
  expect(changedLines(before, after)).toEqual(EXPECTED_SERVICIOS_DIFF)
  expect(readdirSync(path.join(contentCopy, 'media'))).toEqual([PHOTO_NAME])
  expect(readFileSync(path.join(contentCopy, 'media', PHOTO_NAME))).toEqual(readFileSync(photo))
})
