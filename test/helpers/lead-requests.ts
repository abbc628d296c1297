/**
 * What the lead unit tests (test/unit/lead-*.test.ts) share: a lead as the form sends it, the environment
 * of a site with both channels on the notification stand-in, and a poster that calls the endpoint's handler
 * as the Pages Function does (collecting its waitUntil work) at a time the test chooses. They run in Node on a
 * D1 of their own (test/helpers/d1.ts); what the owner receives is what the stand-in records.
 */
import { handleLeads } from '../../edge/leads/endpoint'
import type { LeadEnv } from '../../edge/leads/env'
import { forgetPromise } from '../../edge/leads/promise'
import { startD1, type TestD1 } from './d1'
import { startNotifyStandIn, type NotifyStandIn } from '../stand-ins/notify'
import { startTurnstileStandIn, TURNSTILE_TEST, type TurnstileStandIn } from '../stand-ins/turnstile'

export const SITE = 'https://www.aquapuebla.mx'
export const INBOX = `${SITE}/admin/solicitudes/`
export const ID = '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f'
export const LEAD = {
  name: 'Ana López Treviño',
  email: 'ana.lopez@example.com',
  phone: '222 555 0101',
  service: 'Construcción de Alberca Nueva',
  message: 'Alberca de 8 x 4 m con calentador solar.\nTerreno en Cholula.',
}
/** The n-th submission id of a test. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`
/** Wednesday 25 November 2026, 10:00 UTC: 4:00 in Mexico City. */
export const T0 = new Date('2026-11-25T10:00:00.000Z')
export const HOUR = 3_600_000
/** `ms` after T0. */
export const after = (ms: number) => new Date(T0.getTime() + ms)

/** The form's JSON, opened 20 s before T0 and sent at T0. */
export function formJson(overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    ...LEAD,
    id: ID,
    page: '/contacto',
    openedAt: '2026-11-25T09:59:40.000Z',
    submittedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  })
}

/** A site with SITE_URL set and the owner's two channels (e-mail and webhook) both on the loopback stand-in. */
export function leadEnv(d1: TestD1, standIn: NotifyStandIn, extra: Partial<LeadEnv> = {}): LeadEnv {
  return {
    DB: d1.db,
    LEAD_HASH_SECRET: 'sal',
    SITE_URL: SITE,
    EMAIL_API_URL: standIn.emailUrl,
    EMAIL_API_KEY: standIn.apiKey,
    EMAIL_FROM: 'AquaPuebla <avisos@aquapuebla.mx>',
    EMAIL_TO: 'ventas@aquapuebla.mx',
    LEAD_WEBHOOK_URL: standIn.webhookUrl,
    ...extra,
  }
}

type PostOptions = { type?: string; headers?: Record<string, string>; now?: Date }
/**
 * Posts to the handler with this test's env (read when called) at `now` (default T0), from 203.0.113.7;
 * what the handler leaves for after the answer goes into `pending`.
 */
export function poster(env: () => LeadEnv, pending: Promise<unknown>[]) {
  return (body: BodyInit, { type = 'application/json', headers = {}, now = T0 }: PostOptions = {}) =>
    handleLeads({
      request: new Request(`${SITE}/api/leads`, {
        method: 'POST',
        headers: {
          'Content-Type': type,
          Accept: 'application/json',
          'CF-Connecting-IP': '203.0.113.7',
          ...headers,
        },
        body,
      }),
      env: env(),
      waitUntil: (promise) => pending.push(promise),
      now: () => now,
    })
}

/** Rows of a query. */
export async function rows<T = Record<string, unknown>>(d1: TestD1, sql: string, ...values: unknown[]) {
  const { results } = await d1.db
    .prepare(sql)
    .bind(...values)
    .all<T>()
  return results ?? []
}

/** The company's links as the built /contacto carries them (edge/leads/contact.ts reads them there). */
const CONTACT_PAGE = `<a href="tel:+522221234567">+52\u00a0222\u00a0123\u00a04567</a> <a href="https://wa.me/522221234567?text=Hola%2C%20AquaPuebla&amp;x=1">WhatsApp</a>`
/** What a no-JavaScript error page shows as the two ways to reach the company. */
const CALL_LINK = '<a href="tel:+522221234567" class="call">Llamar al +52\u00a0222\u00a0123\u00a04567</a>'
const WHATSAPP_LINK =
  '<a href="https://wa.me/522221234567?text=Hola%2C%20AquaPuebla&amp;x=1" class="whatsapp">Escribir por WhatsApp</a>'

/**
 * Pages' ASSETS as the endpoint sees it after a build: `/contacto` (CONTACT_PAGE) and, when a test gives one,
 * `/admin/solicitudes/promesa.json`, the promise content/promesa.yaml holds (vite.inbox.config.ts writes it);
 * every other path 404.
 */
export function promiseAssets(promise?: unknown): NonNullable<LeadEnv['ASSETS']> {
  return {
    async fetch(request: Request | string) {
      const url = new URL(typeof request === 'string' ? request : request.url)
      if (url.pathname === '/contacto')
        return new Response(CONTACT_PAGE, { headers: { 'Content-Type': 'text/html' } })
      return url.pathname === '/admin/solicitudes/promesa.json' && promise !== undefined
        ? new Response(JSON.stringify(promise), { headers: { 'Content-Type': 'application/json' } })
        : new Response('Not found', { status: 404 })
    },
  }
}

/** The no-JavaScript thank-you page (the form's 303 leads there), its white space collapsed. */
export async function thanksPage(env: LeadEnv) {
  const answer = await handleLeads({
    request: new Request(`${SITE}/api/leads?estado=enviado`),
    env,
    waitUntil: () => undefined,
  })
  expect(answer.status).toBe(200)
  return (await answer.text()).replace(/\s+/g, ' ')
}

/** A no-JavaScript error page: its status, each of `texts`, and both ways to reach the company. */
export async function expectErrorPage(answer: Response, status: number, ...texts: string[]) {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('Content-Type')).toContain('text/html')
  const html = await answer.text()
  for (const text of [...texts, CALL_LINK, WHATSAPP_LINK]) expect(html).toContain(text)
}

/**
 * Runs `run` with console.warn and console.error silenced (the code under test logs loudly on purpose) and
 * returns its result with the first argument of every call to them.
 */
export async function silenced<T>(run: () => Promise<T>): Promise<{ result: T; logged: string[] }> {
  const spies = [jest.spyOn(console, 'warn'), jest.spyOn(console, 'error')].map((spy) =>
    spy.mockImplementation(() => undefined),
  )
  try {
    const result = await run()
    return { result, logged: spies.flatMap((spy) => spy.mock.calls.map((call) => String(call[0]))) }
  } finally {
    spies.forEach((spy) => spy.mockRestore())
  }
}

export interface LeadBench {
  /** A D1 of its own (test/helpers/d1.ts, migrations applied), emptied before each test. */
  readonly d1: TestD1
  /** The owner's e-mail API and webhook, reset before each test. */
  readonly standIn: NotifyStandIn
  /** Turnstile's siteverify (TURNSTILE_TEST's token and secret) when asked for, reset before each test. */
  readonly turnstile: TurnstileStandIn
  /** This test's environment: `leadEnv` plus the file's extra, made fresh before each test (a test may change it). */
  env: LeadEnv
  /** What the handler left running after its answers (its waitUntil work), until `settle`. */
  readonly pending: Promise<unknown>[]
  /** Posts to the handler with this test's env (see `poster`). */
  post: ReturnType<typeof poster>
  /** A urlencoded post from the site's own page, as a browser without JavaScript sends it (asking for a page). */
  formPost(body: Record<string, string>, headers?: Record<string, string>): Promise<Response>
  /** Rows of a query on this bench's D1. */
  rows<T = Record<string, unknown>>(sql: string, ...values: unknown[]): Promise<T[]>
  /** The owner's summary counts (lead_counts), summed over the hours: `{ lead: 1, 'spam:honeypot': 2 }`. */
  counts(): Promise<Record<string, number>>
  /** Waits for what the handler left running after its answers (the alerts). */
  settle(): Promise<unknown[]>
}

/**
 * The lead unit tests' bench: registers the file's hooks (a D1 and the notification stand-in started once; before
 * each test, the last test's deliveries finished, so an alert it left running cannot land in this test's inbox,
 * then both emptied and the env made again with `extra()`), and returns what the tests use.
 */
export function leadBench({
  extra = () => ({}),
  promise,
  siteverify = false,
}: {
  extra?: () => Partial<LeadEnv>
  /** The answer promise the built site carries (content:promesa), read afresh by each test's endpoint. */
  promise?: unknown
  /** Starts Turnstile's siteverify stand-in too (`turnstile`); a test points its env at it. */
  siteverify?: boolean
} = {}): LeadBench {
  const pending: Promise<unknown>[] = []
  let d1: TestD1 | undefined
  let standIn: NotifyStandIn | undefined
  let turnstile: TurnstileStandIn | undefined
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the lead bench is used before its beforeAll')
    return value
  }
  beforeAll(async () => {
    ;[d1, standIn, turnstile] = await Promise.all([
      startD1(),
      startNotifyStandIn(),
      siteverify ? startTurnstileStandIn({ ...TURNSTILE_TEST, hostname: new URL(SITE).hostname }) : undefined,
    ])
  }, 60_000)
  afterAll(async () => {
    // The last test's deliveries first: run on a closed database they would log after the file ended.
    await Promise.allSettled(pending.splice(0))
    await Promise.all([d1?.close(), standIn?.close(), turnstile?.close()])
  })
  const bench: LeadBench = {
    get d1() {
      return started(d1)
    },
    get standIn() {
      return started(standIn)
    },
    get turnstile() {
      return started(turnstile)
    },
    env: undefined as unknown as LeadEnv,
    pending,
    post: poster(() => bench.env, pending),
    formPost: (body, headers) =>
      bench.post(new URLSearchParams(body).toString(), {
        type: 'application/x-www-form-urlencoded',
        headers: { Accept: 'text/html', Origin: SITE, ...headers },
      }),
    rows: (sql, ...values) => rows(bench.d1, sql, ...values),
    counts: async () =>
      Object.fromEntries(
        (
          await bench.rows<{ what: string; n: number }>(
            'SELECT what, sum(n) AS n FROM lead_counts GROUP BY what',
          )
        ).map(({ what, n }) => [what, n]),
      ),
    settle: () => Promise.all(pending.splice(0)),
  }
  beforeEach(async () => {
    await Promise.allSettled(pending.splice(0))
    await bench.d1.clear()
    bench.standIn.reset()
    turnstile?.reset()
    if (promise !== undefined) forgetPromise()
    bench.env = leadEnv(bench.d1, bench.standIn, {
      ...(promise !== undefined ? { ASSETS: promiseAssets(promise) } : {}),
      ...extra(),
    })
  })
  return bench
}
