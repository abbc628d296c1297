/**
 * The quote form on /contacto: form-fields, form-empty and form-submit. What form-submit intercepts, the empty
 * request it probes the endpoint with, and --submit-real are explained for QA in README.md ("The quote form").
 */
import type { ElementHandle, HTTPRequest, Page } from 'puppeteer-core'
import { CONTACT_PATH, formFields, SUCCESS_TOAST, TEST_SERVICE, type FieldKey } from './company'
import { holds, settle, waitForHydration, type SmokeContext } from './context'

interface Sent {
  method: string
  url: string
  contentType: string
  body: string
  /** Status of the real answer (--submit-real only). */
  status?: number
}

const LEAD_KEYS = [...formFields.map((field) => field.key), 'page', 'submittedAt'] as const
/** What the probe sends: no field at all, which any lead endpoint refuses and none stores. */
const PROBE_BODY = '{}'
/**
 * From the first keystroke to the send with --submit-real: the endpoint files a form filled faster than a
 * person types (LEAD_MIN_FILL_MS, 3 s by default) as spam, and the owner would never see the QA lead.
 */
const HUMAN_FILL_MS = 5000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function testLead(real: boolean): Record<FieldKey, string> {
  return {
    name: 'PRUEBA QA',
    phone: '222 000 0000',
    email: 'prueba-qa@example.com',
    service: TEST_SERVICE,
    message: real
      ? 'PRUEBA QA: mensaje de prueba enviado por el smoke test de QA (npm run smoke --submit-real). Ignórelo, por favor.'
      : 'PRUEBA QA: mensaje de prueba del smoke test de QA; interceptado, nunca se entrega.',
  }
}

export async function checkQuoteForm(ctx: SmokeContext): Promise<void> {
  const { results, options } = ctx
  const sent: Sent[] = []
  /** While the page probes the endpoint, its requests (and a CORS preflight) go to the real endpoint. */
  let probing = false
  const isProbe = (request: HTTPRequest) => request.method() === 'POST' && request.postData() === PROBE_BODY
  const intercept = (request: HTTPRequest): boolean => {
    const method = request.method()
    if (method === 'GET' || method === 'HEAD') return false
    if (probing && (method === 'OPTIONS' || isProbe(request))) return false
    const { origin } = options
    if (method === 'OPTIONS') {
      // A CORS preflight for a cross-origin lead endpoint: allow it, here or at the real endpoint.
      if (options.submitReal) return false
      void request.respond({
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Content-Type, Accept',
        },
      })
      return true
    }
    sent.push({
      method,
      url: request.url(),
      contentType: request.headers()['content-type'] ?? '',
      body: request.postData() ?? '',
    })
    if (options.submitReal) return false
    void request.respond({
      status: 200,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': origin },
      body: JSON.stringify({ ok: true, smoke: 'intercepted: not delivered' }),
    })
    return true
  }

  const tab = await ctx.openTab(`${CONTACT_PATH} (quote form)`, { width: 1280, intercept, probe: isProbe })
  const { page } = tab
  if (options.submitReal) {
    page.on('response', (response) => {
      const record = sent.find((entry) => entry.url === response.url() && entry.status === undefined)
      if (record && response.request().method() === record.method) record.status = response.status()
    })
  }
  try {
    await page.goto(ctx.url(CONTACT_PATH), { waitUntil: 'load' })
    const hydrated = await waitForHydration(page, options.timeout)
    await settle(page, options.timeout)
    const controls = await findControls(ctx, page)
    // The form's own part hydrates after the header: until then its button is a plain one (it cannot send).
    const live =
      hydrated &&
      (await holds(page.waitForSelector('form button[type="submit"]', { timeout: options.timeout })))
    if (!live) {
      const problem = hydrated
        ? `the form on ${CONTACT_PATH} has no submit button ${options.timeout} ms after the page hydrated: it cannot send`
        : `${CONTACT_PATH} did not hydrate within ${options.timeout} ms: the form cannot send`
      for (const name of ['form-empty', 'form-submit'] as const) results.fail(name, problem)
      return
    }
    if (results.wants('form-empty')) await checkEmptySubmit(ctx, page, sent)
    if (results.wants('form-submit')) {
      if (!controls)
        results.fail('form-submit', 'the form cannot be filled: fields are missing (see form-fields)')
      else
        await checkFilledSubmit(ctx, page, controls, sent, async (url) => {
          probing = true
          try {
            return await probeEndpoint(page, url)
          } finally {
            probing = false
          }
        })
    }
  } finally {
    await tab.close()
  }
}

type Controls = Record<FieldKey, ElementHandle<Element>>

/** The spec's fields, found through their labels as a visitor finds them; form-fields reports what is wrong. */
async function findControls(ctx: SmokeContext, page: Page): Promise<Controls | null> {
  const fail = (problem: string) => ctx.results.fail('form-fields', problem)
  if (!(await page.$('form'))) {
    fail(`${CONTACT_PATH} has no form`)
    return null
  }
  const controls: Partial<Controls> = {}
  for (const field of formFields) {
    // The field the label is tied to, else the label itself, else nothing.
    const handle = await page.evaluateHandle((text) => {
      const label = [...document.querySelectorAll('form label')].find(
        (l) => (l.textContent ?? '').replace(/\s+/g, ' ').trim() === text,
      )
      return (label as HTMLLabelElement | undefined)?.control ?? label ?? null
    }, field.label)
    const control = handle.asElement() as ElementHandle<Element> | null
    if (!control || (await control.evaluate((node) => node instanceof HTMLLabelElement))) {
      fail(control ? `the label "${field.label}" is tied to no field` : `no field labelled "${field.label}"`)
      continue
    }
    const facts = await control.evaluate((node) => {
      const element = node as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
      const options = element instanceof HTMLSelectElement ? [...element.options].map((o) => o.value) : []
      return {
        tag: element.tagName.toLowerCase(),
        type: element.type,
        required: element.required,
        inForm: element.form !== null,
        firstOption: options[0] ?? null,
        optionCount: options.length,
      }
    })
    if (facts.tag !== field.control || facts.type !== field.type) {
      fail(
        `"${field.label}" is a ${facts.tag}[type=${facts.type}], expected ${field.control}${field.control === 'input' ? `[type=${field.type}]` : ''}`,
      )
    }
    if (!facts.required) fail(`"${field.label}" is not required`)
    if (!facts.inForm) fail(`"${field.label}" is outside the form`)
    if (field.control === 'select' && (facts.firstOption !== '' || facts.optionCount < 2))
      fail(`"${field.label}" has no empty placeholder option followed by the services`)
    controls[field.key] = control
  }
  // Every other field a visitor can reach needs a label too.
  const unlabelled = await page.$$eval('form input, form select, form textarea', (elements) =>
    elements
      .filter((element) => {
        const control = element as HTMLInputElement
        if (control.type === 'hidden' || control.tabIndex < 0 || control.closest('[aria-hidden="true"]'))
          return false
        return (control.labels?.length ?? 0) === 0 && !control.getAttribute('aria-label')
      })
      .map((element) => element.getAttribute('name') || element.id || element.tagName.toLowerCase()),
  )
  for (const name of unlabelled) fail(`the field "${name}" has no label`)
  return formFields.every((field) => controls[field.key]) ? (controls as Controls) : null
}

function toastText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const region = document.querySelector(
      '[role="region"][aria-label^="Notifications"], ol[tabindex], [role="status"]',
    )
    return (region as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim() ?? ''
  })
}

async function checkEmptySubmit(ctx: SmokeContext, page: Page, sent: Sent[]): Promise<void> {
  const fail = (problem: string) => ctx.results.fail('form-empty', problem)
  const submit = await page.$('form [type="submit"]')
  if (!submit) return fail('the form has no submit button')
  const before = sent.length
  await submit.click()
  // Longer than the simulated sending delay (1 s), so a simulated success would show.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  if (sent.length > before) fail(`an empty submit sent a ${sent[before]?.method} to ${sent[before]?.url}`)
  if ((await toastText(page)).includes(SUCCESS_TOAST)) fail(`an empty submit shows "${SUCCESS_TOAST}"`)
  const blocked = await page.$eval('form', (form) => !(form as HTMLFormElement).checkValidity())
  if (!blocked) fail('the empty form counts as valid')
}

type ProbeAnswer = { status?: number; error?: string }

/** POSTs the probe to the endpoint from the page, as the form would (its origin, its CSP, CORS). */
function probeEndpoint(page: Page, url: string): Promise<ProbeAnswer> {
  return page.evaluate(
    async (target, body) => {
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body,
        })
        return { status: response.status }
      } catch (error) {
        return { error: String(error) }
      }
    },
    url,
    PROBE_BODY,
  )
}

/**
 * What a lead endpoint's answer means for the visitors who send the form, or null when it works: `what`
 * names the request ("the QA lead", "an empty request").
 */
function endpointProblem(where: string, what: string, answer: ProbeAnswer, real: boolean): string | null {
  const { status, error } = answer
  const lost = 'every quote request a visitor sends fails'
  if (status === undefined)
    return `the browser could not reach the lead endpoint ${where} (${error ?? 'no answer'}; network or CORS): ${lost}`
  if ([404, 405, 410, 501].includes(status))
    return `the lead endpoint ${where} is missing: ${what} answered ${status} (the host serves no endpoint there): ${lost}`
  if (status >= 500) return `the lead endpoint ${where} is broken: ${what} answered ${status}: ${lost}`
  if (status === 401 || status === 403)
    return `the lead endpoint ${where} refuses this site: ${what} answered ${status} (for another origin, set ALLOWED_ORIGINS): ${lost}`
  if (real)
    return status >= 200 && status < 300 ? null : `the lead endpoint ${where} answered ${status} to ${what}`
  // An empty request: a working endpoint refuses it as invalid (400, 422), or accepts anything (2xx).
  if ((status >= 200 && status < 300) || status === 400 || status === 422) return null
  return `the lead endpoint ${where} answered ${status} to ${what}; a working one refuses it with 400 or 422`
}

async function checkFilledSubmit(
  ctx: SmokeContext,
  page: Page,
  controls: Controls,
  sent: Sent[],
  probe: (url: string) => Promise<ProbeAnswer>,
): Promise<void> {
  const { options } = ctx
  const fail = (problem: string) => ctx.results.fail('form-submit', problem)
  const lead = testLead(options.submitReal)
  const firstKey = Date.now()
  for (const field of formFields) {
    const control = controls[field.key]
    if (field.control === 'select') {
      await (control as ElementHandle<HTMLSelectElement>).select(lead[field.key])
    } else {
      await control.click()
      await control.type(lead[field.key])
    }
  }
  // A real lead is sent at a person's pace, or the endpoint files it as a robot's (no alert, hidden in the inbox).
  if (options.submitReal)
    await new Promise((resolve) => setTimeout(resolve, firstKey + HUMAN_FILL_MS - Date.now()))
  const before = sent.length
  const submit = await page.$('form [type="submit"]')
  if (!submit) return fail('the form has no submit button')
  const started = Date.now()
  await submit.click()
  const answered = await holds(
    page.waitForFunction(
      (title) => {
        // The success toast, or any other toast (a failure) that says the answer is in.
        const region = document.querySelector('[role="region"][aria-label^="Notifications"]')
        return (
          document.body.innerText.includes(title) || Boolean((region as HTMLElement | null)?.innerText.trim())
        )
      },
      { timeout: options.timeout, polling: 100 },
      SUCCESS_TOAST,
    ),
  )
  const toastShown =
    answered && (await page.evaluate((title) => document.body.innerText.includes(title), SUCCESS_TOAST))
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  await new Promise((resolve) => setTimeout(resolve, 300))
  const posts = sent.slice(before)

  if (!toastShown) {
    const shown = await toastText(page)
    fail(
      shown
        ? `no "${SUCCESS_TOAST}" toast: the page shows "${shown}"`
        : `no "${SUCCESS_TOAST}" toast within ${options.timeout} ms`,
    )
  } else {
    const values = await Promise.all(
      formFields.map((field) => controls[field.key].evaluate((node) => (node as HTMLInputElement).value)),
    )
    const kept = formFields.filter((_, index) => values[index] !== '').map((field) => field.label)
    if (kept.length > 0) fail(`after "${SUCCESS_TOAST}" these fields still hold text: ${kept.join(', ')}`)
  }

  const [post] = posts
  if (!post) {
    if (toastShown) {
      ctx.results.note(
        'form-submit',
        `simulated sending: this build has no LEAD_ENDPOINT, nothing was POSTed; the toast appeared after ${seconds} s`,
      )
    }
    return
  }
  if (posts.length > 1) fail(`one submit sent ${posts.length} requests`)
  if (!/^application\/json/i.test(post.contentType))
    fail(`the lead was sent as "${post.contentType}", not JSON`)
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(post.body) as Record<string, unknown>
  } catch {
    return fail(`the lead's body is not JSON: ${post.body.slice(0, 80)}`)
  }
  const missing = LEAD_KEYS.filter((key) => !(key in body))
  if (missing.length > 0) fail(`the lead's JSON lacks ${missing.join(', ')}`)
  for (const { key } of formFields) {
    if (key in body && body[key] !== lead[key])
      fail(`the lead's ${key} is ${JSON.stringify(body[key])}, typed ${JSON.stringify(lead[key])}`)
  }
  // The path alone, as the form sends it: a query string or fragment could carry anything.
  if ('page' in body && body.page !== CONTACT_PATH)
    fail(`the lead's page is ${JSON.stringify(body.page)}, not the path "${CONTACT_PATH}"`)
  const at = typeof body.submittedAt === 'string' ? Date.parse(body.submittedAt) : Number.NaN
  if ('submittedAt' in body && !(Math.abs(at - Date.now()) < 10 * 60_000))
    fail(`the lead's submittedAt ${JSON.stringify(body.submittedAt)} is not the current time`)
  // A lead endpoint's extras (edge/leads/): the submission id of every retry, and the first keystroke's time.
  if ('id' in body && !(typeof body.id === 'string' && UUID.test(body.id)))
    fail(`the lead's id ${JSON.stringify(body.id)} is not a UUID`)
  const opened = typeof body.openedAt === 'string' ? Date.parse(body.openedAt) : Number.NaN
  if ('openedAt' in body && !(opened <= at && at - opened < 60 * 60_000))
    fail(`the lead's openedAt ${JSON.stringify(body.openedAt)} is not before its submittedAt`)
  const { origin, pathname } = new URL(post.url)
  const where = `${origin}${pathname}`
  // No personal data in a URL: what the visitor typed travels in the body only.
  const inUrl = formFields.filter((field) =>
    [lead[field.key], encodeURIComponent(lead[field.key])].some((value) => post.url.includes(value)),
  )
  if (inUrl.length > 0)
    fail(`the lead's URL ${post.url} carries what was typed (${inUrl.map((field) => field.key).join(', ')})`)
  if (options.submitReal) {
    const problem = endpointProblem(where, 'the QA lead', { status: post.status }, true)
    if (problem) fail(problem)
    else ctx.results.note('form-submit', `one real lead "PRUEBA QA" delivered to ${where} (${post.status})`)
    return
  }
  const answer = await probe(post.url)
  const problem = endpointProblem(where, 'an empty request', answer, false)
  if (problem) return fail(problem)
  ctx.results.note(
    'form-submit',
    `the lead for ${where} was intercepted and answered here, not delivered; the endpoint answered ${answer.status} to an empty request`,
  )
}
