/**
 * The owner's moves in Decap CMS's admin, by what the admin shows (its text, its labels), for the CMS's
 * browser tests (cms.test.ts, cms-sign-in.test.ts). Every wait fails with what the page showed instead.
 */
import type { ElementHandle, Page } from 'puppeteer-core'

/** A timeout that says what the page showed instead. */
export async function explained<T>(page: Page, what: string, wait: Promise<T>): Promise<T> {
  try {
    return await wait
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500))
    throw new Error(`${what}: ${String(error)}\nThe page shows: ${shown}`)
  }
}

/** Waits for visible text anywhere on the page (the admin capitalises some labels with CSS). */
export const waitForText = (page: Page, text: string) =>
  explained(
    page,
    `waiting for "${text}"`,
    page.waitForFunction(
      (wanted) => document.body.innerText.toLowerCase().includes(wanted.toLowerCase()),
      { timeout: 120_000 },
      text,
    ),
  )

/** The innermost visible element whose own text is `text` (a link, a button, a list row). */
export async function byText(
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

/** Clicks the innermost visible element whose own text is `text`. */
export async function clickText(page: Page, text: string, selector?: string): Promise<void> {
  await (await byText(page, text, selector)).click()
}

/** The input of a form field, found by its label as the owner reads it (`Teléfono`). */
export async function fieldByLabel(page: Page, label: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await explained(
    page,
    `finding the field "${label}"`,
    page.waitForFunction(
      (wanted) => {
        // Decap adds " (opcional)" to an optional field's label.
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

/** The arrow button that opens a collapsed list item (a service, an FAQ), by the name the item shows. */
export async function itemToggle(page: Page, summary: string): Promise<ElementHandle<HTMLButtonElement>> {
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

/** Opens a collapsed list item by the name it shows, with its arrow button. */
export async function expandItem(page: Page, summary: string): Promise<void> {
  await (await itemToggle(page, summary)).click()
}

export async function retype(page: Page, label: string, value: string): Promise<void> {
  const input = await fieldByLabel(page, label)
  await input.click({ count: 3 })
  await page.keyboard.press('Backspace')
  await input.type(value)
}

/** Publicar → Publicar ahora, then waits for Decap's confirmation. */
export async function publish(page: Page): Promise<void> {
  await clickText(page, 'Publicar')
  await clickText(page, 'Publicar ahora')
  await waitForText(page, 'Cambios guardados')
}

/** Waits until a visible element with exactly this text is there (a button the owner would press). */
export async function clickableText(page: Page, text: string, selector: string): Promise<void> {
  await explained(
    page,
    `waiting for "${text}"`,
    page.waitForFunction(
      (wanted, css) =>
        [...document.querySelectorAll<HTMLElement>(css)].some(
          (element) => element.innerText?.trim() === wanted && element.offsetParent !== null,
        ),
      { timeout: 120_000 },
      text,
      selector,
    ),
  )
}
