/**
 * Every page, in Chromium: head-tags (from the HTML as served), then a visit at 1280 and at 390 px with
 * single-h1, landmarks, images, contact-links, whatsapp-button and a full-page screenshot of each. The
 * tabs report console errors, failed requests and CSP violations themselves (context.ts).
 */
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import type { CheckName } from './checks'
import { company, headerCta, headerLinks } from './company'
import { oneLine, settle, slugOf, waitForHydration, type SmokeContext, type Tab } from './context'

const WIDTHS = [1280, 390] as const

/** What a page visit checks (csp-violations and failed-requests are reported by the tab itself). */
const VISIT_CHECKS = [
  'single-h1',
  'landmarks',
  'images',
  'contact-links',
  'whatsapp-button',
  'console-errors',
  'failed-requests',
] as const satisfies readonly CheckName[]

export async function checkPages(ctx: SmokeContext): Promise<void> {
  if (ctx.results.wants('head-tags')) await checkHeadTags(ctx)
  if (ctx.results.wants(...VISIT_CHECKS, 'csp-violations')) {
    // Two tabs at a time: most of a visit is waiting for the network to go quiet.
    const queue = ctx.routes.flatMap((route) => WIDTHS.map((width) => ({ route, width })))
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await visit(ctx, next.route, next.width)
    }
    await Promise.all([worker(), worker()])
  }
}

/** Reads the head of each page's HTML as served (what crawlers and link previews see), in a blank tab. */
async function checkHeadTags(ctx: SmokeContext): Promise<void> {
  const { siteOrigin } = ctx.options
  const fail = (problem: string) => ctx.results.fail('head-tags', problem)
  const tab = await ctx.openTab('head-tags', { width: 1280 })
  try {
    const titles = new Map<string, string>()
    for (const route of ctx.routes) {
      const answer = await ctx.fetchPath(route).catch(() => null)
      if (!answer || answer.status !== 200) {
        fail(`${route}: no page to read (answered ${answer?.status ?? 'nothing'})`)
        continue
      }
      const head = await tab.page.evaluate((html) => {
        const doc = new DOMParser().parseFromString(html, 'text/html')
        const og: Record<string, string> = {}
        for (const meta of doc.querySelectorAll('meta[property^="og:"]')) {
          og[meta.getAttribute('property') ?? ''] = meta.getAttribute('content') ?? ''
        }
        return {
          titles: [...doc.querySelectorAll('title')].map((title) => title.textContent?.trim() ?? ''),
          description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
          canonicals: [...doc.querySelectorAll('link[rel="canonical"]')].map(
            (link) => link.getAttribute('href') ?? '',
          ),
          og,
        }
      }, answer.text)

      const title = head.titles[0]
      if (head.titles.length !== 1) fail(`${route}: ${head.titles.length} <title> elements, expected 1`)
      if (!title) fail(`${route}: empty <title>`)
      else if (titles.has(title)) fail(`${route}: same <title> as ${titles.get(title)} ("${title}")`)
      else titles.set(title, route)
      if (!head.description?.trim()) fail(`${route}: no meta description`)

      const expected = new URL(route, siteOrigin).href
      if (head.canonicals.length !== 1)
        fail(`${route}: ${head.canonicals.length} canonical links, expected 1`)
      const canonical = head.canonicals[0]
      if (canonical !== undefined && canonical !== expected) {
        const origin = URL.canParse(canonical) ? new URL(canonical).origin : null
        fail(
          origin && origin !== siteOrigin
            ? `${route}: canonical ${canonical} is on ${origin}, not on ${siteOrigin}`
            : `${route}: canonical is ${canonical}, expected ${expected}`,
        )
      }
      for (const property of ['og:title', 'og:description', 'og:type', 'og:url', 'og:image'])
        if (!head.og[property]?.trim()) fail(`${route}: no ${property}`)
      const ogUrl = head.og['og:url']
      if (ogUrl && ogUrl !== expected) fail(`${route}: og:url is ${ogUrl}, expected ${expected}`)
      const ogImage = head.og['og:image']
      if (ogImage && !URL.canParse(ogImage)) fail(`${route}: og:image "${ogImage}" is not an absolute URL`)
    }
  } finally {
    await tab.close()
  }
}

async function visit(ctx: SmokeContext, route: string, width: number): Promise<void> {
  const { results, options } = ctx
  const tab = await ctx.openTab(`${route} at ${width} px`, { width })
  const { page } = tab
  try {
    const response = await page.goto(ctx.url(route), { waitUntil: 'load' })
    if (!response) return
    await settle(page, options.timeout)
    await waitForHydration(page, Math.min(options.timeout, 10_000))

    if (width < 768 && results.wants('whatsapp-button')) await checkFloatingButton(ctx, tab)
    // Every image, for the images check and the full-page screenshot.
    await loadImages(page, options.timeout)
    await settle(page, options.timeout)
    if (results.wants('images')) await checkImages(ctx, tab)
    if (width >= 768 && results.wants('single-h1')) await checkSingleH1(ctx, tab)
    if (width >= 768 && results.wants('landmarks')) await checkLandmarks(ctx, tab)
    if (results.wants('contact-links')) await checkContactLinks(ctx, tab)

    if (options.screenshots) {
      const file = path.join(options.outDir, `${slugOf(route)}-${width}.png`) as `${string}.png`
      await page.screenshot({ path: file, fullPage: true, optimizeForSpeed: true })
    }
  } catch (error) {
    const problem = `${tab.label}: the visit failed (${error instanceof Error ? error.message.split('\n')[0] : error})`
    for (const name of VISIT_CHECKS) results.fail(name, problem)
  } finally {
    await tab.close()
  }
}

async function checkSingleH1(ctx: SmokeContext, tab: Tab): Promise<void> {
  const headings = await tab.page.$$eval('h1', (list) => list.map((h1) => h1.textContent?.trim() ?? ''))
  if (headings.length !== 1) {
    ctx.results.fail(
      'single-h1',
      `${tab.label}: ${headings.length} h1 elements${headings.length ? ` (${headings.map((h) => `"${h}"`).join(', ')})` : ''}, expected 1`,
    )
  } else if (!headings[0]) ctx.results.fail('single-h1', `${tab.label}: the h1 is empty`)
}

/** The spec's layout: header nav with the five links and the call to action, one main, footer contact block. */
async function checkLandmarks(ctx: SmokeContext, tab: Tab): Promise<void> {
  const found = await tab.page.evaluate(() => {
    const links = (root: Element | null) =>
      [...(root?.querySelectorAll('a[href]') ?? [])].map((a) => ({
        text: (a as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        href: a.getAttribute('href') ?? '',
        path: new URL((a as HTMLAnchorElement).href).pathname,
      }))
    const header = document.querySelector('body header')
    const footer = document.querySelector('body footer')
    return {
      counts: {
        header: document.querySelectorAll('body header').length,
        main: document.querySelectorAll('main').length,
        footer: document.querySelectorAll('body footer').length,
      },
      navLinks: links(header?.querySelector('nav') ?? null),
      headerLinks: links(header),
      footerLinks: links(footer),
    }
  })
  const fail = (problem: string) => ctx.results.fail('landmarks', `${tab.label}: ${problem}`)
  for (const [landmark, count] of Object.entries(found.counts))
    if (count !== 1) fail(`${count} ${landmark} landmarks, expected 1`)
  for (const link of headerLinks) {
    if (!found.navLinks.some((a) => a.text === link.label && a.path === link.path))
      fail(`the header nav has no link "${link.label}" to ${link.path}`)
  }
  if (!found.headerLinks.some((a) => a.text === headerCta.label && a.path === headerCta.path))
    fail(`the header has no "${headerCta.label}" link to ${headerCta.path}`)
  const spaced = (text: string) => text.replace(/\s+/g, ' ')
  if (
    !found.footerLinks.some(
      (a) => a.href === company.phoneHref && a.text.includes(spaced(company.phoneDisplay)),
    )
  ) {
    fail(`the footer has no phone link "${spaced(company.phoneDisplay)}" (${company.phoneHref})`)
  }
  if (!found.footerLinks.some((a) => a.href === company.emailHref && a.text.includes(company.emailAddress)))
    fail(`the footer has no e-mail link "${company.emailAddress}"`)
}

async function loadImages(page: Page, timeout: number): Promise<void> {
  // A visitor scrolls: each laid-out image is brought into view, so a lazy one (loading="lazy") is asked for
  // whatever the browser's lazy-load distance is under load; then every one must finish or fail. Waiting a while
  // and judging what happened to be loaded failed a loaded CI run on a lazy photo the browser had not yet asked for.
  // The browser notices an image in view at its next rendering update: one frame shown per image.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    for (const image of document.images) {
      if (image.getClientRects().length === 0) continue
      image.scrollIntoView({ block: 'center', behavior: 'instant' })
      await frame()
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  await page
    .waitForFunction(
      () =>
        [...document.images]
          .filter((image) => image.getClientRects().length > 0)
          .every((image) => image.complete),
      // --timeout, as every other wait: on a loaded machine a local image took longer than a fixed 15 s.
      { timeout, polling: 100 },
    )
    .catch(() => undefined)
}

/** Every image drawn on the page has arrived and decoded; network failures of images count too. */
async function checkImages(ctx: SmokeContext, tab: Tab): Promise<void> {
  const broken = await tab.page.evaluate(() =>
    [...document.images]
      .filter((image) => image.getClientRects().length > 0)
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => `${image.currentSrc || image.src} (${image.complete ? 'broken' : 'still loading'})`),
  )
  for (const image of [...broken, ...tab.brokenImages])
    ctx.results.fail('images', `${tab.label}: ${oneLine(image, 140)} did not load`)
}

/** tel:, WhatsApp and mailto: links all carry the company's own number and address. */
async function checkContactLinks(ctx: SmokeContext, tab: Tab): Promise<void> {
  const hrefs = await tab.page.$$eval('a[href]', (links) => links.map((a) => a.getAttribute('href') ?? ''))
  const fail = (problem: string) =>
    ctx.results.fail('contact-links', `${tab.label.replace(/ at \d+ px$/, '')}: ${problem}`)
  for (const href of hrefs) {
    if (href.startsWith('tel:') && href !== company.phoneHref)
      fail(`${href} is not the company's ${company.phoneHref}`)
    if (href.startsWith('mailto:') && href.split('?')[0] !== company.emailHref)
      fail(`${href} is not the company's ${company.emailHref}`)
    const whatsapp = whatsappNumber(href)
    if (whatsapp !== null && whatsapp !== company.whatsappNumber)
      fail(`WhatsApp link to ${whatsapp || 'no number'} instead of ${company.whatsappNumber}`)
  }
}

/** The number a WhatsApp link opens a chat with ('' when it has none), or null for other links. */
export function whatsappNumber(href: string): string | null {
  if (!URL.canParse(href)) return null
  const url = new URL(href)
  if (url.hostname === 'wa.me') return url.pathname.replace(/\//g, '')
  if (/(^|\.)whatsapp\.com$/.test(url.hostname)) return url.searchParams.get('phone') ?? ''
  return null
}

/** At the top of each page on a phone: a fixed WhatsApp link, on screen, with the company's number. */
async function checkFloatingButton(ctx: SmokeContext, tab: Tab): Promise<void> {
  const floating = await tab.page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .filter((a) => /wa\.me|whatsapp\.com/.test(a.getAttribute('href') ?? ''))
      .filter((a) => getComputedStyle(a).position === 'fixed')
      .map((a) => {
        const rect = a.getBoundingClientRect()
        const style = getComputedStyle(a)
        const onScreen =
          rect.width > 0 &&
          rect.height > 0 &&
          rect.top >= 0 &&
          rect.left >= 0 &&
          rect.bottom <= window.innerHeight &&
          rect.right <= window.innerWidth &&
          style.visibility !== 'hidden' &&
          Number(style.opacity) > 0.5
        return {
          href: a.getAttribute('href') ?? '',
          name: a.getAttribute('aria-label') ?? (a as HTMLElement).innerText.trim(),
          onScreen,
        }
      }),
  )
  const fail = (problem: string) => ctx.results.fail('whatsapp-button', `${tab.label}: ${problem}`)
  if (floating.length === 0) return fail('no floating WhatsApp button')
  const shown = floating.find((button) => button.onScreen)
  if (!shown) return fail('the floating WhatsApp button is not visible on screen')
  const number = whatsappNumber(shown.href)
  if (number !== company.whatsappNumber)
    fail(`the floating WhatsApp button opens ${number || shown.href}, not ${company.whatsappNumber}`)
  if (!shown.name) fail('the floating WhatsApp button has no accessible name')
}
