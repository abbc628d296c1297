/**
 * Where clients come from (issue 43), as visitors and the owner meet it on the Pages stack (test/helpers/pages-stack.ts:
 * the endpoint build, its functions/, a local D1), in Chromium. Four visitors send the form: one from a Google search
 * (the navigation's referrer `https://www.google.com/`) who reads two pages first; one from a Facebook ad
 * (`/?utm_source=facebook&utm_medium=cpc&utm_campaign=verano` with Facebook's click id, from a Facebook URL with a
 * path) who goes on to /contacto; one who types the address of /contacto (no referrer); one with JavaScript off who
 * scans a flyer's QR code (`/contacto?utm_source=volante&utm_campaign=mayo`), whose post the endpoint alone sees.
 * No request the pages make carries a click id's value or the referring site's path, and nothing lands in a cookie or
 * storage. The owner, on the phone (390 px), reads each card's origin and the month's figures by source; the alert
 * says the same in one line. The label table row by row and the endpoint's bounds: test/unit/lead-source*.test.ts.
 * Screenshots in test/.artifacts/lead-source/.
 * Run: `npx jest test/hosts/lead-source.test.ts --selectProjects chromium`.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { openPage, projectRoot, theBrowser } from '../helpers/browser'
import { signInToInbox } from '../helpers/owner'
import { thePagesStack } from '../helpers/pages-stack'
import {
  button,
  field,
  SUBMIT,
  SUCCESS_TITLE,
  VALID,
  waitForHydration,
  waitForToast,
  type FieldKey,
} from '../helpers/quote-form'

jest.setTimeout(240_000)

const SHOTS = path.join(projectRoot, 'test', '.artifacts', 'lead-source')
/** What must never leave the visitor's browser: a click id's value, the referring page's path and query. */
const SECRETS = ['IwAR-CLIC-SECRETO', 'ruta-secreta', 'enlace-privado']

// Over HTTPS as the site is served (from an https page to an http one a browser sends no referrer at all).
const stack = thePagesStack({ protocol: 'https' })
const browser = theBrowser({ acceptInsecureCerts: true })

interface Visitor {
  name: string
  landing: string
  referer?: string
  /** The header links followed before the form (client-side navigation). */
  reads?: string[]
  javascript?: boolean
}

const VISITORS: Visitor[] = [
  {
    name: 'Gabriela Ríos',
    landing: '/',
    referer: 'https://www.google.com/',
    reads: ['Servicios', 'Nosotros'],
  },
  {
    name: 'Fernando Salas',
    landing: '/?utm_source=facebook&utm_medium=cpc&utm_campaign=verano&fbclid=IwAR-CLIC-SECRETO',
    referer: 'https://l.facebook.com/l.php?u=ruta-secreta&h=enlace-privado',
  },
  { name: 'Diana Torres', landing: '/contacto' },
  { name: 'Víctor Luna', landing: '/contacto?utm_source=volante&utm_campaign=mayo', javascript: false },
]

/** Every request the visitors' pages made after landing: its URL and body. */
const sent: string[] = []

/** A visitor lands, reads, goes to the form and sends it; returns what the page kept in cookies and storage. */
async function visit({ name, landing, referer, reads = [], javascript = true }: Visitor): Promise<string> {
  const { page } = await openPage(browser, { javascript })
  const landingUrl = `${stack.url}${landing}`
  page.on('request', (request) => {
    if (request.url() !== landingUrl) sent.push(`${request.url()} ${request.postData() ?? ''}`)
  })
  // The referring page lets its whole address through (some do; Google sends its origin): the site keeps the host.
  await page.goto(landingUrl, { referer, referrerPolicy: 'unsafe-url', waitUntil: 'load' })
  for (const link of [...reads, ...(landing.startsWith('/contacto') ? [] : ['Contacto'])]) {
    // Once the router has the link (React's props on it), as a visitor who reads: a click before that loads a new
    // document, whose referrer is the site itself (the `site` case of edge/leads/source.ts).
    await page.waitForFunction(
      (name: string) =>
        [...document.querySelectorAll('header a')].some(
          (a) => a.textContent === name && Object.keys(a).some((key) => key.startsWith('__reactProps$')),
        ),
      { polling: 100 },
      link,
    )
    await page.locator(`header ::-p-aria([name="${link}"][role="link"])`).click()
    await page.waitForFunction(
      (to: string) => location.pathname === to,
      { polling: 100 },
      `/${link.toLowerCase()}`,
    )
  }
  if (javascript) await waitForHydration(page)
  const values = Object.entries({ ...VALID, name }) as [FieldKey, string][]
  // Without scripts the page runs nothing for puppeteer's locators to wait in: typed as a visitor does.
  for (const [key, value] of values)
    if (javascript) await page.locator(field(key)).fill(value)
    else if (key === 'service') await (await page.$(field(key)))!.select(value)
    else await (await page.$(field(key)))!.type(value)
  const kept = await page.evaluate(
    () => `${document.cookie} ${JSON.stringify({ ...localStorage, ...sessionStorage })}`,
  )
  if (javascript) {
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
  } else {
    await (await page.$(button(SUBMIT)))!.focus()
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')])
  }
  await page.close()
  return kept
}

/** The origin the lead card of `name` shows. */
const sourceOf = (page: Page, name: string) =>
  page.$$eval(
    'li.lead',
    (cards, wanted: string) =>
      cards.find((card) => card.querySelector('h2')?.textContent === wanted)?.querySelector('.lead-source')
        ?.textContent,
    name,
  )

test('each lead says where its client came from, on its card, in the month figures and in its alert', async () => {
  for (const visitor of VISITORS) {
    const kept = await visit(visitor)
    // Not in a cookie, nor in storage (the form's draft is there, with what the visitor typed, and nothing else).
    expect(kept).not.toMatch(/google|facebook|verano|volante|IwAR/i)
  }
  const leads = await stack.waitForRows('SELECT * FROM leads ORDER BY created_at', VISITORS.length)
  expect(leads.map((lead) => [lead.source_via, lead.source_landing, lead.source_referrer])).toEqual([
    ['page', '/', 'www.google.com'],
    ['page', '/', 'l.facebook.com'],
    ['page', '/contacto', ''],
    // Without scripts only the endpoint saw it: the tags of the page that posted, not where the visitor was before.
    ['post', '', ''],
  ])
  for (const text of [JSON.stringify(leads), ...sent])
    for (const secret of SECRETS) expect(text).not.toContain(secret)
  expect(sent.some((request) => request.includes('"utm_campaign":"verano"'))).toBe(true)

  const labels = [
    'Google (búsqueda)',
    'Facebook (anuncio) · campaña «verano»',
    'Directo',
    'Volante · campaña «mayo»',
  ]
  await stack.waitForRows("SELECT * FROM notifications WHERE kind = 'lead' AND state = 'delivered'", 8)
  const alerts = stack.notify.emails.map((email) => String(email.body.text).split('\n'))
  for (const label of labels)
    expect(alerts.filter((lines) => lines.includes(`Origen: ${label}`))).toHaveLength(1)

  // The owner, on the phone, answers the Google client by WhatsApp.
  const { page } = await openPage(browser, { width: 390, height: 844 })
  await signInToInbox(page, stack.url, stack.signInPath)
  await page.waitForSelector('li.lead .lead-source')
  for (const [n, visitor] of VISITORS.entries())
    expect(await sourceOf(page, visitor.name)).toBe(`Origen ${labels[n]}`)
  const popup = new Promise<void>((resolve) => browser.once('targetcreated', () => resolve()))
  const google = await page.waitForSelector(`li.lead[data-id="${String(leads[0]?.id)}"]`)
  await (await google!.waitForSelector('::-p-aria([name="WhatsApp"][role="link"])'))!.tap()
  await popup
  await stack.waitForRows("SELECT * FROM leads WHERE first_contact_via = 'whatsapp'", 1)
  await page.reload()
  const figures = await page.waitForSelector('#origenes table')
  const rows = await figures!.$$eval('tbody tr', (trs) =>
    trs.map((tr) => [...tr.children].map((cell) => cell.textContent)),
  )
  expect(rows.sort()).toEqual(
    labels.map((label, n) => [label.split(' · ')[0], '1', n === 0 ? '1' : '0']).sort(),
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  mkdirSync(SHOTS, { recursive: true })
  // WhatsApp's tab took the front; a tab behind it never reports its elements in view.
  await page.bringToFront()
  const card = await page.waitForSelector(`li.lead[data-id="${String(leads[1]?.id)}"]`)
  await card!.screenshot({ path: path.join(SHOTS, 'card-390.png') })
  await (await page.$('#origenes'))!.screenshot({ path: path.join(SHOTS, 'figures-390.png') })
  await page.close()
})
