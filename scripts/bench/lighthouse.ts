/**
 * The Lighthouse benchmark, `npm run bench`: the working tree (`tree`) against another commit (`ref`) and the tree's
 * build without its scripts (`nojs`), interleaved round by round, each route in a fresh Chromium with Lighthouse's
 * mobile preset. What it measures and how to read it: docs/performance.md. About 1 min per build, then ~12 s per run.
 *   ROUNDS=7 npm run bench               rounds (default 5, at least 3)
 *   ROUTES=/,/servicios npm run bench    only these routes (default: every page)
 *   REF=a4cd813 npm run bench            the commit to compare with (default HEAD when the working tree has changes
 *                                        to what visitors get, else HEAD~1: what the last commit changed)
 * Analytics builds as for `npm run build` (PLAUSIBLE_DOMAIN, GA4_ID); the photo stub answers Plausible, and GA4's
 * consent notice is never answered, so nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { arch, cpus, platform, tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import lighthouse, { type Result } from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { BUDGETS, measureRoutes, routeHtmlFiles, toKb } from '../lib/budgets'
import { buildInto } from '../lib/build-into'
import { chromiumArgs, chromiumPath } from '../lib/offline-images'
import { samplePhoto } from '../fixtures/sample-photos'
import { startServer, type RunningServer } from '../serve'
import { difference, spread } from './statistics'

const root = path.resolve(import.meta.dirname, '../..')
const benchDir = path.join(root, 'bench')
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const ROUTES = process.env.ROUTES?.split(',')
  .map((item) => item.trim())
  .filter(Boolean)
/** What visitors get: a change here makes the tree differ from HEAD. */
const VISITOR_PATHS = [
  'src',
  'pages',
  'renderer',
  'schema',
  'content',
  'index.html',
  'scripts/build',
  'scripts/hosts',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
const page = (route: string) => (route === '/' ? 'inicio' : route.slice(1).replaceAll('/', '-'))
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

// 1. Photo stub ------------------------------------------------------------------------------------------------

/** `960x640` from a photo URL's w and h (what StockImage asks for), bounded to what a page could use. */
function photoSize(url: URL): string {
  const clamp = (value: number, fallback: number) =>
    Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), 2400) : fallback
  const width = clamp(Number(url.searchParams.get('w')), 960)
  return `${width}x${clamp(Number(url.searchParams.get('h')), Math.round((width * 2) / 3))}`
}

async function startPhotoStub() {
  const jpegs = new Map<string, Promise<Buffer>>()
  const lateSizes = new Set<string>()
  let measuring = false
  const jpeg = (size: string) => {
    if (!jpegs.has(size)) {
      if (measuring) lateSizes.add(size)
      const [width = 960, height = 640] = size.split('x').map(Number)
      jpegs.set(size, samplePhoto({ width, height, gps: false, quality: 70 }))
    }
    return jpegs.get(size)!
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub.invalid')
    // Plausible's Events API, for analytics builds: accepted, as plausible.io answers.
    if (url.pathname === '/api/event' && req.method === 'POST') {
      req.resume()
      return res.writeHead(202, { 'Access-Control-Allow-Origin': '*' }).end('ok')
    }
    if (!url.pathname.startsWith('/photo-')) return res.writeHead(404).end('Not Found')
    jpeg(photoSize(url)).then(
      (body) =>
        res
          .writeHead(200, {
            'Content-Type': 'image/jpeg',
            'Cache-Control': 'public, max-age=31536000, immutable',
            'Access-Control-Allow-Origin': '*',
            'Timing-Allow-Origin': '*',
          })
          .end(body),
      () => res.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    lateSizes,
    /** Makes every photo size the built pages name (src and srcset) before anything is measured. */
    async prepare(dists: string[]) {
      const pattern = new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/photo-[^\\s"',]+`, 'g')
      const sizes = dists.flatMap((dist) =>
        routeHtmlFiles(dist).flatMap(({ file }) =>
          [...readFileSync(file, 'utf8').matchAll(pattern)].map(([match]) =>
            photoSize(new URL(match.replaceAll('&amp;', '&'))),
          ),
        ),
      )
      await Promise.all([...new Set(sizes)].map(jpeg))
      measuring = true
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// 2. Variants --------------------------------------------------------------------------------------------------

/** REF, or HEAD when the tree has changes visitors would get, else HEAD~1. */
function referenceCommit(): { commit: string; subject: string; why: string } {
  const changed = git('status', '--porcelain', '--', ...VISITOR_PATHS) !== ''
  const ref = process.env.REF || (changed ? 'HEAD' : 'HEAD~1')
  const why = process.env.REF ? 'REF' : changed ? 'the tree has uncommitted changes' : 'the tree is HEAD'
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`)
  return { commit, subject: git('log', '-1', '--format=%h %<(60,trunc)%s', commit).trim(), why }
}

/** The commit's files in `into` (git archive), with this checkout's node_modules linked in. */
function exportCommit(commit: string, into: string): void {
  mkdirSync(into, { recursive: true })
  execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${into}"`], { cwd: root })
  symlinkSync(path.join(root, 'node_modules'), path.join(into, 'node_modules'), 'dir')
}

/** The no-JS copy of a build: every page without the app's scripts, JSON-LD kept; .br/.gz rewritten to match. */
function makeNoJsCopy(from: string, to: string): void {
  cpSync(from, to, { recursive: true })
  for (const name of readdirSync(to).filter((file) => file.endsWith('.html'))) {
    const file = path.join(to, name)
    const html = readFileSync(file, 'utf8')
      .replace(/<template id="app-scripts">[\s\S]*?<\/template>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
    if (/<script(?![^>]*application\/ld\+json)|modulepreload/.test(html))
      throw new Error(`${name} kept a script`)
    writeFileSync(file, html)
    writeFileSync(`${file}.br`, brotliCompressSync(html))
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }))
  }
}

// 3. Lighthouse ------------------------------------------------------------------------------------------------

const VARIANTS = ['tree', 'ref', 'nojs'] as const
type Variant = (typeof VARIANTS)[number]

const METRICS = {
  perf: 'Perf',
  a11y: 'A11y',
  bp: 'BP',
  seo: 'SEO',
  fcpMs: 'FCP ms',
  lcpMs: 'LCP ms',
  tbtMs: 'TBT ms',
  cls: 'CLS',
  requests: 'requests',
  benchmarkIndex: 'benchmarkIndex',
} as const
type Metric = keyof typeof METRICS
const metrics = Object.keys(METRICS) as Metric[]
/** Every metric but the machine's speed, which the variants do not choose. */
const compared = metrics.filter((m) => m !== 'benchmarkIndex')
type Run = Record<Metric, number> & { failing: string[] }

function summarize(lhr: Result): Run {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const [perf, a11y, bp, seo] = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100))
  const requests = lhr.audits['network-requests']?.details
  // Audits below 1 outside performance (whose opportunities are the timings above): what a11y, BP or SEO lost.
  const failing = CATEGORIES.slice(1).flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? []).flatMap(({ id: audit, weight }) => {
      const result = lhr.audits[audit]
      return result && weight > 0 && result.score !== null && result.score < 1
        ? [`${id}: ${result.title}`]
        : []
    }),
  )
  return {
    perf: perf!,
    a11y: a11y!,
    bp: bp!,
    seo: seo!,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    requests: requests?.type === 'table' ? requests.items.length : Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
  }
}

/** One Lighthouse load in a fresh Chromium; once more if Lighthouse lost its trace (NO_NAVSTART, ~1 run in 100). */
async function runLighthouse(url: string, retry = true): Promise<{ run: Run; report: string }> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    timeout: 15_000,
  })
  try {
    const port = Number(new URL(browser.wsEndpoint()).port)
    const options = { port, hostname: '127.0.0.1', output: 'json' as const, logLevel: 'error' as const }
    const flags = { ...options, onlyCategories: CATEGORIES, maxWaitForLoad: 30_000 }
    const result = await withTimeout(lighthouse(url, flags), 90_000, `Lighthouse on ${url}`)
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`)
    return { run: summarize(result.lhr), report: String(result.report) }
  } catch (error) {
    if (!retry || !/NO_NAVSTART|recording the trace/.test(String(error))) throw error
    console.log(`bench: ${String(error)}; running it again`)
    return runLighthouse(url, false)
  } finally {
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'))
  }
}

// 4. Report ----------------------------------------------------------------------------------------------------

const format = (metric: Metric, value: number) => value.toFixed(metric === 'cls' ? 3 : 0)
const signed = (text: string) => (/^-|^0(\.0+)?$/.test(text) ? text : `+${text}`)
const row = (cells: string[]) => `| ${cells.join(' | ')} |`
const header = (cells: string[]) => [row(cells), row(cells.map(() => '---'))]

type Runs = Map<Variant, Run[]>
const of = (runs: Runs, name: Variant, metric: Metric) => runs.get(name)!.map((run) => run[metric])

function routeReport(route: string, runs: Runs): string[] {
  const lines = [`### ${route}`, '', ...header(['variant', ...metrics.map((m) => METRICS[m])])]
  for (const name of VARIANTS) {
    const cells = metrics.map((m) => {
      const s = spread(of(runs, name, m))
      return `${format(m, s.median)} [${format(m, s.min)}–${format(m, s.max)}]`
    })
    lines.push(row([name, ...cells]))
  }
  for (const reference of ['ref', 'nojs'] as const) {
    lines.push('', `Against ${reference}: Δ of medians (Δ per round), verdict`, '')
    lines.push(...header(['variant', ...compared.map((m) => METRICS[m])]))
    for (const name of VARIANTS.filter((name) => name !== reference)) {
      const cells = compared.map((m) => {
        const d = difference(of(runs, name, m), of(runs, reference, m))
        const paired = d.paired.map((value) => signed(format(m, value))).join(' ')
        return `${signed(format(m, d.delta))} (${paired}) ${d.beyondNoise ? '**beyond noise**' : 'within noise'}`
      })
      lines.push(row([name, ...cells]))
    }
  }
  return lines
}

/** The targets for the tree (docs/performance.md): against the no-JS copy, and not worse than the reference. */
function targets(runs: Runs): string[] {
  const tree = (reference: Variant, metric: Metric) =>
    difference(of(runs, 'tree', metric), of(runs, reference, metric))
  const check = (met: boolean, what: string, detail: string) => `${met ? '✓' : '✗'} ${what} (${detail})`
  const tbt = tree('nojs', 'tbtMs').delta
  const perf = tree('nojs', 'perf').delta
  const paints = (['lcpMs', 'cls'] as const).map((metric) => {
    const d = tree('nojs', metric)
    const noise = d.beyondNoise ? 'beyond noise' : 'within noise'
    return check(
      !(d.delta > 0 && d.beyondNoise),
      `${METRICS[metric]} not worse than nojs`,
      `Δ ${format(metric, d.delta)}, ${noise}`,
    )
  })
  const worse = compared.flatMap((metric) => {
    const d = tree('ref', metric)
    const higherIsBetter = ['perf', 'a11y', 'bp', 'seo'].includes(metric)
    return (higherIsBetter ? d.delta < 0 : d.delta > 0) && d.beyondNoise
      ? [`${METRICS[metric]} ${signed(format(metric, d.delta))}`]
      : []
  })
  return [
    check(tbt <= 50, 'TBT ≤ nojs + 50 ms', `Δ ${tbt.toFixed(0)} ms`),
    check(perf >= -2, 'perf ≥ nojs − 2', `Δ ${perf.toFixed(0)}`),
    ...paints,
    check(worse.length === 0, 'nothing worse than ref beyond noise', worse.join(', ') || 'none'),
  ]
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!Number.isInteger(ROUNDS) || ROUNDS < 3) throw new Error(`ROUNDS must be an integer ≥ 3, got ${ROUNDS}`)
  const started = Date.now()
  const work = mkdtempSync(path.join(tmpdir(), 'bench-'))
  const treeOut = path.join(benchDir, 'build')
  const reference = referenceCommit()
  const stub = await startPhotoStub()
  const served: { name: Variant; dist: string; server: RunningServer }[] = []
  try {
    const env: NodeJS.ProcessEnv = { IMAGE_ORIGIN: stub.origin }
    if (process.env.PLAUSIBLE_DOMAIN && !process.env.PLAUSIBLE_SRC) env.PLAUSIBLE_SRC = stub.origin
    const checkout = path.join(work, 'ref')
    const dists = {
      tree: path.join(treeOut, 'dist'),
      ref: path.join(checkout, 'dist'),
      nojs: path.join(work, 'nojs'),
    }
    console.log(`bench: building the working tree (photos from ${stub.origin}) …`)
    // Inside the checkout, where the server bundle finds node_modules.
    await buildInto({ cwd: root, dist: dists.tree, env })
    console.log(`bench: building ref ${reference.subject} (${reference.why}; ${seconds(started)}) …`)
    exportCommit(reference.commit, checkout)
    await buildInto({ cwd: checkout, dist: dists.ref, env })
    makeNoJsCopy(dists.tree, dists.nojs)
    await stub.prepare(Object.values(dists))

    const known = routeHtmlFiles(dists.tree).map(({ route }) => route)
    const routes = ROUTES ?? known
    const unknown = routes.filter((route) => !known.includes(route))
    if (unknown.length) throw new Error(`ROUTES not in the build: ${unknown.join(', ')}`)
    for (const name of VARIANTS) {
      const server = await startServer({ root: dists[name], port: 0, host: '127.0.0.1' })
      served.push({ name, dist: dists[name], server })
    }
    console.log(
      `bench: built (${seconds(started)}); ${ROUNDS} rounds × ${VARIANTS.length} variants × ${routes.length} routes`,
    )
    /** First-load JS and HTML per route, KB brotli (the no-JS copy has no scripts, nor a manifest to find them). */
    const bytes: Record<string, Record<string, { js: number; html: number }>> = {}
    for (const { name, dist } of served.filter((variant) => variant.name !== 'nojs'))
      bytes[name] = Object.fromEntries(
        measureRoutes(dist).map((b) => [
          b.route,
          { js: +toKb(b.firstLoadJsBytesBr).toFixed(1), html: +toKb(b.htmlBytesBr).toFixed(1) },
        ]),
      )

    const runs = new Map(
      routes.map((route) => [route, new Map(VARIANTS.map((name) => [name, [] as Run[]])) as Runs]),
    )
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const route of routes) {
        // The order rotates by round: no variant always runs first, or right after the others.
        const order = served.map((_, index) => served[(index + round - 1) % served.length]!)
        const line: string[] = []
        for (const { name, server } of order) {
          const { run, report } = await runLighthouse(server.url + route)
          writeFileSync(path.join(benchDir, `lhr-${name}-${page(route)}-${round}.json`), report)
          runs.get(route)!.get(name)!.push(run)
          line.push(`${name} ${run.perf}/${run.tbtMs.toFixed(0)}`)
        }
        console.log(
          `bench: round ${round}/${ROUNDS} ${route}: perf/TBT ${line.join(', ')} (${seconds(started)})`,
        )
      }
    }

    const date = new Date().toISOString()
    const lines = [
      `## npm run bench, ${date.slice(0, 16).replace('T', ' ')} UTC, ${ROUNDS} interleaved rounds; ` +
        `ref = ${reference.subject} (${reference.why})`,
      'Cells: median [min–max]. "beyond noise": larger than both IQRs and ≥ 80 % of rounds agree on the sign.',
      ...(ROUNDS < 5
        ? ['Fewer than 5 rounds: all must agree, which chance alone does often; a verdict here is weak.']
        : []),
    ]
    for (const [route, byVariant] of runs) lines.push('', ...routeReport(route, byVariant))
    lines.push('', '### Targets (tree)', '')
    for (const [route, byVariant] of runs) lines.push(`${route}: ${targets(byVariant).join('; ')}`)
    lines.push('', `First-load JS / HTML, KB br (budgets ${BUDGETS.firstLoadJsKb} / ${BUDGETS.htmlKb}):`)
    for (const [name, byRoute] of Object.entries(bytes))
      lines.push(
        `  ${name}: ${Object.entries(byRoute)
          .map(([r, b]) => `${r} ${b.js}/${b.html}`)
          .join(', ')}`,
      )
    const failing = [...runs].flatMap(([route, byVariant]) =>
      [...new Set(byVariant.get('tree')!.flatMap((run) => run.failing))].map(
        (audit) => `  ${route} ${audit}`,
      ),
    )
    lines.push(
      '',
      `Audits below 1 outside performance (tree, any round): ${failing.length ? '' : 'none'}`,
      ...failing,
    )
    if (stub.lateSizes.size)
      lines.push(`Photo sizes made during measurement: ${[...stub.lateSizes].join(', ')}`)
    console.log(`\n${lines.join('\n')}`)

    const results = {
      date,
      rounds: ROUNDS,
      reference,
      environment: { node: process.version, platform: `${platform()} ${arch()}`, cpus: cpus().length },
      setup:
        'Lighthouse default config (mobile, simulated throttling), four categories; photos from a local stub',
      bytes,
      routes: Object.fromEntries(
        [...runs].map(([route, byVariant]) => [
          route,
          { variants: Object.fromEntries(byVariant), targets: targets(byVariant) },
        ]),
      ),
    }
    writeFileSync(path.join(benchDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
    console.log(`\nbench: wrote bench/results.json; reports in bench/lhr-*.json (${seconds(started)})`)
  } finally {
    await Promise.all(served.map(({ server }) => server.close()))
    await stub.close()
    rmSync(work, { recursive: true, force: true })
    rmSync(treeOut, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
