/**
 * Behaviour: hydration (a header link navigates on the client: a marker on `window` survives and no
 * document is requested) and mobile-menu (at 390 px the toggle opens and closes the menu, a link closes it).
 */
import type { ElementHandle, Page } from 'puppeteer-core'
import { headerCta, headerLinks } from './company'
import { holds, settle, waitForHydration, type SmokeContext } from './context'

/** Where the hydration check goes from /, and the link the mobile menu is left by: the first to another page. */
const TARGET = headerLinks.find((link) => link.path !== '/') ?? headerLinks[1]

export async function checkHydration(ctx: SmokeContext): Promise<void> {
  const fail = (problem: string) => ctx.results.fail('hydration', problem)
  const tab = await ctx.openTab('hydration', { width: 1280 })
  const { page } = tab
  try {
    await page.goto(ctx.url('/'), { waitUntil: 'load' })
    if (!(await waitForHydration(page, ctx.options.timeout))) {
      return fail(
        `/ did not hydrate within ${ctx.options.timeout} ms (React never took over the header links)`,
      )
    }
    await settle(page, ctx.options.timeout)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url())
    })
    await page.evaluate(() => {
      ;(window as unknown as { __smokeMarker: string }).__smokeMarker = 'still here'
    })
    const h1Before = await page.$eval('h1', (h1) => h1.textContent?.trim() ?? '').catch(() => '')

    const link = await page.$(`header nav a[href="${TARGET.path}"]`)
    if (!link) return fail(`/ has no header nav link to ${TARGET.path}`)
    await link.click()
    const arrived = await holds(
      page.waitForFunction(
        (target, before) =>
          location.pathname === target &&
          (document.querySelector('h1')?.textContent?.trim() ?? before) !== before,
        { timeout: ctx.options.timeout, polling: 100 },
        TARGET.path,
        h1Before,
      ),
    )
    const marker = await page
      .evaluate(() => (window as unknown as { __smokeMarker?: string }).__smokeMarker)
      .catch(() => undefined)
    if (documents.length > 0) {
      fail(
        `clicking "${TARGET.label}" loaded ${documents[0]} from the server: a full page load, not a client navigation`,
      )
    } else if (marker !== 'still here') {
      fail(`clicking "${TARGET.label}" replaced the page (window state lost)`)
    } else if (!arrived) {
      fail(`clicking "${TARGET.label}" did not show ${TARGET.path} (URL ${page.url()})`)
    }
  } finally {
    await tab.close()
  }
}

/** Whether the visitor sees an element: it has a box and nothing up its ancestry hides it. */
function isVisible(element: ElementHandle<Element>): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return false
    for (let at: Element | null = node; at; at = at.parentElement) {
      const style = getComputedStyle(at)
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
        return false
    }
    return true
  })
}

/** The toggle's aria-expanded and the header links a visitor sees. */
async function menuState(page: Page, toggle: ElementHandle<Element>) {
  const expanded = await toggle.evaluate((button) => button.getAttribute('aria-expanded'))
  const visibleLinks: string[] = []
  for (const link of await page.$$('header a[href]')) {
    if (await isVisible(link))
      visibleLinks.push(await link.evaluate((a) => (a as HTMLElement).innerText.trim()))
  }
  return { expanded, visibleLinks }
}

export async function checkMobileMenu(ctx: SmokeContext): Promise<void> {
  const fail = (problem: string) => ctx.results.fail('mobile-menu', problem)
  const tab = await ctx.openTab('mobile-menu at 390 px', { width: 390 })
  const { page } = tab
  const menuLabels: string[] = [...headerLinks.map((link) => link.label), headerCta.label]
  const menuLinksIn = ({ visibleLinks }: { visibleLinks: string[] }) =>
    visibleLinks.filter((label) => menuLabels.includes(label))
  try {
    await page.goto(ctx.url('/'), { waitUntil: 'load' })
    if (!(await waitForHydration(page, ctx.options.timeout))) {
      return fail(`/ did not hydrate within ${ctx.options.timeout} ms: the menu toggle cannot work`)
    }
    await settle(page, ctx.options.timeout)
    const toggle = await page.$('header button[aria-expanded]')
    if (!toggle || !(await isVisible(toggle)))
      return fail('no visible menu toggle (a header button with aria-expanded) at 390 px')
    const name = await toggle.evaluate(
      (button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '',
    )
    if (!name) fail('the menu toggle has no accessible name')

    const closed = await menuState(page, toggle)
    const shownWhileClosed = menuLinksIn(closed)
    if (closed.expanded !== 'false') fail(`the closed menu's toggle says aria-expanded="${closed.expanded}"`)
    if (shownWhileClosed.length > 0)
      fail(`menu links are visible before opening: ${shownWhileClosed.join(', ')}`)

    await toggle.click()
    await waitFor(page, toggle, 'true')
    const opened = await menuState(page, toggle)
    if (opened.expanded !== 'true') fail(`after a tap the toggle says aria-expanded="${opened.expanded}"`)
    const missing = menuLabels.filter((label) => !opened.visibleLinks.includes(label))
    if (missing.length > 0) return fail(`the open menu does not show ${missing.join(', ')}`)

    await toggle.click()
    await waitFor(page, toggle, 'false')
    const reclosed = await menuState(page, toggle)
    const stillShown = menuLinksIn(reclosed)
    if (reclosed.expanded !== 'false' || stillShown.length > 0) {
      return fail(
        `a second tap does not close the menu (still showing ${stillShown.join(', ') || 'aria-expanded="true"'})`,
      )
    }

    // Spec: choosing a link closes the menu.
    await toggle.click()
    await waitFor(page, toggle, 'true')
    const link = await page.$(`header nav a[href="${TARGET.path}"]`)
    if (!link) return fail(`the open menu has no link to ${TARGET.path}`)
    await link.click()
    await page
      .waitForFunction((path) => location.pathname === path, { polling: 100 }, TARGET.path)
      .catch(() => undefined)
    await settle(page, ctx.options.timeout)
    const toggleAfter = await page.$('header button[aria-expanded]')
    const after = toggleAfter ? await menuState(page, toggleAfter) : null
    if (after && (after.expanded !== 'false' || menuLinksIn(after).length > 0))
      fail(`choosing "${TARGET.label}" leaves the menu open`)
  } finally {
    await tab.close()
  }
}

async function waitFor(page: Page, toggle: ElementHandle<Element>, expanded: string): Promise<void> {
  await page
    .waitForFunction(
      (button, value) => button.getAttribute('aria-expanded') === value,
      { timeout: 2000, polling: 100 },
      toggle,
      expanded,
    )
    .catch(() => undefined)
  // The panel's transition, if any.
  await new Promise((resolve) => setTimeout(resolve, 250))
}
