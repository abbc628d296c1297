/**
 * Lighthouse benchmark of every route: `npm run bench` (~30 s build, ~10 s per Lighthouse run; ~3 min).
 *   RUNS=1 npm run bench                 one run per route instead of 3 (the default)
 *   ROUTES=/,/servicios npm run bench    only these routes (comma-separated paths; default: every built page)
 * Prints a markdown table of medians (four category scores, FCP, LCP, TBT, CLS, requests, plus the byte
 * budgets of scripts/lib/budgets.ts) and, below it, every failing audit per category. Writes
 * bench/results.json (commit it with a change that moves the numbers) and each run's full report as
 * bench/lhr-<page>-<run>.json (git-ignored). Exits non-zero only when something breaks (build, Chromium,
 * Lighthouse), not on a missed target.
 *
 * 1. Image stub: the machine is offline, so the stock photos come from a node:http server on 127.0.0.1 that
 *    answers `/photo-*?w=&h=` with a JPEG of that size: a water gradient plus grain, encoded by Chromium's
 *    canvas at quality 0.7 so it weighs about what the real photo does: ~70 KB at 960×640, between the
 *    AVIF/WebP that `auto=format` gets Chromium and a plain JPEG. Sizes found in the built HTML are made
 *    before any measurement; others on first request (listed after the table).
 *    Chosen over --host-resolver-rules + an HTTPS stub: a build-time override (IMAGE_ORIGIN) needs no
 *    certificate. Consequence: the photo origin is plain HTTP, so Lighthouse's simulation charges it no TLS
 *    handshake (one round trip fewer than images.unsplash.com would cost).
 * 2. Build: `npm run build` with IMAGE_ORIGIN=<stub>, DIST_DIR=bench/dist, SSR_DIST_DIR=bench/dist-server, so
 *    dist/ is untouched. SITE_URL stays the production one (canonical, OG, sitemap as shipped): Lighthouse
 *    12's canonical audit does not flag a canonical on another origin, so the bench needs no local SITE_URL.
 * 3. Serve bench/dist with scripts/serve.ts on a free loopback port (brotli, cache headers as in production).
 * 4. Lighthouse 12, default config = mobile preset (Moto G Power emulation, simulated slow 4G, 4× CPU), a
 *    fresh headless Debian Chromium (puppeteer-core, never a downloaded browser) for every run; medians per
 *    route. Bytes (HTML, first-load JS, brotli) come from the build, requests from network-requests.
 * Timings vary with machine load (2 cores): compare medians of the same RUNS, not single runs. FCP in
 * particular jumps between two values: Lantern charges to FCP every high-priority script (module scripts,
 * modulepreloads) that finished loading before the unthrottled first paint, and on loopback that race goes
 * either way.
 */
import { writeFileSync } from 'node:fs'
import { arch, cpus, platform } from 'node:os'
import path from 'node:path'
import type { Result } from 'lighthouse'
import { BUDGETS, brotliSize, measureRoutes, toKb, type RouteBudget } from '../lib/budgets'
import { build, photoSizesIn, runLighthouse, startImageStub, type ImageStub } from './lighthouse-kit'
import { median } from './statistics'
import { startServer, type RunningServer } from '../serve'

const root = path.resolve(import.meta.dirname, '../..')
const benchDir = path.join(root, 'bench')
const DIST = path.join(benchDir, 'dist')
const SSR_DIST = path.join(benchDir, 'dist-server')
/**
 * Analytics (src/analytics/) is on when PLAUSIBLE_DOMAIN or GA4_ID is set for the bench, as for a build:
 * `PLAUSIBLE_DOMAIN=www.aquapuebla.mx GA4_ID=G-XXXXXXX npm run bench`. Plausible's Events API is then the
 * local stub's (PLAUSIBLE_SRC, unless given), which answers 202; GA4 shows its consent notice, which
 * Lighthouse never answers, so nothing is requested from Google. Results go to results-analytics.json.
 */
const ANALYTICS = Boolean(process.env.PLAUSIBLE_DOMAIN || process.env.GA4_ID)
const RESULTS = path.join(benchDir, ANALYTICS ? 'results-analytics.json' : 'results.json')
/** One Lighthouse report per run, git-ignored (bench/*.json): lhr-inicio-1.json, lhr-servicios-2.json. */
const lhrFile = (route: string, run: number) =>
  path.join(benchDir, `lhr-${route === '/' ? 'inicio' : route.slice(1).replaceAll('/', '-')}-${run}.json`)

const RUNS = Number(process.env.RUNS ?? 3)
const ROUTES = process.env.ROUTES?.split(',')
  .map((route) => route.trim())
  .filter(Boolean)

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]

/** The issue's targets; a table cell that misses one gets a ✗. */
const TARGETS = {
  score: 100,
  fcpMs: 1000,
  lcpMs: 1300,
  tbtMs: 50,
  cls: 0.01,
  htmlKb: BUDGETS.htmlKb,
  firstLoadJsKb: BUDGETS.firstLoadJsKb,
}

// -----------------------------------------------------------------------------------------------------------
// 4. Lighthouse

interface RunMetrics {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  requests: number
}

interface FailingAudit {
  category: Category
  id: string
  title: string
  weight: number
  score: number
  displayValue: string
}

interface RunResult {
  metrics: RunMetrics
  failing: FailingAudit[]
  lighthouseVersion: string
  /** `HeadlessChrome/156.0.8078.79` (the user agent only carries the major version). */
  browserVersion: string
  /** The whole Lighthouse report (JSON), kept in bench/ for digging into a regression. */
  report: string
}

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings'])

function summarize(lhr: Result): Omit<RunResult, 'browserVersion' | 'report'> {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
  const requests = lhr.audits['network-requests']?.details
  const failing: FailingAudit[] = []
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1 || !SCORED_MODES.has(audit.scoreDisplayMode))
        continue
      const { id, title, score: auditScore, displayValue = '' } = audit
      failing.push({ category, id, title, weight: ref.weight, score: auditScore, displayValue })
    }
  }
  return {
    metrics: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      requests: requests?.type === 'table' ? requests.items.length : Number.NaN,
    },
    failing,
    lighthouseVersion: lhr.lighthouseVersion,
  }
}

// -----------------------------------------------------------------------------------------------------------
// Report

const round = (value: number, digits = 0) => Number(value.toFixed(digits))

/** Median of each metric over the runs, rounded for a stable, readable results.json. */
function medians(runs: RunMetrics[]): RunMetrics {
  const of = (key: keyof RunMetrics, digits = 0) => round(median(runs.map((run) => run[key])), digits)
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls', 3),
    requests: of('requests'),
  }
}

/** `index-Dwa89grz.js` → `index.js`: no content hash, so results.json diffs stay small. */
const chunkName = (sitePath: string) => path.posix.basename(sitePath).replace(/-[\w-]{8}(?=\.js$)/, '')

interface RouteReport {
  route: string
  median: RunMetrics
  bytes: { htmlKbBr: number; firstLoadJsKbBr: number; jsKbBr: Record<string, number> }
  runs: RunMetrics[]
}

function routeReport(budget: RouteBudget, runs: RunResult[]): RouteReport {
  const jsKbBr = Object.fromEntries(
    budget.jsFiles
      .map((file) => [chunkName(file), round(toKb(brotliSize(path.join(DIST, file))), 1)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  )
  return {
    route: budget.route,
    median: medians(runs.map((run) => run.metrics)),
    bytes: {
      htmlKbBr: round(toKb(budget.htmlBytesBr), 1),
      firstLoadJsKbBr: round(toKb(budget.firstLoadJsBytesBr), 1),
      jsKbBr,
    },
    runs: runs.map((run) => medians([run.metrics])),
  }
}

function table(reports: RouteReport[]): string {
  const mark = (text: string, ok: boolean) => (ok ? text : `${text} ✗`)
  const scoreCell = (value: number) => mark(String(value), value >= TARGETS.score)
  const header =
    '| Route | Perf | A11y | BP | SEO | FCP s | LCP s | TBT ms | CLS | JS KB | HTML KB | Requests |'
  const rows = reports.map(({ route, median: m, bytes }) =>
    [
      route,
      scoreCell(m.performance),
      scoreCell(m.accessibility),
      scoreCell(m.bestPractices),
      scoreCell(m.seo),
      mark((m.fcpMs / 1000).toFixed(2), m.fcpMs <= TARGETS.fcpMs),
      mark((m.lcpMs / 1000).toFixed(2), m.lcpMs <= TARGETS.lcpMs),
      mark(String(m.tbtMs), m.tbtMs <= TARGETS.tbtMs),
      mark(m.cls.toFixed(3), m.cls <= TARGETS.cls),
      mark(bytes.firstLoadJsKbBr.toFixed(1), bytes.firstLoadJsKbBr <= TARGETS.firstLoadJsKb),
      mark(bytes.htmlKbBr.toFixed(1), bytes.htmlKbBr <= TARGETS.htmlKb),
      String(m.requests),
    ].join(' | '),
  )
  return [header, `|${' --- |'.repeat(12)}`, ...rows.map((row) => `| ${row} |`)].join('\n')
}

interface AuditSummary {
  id: string
  title: string
  weight: number
  /** Route → worst score over the runs and what Lighthouse displayed with it. */
  routes: Record<string, { score: number; displayValue: string }>
}

/** Every audit that scored below 1 in any run, per category, worst run per route; sorted by id. */
function failingAudits(runsByRoute: Map<string, RunResult[]>): Record<Category, AuditSummary[]> {
  const byCategory = Object.fromEntries(
    CATEGORIES.map((category) => [category, new Map<string, AuditSummary>()]),
  )
  for (const [route, runs] of runsByRoute) {
    for (const failing of runs.flatMap((run) => run.failing)) {
      const audits = byCategory[failing.category] as Map<string, AuditSummary>
      const summary = audits.get(failing.id) ?? {
        id: failing.id,
        title: failing.title,
        weight: failing.weight,
        routes: {},
      }
      const previous = summary.routes[route]
      if (!previous || failing.score < previous.score) {
        summary.routes[route] = { score: round(failing.score, 2), displayValue: failing.displayValue }
      }
      audits.set(failing.id, summary)
    }
  }
  return Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      [...(byCategory[category]?.values() ?? [])].sort(
        (a, b) => b.weight - a.weight || a.id.localeCompare(b.id),
      ),
    ]),
  ) as Record<Category, AuditSummary[]>
}

function failingAuditsText(audits: Record<Category, AuditSummary[]>): string {
  const lines = ['Failing audits (score < 1 in any run; worst run per route):']
  for (const category of CATEGORIES) {
    const list = audits[category]
    lines.push(`\n${category}${list.length ? '' : ': none'}`)
    for (const audit of list) {
      const where = Object.entries(audit.routes)
        .map(
          ([route, { score, displayValue }]) =>
            `${route} ${score}${displayValue ? ` (${displayValue})` : ''}`,
        )
        .join(', ')
      lines.push(`- ${audit.title} [${audit.id}, weight ${audit.weight}]: ${where}`)
    }
  }
  return lines.join('\n')
}

// -----------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error(`RUNS must be a positive integer, got ${process.env.RUNS}`)
  const started = Date.now()
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
  let stub: ImageStub | undefined
  let server: RunningServer | undefined
  try {
    stub = await startImageStub()
    console.log(`bench: image stub at ${stub.origin}; building into ${path.relative(root, DIST)}/ …`)
    await build({ cwd: root, imageOrigin: stub.origin, dist: DIST, ssrDist: SSR_DIST })

    const budgets = measureRoutes(DIST).filter((budget) => !ROUTES || ROUTES.includes(budget.route))
    const unknown = ROUTES?.filter((route) => !budgets.some((budget) => budget.route === route)) ?? []
    if (unknown.length) throw new Error(`ROUTES not in the build: ${unknown.join(', ')}`)
    const sizes = photoSizesIn(DIST, stub.origin)
    await stub.prepare(sizes)
    server = await startServer({ root: DIST, port: 0, host: '127.0.0.1' })
    const origin = server.url
    console.log(`bench: built (${elapsed()}); ${sizes.size} photo sizes ready; serving at ${origin}`)

    const runsByRoute = new Map<string, RunResult[]>()
    for (const { route } of budgets) {
      const runs: RunResult[] = []
      for (let run = 1; run <= RUNS; run += 1) {
        const measured = await runLighthouse(origin + route, CATEGORIES, 'bench')
        const result: RunResult = {
          ...summarize(measured.lhr),
          browserVersion: measured.browserVersion,
          report: measured.report,
        }
        writeFileSync(lhrFile(route, run), result.report)
        runs.push(result)
        const { performance, lcpMs } = result.metrics
        console.log(`bench: ${route} ${run}/${RUNS}: performance ${performance}, LCP ${lcpMs.toFixed(0)} ms`)
      }
      runsByRoute.set(route, runs)
    }

    const reports = budgets.map((budget) => routeReport(budget, runsByRoute.get(budget.route) ?? []))
    const audits = failingAudits(runsByRoute)
    const first = [...runsByRoute.values()][0]?.[0]
    const results = {
      date: new Date().toISOString(),
      runs: RUNS,
      environment: {
        node: process.version,
        chromium: first?.browserVersion.replace(/^\D*\//, '') ?? 'unknown',
        lighthouse: first?.lighthouseVersion ?? 'unknown',
        platform: `${platform()} ${arch()}`,
        cpus: cpus().length,
      },
      setup: {
        preset: 'Lighthouse default config: mobile, simulated throttling',
        photos: 'local JPEG stub via build-time IMAGE_ORIGIN (plain HTTP on 127.0.0.1)',
        siteUrl: 'production SITE_URL (canonical as shipped)',
        analytics: ANALYTICS
          ? {
              plausible: process.env.PLAUSIBLE_DOMAIN ? 'Events API answered by the local stub' : 'off',
              ga4: process.env.GA4_ID ? 'consent notice shown, never answered: no request to Google' : 'off',
            }
          : 'off',
      },
      targets: TARGETS,
      routes: reports,
      failingAudits: audits,
    }
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`)

    console.log(`\n${table(reports)}\n`)
    const { fcpMs, lcpMs, tbtMs, cls, firstLoadJsKb, htmlKb } = TARGETS
    console.log(
      `Medians of ${RUNS} run(s). ✗ = misses the target: scores 100, FCP ≤ ${fcpMs / 1000} s, ` +
        `LCP ≤ ${lcpMs / 1000} s, TBT ≤ ${tbtMs} ms, CLS ≤ ${cls}, JS ≤ ${firstLoadJsKb} KB, ` +
        `HTML ≤ ${htmlKb} KB (KB = 1024 bytes, brotli).\n`,
    )
    console.log(failingAuditsText(audits))
    if (stub.lateSizes.size) {
      console.log(
        `\nPhoto sizes made during measurement (first run paid for them): ${[...stub.lateSizes].join(', ')}`,
      )
    }
    console.log(
      `\nbench: wrote ${path.relative(root, RESULTS)}; full reports in bench/lhr-*.json (${elapsed()})`,
    )
  } finally {
    await server?.close()
    await stub?.close()
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
