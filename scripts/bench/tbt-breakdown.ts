/**
 * Where the blocking time of a load goes: `npx tsx scripts/bench/tbt-breakdown.ts <dist> [/route,…] [loads]`.
 * Serves <dist> with scripts/serve.ts (NOCOOP=1: without Cross-Origin-Opener-Policy), loads each route in a
 * fresh headless Chromium with the phone profile of Lighthouse's devtools throttling (4× CPU, 412×823 @1.75; NET=1
 * adds 562.5 ms RTT, 1.47 Mbps down), records a Chromium trace with the V8 sampling profiler until the
 * network is idle plus 3 s, and prints
 * per route (medians over the loads): every main-thread task over 50 ms, what runs inside it (script
 * evaluation by chunk, event and timer callbacks, style, layout, GC) and, from the CPU samples, the time
 * inside the functions that matter (hydration, styled-components, observers …); plus the TBT of the load
 * (sum of task time beyond 50 ms, from first paint on). The last load's trace goes to bench/trace-<page>.json
 * (git-ignored; open it in Chromium's Performance panel).
 * For function names, trace an unminified build (names survive; otherwise the same code):
 *   IMAGE_ORIGIN=http://127.0.0.1:9 DIST_DIR=bench/trace-build/dist SSR_DIST_DIR=bench/trace-build/dist-server \
 *     sh -c 'npx vite build --minify false && npx vite build --ssr renderer/entry-server.tsx && \
 *            npx tsx scripts/build/prerender.ts && npx tsx scripts/build/host-config.ts'
 *   npx tsx scripts/bench/tbt-breakdown.ts bench/trace-build/dist /,/servicios 5
 * (the photos then fail fast: the trace is about the main thread, not the network).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import puppeteer from 'puppeteer-core'
import { parseHeadersFile } from '../hosts/host-files'
import { PHONE_VIEWPORT, median, recordLoad } from './phone-page'
import { chromiumArgs, chromiumPath } from '../lib/offline-images'
import { startServer } from '../serve'

const root = path.resolve(import.meta.dirname, '../..')
const [distArg = 'dist', routesArg = '/,/servicios', loadsArg = '3'] = process.argv.slice(2)
const dist = path.resolve(distArg)
const routes = routesArg.split(',')
const LOADS = Number(loadsArg)

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args: { data?: Record<string, unknown>; name?: string } & Record<string, unknown>
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string }
}

/** Functions whose inclusive CPU time (sampled) is reported; first match per sample wins per label. */
const MARKERS: [label: string, pattern: RegExp][] = [
  ['react: hydrate/render (begin/complete work)', /^(beginWork|completeWork|performUnitOfWork)$/],
  ['react: commit', /^(commitRoot|commitRootImpl|commitMutationEffects|commitLayoutEffects)$/],
  ['react: passive effects (useEffect)', /^(flushPassiveEffects|commitPassiveMountOnFiber)$/],
  [
    'styled-components: render (useInjectedStyle / generateName)',
    /^(useInjectedStyle|useStyledComponentImpl)$/,
  ],
  ['styled-components: flatten + hash', /^(flatten|generateAndInjectStyles|generateName|phash|hash)$/],
  ['server-styles adoption', /^adoptServerStyles$/],
  ['router: createBrowserRouter', /^createBrowserRouter$|^createRouter$/],
  ['helmet', /Helmet|HelmetDispatcher|mapStateOnServer|handleStateChangeOnClient/],
  ['Reveal component + effect', /^Reveal$/],
  ['Toaster / toast', /Toast|toaster/i],
  ['analytics', /usePageViews|trackPageView|analytics/i],
  ['web-vitals', /onLCP|onINP|onCLS|onFCP|onTTFB/],
]

const chunk = (url: unknown) =>
  typeof url === 'string' && url ? path.posix.basename(new URL(url, 'http://x').pathname) || url : ''

interface LongTask {
  startMs: number
  durMs: number
  parts: Record<string, number>
  functions: Record<string, number>
}

interface LoadAnalysis {
  fcpMs: number
  tbtMs: number
  longTasks: LongTask[]
  totals: Record<string, number>
}

function analyse(events: TraceEvent[], origin: string): LoadAnalysis {
  const threadNames = new Map<string, string>()
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name')
      threadNames.set(`${event.pid}:${event.tid}`, String(event.args.name))
  }
  // The page's main thread: the renderer main thread that parsed the page's HTML.
  const parse = events.find(
    (event) =>
      event.name === 'ParseHTML' &&
      String(event.args.beginData && (event.args.beginData as { url?: string }).url).startsWith(origin),
  )
  if (!parse) throw new Error('no ParseHTML of the page in the trace')
  const thread = (event: TraceEvent) => event.pid === parse.pid && event.tid === parse.tid
  const navigationStart =
    events.find((event) => event.name === 'navigationStart' && event.pid === parse.pid)?.ts ?? parse.ts
  const fcp =
    events.find((event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid)?.ts ?? parse.ts
  const mine = events.filter(thread)
  const tasks = mine.filter((event) => event.ph === 'X' && event.name === 'RunTask')

  // CPU profile of the thread: nodes and samples from Profile/ProfileChunk events.
  const nodes = new Map<number, ProfileNode>()
  const samples: { ts: number; node: number }[] = []
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === parse.pid && event.tid === parse.tid,
  )
  if (profile) {
    let ts = Number((profile.args.data as { startTime?: number } | undefined)?.startTime ?? profile.ts)
    for (const event of events) {
      if (event.name !== 'ProfileChunk' || event.id !== profile.id || event.pid !== profile.pid) continue
      const data = event.args.data as {
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
        timeDeltas?: number[]
      }
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
      const ids = data.cpuProfile?.samples ?? []
      const deltas = data.timeDeltas ?? []
      ids.forEach((id, index) => {
        ts += deltas[index] ?? 0
        samples.push({ ts, node: id })
      })
    }
  }
  const stackOf = (id: number): ProfileNode[] => {
    const stack: ProfileNode[] = []
    for (
      let node = nodes.get(id);
      node;
      node = node.parent === undefined ? undefined : nodes.get(node.parent)
    )
      stack.push(node)
    return stack
  }
  // Parent links: ProfileChunk nodes carry `parent`; fill from children lists when absent.
  const functionTime = (from: number, to: number) => {
    const result: Record<string, number> = {}
    const inWindow = samples.filter((sample) => sample.ts >= from && sample.ts <= to)
    for (let i = 0; i < inWindow.length; i += 1) {
      const sample = inWindow[i] as { ts: number; node: number }
      const next = inWindow[i + 1]
      const weight = next ? Math.min(next.ts - sample.ts, 2000) : 100
      const stack = stackOf(sample.node)
      const names = new Set(stack.map((node) => node.callFrame.functionName))
      for (const [label, pattern] of MARKERS) {
        if ([...names].some((name) => pattern.test(name)))
          result[label] = (result[label] ?? 0) + weight / 1000
      }
      const leaf = stack[0]?.callFrame
      if (leaf) {
        const key = `self: ${leaf.functionName || '(anonymous)'} ${chunk(leaf.url)}`.trim()
        result[key] = (result[key] ?? 0) + weight / 1000
      }
    }
    return result
  }

  const inside = (task: TraceEvent) =>
    mine.filter(
      (event) =>
        event.ph === 'X' &&
        event !== task &&
        event.ts >= task.ts &&
        event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0),
    )
  const describe = (event: TraceEvent): string | undefined => {
    const data = event.args.data ?? {}
    switch (event.name) {
      case 'EvaluateScript':
      case 'v8.evaluateModule':
        return `evaluate ${chunk(data.url) || 'inline script'}`
      case 'v8.compile':
      case 'v8.compileModule':
      case 'v8.parseOnBackground':
        return `compile ${chunk(data.url ?? (event.args as { fileName?: string }).fileName)}`
      case 'FunctionCall':
        return `call ${chunk(data.url)}`
      case 'TimerFire':
        return 'timer callback'
      case 'EventDispatch':
        return `event ${String(data.type)}`
      case 'FireAnimationFrame':
        return 'requestAnimationFrame'
      case 'FireIdleCallback':
        return 'requestIdleCallback'
      case 'RunMicrotasks':
        return 'microtasks'
      case 'ParseHTML':
        return 'parse HTML'
      case 'ParseAuthorStyleSheet':
        return 'parse CSS'
      case 'UpdateLayoutTree':
      case 'RecalculateStyles':
        return 'style recalculation'
      case 'Layout':
        return 'layout'
      case 'IntersectionObserverController::computeIntersections':
        return 'IntersectionObserver'
      case 'MinorGC':
      case 'MajorGC':
      case 'V8.GCScavenger':
        return 'GC'
      case 'Paint':
      case 'PrePaint':
      case 'Layerize':
        return 'paint'
      default:
        return undefined
    }
  }

  const longTasks: LongTask[] = []
  let tbt = 0
  for (const task of tasks) {
    const durMs = (task.dur ?? 0) / 1000
    if (durMs <= 50) continue
    const startMs = (task.ts - navigationStart) / 1000
    if (task.ts >= fcp) tbt += durMs - 50
    const parts: Record<string, number> = {}
    // Only the outermost event of each kind, to avoid double counting nested ones.
    const children = inside(task)
    for (const event of children) {
      const label = describe(event)
      if (!label) continue
      const nestedSame = children.some(
        (other) =>
          other !== event &&
          describe(other) === label &&
          other.ts <= event.ts &&
          other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
          (other.dur ?? 0) > (event.dur ?? 0),
      )
      if (!nestedSame) parts[label] = (parts[label] ?? 0) + (event.dur ?? 0) / 1000
    }
    longTasks.push({ startMs, durMs, parts, functions: functionTime(task.ts, task.ts + (task.dur ?? 0)) })
  }
  const totals: Record<string, number> = {}
  for (const task of longTasks) {
    for (const [label, ms] of Object.entries({ ...task.parts, ...task.functions }))
      totals[label] = (totals[label] ?? 0) + ms
  }
  return { fcpMs: (fcp - navigationStart) / 1000, tbtMs: tbt, longTasks, totals }
}

async function traceLoad(url: string, file: string): Promise<LoadAnalysis> {
  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
  try {
    const page = await browser.newPage()
    await page.setViewport(PHONE_VIEWPORT)
    if (!process.env.NOTHROTTLE) await page.emulateCPUThrottling(4)
    // Lighthouse's simulation also starts from an unthrottled network; NET=1 adds its devtools throttling.
    if (process.env.NET)
      await page.emulateNetworkConditions({
        download: (1474.56 * 1024) / 8,
        upload: (675 * 1024) / 8,
        latency: 562.5,
      })
    const text = await recordLoad(
      page,
      url,
      [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'disabled-by-default-v8.cpu_profiler',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'toplevel',
        '__metadata',
      ],
      3000,
    )
    writeFileSync(file, text)
    const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] }
    return analyse(parsed.traceEvents, new URL(url).origin)
  } finally {
    await browser.close()
  }
}

function top(record: Record<string, number>, count: number, minMs = 1): string[] {
  return Object.entries(record)
    .filter(([, ms]) => ms >= minMs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label, ms]) => `${label} ${ms.toFixed(0)}`)
}

async function main() {
  let securityHeaders: Record<string, string> | undefined
  if (process.env.NOCOOP) {
    const rule = parseHeadersFile(readFileSync(path.join(dist, '_headers'), 'utf8')).find(
      (r) => r.pattern === '/*',
    )
    securityHeaders = { ...rule?.headers }
    delete securityHeaders['Cross-Origin-Opener-Policy']
  }
  const server = await startServer({ root: dist, port: 0, host: '127.0.0.1', securityHeaders })
  try {
    for (const route of routes) {
      const name = route === '/' ? 'inicio' : route.slice(1)
      const loads: LoadAnalysis[] = []
      for (let load = 1; load <= LOADS; load += 1) {
        loads.push(await traceLoad(server.url + route, path.join(root, 'bench', `trace-${name}.json`)))
      }
      console.log(`\n## ${route} (${LOADS} loads, 4× CPU${process.env.NOCOOP ? ', no COOP' : ''})`)
      console.log(
        `TBT after FCP (trace) median ${median(loads.map((l) => l.tbtMs)).toFixed(0)} ms ` +
          `[${loads.map((l) => l.tbtMs.toFixed(0)).join(', ')}]; FCP ${median(loads.map((l) => l.fcpMs)).toFixed(0)} ms; ` +
          `long tasks per load ${loads.map((l) => l.longTasks.length).join(', ')}`,
      )
      for (const [index, load] of loads.entries()) {
        console.log(`\nload ${index + 1}:`)
        for (const task of load.longTasks) {
          console.log(
            `- task at ${task.startMs.toFixed(0)} ms, ${task.durMs.toFixed(0)} ms: ${top(task.parts, 8).join('; ')}`,
          )
          console.log(`    functions (ms, sampled): ${top(task.functions, 14).join('; ')}`)
        }
      }
    }
  } finally {
    await server.close()
  }
}

main().catch((error: unknown) => {
  console.error('tbt-breakdown failed:', error)
  process.exit(1)
})
