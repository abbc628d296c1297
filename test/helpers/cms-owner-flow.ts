/**
 * The owner's moves in Decap CMS's admin, by what the admin shows (its text, its labels), in a driver tab of any
 * engine (test/helpers/driver.ts; a puppeteer page becomes one with `puppeteerTab`); every wait fails with what the
 * page showed instead. And the owner's edit from the phone (the owner runs the business from one) as one flow
 * the CMS's browser tests share: from the admin's list of content files, open "Página Servicios", change the
 * maintenance price, replace the first gallery photo with one from the device's files, publish. On each device
 * (a 390 × 844 touch phone, a 1280 px window; WebKit's 447 px window) every control is checked to lie on screen
 * before it is touched, and the page never lays out wider than the screen.
 * Used by cms.test.ts, cms-phone.test.ts (decap-server on loopback, every engine), cms-sign-in.test.ts and
 * admin-origin.test.ts (GitHub, after the pop-up, Chromium).
 */
import path from 'node:path'
import type { ElementHandle } from 'puppeteer-core'
import sharp from 'sharp'
import { puppeteerPage, type Handle, type Tab } from './driver'

/**
 * The devices the flow runs on: a `touch` one taps instead of clicking, with a mobile viewport (openPage sets
 * isMobile and hasTouch below 768 px); `slug` names its screenshots.
 */
export const DEVICES = [
  { name: 'a phone (390 × 844, touch)', width: 390, height: 844, touch: true, slug: 'phone' },
  { name: 'a desktop window (1280 × 900)', width: 1280, height: 900, touch: false, slug: 'desktop' },
]

/** What the flow writes: the price line, the photo line, and the photo under content/media/. */
export const NEW_PRICE = 950
export const PHOTO_NAME = 'alberca-terminada.jpg'
const PHOTO_SIZE = { width: 2400, height: 1600 }
export const EXPECTED_SERVICIOS_DIFF = {
  removed: ['      amount: 800'],
  added: [`      amount: ${NEW_PRICE}`, `        file: /media/${PHOTO_NAME}`],
}

/**
 * What Chromium logs of the admin on purpose or as known: Decap's probe for a local proxy (none on its port), and
 * a 404 answer, such as GitHub's for the media folder of a repository without uploads (Decap takes it as empty).
 */
export const PROXY_PROBE_REFUSED = 'error: Failed to load resource: net::ERR_CONNECTION_REFUSED'
export const NOT_FOUND_LOGGED =
  'error: Failed to load resource: the server responded with a status of 404 (Not Found)'

/** A photo as a phone takes it: a 2400 × 1600 JPEG (the field asks for 2000 px wide or more). */
export async function writePhonePhoto(dir: string): Promise<string> {
  const file = path.join(dir, PHOTO_NAME)
  await sharp({ create: { ...PHOTO_SIZE, channels: 3, background: '#1a8fb8' } })
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
 * Waits until the photo field shows writePhonePhoto's photo (Decap's thumbnail, read from the upload or the
 * repository: scripts/cms/media-preview.ts), not a broken image. The thumbnail is the image Decap marks
 * role="presentation".
 */
export async function seesPhotoInField(tab: Tab): Promise<void> {
  await tab.waitFor(
    ({ width, height }: typeof PHOTO_SIZE) => {
      const photo = [...document.querySelectorAll<HTMLImageElement>('img[role="presentation"]')].find(
        (img) => img.complete && img.naturalWidth === width && img.naturalHeight === height,
      )
      // Brought on screen, as the owner scrolls to it (and as the step's screenshot shows it).
      photo?.scrollIntoView({ block: 'center', behavior: 'instant' })
      return Boolean(photo)
    },
    [PHOTO_SIZE],
    { timeout: 120_000, what: 'the chosen photo in the field' },
  )
}

/**
 * The owner's moves in Decap's admin by what it shows, in a driver tab (every engine): the innermost visible
 * element whose own text is `text` (a link, a button, a list row), case-blind as Decap capitalises with CSS.
 */
export function textIn(
  tab: Tab,
  text: string,
  selector = 'a, button, [role="button"], div, span',
): Promise<Handle> {
  return explained(
    tab,
    tab.element(
      (wanted: string, css: string) =>
        [...document.querySelectorAll<HTMLElement>(css)]
          .filter(
            (element) =>
              element.innerText?.trim().toLowerCase() === wanted.toLowerCase() &&
              element.offsetParent !== null,
          )
          .at(-1),
      [text, selector],
      { timeout: Number(process.env.CMS_WAIT_MS ?? 120_000), what: `"${text}"` },
    ),
  )
}

/** A wait that, when it fails, says what the page showed instead. */
async function explained<T>(tab: Tab, wait: Promise<T>): Promise<T> {
  try {
    return await wait
  } catch (error) {
    const shown = await tab
      .evaluate(() => `${location.href}: ${document.body?.innerText.replace(/\s+/g, ' ').slice(0, 1500)}`)
      .catch((reason: unknown) => `(unreadable: ${String(reason)})`)
    throw new Error(`${String(error)}\nThe page shows: ${shown}`)
  }
}

/** Waits for visible text anywhere on the page. */
export function waitForTextIn(tab: Tab, text: string): Promise<void> {
  return explained(
    tab,
    tab.waitFor(
      (wanted: string) => document.body.innerText.toLowerCase().includes(wanted.toLowerCase()),
      [text],
      { timeout: 120_000, what: `"${text}" on the page` },
    ),
  )
}

/** Clicks the innermost visible element whose own text is `text`. */
export async function clickTextIn(tab: Tab, text: string, selector?: string): Promise<void> {
  await tab.click(await textIn(tab, text, selector))
}

/**
 * Replaces a field's value, found by its label, as the owner retypes it: all of it selected, deleted, the new
 * value typed key by key (in Chromium and Firefox; WebKit's fill does the same through WebDriver). Decap's text
 * widgets keep their own state: a value set at once is not always the value Decap saves.
 */
export async function retypeIn(tab: Tab, label: string, value: string): Promise<void> {
  const input = await fieldIn(tab, label)
  if (tab.engine === 'webkit') return tab.fill(input, value)
  const element = input.native as ElementHandle<HTMLInputElement>
  await element.click({ count: 3 })
  await puppeteerPage(tab).keyboard.press('Backspace')
  await element.type(value)
}

/** Publicar → Publicar ahora, then waits for Decap's confirmation. */
export async function publishIn(tab: Tab): Promise<void> {
  await clickTextIn(tab, 'Publicar')
  await clickTextIn(tab, 'Publicar ahora')
  await waitForTextIn(tab, 'Cambios guardados')
}

/** The input of a form field, by its label as the owner reads it (Decap adds " (opcional)" to optional ones). */
export function fieldIn(tab: Tab, label: string): Promise<Handle> {
  return tab.element(
    (wanted: string) => {
      const found = [...document.querySelectorAll('label')].find(
        (element) =>
          [wanted, `${wanted} (opcional)`].includes(element.textContent?.trim() ?? '') &&
          element.offsetParent !== null,
      )
      const id = found?.getAttribute('for')
      return id ? document.getElementById(id) : null
    },
    [label],
    { timeout: 120_000, what: `the field "${label}"` },
  )
}

/** The arrow button that opens a collapsed list item (a service, a photo), by the name the item shows. */
export function itemToggleIn(tab: Tab, summary: string): Promise<Handle> {
  return tab.element(
    (wanted: string) =>
      [...document.querySelectorAll<HTMLElement>('div')]
        .filter((element) => element.innerText?.trim() === wanted)
        .at(-1)
        ?.parentElement?.querySelector('button') ?? null,
    [summary],
    { timeout: 120_000, what: `the item "${summary}"` },
  )
}

/**
 * The page is laid out at the screen's width (a phone widens its layout viewport to fit a wider page, which
 * then pans sideways: innerWidth alone would not tell), nothing is wider than the screen, and `target` lies
 * wholly on screen once scrolled to, as a finger reaches it.
 */
export async function expectOnScreen(tab: Tab, what: string, target: Handle): Promise<void> {
  const box = await tab.evaluate((element: Element) => {
    element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' })
    const rect = element.getBoundingClientRect()
    return {
      left: Math.floor(rect.left),
      right: Math.ceil(rect.right),
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }
  }, target)
  const screenWidth = tab.width
  const inside =
    box.left >= 0 &&
    box.right <= screenWidth &&
    box.innerWidth === screenWidth &&
    box.scrollWidth <= screenWidth
  expect({ what, screenWidth, ...box, inside }).toEqual({ what, screenWidth, ...box, inside: true })
}

/**
 * Touches a control once it is on screen, still, and uncovered at its middle, where the press lands (what
 * Playwright calls actionable: the same box at two polls in a row, and the control is what a hit there reaches):
 * a tap on a touch phone, a click elsewhere. Decap animates its menus, list items and modal; under load a press
 * during an animation lands beside the control or on a layer over it, which WebKit's WebDriver refuses
 * (ElementClickInterceptedError) and Chromium delivers to the wrong element. `find` is asked again when Decap
 * has replaced the element it gave (a re-render after a load): a detached element never becomes uncovered.
 * The check is synchronous, polled by the driver: no animation frame, which a busy or hidden page may withhold.
 */
export async function touchControl(tab: Tab, what: string, find: () => Promise<Handle>): Promise<void> {
  for (let found = 1; ; found += 1) {
    const target = await find()
    await expectOnScreen(tab, what, target)
    await tab
      .waitFor(
        (element: Element & { touchBox?: string }, token: string) => {
          if (!element.isConnected) return true
          const box = element.getBoundingClientRect()
          const seen = `${token} ${JSON.stringify(box)}`
          const still = element.touchBox === seen
          element.touchBox = seen
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          return still && hit !== null && element.contains(hit)
        },
        [target, `${what} ${found} ${Date.now()}`],
        { timeout: 120_000, what: `"${what}" still and uncovered` },
      )
      .catch(async (error: unknown) => {
        // What the press would have reached instead.
        const seen = await tab
          .evaluate((element: Element) => {
            const box = element.getBoundingClientRect()
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
            return `box ${JSON.stringify(box)}, a hit there reaches ${hit?.outerHTML.slice(0, 300) ?? 'nothing'}`
          }, target)
          .catch((reason: unknown) => `(unreadable: ${String(reason)})`)
        throw new Error(`${String(error)}\n${seen}`)
      })
    if (await tab.evaluate((element: Element) => element.isConnected, target)) return tab.tap(target)
    if (found === 3) throw new Error(`"${what}" was replaced three times before it could be touched`)
  }
}

/**
 * From the admin's sign-in screen to "Cambios guardados": the button `signIn` (with GitHub it opens the pop-up),
 * the price and the photo, then Publicar → Publicar ahora. `shot` saves a screenshot of each step (named
 * `<n>-<step>`), or does nothing.
 */
export async function editPriceAndPhoto(
  tab: Tab,
  { signIn, photo, shot }: { signIn: string; photo: string; shot: (step: string) => Promise<void> },
): Promise<void> {
  await textIn(tab, signIn, 'button')
  await shot('0-iniciar-sesion')
  await touchControl(tab, signIn, () => textIn(tab, signIn, 'button'))

  // 1. The services page's form, from the list of content files.
  await textIn(tab, 'Página Servicios')
  await shot('1-contenido')
  await touchControl(tab, 'Página Servicios', () => textIn(tab, 'Página Servicios'))
  await fieldIn(tab, 'Título de la página')
  await shot('2-formulario')

  // 2. The maintenance price, retyped.
  await touchControl(tab, 'Mantenimiento regular', () => itemToggleIn(tab, 'Mantenimiento regular'))
  await touchControl(tab, 'Precio desde (MXN)', () => fieldIn(tab, 'Precio desde (MXN)'))
  const price = await fieldIn(tab, 'Precio desde (MXN)')
  await tab.fill(price, String(NEW_PRICE))
  await tab.waitFor(
    (input: HTMLInputElement, wanted: string) => input.value === wanted,
    [price, String(NEW_PRICE)],
    { what: 'the new price in its field' },
  )
  await shot('3-precio')

  // 3. The first gallery photo, replaced by one from the device's files (Decap's media library).
  await touchControl(tab, 'Proyecto residencial 1', () => itemToggleIn(tab, 'Proyecto residencial 1'))
  await touchControl(tab, 'Elige una imagen', () => textIn(tab, 'Elige una imagen', 'button'))
  const upload = await textIn(tab, 'Subir nuevo', 'label, button, span')
  await shot('4-medios')
  await expectOnScreen(tab, 'Subir nuevo', upload)
  if (tab.engine === 'chromium') {
    // Chromium: the owner's own tap on "Subir nuevo" opens the file chooser, which gets the photo.
    const page = puppeteerPage(tab)
    const [chooser] = await Promise.all([page.waitForFileChooser(), tab.tap(upload)])
    await chooser.accept([photo])
  } else {
    // Firefox's BiDi and WebKit's WebDriver have no file chooser: the photo goes to the label's file input.
    await tab.upload(
      await tab.element(() => document.querySelector('input[type="file"]'), [], { what: 'the file input' }),
      photo,
    )
  }
  await waitForTextIn(tab, PHOTO_NAME)
  await shot('5-foto-subida')
  await touchControl(tab, 'Confirmar selección', () => textIn(tab, 'Confirmar selección', 'button'))
  await seesPhotoInField(tab)
  await shot('6-foto-elegida')

  // 4. Publish.
  // Decap re-renders its toolbar while it takes in the upload: a press that lands on the element it is
  // replacing opens nothing, so press again (at most three times) until the menu shows "Publicar ahora".
  for (let press = 1; ; press += 1) {
    await touchControl(tab, 'Publicar', () => textIn(tab, 'Publicar', 'button, span, div'))
    const menu = await tab
      .waitFor(
        () =>
          [...document.querySelectorAll<HTMLElement>('*')].some(
            (e) => e.innerText?.trim() === 'Publicar ahora',
          ),
        [],
        { timeout: 10_000, what: 'the menu with "Publicar ahora"' },
      )
      .then(() => true)
      .catch(() => false)
    if (menu || press === 3) break
  }
  await shot('7-publicar')
  await touchControl(tab, 'Publicar ahora', () => textIn(tab, 'Publicar ahora'))
  await waitForTextIn(tab, 'Cambios guardados')
  await shot('8-publicado')
  expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tab.width)
}
