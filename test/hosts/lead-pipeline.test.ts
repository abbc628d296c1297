/**
 * A real customer always gets through (issue 41), on the Pages stack as `npm start` runs it
 * (test/helpers/pages-stack.ts: `wrangler pages dev` with the local D1, the schedule Worker in the same process,
 * the owner's e-mail and webhook stand-ins), with the default ceilings and the form in Chromium:
 * - known spam never crowds out a person: a burst of honeypot posts, then a real lead, stored and alerted;
 * - with Turnstile on (siteverify's stand-in), no token is never silent: a post without scripts is told it was not
 *   sent, with the phone and WhatsApp; a second tap after a lost answer makes one row and one alert (decision 040);
 * - an emergency in a busy hour: its URGENTE e-mail at once, and first in the digest (decision 041);
 * - an outage reaches the owner: a broken D1, or one whose migrations stop at 0003, relays the lead with its alarm
 *   and the visitor gets the phone and WhatsApp; the schedule alarms too.
 * The rules themselves are the unit tests' (test/unit/lead-store.test.ts, lead-budget, lead-outage; a day of flood
 * per channel on a test clock: lead-flood-day). Takes ~3-4 min (2 cores).
 * Run: `npx jest test/hosts/lead-pipeline.test.ts --selectProjects chromium`.
 */
import type { Page } from 'puppeteer-core'
import { leadAnswers } from '../../contract/lead-messages'
import { openPage, theBrowser, type OpenedPage } from '../helpers/browser'
import { hooked } from '../helpers/hooks'
import { floodLeads, ipv4Addresses } from '../helpers/lead-flood'
import { thePagesStack, type PagesStack, type StackOptions } from '../helpers/pages-stack'
import { lossyProxy, startProxy } from '../helpers/proxy'
import {
  button,
  CONTACT_PATH,
  fillForm,
  openFreshContact,
  readValues,
  SUBMIT,
  SUCCESS_TITLE,
  toastsOf,
  VALID,
  waitForToast,
  type FormValues,
} from '../helpers/quote-form'

const FAILURE_TITLE = 'No pudimos enviar tu mensaje'
const ALERT = `Nueva solicitud de cotización: ${VALID.name} (${VALID.service})`
const browser = theBrowser()
const opened: OpenedPage[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ page }) => page.close()))
})

/** /contacto of `origin` in a page of its own: hydrated, or without JavaScript. */
async function openContact(origin: string, javascript = true): Promise<Page> {
  const result = await openPage(browser, { javascript, width: javascript ? 1280 : 390 })
  opened.push(result)
  if (javascript) await openFreshContact(result.page, origin)
  else await result.page.goto(`${origin}${CONTACT_PATH}`, { waitUntil: 'load' })
  return result.page
}

/** Types `values` and presses the button; the status of the endpoint's answer. */
async function send(page: Page, values: FormValues = VALID): Promise<number> {
  await fillForm(page, values)
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'POST',
    ),
    page.locator(button(SUBMIT)).click(),
  ])
  return answer.status()
}

/** What a visitor must see when the message was not sent: the phone and WhatsApp, and what was typed kept. */
async function seesPhoneAndWhatsApp(page: Page, typed: FormValues = VALID) {
  await waitForToast(page, FAILURE_TITLE)
  const [failure] = await toastsOf(page)
  const links = failure?.links.map(({ href }) => href)
  expect(links).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^tel:\+52/),
      expect.stringMatching(/^https:\/\/wa\.me\//),
    ]),
  )
  expect(await readValues(page)).toEqual(typed)
}

const subjects = (stack: PagesStack) => stack.notify.emails.map((email) => String(email.body.subject))

describe('the default ceilings', () => {
  const stack = thePagesStack()
  beforeEach(() => stack.reset())

  test('400 honeypot posts from 40 addresses, then a person at the form: stored, 201, alerted; the spam costs the owner nothing', async () => {
    const burst = await floodLeads({
      url: stack.url,
      amount: 400,
      connections: 20,
      address: ipv4Addresses(40),
      overrides: { _gotcha: 'https://spam.example/' },
    })
    // A robot learns nothing (answered as a lead would be), each address within its rate limit (10 per window);
    // before issue 41 the 400 filled the hour's 300 and every person after them got 503.
    expect(burst.statuses).toEqual({ '201': 400 })
    // Spam has its own small room (LEAD_SPAM_STORE_PER_HOUR, 20): the rest is counted, not stored.
    expect(await stack.rows('SELECT status, count(*) AS n FROM leads GROUP BY status')).toEqual([
      { status: 'spam', n: 20 },
    ])

    const page = await openContact(stack.url)
    expect(await send(page)).toBe(201)
    // The visitor: the thank-you toast. The owner: one e-mail and one webhook call, about the person only.
    await waitForToast(page, SUCCESS_TITLE)
    expect(await stack.rows("SELECT name, alert FROM leads WHERE status = 'nuevo'")).toEqual([
      { name: VALID.name, alert: 'own' },
    ])
    await stack.waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(subjects(stack)).toEqual([ALERT])
    expect(stack.notify.webhooks).toHaveLength(1)
  })

  test('sixty leads in an hour, then an emergency from the form: its URGENTE e-mail at once, and first in the digest', async () => {
    const busy = await floodLeads({ url: stack.url, amount: 60, connections: 10, address: ipv4Addresses(60) })
    expect(busy.statuses).toEqual({ '201': 60 })
    // LEAD_ALERTS_PER_HOUR (10) alerted one by one, per channel; the other 50 wait for the digest.
    await stack.waitForRows("SELECT * FROM notifications WHERE kind = 'lead' AND state = 'delivered'", 20)
    expect(await stack.rows("SELECT count(*) AS n FROM leads WHERE alert = 'digest'")).toEqual([{ n: 50 }])

    const emergency: FormValues = {
      ...VALID,
      name: 'Rocío Hernández',
      service: 'Servicio de Emergencia',
      message: 'Se rompió el filtro y la alberca se está vaciando.',
    }
    const page = await openContact(stack.url)
    expect(await send(page, emergency)).toBe(201)
    await waitForToast(page, SUCCESS_TITLE)
    // The owner's e-mail within a minute, from the emergencies' own allowance: no schedule run, no digest to wait for.
    const urgent = `URGENTE: emergencia de ${emergency.name} (${emergency.service})`
    await stack.notify.waitUntil(
      (notify) => notify.emails.some((email) => email.body.subject === urgent),
      60_000,
    )

    // The schedule's next run (every 5 minutes): the digest of the 50, the emergency first and URGENTE.
    await stack.runSchedule()
    await stack.waitForRows("SELECT * FROM notifications WHERE kind = 'digest' AND state = 'delivered'", 2)
    const digest = stack.notify.emails.find((email) => /\/digest\//.test(String(email.idempotencyKey)))
    expect(digest?.body.subject).toBe('URGENTE: 1 emergencia sin respuesta, 50 solicitudes nuevas')
    const text = String(digest?.body.text)
    expect(text).toMatch(/^URGENTE: una emergencia espera tu respuesta\. Atiéndela primero:/)
    expect(text.indexOf(emergency.name)).toBeLessThan(text.indexOf('Prueba de carga'))
    expect(text).toContain(emergency.name)
    expect(text).toContain('(ya te avisamos por separado)')
  })
})

describe('with Turnstile on, against the siteverify stand-in (the edited build has the widget)', () => {
  // The visitor reaches the stack through a proxy that can lose an answer on its way back.
  const lossy = lossyProxy()
  const proxy = hooked(() => startProxy('', lossy.handle), 'the proxy')
  const guarded = thePagesStack({ build: 'edited', turnstile: true, vars: () => ({ SITE_URL: proxy.url }) })
  beforeAll(() => (proxy.target = guarded.url))
  beforeEach(async () => {
    lossy.posts.length = 0
    await guarded.reset()
  })

  test('a post without scripts carries no token: a Spanish page says it was not sent, with the phone and WhatsApp', async () => {
    const page = await openContact(proxy.url, false)
    // What a browser without JavaScript posts (the widget that writes the token is a script).
    const [answer] = await Promise.all([
      page.waitForNavigation(),
      page.evaluate((values) => {
        const form = document.querySelector('form') as HTMLFormElement
        for (const [name, value] of Object.entries(values))
          (form.elements.namedItem(name) as HTMLInputElement).value = value
        form.submit()
      }, VALID),
    ])
    expect(answer?.status()).toBe(403)
    expect(await page.$eval('main', (main) => (main as HTMLElement).innerText)).toContain(
      leadAnswers.turnstile,
    )
    const links = await page.$$eval('main a', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))
    expect(links).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^tel:\+52/),
        expect.stringMatching(/^https:\/\/wa\.me\//),
      ]),
    )
    // The owner: nothing stored, nothing sent; the hour's count for the morning's summary.
    expect(await guarded.rows('SELECT id FROM leads')).toEqual([])
    expect(await guarded.rows("SELECT n FROM lead_counts WHERE what = 'no-token'")).toEqual([{ n: 1 }])
    expect(guarded.notify.requests).toEqual([])
  })

  test('a second tap after the answer was lost: the token kept, one row, one alert, the thank-you once', async () => {
    const page = await openContact(proxy.url)
    await page.waitForSelector('.cf-turnstile input[name="cf-turnstile-response"]')
    // As the real widget's, a reset takes the token away until a new challenge is solved (here never): a form
    // that reset it after the failed send could not send again.
    await page.evaluate(() => {
      const widget = (window as unknown as { turnstile: { reset(): void } }).turnstile
      widget.reset = () =>
        document
          .querySelectorAll<HTMLInputElement>('[name="cf-turnstile-response"]')
          .forEach((f) => (f.value = ''))
    })
    await fillForm(page, VALID)
    lossy.dropNextAnswer()
    await page.locator(button(SUBMIT)).click()
    await seesPhoneAndWhatsApp(page)
    await page.locator(button(SUBMIT)).click()
    await waitForToast(page, SUCCESS_TITLE)
    // The server stored the first send; the second is the same submission, answered 200 without a new check.
    expect(lossy.posts.map(({ status, dropped }) => ({ status, dropped }))).toEqual([
      { status: 201, dropped: true },
      { status: 200, dropped: false },
    ])
    expect(await guarded.rows('SELECT name, status, spam_reason FROM leads')).toEqual([
      { name: VALID.name, status: 'nuevo', spam_reason: null },
    ])
    expect(guarded.turnstile?.checks).toHaveLength(1)
    await guarded.waitForRows("SELECT * FROM notifications WHERE state = 'delivered'", 2)
    expect(subjects(guarded)).toEqual([ALERT])
  })
})

describe.each<[string, StackOptions['database'], RegExp]>([
  [
    'D1 unavailable (a broken database)',
    'broken',
    /^ALARMA: esta solicitud no se pudo guardar: la base de datos/,
  ],
  [
    'a database with only migrations 0001-0003',
    { migrations: (file) => file < '0004' },
    /^ALARMA: FALLA DE CONFIGURACIÓN\. .*falta aplicar una migración/,
  ],
])('%s', (_name, database, alarm) => {
  const stack = thePagesStack({ database })

  test('the lead reaches the owner with the alarm, the visitor sees the phone and WhatsApp; the schedule alarms too', async () => {
    const page = await openContact(stack.url)
    expect(await send(page)).toBe(503)
    await seesPhoneAndWhatsApp(page)
    await stack.notify.waitUntil((notify) => notify.emails.length === 1 && notify.webhooks.length === 1)
    const [email] = stack.notify.emails
    expect(email?.body).toMatchObject({ subject: `ALARMA: ${ALERT}`, reply_to: VALID.email })
    expect(String(email?.body.text)).toMatch(alarm)
    expect(stack.notify.webhooks[0]?.body).toMatchObject({ kind: 'alarm', lead: { name: VALID.name } })
    // With no visitor at all: the schedule's run tells the owner, and is reported failed.
    await expect(stack.runSchedule()).rejects.toThrow(/scheduled handler failed/)
    expect(subjects(stack).at(-1)).toBe(
      'ALARMA: tu sitio no está guardando solicitudes (falta aplicar una migración)',
    )
  })
})
