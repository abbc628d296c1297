/**
 * Main-thread cost of start-up in CPU time, which a busy machine does not inflate:
 *   npx tsx scripts/bench/cpu.ts <dist>[:nocoop] [<dist>[:nocoop] …]      (ROUTES=/,/contacto LOADS=7)
 * `npm run bench:cpu` compares dist/ with its no-JS copy. Every folder is a built site (`npm run build`, or
 * DIST_DIR/SSR_DIST_DIR for another commit); the no-JS copy of the first one is added as `nojs`
 * (scripts/bench/variants.ts); `<dist>:nocoop` serves that build without Cross-Origin-Opener-Policy. Each is served
 * by scripts/serve.ts on loopback; loads are interleaved
 * (every variant once per round, a fresh headless Chromium per load, phone viewport, no throttling, stock
 * photos answered locally).
 *
 * Why: Lighthouse and the wall-clock traces measure task durations, and on a machine whose cores other work
 * shares a task's duration mostly measures the waiting (seen: a task of 481 ms wall with 29 ms of thread
 * time). Chromium's trace also records each task's thread time (`tdur`): the CPU the page's main thread
 * really used. From it this script derives what Lighthouse's mobile simulation derives from wall time on an
 * idle machine, the blocking time at 4× CPU slowdown: Σ max(0, 4 × tdur − 50 ms) over the main-thread tasks
 * from the first contentful paint on ("TBT×4"). It is a stand-in, not Lighthouse's figure (Lighthouse also
 * schedules tasks on a simulated network): use it to compare builds and to find regressions, and
 * `npm run bench:compare` on an idle machine for the figures in docs/performance.md.
 *
 * Prints per route and variant the median [min–max] over the loads of: TBT×4, main-thread CPU after FCP,
 * the number of tasks over 50 ms at 4×, and the longest task at 4×; then each variant's difference to the
 * others' medians.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { closeChromium, launchChromium, startImageStub } from './lighthouse-kit'
import { median, phonePage, recordLoad } from './phone-page'
import { headersFor, makeNoJsCopy } from './variants'
import { startServer, type RunningServer } from '../serve'

const SLOWDOWN = 4
const LONG_TASK_MS = 50
const ROUTES = (process.env.ROUTES ?? '/,/nosotros,/servicios,/ubicacion,/contacto')
  .split(',')
  .filter(Boolean)
const LOADS = Number(process.env.LOADS ?? 7)

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args: { beginData?: { url?: string }; data?: { frame?: string } } & Record<string, unknown>
}

interface LoadCost {
  tbtMs: number
  cpuMs: number
  longTasks: number
  longestMs: number
}

/** The start-up cost of one load, from its trace: the page's main thread, tasks from FCP on, thread time. */
export function loadCost(events: TraceEvent[], origin: string): LoadCost {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && String(event.args.beginData?.url).startsWith(origin),
  )
  if (!parse) throw new Error('no ParseHTML of the page in the trace')
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid)
  if (!fcp) throw new Error('no first contentful paint in the trace')
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === parse.pid &&
      event.tid === parse.tid &&
      event.ts >= fcp.ts,
  )
  const atSlowdown = tasks.map((task) => ((task.tdur ?? 0) / 1000) * SLOWDOWN)
  return {
    tbtMs: atSlowdown.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
    cpuMs: atSlowdown.reduce((sum, ms) => sum + ms, 0) / SLOWDOWN,
    longTasks: atSlowdown.filter((ms) => ms > LONG_TASK_MS).length,
    longestMs: Math.max(0, ...atSlowdown),
  }
}

async function traceLoad(url: string, imageUrl: string): Promise<LoadCost> {
  const browser = await launchChromium()
  try {
    // Builds made for the real stock-photo host get their photos from the local stub too.
    const page = await phonePage(browser, (request) => {
      const target = new URL(request.url())
      void request.continue({ url: imageUrl + target.pathname + target.search })
    })
    const text = await recordLoad(
      page,
      url,
      ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', '__metadata'],
      2000,
    )
    const { traceEvents } = JSON.parse(text) as {
      traceEvents: TraceEvent[]
    }
    return loadCost(traceEvents, new URL(url).origin)
  } finally {
    await closeChromium(browser)
  }
}

const spread = (values: number[]) =>
  `${median(values).toFixed(0)} [${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}]`

async function main(): Promise<void> {
  const dists = process.argv.slice(2)
  if (!dists.length) throw new Error('usage: tsx scripts/bench/cpu.ts <dist>[:nocoop] …')
  const work = mkdtempSync(path.join(tmpdir(), 'bench-cpu-'))
  const variants = dists.map((name) => ({
    name,
    dist: path.resolve(name.replace(/:nocoop$/, '')),
    coop: !name.endsWith(':nocoop'),
  }))
  variants.push({ name: 'nojs', dist: path.join(work, 'nojs'), coop: true })
  makeNoJsCopy(variants[0]?.dist ?? '', path.join(work, 'nojs'))

  const stub = await startImageStub()
  const servers: RunningServer[] = []
  try {
    for (const variant of variants)
      servers.push(
        await startServer({
          root: variant.dist,
          port: 0,
          host: '127.0.0.1',
          securityHeaders: headersFor(variant.dist, variant.coop),
        }),
      )
    const costs = new Map<string, LoadCost[]>()
    for (let round = 0; round < LOADS; round += 1) {
      for (const route of ROUTES) {
        // The variants' order rotates by round, so none is always first after a route change.
        for (let i = 0; i < variants.length; i += 1) {
          const index = (i + round) % variants.length
          const variant = variants[index]
          const server = servers[index]
          if (!variant || !server) continue
          const key = `${route} ${variant.name}`
          const cost = await traceLoad(server.url + route, stub.origin)
          costs.set(key, [...(costs.get(key) ?? []), cost])
        }
      }
      console.log(`bench:cpu: round ${round + 1}/${LOADS} done`)
    }
    for (const route of ROUTES) {
      console.log(
        `\n## ${route} (${LOADS} loads each; ms of main-thread CPU time, at ${SLOWDOWN}× where marked)`,
      )
      console.log('| variant | TBT×4 | CPU after FCP | tasks > 50 ms at 4× | longest at 4× |')
      console.log('| --- | --- | --- | --- | --- |')
      for (const { name } of variants) {
        const runs = costs.get(`${route} ${name}`) ?? []
        console.log(
          `| ${name} | ${spread(runs.map((r) => r.tbtMs))} | ${spread(runs.map((r) => r.cpuMs))} | ` +
            `${spread(runs.map((r) => r.longTasks))} | ${spread(runs.map((r) => r.longestMs))} |`,
        )
      }
      const [first, ...others] = variants
      for (const other of others) {
        const a = costs.get(`${route} ${first?.name}`) ?? []
        const b = costs.get(`${route} ${other.name}`) ?? []
        console.log(
          `${first?.name} − ${other.name}: TBT×4 ${(median(a.map((r) => r.tbtMs)) - median(b.map((r) => r.tbtMs))).toFixed(0)} ms, ` +
            `CPU ${(median(a.map((r) => r.cpuMs)) - median(b.map((r) => r.cpuMs))).toFixed(0)} ms`,
        )
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()))
    await stub.close()
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error('bench:cpu failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
