/**
 * How fast the quote form answers typing on a phone:
 *   npx tsx scripts/bench/typing.ts <dist> [<dist> …]   (npm run bench:typing; ROUNDS=5 CPU=4 PLACE=mid TAP=field)
 * Each folder is a built site; the no-JS copy of the first one is added as `nojs` (scripts/bench/variants.ts),
 * the limit: the same HTML and CSS with no script at all. Every variant is served by scripts/serve.ts on
 * loopback with the build's own headers, and measured in the same run, interleaved round by round (the
 * order rotates), each load in a fresh headless Chromium.
 *
 * One load: /contacto at 390×844 (3 device pixels, touch), the CPU throttled `CPU` times (Chromium's own
 * throttling, as DevTools applies it), stock photos answered by the local stub. When the page is ready (the
 * hydrated variants: every link hydrated), the page is scrolled at once so the message field's top edge sits
 * where a visitor's thumb meets it (`PLACE`: `high`, 10 % of the screen height, inside the band the field's
 * scroll-margin-top keeps clear; `mid`, 40 %, the default, wholly in view; `low`, 90 %, its bottom below the
 * fold), then `TAP` says how the field gets the focus: `field` (default), a touch on the field as a finger
 * does; `label`, a touch on its label; `script`, `field.focus()`; `handle`, puppeteer's ElementHandle.tap(),
 * which first scrolls the field into view the way scripts do. Then 10 characters are typed from 150 ms
 * after the tap, 120 ms apart.
 *
 * Measured in the page, as the site's field reporting sees it (src/analytics/runtime.ts uses `web-vitals`):
 * INP by `web-vitals` (its attribution build, every change reported), the Event Timing duration of the tap
 * and of the first keystroke after it, the longest keystroke, how far the page scrolled after the tap
 * and how long that scroll lasted. The attribution of the INP interaction (its input delay, processing time
 * and presentation delay) says where the time went. The field must hold the typed text, or the load fails.
 *
 * Prints, per variant, the median [min–max] over the rounds, and writes bench/typing.json.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { closeChromium, launchChromium, startImageStub } from './lighthouse-kit'
import { everyLinkHydrated, median, STOCK_ORIGIN } from './phone-page'
import { headersFor, makeNoJsCopy } from './variants'
import { startServer, type RunningServer } from '../serve'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const CPU = Number(process.env.CPU ?? 4)
const PLACE = (process.env.PLACE ?? 'mid') as keyof typeof PLACES
/** Where the field's top edge is when the finger comes, as a share of the screen's height. */
const PLACES = { high: 0.1, mid: 0.4, low: 0.9 }
/** What the finger taps: the field itself, or its label (which focuses the field, as a click on it does). */
const TAP = (process.env.TAP ?? 'field') as 'field' | 'label' | 'script' | 'handle'
const ROUTE = '/contacto'
const TEXT = 'Hola, una '
const FIRST_KEY_AFTER_TAP_MS = 150
const BETWEEN_KEYS_MS = 120
const FIELD = '#quote-message'

/** A phone the size of the measurement (an iPhone 12–15 class screen). */
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true }

interface TypingResult {
  inpMs: number
  inpTarget: string
  inpType: string
  inputDelayMs: number
  processingMs: number
  presentationDelayMs: number
  tapMs: number
  firstKeyMs: number
  longestKeyMs: number
  scrolledPx: number
  scrollMs: number
}

const webVitalsIife = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('web-vitals/attribution')),
    'web-vitals.attribution.iife.js',
  ),
  'utf8',
)

/**
 * Runs in the page before its own scripts: web-vitals' INP with attribution, every Event Timing entry of an
 * interaction, and the scroll position over time. Self-contained: puppeteer sends its source to the page.
 */
function instrument(): void {
  type Entry = { name: string; duration: number; startTime: number; interactionId: number }
  const state = {
    inp: [] as {
      value: number
      target: string
      type: string
      inputDelay: number
      processingDuration: number
      presentationDelay: number
    }[],
    events: [] as Entry[],
    scrolls: [] as { t: number; y: number }[],
  }
  Object.assign(window, { __typing: state })
  const vitals = (window as unknown as { webVitals: typeof import('web-vitals/attribution') }).webVitals
  vitals.onINP(
    ({ value, attribution }) =>
      state.inp.push({
        value,
        target: attribution.interactionTarget ?? '',
        type: attribution.interactionType ?? '',
        inputDelay: attribution.inputDelay,
        processingDuration: attribution.processingDuration,
        presentationDelay: attribution.presentationDelay,
      }),
    { reportAllChanges: true },
  )
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.interactionId)
        state.events.push({
          name: entry.name,
          duration: entry.duration,
          startTime: entry.startTime,
          interactionId: entry.interactionId,
        })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  addEventListener('scroll', () => state.scrolls.push({ t: performance.now(), y: scrollY }), {
    passive: true,
  })
}

async function typeIntoMessage(page: Page, hydrated: boolean): Promise<TypingResult> {
  if (hydrated) await page.waitForFunction(everyLinkHydrated, { timeout: 60_000 })
  // Settle: hydration's later passes and the analytics loader (none in a default build) are over.
  await new Promise((resolve) => setTimeout(resolve, 500))
  // The visitor has scrolled down to the form (at once, as a finger's scroll ends), then taps the field.
  const box = await page.$eval(
    FIELD,
    (field, place, tap) => {
      const top = field.getBoundingClientRect().top + scrollY
      window.scrollTo({ top: top - innerHeight * place, behavior: 'instant' })
      const target = tap === 'label' ? (field as HTMLTextAreaElement).labels![0]! : field
      const rect = target.getBoundingClientRect()
      return { x: rect.left + Math.min(rect.width / 2, 40), top: rect.top, bottom: Math.min(rect.bottom, innerHeight) }
    },
    PLACES[PLACE],
    TAP,
  )
  await new Promise((resolve) => setTimeout(resolve, 300))
  const before = await page.evaluate(() => {
    const state = (window as unknown as { __typing: { scrolls: unknown[] } }).__typing
    state.scrolls.length = 0
    return { y: scrollY, t: performance.now() }
  })
  // The visible part of the field, where a thumb lands.
  if (TAP === 'script') await page.$eval(FIELD, (field) => (field as HTMLElement).focus())
  else if (TAP === 'handle') await (await page.$(FIELD))!.tap()
  else await page.touchscreen.tap(box.x, (box.top + box.bottom) / 2)
  await new Promise((resolve) => setTimeout(resolve, FIRST_KEY_AFTER_TAP_MS))
  for (const key of TEXT) {
    await page.keyboard.type(key)
    await new Promise((resolve) => setTimeout(resolve, BETWEEN_KEYS_MS))
  }
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const typed = await page.$eval(FIELD, (field) => (field as HTMLTextAreaElement).value)
  if (typed !== TEXT) throw new Error(`the message field holds ${JSON.stringify(typed)}, not the typed text`)

  const state = await page.evaluate(
    () =>
      (
        window as unknown as {
          __typing: {
            inp: {
              value: number
              target: string
              type: string
              inputDelay: number
              processingDuration: number
              presentationDelay: number
            }[]
            events: { name: string; duration: number; startTime: number; interactionId: number }[]
            scrolls: { t: number; y: number }[]
          }
        }
      ).__typing,
  )
  // web-vitals reports nothing while every interaction is under its 40 ms threshold: INP is then that small.
  const inp = state.inp.at(-1) ?? {
    value: 0,
    target: '(none over 40 ms)',
    type: '',
    inputDelay: 0,
    processingDuration: 0,
    presentationDelay: 0,
  }
  const after = state.events.filter((event) => event.startTime >= before.t)
  const tap = after.filter((event) => ['pointerdown', 'pointerup', 'click', 'touchstart', 'touchend'].includes(event.name))
  const keys = new Map<number, number>()
  for (const event of after.filter((event) => ['keydown', 'keypress', 'keyup', 'input', 'beforeinput'].includes(event.name)))
    keys.set(event.interactionId, Math.max(keys.get(event.interactionId) ?? 0, event.duration))
  const keyDurations = [...keys.values()]
  const lastScroll = state.scrolls.at(-1)
  return {
    inpMs: inp.value,
    inpTarget: inp.target,
    inpType: inp.type,
    inputDelayMs: inp.inputDelay,
    processingMs: inp.processingDuration,
    presentationDelayMs: inp.presentationDelay,
    tapMs: Math.max(0, ...tap.map((event) => event.duration)),
    firstKeyMs: keyDurations[0] ?? 0,
    longestKeyMs: Math.max(0, ...keyDurations),
    scrolledPx: Math.round((await page.evaluate(() => scrollY)) - before.y),
    scrollMs: lastScroll ? Math.round(lastScroll.t - before.t) : 0,
  }
}

async function measure(url: string, imageUrl: string, hydrated: boolean): Promise<TypingResult> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.setViewport(PHONE)
    await page.setRequestInterception(true)
    page.on('request', (request) => {
      if (!request.url().startsWith(STOCK_ORIGIN)) return void request.continue()
      const target = new URL(request.url())
      void request.continue({ url: imageUrl + target.pathname + target.search })
    })
    await page.evaluateOnNewDocument(`${webVitalsIife};(${instrument.toString()})()`)
    const cdp = await page.createCDPSession()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 })
    return await typeIntoMessage(page, hydrated)
  } finally {
    await closeChromium(browser)
  }
}

const spread = (values: number[]) =>
  `${median(values).toFixed(0)} [${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}]`

async function main(): Promise<void> {
  const dists = process.argv.slice(2)
  if (!dists.length) throw new Error('usage: tsx scripts/bench/typing.ts <dist> [<dist> …]')
  const work = mkdtempSync(path.join(tmpdir(), 'bench-typing-'))
  const variants = dists.map((name) => ({ name, dist: path.resolve(name), hydrated: true }))
  variants.push({ name: 'nojs', dist: path.join(work, 'nojs'), hydrated: false })
  makeNoJsCopy(variants[0]?.dist ?? '', path.join(work, 'nojs'))

  const stub = await startImageStub()
  const servers: RunningServer[] = []
  const results = new Map<string, TypingResult[]>(variants.map(({ name }) => [name, []]))
  try {
    for (const variant of variants)
      servers.push(
        await startServer({
          root: variant.dist,
          port: 0,
          host: '127.0.0.1',
          securityHeaders: headersFor(variant.dist, true),
        }),
      )
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < variants.length; i += 1) {
        const index = (i + round) % variants.length
        const variant = variants[index]!
        const result = await measure(`${servers[index]!.url}${ROUTE}`, stub.origin, variant.hydrated)
        results.get(variant.name)!.push(result)
        console.log(
          `round ${round + 1} ${variant.name}: INP ${result.inpMs.toFixed(0)} ms (${result.inpType} on ${result.inpTarget}; ` +
            `delay ${result.inputDelayMs.toFixed(0)}, processing ${result.processingMs.toFixed(0)}, ` +
            `presentation ${result.presentationDelayMs.toFixed(0)}), tap ${result.tapMs.toFixed(0)}, ` +
            `first key ${result.firstKeyMs.toFixed(0)}, longest key ${result.longestKeyMs.toFixed(0)}, ` +
            `scrolled ${result.scrolledPx} px over ${result.scrollMs} ms`,
        )
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()))
    await stub.close()
    rmSync(work, { recursive: true, force: true })
  }

  console.log(
    `\n${ROUTE} at ${PHONE.width} px, CPU ×${CPU}, field placed ${PLACE}, ${ROUNDS} rounds: median [min–max]`,
  )
  console.log('| variant | INP ms | tap ms | first key ms | longest key ms | scrolled px | scroll ms |')
  console.log('| ------- | ------ | ------ | ------------ | -------------- | ----------- | --------- |')
  for (const [name, runs] of results) {
    const col = (pick: (run: TypingResult) => number) => spread(runs.map(pick))
    console.log(
      `| ${name} | ${col((r) => r.inpMs)} | ${col((r) => r.tapMs)} | ${col((r) => r.firstKeyMs)} | ` +
        `${col((r) => r.longestKeyMs)} | ${col((r) => r.scrolledPx)} | ${col((r) => r.scrollMs)} |`,
    )
  }
  writeFileSync(
    path.resolve('bench', 'typing.json'),
    `${JSON.stringify({ date: new Date().toISOString(), cpu: CPU, place: PLACE, rounds: ROUNDS, results: Object.fromEntries(results) }, null, 2)}\n`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
