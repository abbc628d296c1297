/**
 * What the owner's inbox costs a phone to open, two builds side by side:
 *   npx tsx scripts/bench/inbox-startup.ts <dist A> <dist B>   (ROUNDS=9 CPU=4 NET=4g|none)
 * A and B are built sites (`npm run build`; the reference is usually an older commit's build, made with
 * `git archive <commit> | tar -x -C <dir>` and `npm run build` there). Each is served by scripts/serve.ts on
 * loopback with its own headers and precompressed files; the inbox's API is answered in the page (request
 * interception) with one fixed page of 25 leads, so both builds get the same data at once and only their own
 * bytes and work differ.
 *
 * One load: /admin/solicitudes/ at 390×844 (3 device pixels, touch), the CPU throttled `CPU` times (DevTools'
 * throttling: 4 is a mid-range phone), on `NET` (`4g`: DevTools' "Fast 4G" for the page's files; `none`:
 * loopback), in a fresh browser context (nothing cached). Measured in the page: the moment the first lead's
 * card is in the DOM with its top edge on screen, and the next frame after it ("first lead"); DOMContentLoaded.
 * Rounds run A B, B A, A B … (the order alternates), and the ratio B/A is taken round by round, so a machine
 * that slows down during the run slows both.
 *
 * Prints the inbox's JavaScript and CSS bytes of each build (raw, gzip and brotli: the files the build
 * precompressed) and, per build, first lead and DOMContentLoaded as median [min–max] over the rounds, with
 * the median of the per-round ratios.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import puppeteer, { PredefinedNetworkConditions, type Browser, type HTTPRequest } from 'puppeteer-core'
import { INBOX_PREFIX } from '../hosts/host-rules'
import { chromiumArgs, chromiumPath } from '../lib/offline-images'
import { startServer } from '../serve'
import { median, spread } from './statistics'

const ROUNDS = Number(process.env.ROUNDS ?? 9)
const CPU = Number(process.env.CPU ?? 4)
const NETWORK = process.env.NET ?? '4g'
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true }

/* -- The inbox's API, answered in the page ---------------------------------------------------------- */

const NOW = Date.parse('2026-11-25T16:00:00.000Z')
const iso = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString()
const NAMES = ['Jorge Ruiz', 'Rosa Delgado', 'Laura Méndez', 'Pedro Sánchez', 'Ana López', 'Sofía Ramírez']
const SERVICES = ['Mantenimiento Regular', 'Reparación de Alberca', 'Construcción de Alberca Nueva']

/** 25 unanswered leads in «Por atender»'s order: an emergency first, then by deadline. */
function leads() {
  return Array.from({ length: 25 }, (_, index) => {
    const urgent = index === 0
    const created = urgent ? -0.5 : -30 + index
    return {
      id: `lead-${index}`,
      created_at: iso(created),
      name: `${NAMES[index % NAMES.length]} ${index + 1}`,
      email: `cliente${index}@example.com`,
      phone: `222 555 ${String(1000 + index)}`,
      service: urgent ? 'Servicio de Emergencia' : SERVICES[index % SERVICES.length],
      message: 'Hola, quisiera una cotización. La alberca mide 4 × 8 m y tiene una fuga cerca del filtro.',
      page: '/contacto',
      status: 'nuevo',
      spam_reason: null,
      note: '',
      updated_at: iso(created),
      due_at: iso(created + (urgent ? 2 : 24)),
      urgent: urgent ? 1 : 0,
      first_contact_at: null,
      first_contact_via: null,
      notifications: [{ channel: 'email', state: 'delivered', attempts: 1, last_error: null }],
    }
  })
}

/** The figures with the fields of both the old answer and the new one. */
const month = (key: string) => ({
  month: key,
  received: 31,
  withDeadline: 31,
  inTime: 20,
  answeredLate: 2,
  unanswered: 9,
  overdue: 3,
  answered: 22,
  medianMinutes: 48,
})

const API: Record<string, unknown> = {
  session: { login: 'duena-aquapuebla', csrf: 'token', expiresAt: iso(12) },
  leads: {
    now: iso(0),
    leads: leads(),
    total: 31,
    page: 1,
    pageSize: 25,
    counts: { nuevo: 31, contactado: 12, cotizado: 6, ganado: 4, perdido: 2, spam: 3 },
    unanswered: { total: 31, late: 6 },
    spam: { total: 3, reasons: [{ reason: 'honeypot', count: 3 }], latest: [] },
  },
  cifras: { now: iso(0), months: [month('2026-11'), month('2026-10')] },
}

function answerApi(request: HTTPRequest): void {
  const { pathname } = new URL(request.url())
  if (!pathname.startsWith('/api/inbox/')) return void request.continue()
  const body = API[pathname.slice('/api/inbox/'.length)]
  void request.respond({
    status: body ? 200 : 404,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body ?? { error: 'No encontrado.' }),
  })
}

/* -- One load ------------------------------------------------------------------------------------- */

/** Runs in the page before its scripts: when the first lead's card is on screen, and the frame after. */
function watchFirstLead(): void {
  const times = { inserted: Number.NaN, frame: Number.NaN }
  Object.assign(window, { __inboxTimes: times })
  const observer = new MutationObserver(() => {
    const card = document.querySelector('#lista li.lead')
    if (!card || card.getBoundingClientRect().top >= innerHeight) return
    observer.disconnect()
    times.inserted = performance.now()
    requestAnimationFrame(() => setTimeout(() => (times.frame = performance.now())))
  })
  observer.observe(document, { childList: true, subtree: true })
}

interface Load {
  firstLead: number
  domContentLoaded: number
}

async function load(browser: Browser, origin: string): Promise<Load> {
  const context = await browser.createBrowserContext()
  try {
    const page = await context.newPage()
    await page.setViewport(PHONE)
    await page.setRequestInterception(true)
    page.on('request', answerApi)
    await page.emulateCPUThrottling(CPU)
    if (NETWORK === '4g') await page.emulateNetworkConditions(PredefinedNetworkConditions['Fast 4G'])
    await page.evaluateOnNewDocument(watchFirstLead)
    await page.goto(`${origin}${INBOX_PREFIX}`, { waitUntil: 'load' })
    await page.waitForFunction(() => Number.isFinite((window as never as { __inboxTimes: { frame: number } }).__inboxTimes.frame), {
      timeout: 60_000,
    })
    return await page.evaluate(() => ({
      firstLead: (window as never as { __inboxTimes: { frame: number } }).__inboxTimes.frame,
      domContentLoaded: performance.getEntriesByType('navigation')[0]
        ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd
        : Number.NaN,
    }))
  } finally {
    await context.close()
  }
}

/* -- Bytes ------------------------------------------------------------------------------------------- */

/** The inbox's files of one kind in a build: raw bytes and their precompressed .gz and .br. */
function bytesOf(dist: string, ext: '.js' | '.css'): { raw: number; gzip: number; brotli: number } {
  const dir = path.join(dist, INBOX_PREFIX, 'assets')
  const files = readdirSync(dir).filter((file) => file.endsWith(ext))
  const size = (file: string) => statSync(path.join(dir, file)).size
  const compressed = (file: string, suffix: string) => {
    try {
      return statSync(path.join(dir, file + suffix)).size
    } catch {
      return readFileSync(path.join(dir, file)).length
    }
  }
  return {
    raw: files.reduce((sum, file) => sum + size(file), 0),
    gzip: files.reduce((sum, file) => sum + compressed(file, '.gz'), 0),
    brotli: files.reduce((sum, file) => sum + compressed(file, '.br'), 0),
  }
}

/* -- The run ------------------------------------------------------------------------------------------ */

const dists = process.argv.slice(2).map((dist) => path.resolve(dist))
if (dists.length !== 2) {
  console.error('usage: npx tsx scripts/bench/inbox-startup.ts <dist A (reference)> <dist B>')
  process.exit(2)
}
const names = ['A', 'B'] as const

for (const [index, dist] of dists.entries())
  for (const ext of ['.js', '.css'] as const) {
    const { raw, gzip, brotli } = bytesOf(dist, ext)
    console.log(`${names[index]} ${ext.slice(1).padEnd(3)} ${raw} B, gzip ${gzip} B, brotli ${brotli} B  (${dist})`)
  }

const servers = await Promise.all(dists.map((root) => startServer({ root, port: 0, host: '127.0.0.1' })))
const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
const results: Load[][] = [[], []]
try {
  await load(browser, servers[0]!.url)
  await load(browser, servers[1]!.url)
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 ? [1, 0] : [0, 1]
    for (const which of order) results[which]!.push(await load(browser, servers[which]!.url))
    process.stderr.write(`round ${round + 1}/${ROUNDS}\n`)
  }
} finally {
  await browser.close()
  await Promise.all(servers.map((server) => server.close()))
}

const figure = (values: number[]) => {
  const { median: mid, min, max } = spread(values)
  return `${Math.round(mid)} ms [${Math.round(min)}–${Math.round(max)}]`
}
console.log(`\n${ROUNDS} rounds, CPU ×${CPU}, network ${NETWORK}, 390×844:`)
for (const metric of ['firstLead', 'domContentLoaded'] as const) {
  const [a, b] = results.map((loads) => loads.map((one) => one[metric]))
  const ratios = a!.map((value, round) => b![round]! / value)
  console.log(
    `${metric.padEnd(16)} A ${figure(a!)}   B ${figure(b!)}   B/A median ${median(ratios).toFixed(2)}`,
  )
}
