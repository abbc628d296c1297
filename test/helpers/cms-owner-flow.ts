/**
 * The owner's edit from the phone (issue 25), as one flow the CMS's browser tests share: from the admin's list of
 * content files, open "Página Servicios", change the maintenance price, replace the first gallery photo with one
 * from the device's files, publish. On each device (a 390 × 844 touch phone, a 1280 px window) every control is
 * checked to lie on screen before it is touched, and the page never lays out wider than the screen.
 * Used by cms-phone.test.ts (decap-server on loopback) and cms-sign-in.test.ts (GitHub, after the pop-up).
 */
import path from 'node:path'
import type { ElementHandle, Page } from 'puppeteer-core'
import sharp from 'sharp'
import { byText, fieldByLabel, itemToggle, waitForText } from './decap-admin'

export { byText }

export interface Device {
  name: string
  width: number
  height: number
  /** Taps instead of clicks, with a mobile viewport (openPage sets isMobile and hasTouch below 768 px). */
  touch: boolean
  /** For screenshot names. */
  slug: string
}

export const DEVICES: Device[] = [
  { name: 'a phone (390 × 844, touch)', width: 390, height: 844, touch: true, slug: 'phone' },
  { name: 'a desktop window (1280 × 900)', width: 1280, height: 900, touch: false, slug: 'desktop' },
]

/** What the flow writes: the price line, the photo line, and the photo under content/media/. */
export const NEW_PRICE = 950
export const PHOTO_NAME = 'alberca-terminada.jpg'
export const EXPECTED_SERVICIOS_DIFF = {
  removed: ['      amount: 800'],
  added: [`      amount: ${NEW_PRICE}`, `        file: /media/${PHOTO_NAME}`],
}

/** A photo as a phone takes it: a 2400 × 1600 JPEG (the field asks for 2000 px wide or more). */
export async function writePhonePhoto(dir: string): Promise<string> {
  const file = path.join(dir, PHOTO_NAME)
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#1a8fb8' } })
    .jpeg({ quality: 80 })
    .toFile(file)
  return file
}

/** The lines a save took out of a text and put in, in order (a line-level diff). */
export function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const count = (lines: string[]) =>
    lines.reduce((map, line) => map.set(line, (map.get(line) ?? 0) + 1), new Map<string, number>())
  const left = count(before.split('\n'))
  const right = count(after.split('\n'))
  return {
    removed: before.split('\n').filter((line) => (right.get(line) ?? 0) < (left.get(line) ?? 0)),
    added: after.split('\n').filter((line) => (left.get(line) ?? 0) < (right.get(line) ?? 0)),
  }
}

/**
 * The page is laid out at the screen's width (a phone widens its layout viewport to fit a wider page, which
 * then pans sideways: innerWidth alone would not tell), nothing is wider than the screen, and `handle` lies
 * wholly on screen once scrolled to, as a finger reaches it.
 */
export async function expectOnScreen(
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

/** Touches a control once it is on screen: a tap on a phone, a click at desktop size. */
export async function touchControl(
  page: Page,
  what: string,
  handle: ElementHandle<Element>,
  device: Device,
): Promise<void> {
  await expectOnScreen(page, what, handle, device.width)
  if (device.touch) await handle.tap()
  else await handle.click()
}

/**
 * From the admin's list of content files to "Cambios guardados": the price and the photo, then Publicar →
 * Publicar ahora. `shot` saves a screenshot of each step (named `<n>-<step>`), or does nothing.
 */
export async function editPriceAndPhoto(
  page: Page,
  { device, photo, shot }: { device: Device; photo: string; shot: (step: string) => Promise<void> },
): Promise<void> {
  // 1. The services page's form.
  await touchControl(page, 'Página Servicios', await byText(page, 'Página Servicios'), device)
  await fieldByLabel(page, 'Título de la página')
  await shot('2-formulario')

  // 2. The maintenance price.
  await touchControl(page, 'Mantenimiento regular', await itemToggle(page, 'Mantenimiento regular'), device)
  const price = await fieldByLabel(page, 'Precio desde (MXN)')
  await touchControl(page, 'Precio desde (MXN)', price, device)
  await price.click({ count: 3 })
  await page.keyboard.press('Backspace')
  await price.type(String(NEW_PRICE))
  await shot('3-precio')

  // 3. The first gallery photo, replaced by one from the device's files (Decap's media library).
  await touchControl(page, 'Proyecto residencial 1', await itemToggle(page, 'Proyecto residencial 1'), device)
  await touchControl(page, 'Elige una imagen', await byText(page, 'Elige una imagen', 'button'), device)
  const upload = await byText(page, 'Subir nuevo', 'label, button, span')
  await shot('4-medios')
  await expectOnScreen(page, 'Subir nuevo', upload, device.width)
  const [chooser] = await Promise.all([
    page.waitForFileChooser(),
    device.touch ? upload.tap() : upload.click(),
  ])
  await chooser.accept([photo])
  await waitForText(page, PHOTO_NAME)
  await shot('5-foto-subida')
  await touchControl(page, 'Confirmar selección', await byText(page, 'Confirmar selección', 'button'), device)
  await shot('6-foto-elegida')

  // 4. Publish.
  // Decap re-renders its toolbar while it takes in the upload: a press that lands on the element it is
  // replacing opens nothing, so press again (at most three times) until the menu shows "Publicar ahora".
  for (let press = 1; ; press += 1) {
    await touchControl(page, 'Publicar', await byText(page, 'Publicar', 'button, span, div'), device)
    const menu = await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLElement>('*')].some(
            (e) => e.innerText?.trim() === 'Publicar ahora',
          ),
        { timeout: 10_000 },
      )
      .then(() => true)
      .catch(() => false)
    if (menu || press === 3) break
  }
  await shot('7-publicar')
  await touchControl(page, 'Publicar ahora', await byText(page, 'Publicar ahora'), device)
  await waitForText(page, 'Cambios guardados')
  await shot('8-publicado')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.width)
}
