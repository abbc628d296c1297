/**
 * Regression: "+52 222 123 4567" broke across lines at its plain spaces. On the narrowest
 * phone we support (320 px), every place a page shows the number keeps it on one line.
 * Run: `npx jest test/visitor/phone-numbers.test.ts --selectProjects chromium` after a build.
 */
import { openPage, theBrowser } from '../helpers/browser'
import { theSite } from '../helpers/site'

const ROUTES = ['/', '/nosotros', '/servicios', '/ubicacion', '/contacto', '/pagina-que-no-existe']
/** The number however its groups are joined, so a plain-space regression is found too. */
const PHONE = /\+52\s222\s123\s4567/g

const site = theSite()
const browser = theBrowser()

interface Shown {
  text: string
  /** Distinct line boxes the number's own characters occupy. */
  lines: number
  /** The element it sits in, for the log. */
  where: string
}

test.each(ROUTES)('at 320 px every phone number on %s stays on one line', async (route) => {
  const { page } = await openPage(browser, { width: 320, height: 640 })
  await page.goto(`${site.url}${route}`, { waitUntil: 'load' })
  const shown = await page.evaluate((source) => {
    const found: Shown[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // With JavaScript on, <noscript> content is raw text that is never laid out; a hidden element (the quote
      // form's note for a press before its scripts) is not laid out either.
      if (node.parentElement?.closest('noscript, script, style, [hidden]')) continue
      for (const match of (node.textContent ?? '').matchAll(new RegExp(source, 'g'))) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const tops = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
        )
        const parent = node.parentElement!
        const where = `${parent.tagName.toLowerCase()} "${parent.textContent?.trim().slice(0, 60)}"`
        found.push({ text: match[0], lines: tops.size, where })
      }
    }
    return found
  }, PHONE.source)
  await page.close()
  console.log(`${route} at 320 px: ${shown.map((s) => `${s.where}: ${s.lines} line(s)`).join('; ')}`)
  expect(shown.length).toBeGreaterThan(0)
  for (const item of shown) {
    expect({ where: item.where, lines: item.lines, breakableSpace: /[ \t\n]/.test(item.text) }).toEqual({
      where: item.where,
      lines: 1,
      breakableSpace: false,
    })
  }
})
