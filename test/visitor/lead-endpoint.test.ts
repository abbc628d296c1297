/**
 * The quote form's side of the lead endpoint, in Chromium: the endpoint build (LEAD_ENDPOINT=/api/leads, made once
 * per run: test/helpers/builds.ts) served with its /api/leads answered by a stand-in that records every request and
 * answers, fails or hangs on demand (test/stand-ins/leads.ts). What the endpoint itself does with a lead is
 * test/hosts/lead-store.test.ts's. About 45 s.
 * Run: `npx jest test/visitor/lead-endpoint.test.ts --selectProjects chromium --runInBand`.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { clientManifestPath } from '../../scripts/lib/build-settings'
import { openPage, theBrowser, type OpenedPage } from '../helpers/browser'
import { buildLog, distDir, projectRoot } from '../helpers/builds'
import {
  button,
  CONTACT_PATH,
  EMPTY,
  field,
  fillForm,
  LABELS,
  openFreshContact,
  readValues,
  SENDING,
  submitButtonState,
  SUBMIT,
  SUCCESS_TITLE,
  toastsOf,
  waitForHydration,
  sleep,
  waitForToast,
  watchSending,
  type FormValues,
} from '../helpers/quote-form'
import { theSite } from '../helpers/site'
import { LEADS_PATH, leadsStandIn, type ReceivedLead } from '../stand-ins/leads'

const FAILURE_TITLE = 'No pudimos enviar tu mensaje'
const PHONE_HREF = 'tel:+522221234567'
const WHATSAPP_PREFIX = 'https://wa.me/522221234567?text='
/** src/leads/lead.ts DELIVERY_TIMEOUT_MS */
const DELIVERY_TIMEOUT_MS = 15_000
/** theme.color.danger, the destructive toast's background. */
const DANGER_RGB = 'rgb(180, 35, 24)'

/** As typed, with the stray spaces a visitor leaves; the email field strips its own. */
const TYPED: FormValues = {
  name: '  Ana López Treviño ',
  phone: ' 222 555 0101  ',
  email: 'ana.lopez@example.com',
  service: 'Construcción de Alberca Nueva',
  message: '  Alberca de 8 x 4 m con calentador solar.\nTerreno en Cholula.  ',
}
const TRIMMED: FormValues = {
  name: 'Ana López Treviño',
  phone: '222 555 0101',
  email: 'ana.lopez@example.com',
  service: 'Construcción de Alberca Nueva',
  message: 'Alberca de 8 x 4 m con calentador solar.\nTerreno en Cholula.',
}

const leads = leadsStandIn()
const site = theSite({ build: 'endpoint', leads })
const browser = theBrowser()
const opened: OpenedPage[] = []

beforeEach(() => leads.reset())
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ page }) => page.close()))
})

async function open(options: { javascript?: boolean } = {}): Promise<OpenedPage> {
  const result = await openPage(browser, options)
  opened.push(result)
  return result
}

/** A fresh /contacto with no draft from an earlier test (pages share one localStorage). */
async function openContact(): Promise<OpenedPage> {
  const result = await open()
  await openFreshContact(result.page, site.url)
  return result
}

/** The POSTs to the endpoint the page starts from now on, as the browser reports them (in order with its events). */
function postsFrom(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === LEADS_PATH)
      sent.push(request.url())
  })
  return sent
}

async function fill(page: Page, values: FormValues): Promise<void> {
  await fillForm(page, values)
  expect(await readValues(page)).toEqual(values)
}

async function submit(page: Page): Promise<number> {
  await page.locator(button(SUBMIT)).click()
  const clickedAt = Date.now()
  await page.mouse.move(1, 1)
  return clickedAt
}

/** The destructive toast, its links, and the form left exactly as typed. */
async function expectFailureKeepsEverything(page: Page): Promise<void> {
  const shown = await toastsOf(page)
  expect(shown).toHaveLength(1)
  const { text, background, links } = shown[0]!
  expect(text).toContain(FAILURE_TITLE)
  expect(text).not.toContain(SUCCESS_TITLE)
  expect(background).toBe(DANGER_RGB)

  const whatsapp = links.find((link) => link.href.startsWith(WHATSAPP_PREFIX))
  expect(whatsapp).toBeDefined()
  const message = new URL(whatsapp?.href ?? '').searchParams.get('text') ?? ''
  for (const part of [TRIMMED.name, TRIMMED.service, TRIMMED.message]) expect(message).toContain(part)
  expect(links.map((link) => link.href)).toContain(PHONE_HREF)

  expect(await readValues(page)).toEqual(TYPED)
  expect(await submitButtonState(page)).toEqual({ label: SUBMIT, disabled: false })
}

/* ------------------------------------------------------------------------------------------------ */

describe('a build with LEAD_ENDPOINT', () => {
  test('the build log says where quote requests are POSTed', () => {
    expect(buildLog('endpoint')).toContain(`Quote requests are POSTed to ${LEADS_PATH}.`)
    expect(buildLog('endpoint')).not.toContain('SIMULATED')
  })

  test('the default build log says quote requests are simulated', () => {
    // Re-runs only the prerender of the default build (dist-server) into a scratch copy of dist's template.
    const scratch = mkdtempSync(path.join(tmpdir(), 'aquapuebla-prerender-'))
    try {
      mkdirSync(path.join(scratch, '.vite'))
      copyFileSync(path.join(distDir, 'index.html'), path.join(scratch, 'index.html'))
      // The build keeps Vite's manifest beside the server bundle, out of the published dist/.
      copyFileSync(clientManifestPath(distDir), path.join(scratch, '.vite/manifest.json'))
      const { NODE_ENV: _jestNodeEnv, ...env } = process.env
      const result = spawnSync('npx', ['tsx', 'scripts/build/prerender.ts'], {
        cwd: projectRoot,
        env: { ...env, DIST_DIR: scratch, SSR_DIST_DIR: path.join(projectRoot, 'dist-server') },
        encoding: 'utf8',
      })
      expect(result.status).toBe(0)
      expect(result.stdout).toContain('Quote requests are SIMULATED')
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  })

  test('without JavaScript the form posts natively to the endpoint with named fields', async () => {
    const { page } = await open({ javascript: false })
    await page.setCacheEnabled(false)
    await page.goto(`${site.url}${CONTACT_PATH}`)

    const form = await page.evaluate((labels) => {
      const controls = Object.values(labels).map((text) => {
        const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)
        return label?.control as HTMLInputElement | null
      })
      const owner = controls[0]?.form
      return {
        method: owner?.getAttribute('method'),
        action: owner?.getAttribute('action'),
        names: controls.map((control) => control?.getAttribute('name')),
        sameForm: controls.every((control) => control?.form === owner),
        noscriptNotice: document.body.innerText.includes('Tu navegador no ejecuta JavaScript'),
      }
    }, LABELS)

    expect(form).toEqual({
      method: 'post',
      action: LEADS_PATH,
      names: ['name', 'phone', 'email', 'service', 'message'],
      sameForm: true,
      noscriptNotice: false,
    })
  })
})

describe('delivering a quote request', () => {
  test('the endpoint receives one JSON POST with exactly what was typed, trimmed', async () => {
    const { page } = await openContact()
    await fill(page, TYPED)
    const before = Date.now()

    await submit(page)
    await waitForToast(page, SUCCESS_TITLE)
    const after = Date.now()

    expect(leads.posts()).toHaveLength(1)
    const [post] = leads.posts() as [ReceivedLead]
    expect(post.url).toBe(LEADS_PATH)
    expect(post.headers['content-type']).toBe('application/json')
    expect(post.headers.accept).toBe('application/json')
    // The page's path alone (never its query, where personal data could travel); the submission id a retry
    // repeats; when typing began; where the visitor came from (issue 43): here they opened /contacto itself,
    // with no referrer and no tags, so only that is known.
    expect(post.body).toEqual({
      ...TRIMMED,
      page: CONTACT_PATH,
      source: {
        landing: CONTACT_PATH,
        referrer: '',
        utm_source: '',
        utm_medium: '',
        utm_campaign: '',
        gclid: false,
        fbclid: false,
      },
      submittedAt: expect.any(String),
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      openedAt: expect.any(String),
    })
    const { submittedAt, openedAt } = post.body as { submittedAt: string; openedAt: string }
    expect(new Date(submittedAt).toISOString()).toBe(submittedAt)
    expect(Date.parse(openedAt)).toBeLessThanOrEqual(Date.parse(submittedAt))
    expect(Date.parse(openedAt)).toBeGreaterThanOrEqual(before - 60_000)
    expect(Date.parse(submittedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(submittedAt)).toBeLessThanOrEqual(after + 1000)

    // Emptied; that a sent request leaves no draft (the same success path, with or without an endpoint) is
    // quote-form.test.ts's «drafts».
    expect(await readValues(page)).toEqual(EMPTY)
  })

  test('a double click and repeated Enter presses still send one POST', async () => {
    leads.delayMs = 1000
    const { page } = await openContact()
    await fill(page, TYPED)
    const sent = postsFrom(page)

    await page.locator(button(SUBMIT)).click({ count: 2 })
    await (await page.$(field('name')))?.focus()
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Enter')
    await page.mouse.move(1, 1)

    await waitForToast(page, SUCCESS_TITLE)
    // Every press came before the toast; after it the form is empty and cannot be sent.
    expect(sent).toHaveLength(1)
    expect(await readValues(page)).toEqual(EMPTY)
    expect(leads.posts()).toHaveLength(1)
  })

  test('a filled honeypot gets the success toast but nothing reaches the endpoint', async () => {
    const { page } = await openContact()
    await fill(page, TYPED)
    await page.evaluate(() => {
      const trap = document.querySelector<HTMLInputElement>('input[name="_gotcha"]')
      if (!trap) throw new Error('no honeypot field')
      trap.value = 'https://spam.example'
      trap.dispatchEvent(new Event('input', { bubbles: true }))
    })

    const sent = postsFrom(page)
    await submit(page)
    await waitForToast(page, SUCCESS_TITLE)
    // The toast came without a request: nothing was sent before it, and nothing is left to send.
    expect(sent).toEqual([])
    expect(leads.received).toEqual([])
  })

  test('a 500 answer shows a lasting destructive toast with WhatsApp and phone, and keeps every field', async () => {
    leads.mode = 'fail'
    const { page } = await openContact()
    await fill(page, TYPED)

    const clickedAt = await submit(page)
    const shownAt = await waitForToast(page, FAILURE_TITLE)
    expect(leads.posts()).toHaveLength(1)
    await expectFailureKeepsEverything(page)

    // Lasting: still there well past a toast's 5 s (a lower bound, which load can only lengthen).
    await sleep(6000 - (Date.now() - shownAt))
    expect(await toastsOf(page)).toHaveLength(1)
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(6000)

    // The draft survives too.
    await page.reload({ waitUntil: 'load' })
    await waitForHydration(page)
    await page.waitForFunction(
      (text, expected) => {
        const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)
        return (label?.control as HTMLInputElement | null)?.value === expected
      },
      { polling: 100 },
      LABELS.name,
      TYPED.name,
    )
    expect(await readValues(page)).toEqual(TYPED)
  })

  test('an endpoint that never answers is given up after 15 s with the same failure toast', async () => {
    leads.mode = 'hang'
    const { page } = await openContact()
    await fill(page, TYPED)

    const sending = await watchSending(page, FAILURE_TITLE)
    await submit(page)

    // The wait is a hang guard (three times the page's own 15 s limit): a form that never gives up fails it.
    await waitForToast(page, FAILURE_TITLE, 3 * DELIVERY_TIMEOUT_MS)
    // In the page's clock: 'Enviando...' and disabled at every change of the page until the page gave up,
    // and the failure toast no sooner than its 15 s limit. How much later depends on the machine, so it is
    // not measured.
    const { clicked, records } = await sending()
    const restored = records.findIndex((record) => record.label !== SENDING)
    expect(restored).toBeGreaterThan(0)
    expect(records.slice(0, restored).map(({ label, disabled }) => ({ label, disabled }))).toEqual(
      records.slice(0, restored).map(() => ({ label: SENDING, disabled: true })),
    )
    const shownAt = records.find((record) => record.toast)?.t ?? Number.NaN
    expect(shownAt - clicked).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS - 500)
    expect(leads.posts()).toHaveLength(1)
    await expectFailureKeepsEverything(page)
  }, 120_000) // hang guard: the 15 s limit, the 45 s wait above, and the page's setup on a loaded machine
})
