/**
 * Comparing Lighthouse benchmark: `npm run bench:compare` (~2 min of builds, then ~10 s per Lighthouse run:
 * 5 rounds × 3 variants × 5 routes ≈ 13 min; `ROUTES=/ ROUNDS=5` ≈ 3 min).
 *   ROUNDS=7 npm run bench:compare             rounds (default 5, at least 3)
 *   ROUTES=/,/servicios npm run bench:compare  only these routes (comma-separated; default every page)
 *   REF=a4cd813 npm run bench:compare          the git ref to compare against (default: the last commit on
 *                                              main that changed src/, renderer/, index.html or the host rules)
 *   VARIANTS=tree,nojs,tree-nocoop …           which variants (default tree,ref,nojs; see below)
 *   REF_MODULES=/other/node_modules …          build REF with these node_modules (another checkout's
 *                                              `npm ci`), to compare toolchains: tree on this one's
 *
 * This machine is noisy (2 cores shared with other work; Lighthouse's benchmarkIndex moves by 2× within an
 * hour), so a figure alone means nothing: only differences measured in the same minutes do. Variants:
 *   tree   the working tree as it is now (uncommitted changes included)
 *   ref    REF, exported with `git archive` into a temp folder that borrows this checkout's node_modules
 *          (or REF_MODULES: the ref is then built with that checkout's packages)
 *   nojs   the tree's build with every app script removed: the loader, its <template> of module scripts,
 *          modulepreloads and react-router's hydration data (JSON-LD stays: it is data, not a script).
 *          Same HTML and CSS otherwise, same headers: the limit hydration is measured against.
 *   photos  the working tree built from a copy of content/ in which the owner uploaded the home cover
 *          and the gallery's photos (scripts/fixtures/photo-content.ts: 4000×3000 phone JPEGs), so their copies
 *          come from our own origin; compared with tree (the stock photos), e.g.
 *          `VARIANTS=tree,photos ROUTES=/ npm run bench:compare` (the uploaded cover must keep LCP ≤ 1.3 s and below the stock cover's).
 *   <v>-nocoop  variant <v> served without Cross-Origin-Opener-Policy (for the header decision).
 * Every variant is built with IMAGE_ORIGIN at the same local photo stub (scripts/bench/lighthouse-kit.ts) and
 * served by scripts/serve.ts on its own loopback port. Each round runs every route on every variant, the
 * variants' order rotating by round, a fresh Chromium per run (Lighthouse mobile preset, performance only).
 *
 * Prints per route: median [min–max] of perf, FCP, LCP, TBT, CLS, benchmarkIndex; medians of main-thread
 * time by category (`mainthread-work-breakdown`); then each variant against each reference (ref, nojs) as
 * the difference of medians with the per-round paired differences, and a verdict: "within noise" unless
 * the difference exceeds both variants' IQR and at least 4 of 5 paired rounds agree on its sign. Last, the
 * issue's targets for the tree (TBT ≤ nojs + 50 ms, perf ≥ nojs − 2, LCP and CLS not worse than nojs beyond
 * noise, not worse than ref beyond noise). Writes bench/compare.json; every report as
 * bench/lhr-compare-<variant>-<page>-<round>.json (git-ignored).
 * Exits non-zero only when something breaks (git, build, Chromium, Lighthouse), never on a missed target.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { arch, cpus, platform, tmpdir } from 'node:os'
import path from 'node:path'
import type { Result } from 'lighthouse'
import { measureRoutes, routeHtmlFiles, toKb } from '../lib/budgets'
import { build, photoSizesIn, runLighthouse, startImageStub, type ImageStub } from './lighthouse-kit'
import { writePhotoContent } from '../fixtures/photo-content'
import { quantile, spread } from './statistics'
import { headersFor, makeNoJsCopy } from './variants'
import { startServer, type RunningServer } from '../serve'

const root = path.resolve(import.meta.dirname, '../..')
const benchDir = path.join(root, 'bench')
const RESULTS = path.join(benchDir, 'compare.json')
/** The working tree's build (git-ignored, removed after the run); the ref and no-JS copy go to a temp folder. */
const TREE_OUT = path.join(benchDir, 'compare-build')
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const ROUTES = process.env.ROUTES?.split(',')
  .map((route) => route.trim())
  .filter(Boolean)
const VARIANTS = (process.env.VARIANTS ?? 'tree,ref,nojs')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)
/** The paths whose last change on main makes the default reference. */
// The host rules moved from scripts/lib/ to scripts/hosts/ (2026-11-25): a reference older than that names the old path.
const REF_PATHS = ['src', 'renderer', 'index.html', 'scripts/hosts/host-rules.ts', 'scripts/lib/host-rules.ts']
const BASES = ['tree', 'ref', 'nojs', 'photos'] as const
type Base = (typeof BASES)[number]
/** What the other variants are compared with; tree too when photos is measured (photos against tree). */
const REFERENCES = ['ref', 'nojs', 'tree']

const page = (route: string) => (route === '/' ? 'inicio' : route.slice(1).replaceAll('/', '-'))

// -----------------------------------------------------------------------------------------------------------
// Variants

interface Variant {
  name: string
  base: Base
  coop: boolean
}

function parseVariants(names: string[]): Variant[] {
  return names.map((name) => {
    const base = name.replace(/-nocoop$/, '')
    if (!(BASES as readonly string[]).includes(base))
      throw new Error(`unknown variant ${name}: use ${BASES.join(', ')}, optionally with -nocoop`)
    return { name, base: base as Base, coop: !name.endsWith('-nocoop') }
  })
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
}

/** REF, or the last commit on main that changed what the visitor gets. */
function referenceCommit(): { commit: string; subject: string } {
  const ref = process.env.REF || git('log', '-1', '--format=%H', 'main', '--', ...REF_PATHS)
  if (!ref) throw new Error(`no commit on main changed ${REF_PATHS.join(', ')}: set REF`)
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`)
  return { commit, subject: git('log', '-1', '--format=%h %s', commit) }
}

/** The commit's files in a temp folder (git archive), with this checkout's node_modules linked in. */
function exportCommit(commit: string, into: string): void {
  mkdirSync(into, { recursive: true })
  const archive = path.join(into, '..', 'ref.tar')
  execFileSync('git', ['archive', '--format=tar', '-o', archive, commit], { cwd: root })
  execFileSync('tar', ['-xf', archive, '-C', into])
  rmSync(archive)
  const modules = process.env.REF_MODULES ? path.resolve(process.env.REF_MODULES) : path.join(root, 'node_modules')
  symlinkSync(modules, path.join(into, 'node_modules'), 'dir')
}

// -----------------------------------------------------------------------------------------------------------
// Lighthouse

interface RunMetrics {
  performance: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  benchmarkIndex: number
  /** Main-thread time (ms) by Lighthouse's task group: scriptEvaluation, styleLayout, parseHTML … */
  mainThread: Record<string, number>
}

const SCALARS = ['performance', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'benchmarkIndex'] as const
type Scalar = (typeof SCALARS)[number]

function summarize(lhr: Result): RunMetrics {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const mainThread: Record<string, number> = {}
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details
  if (breakdown?.type === 'table') {
    for (const item of breakdown.items) mainThread[String(item.group)] = Number(item.duration)
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThread,
  }
}

// -----------------------------------------------------------------------------------------------------------
// Statistics

interface Difference {
  /** median(variant) − median(reference). */
  delta: number
  /** variant − reference per round (same round, same minutes). */
  paired: number[]
  beyondNoise: boolean
}

function difference(variant: number[], reference: number[]): Difference {
  const a = spread(variant)
  const b = spread(reference)
  const delta = a.median - b.median
  const paired = variant.map((value, index) => value - (reference[index] ?? Number.NaN))
  const sameSign = paired.filter((value) => Math.sign(value) === Math.sign(delta) && value !== 0).length
  const beyondNoise =
    delta !== 0 && Math.abs(delta) > Math.max(a.iqr, b.iqr) && sameSign >= Math.ceil(paired.length * 0.8)
  return { delta, paired, beyondNoise }
}

// -----------------------------------------------------------------------------------------------------------
// Report

const FORMAT: Record<Scalar, (value: number) => string> = {
  performance: (value) => value.toFixed(0),
  fcpMs: (value) => value.toFixed(0),
  lcpMs: (value) => value.toFixed(0),
  tbtMs: (value) => value.toFixed(0),
  cls: (value) => value.toFixed(3),
  benchmarkIndex: (value) => value.toFixed(0),
}
const LABEL: Record<Scalar, string> = {
  performance: 'Perf',
  fcpMs: 'FCP ms',
  lcpMs: 'LCP ms',
  tbtMs: 'TBT ms',
  cls: 'CLS',
  benchmarkIndex: 'benchmarkIndex',
}
const signed = (text: string) => (text.startsWith('-') || /^0(\.0+)?$/.test(text) ? text : `+${text}`)

type RunsByVariant = Map<string, RunMetrics[]>

function routeTables(route: string, runs: RunsByVariant, variants: Variant[]): string {
  const lines = [`### ${route}`, '']
  lines.push(`| variant | ${SCALARS.map((key) => LABEL[key]).join(' | ')} |`)
  lines.push(`| --- |${' --- |'.repeat(SCALARS.length)}`)
  for (const { name } of variants) {
    const cells = SCALARS.map((key) => {
      const s = spread((runs.get(name) ?? []).map((run) => run[key]))
      return `${FORMAT[key](s.median)} [${FORMAT[key](s.min)}–${FORMAT[key](s.max)}]`
    })
    lines.push(`| ${name} | ${cells.join(' | ')} |`)
  }
  const groups = [
    ...new Set(
      variants.flatMap(({ name }) => (runs.get(name) ?? []).flatMap((r) => Object.keys(r.mainThread))),
    ),
  ]
  if (groups.length) {
    lines.push(
      '',
      'Main-thread time by category, ms (medians):',
      '',
      `| variant | ${groups.join(' | ')} | total |`,
    )
    lines.push(`| --- |${' --- |'.repeat(groups.length + 1)}`)
    for (const { name } of variants) {
      const list = runs.get(name) ?? []
      const cells = groups.map((group) =>
        quantile(
          list.map((run) => run.mainThread[group] ?? 0),
          0.5,
        ),
      )
      const total = quantile(
        list.map((run) => Object.values(run.mainThread).reduce((sum, value) => sum + value, 0)),
        0.5,
      )
      lines.push(`| ${name} | ${[...cells, total].map((value) => value.toFixed(0)).join(' | ')} |`)
    }
  }
  for (const reference of REFERENCES.filter(
    (ref) => runs.has(ref) && (ref !== 'tree' || runs.has('photos')),
  )) {
    lines.push('', `Against ${reference}: Δ of medians (paired per-round Δ), verdict:`, '')
    lines.push(
      `| variant | ${SCALARS.filter((key) => key !== 'benchmarkIndex')
        .map((key) => LABEL[key])
        .join(' | ')} |`,
    )
    lines.push(`| --- |${' --- |'.repeat(SCALARS.length - 1)}`)
    for (const { name } of variants.filter((variant) => variant.name !== reference)) {
      const cells = SCALARS.filter((key) => key !== 'benchmarkIndex').map((key) => {
        const d = difference(
          (runs.get(name) ?? []).map((run) => run[key]),
          (runs.get(reference) ?? []).map((run) => run[key]),
        )
        const paired = d.paired.map((value) => signed(FORMAT[key](value))).join(' ')
        return `${signed(FORMAT[key](d.delta))} (${paired}) ${d.beyondNoise ? '**beyond noise**' : 'within noise'}`
      })
      lines.push(`| ${name} | ${cells.join(' | ')} |`)
    }
  }
  return lines.join('\n')
}

interface TargetCheck {
  target: string
  met: boolean
  detail: string
}

/**
 * The issues' targets for the working tree, against the no-JS copy and the reference; on the home page, also
 * the uploaded cover's (its LCP must stay ≤ 1.3 s and below the stock cover's). Elsewhere the largest paint
 * is text or a photo below the cover's place, so photos against tree is reported in the tables only.
 */
function targets(route: string, runs: RunsByVariant): TargetCheck[] {
  const tree = runs.get('tree')
  if (!tree) return []
  const of = (list: RunMetrics[], key: Scalar) => list.map((run) => run[key])
  const checks: TargetCheck[] = []
  const photos = runs.get('photos')
  if (photos && route === '/') {
    const lcp = spread(of(photos, 'lcpMs'))
    checks.push({
      target: 'photos: LCP ≤ 1.3 s',
      met: lcp.median <= 1300,
      detail: `${lcp.median.toFixed(0)} ms`,
    })
    const d = difference(of(photos, 'lcpMs'), of(tree, 'lcpMs'))
    checks.push({
      target: 'photos: LCP lower than tree',
      met: d.delta < 0,
      detail: `Δ ${FORMAT.lcpMs(d.delta)} (${d.beyondNoise ? 'beyond' : 'within'} noise)`,
    })
  }
  const nojs = runs.get('nojs')
  if (nojs) {
    const tbt = difference(of(tree, 'tbtMs'), of(nojs, 'tbtMs'))
    checks.push({
      target: 'TBT ≤ nojs + 50 ms',
      met: tbt.delta <= 50,
      detail: `Δ ${tbt.delta.toFixed(0)} ms`,
    })
    const perf = difference(of(tree, 'performance'), of(nojs, 'performance'))
    checks.push({ target: 'perf ≥ nojs − 2', met: perf.delta >= -2, detail: `Δ ${perf.delta.toFixed(0)}` })
    for (const key of ['lcpMs', 'cls'] as const) {
      const d = difference(of(tree, key), of(nojs, key))
      checks.push({
        target: `${LABEL[key]} not worse than nojs`,
        met: !(d.delta > 0 && d.beyondNoise),
        detail: `Δ ${FORMAT[key](d.delta)} (${d.beyondNoise ? 'beyond' : 'within'} noise)`,
      })
    }
  }
  const ref = runs.get('ref')
  if (ref) {
    const worse = SCALARS.filter((key) => key !== 'benchmarkIndex').flatMap((key) => {
      const d = difference(of(tree, key), of(ref, key))
      const bad = key === 'performance' ? d.delta < 0 : d.delta > 0
      return bad && d.beyondNoise ? [`${LABEL[key]} ${signed(FORMAT[key](d.delta))}`] : []
    })
    checks.push({
      target: 'not worse than ref beyond noise',
      met: worse.length === 0,
      detail: worse.length ? worse.join(', ') : 'no metric worse beyond noise',
    })
  }
  return checks
}

// -----------------------------------------------------------------------------------------------------------

interface Served {
  variant: Variant
  dist: string
  server: RunningServer
}

async function main(): Promise<void> {
  if (!Number.isInteger(ROUNDS) || ROUNDS < 3)
    throw new Error(`ROUNDS must be an integer ≥ 3, got ${process.env.ROUNDS}`)
  const variants = parseVariants(VARIANTS)
  const bases = new Set(variants.map((variant) => variant.base))
  const started = Date.now()
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
  const work = mkdtempSync(path.join(tmpdir(), 'bench-compare-'))
  const reference = bases.has('ref') ? referenceCommit() : undefined
  let stub: ImageStub | undefined
  const served: Served[] = []
  try {
    stub = await startImageStub()
    const origin = stub.origin
    const buildWithStub = (cwd: string, dist: string, ssrDist: string, env?: NodeJS.ProcessEnv) =>
      build({ cwd, imageOrigin: origin, dist, ssrDist, env })
    const dists: Partial<Record<Base, string>> = {}
    // The tree's server bundle must sit inside the checkout, where Node finds node_modules (as bench/dist).
    const treeDist = path.join(TREE_OUT, 'dist')
    if (bases.has('tree') || bases.has('nojs')) {
      console.log(`bench:compare: building the working tree (photos from ${stub.origin}) …`)
      await buildWithStub(root, treeDist, path.join(TREE_OUT, 'dist-server'))
      dists.tree = treeDist
    }
    if (bases.has('photos')) {
      console.log(`bench:compare: building the working tree with uploaded photos (${elapsed()}) …`)
      const content = path.join(work, 'photos', 'content')
      await writePhotoContent(content, { from: path.join(root, 'content'), hero: true, gallery: 6 })
      dists.photos = path.join(TREE_OUT, 'photos-dist')
      await buildWithStub(root, dists.photos, path.join(TREE_OUT, 'photos-dist-server'), {
        CONTENT_DIR: content,
      })
    }
    if (bases.has('nojs')) {
      dists.nojs = path.join(work, 'nojs', 'dist')
      makeNoJsCopy(treeDist, dists.nojs)
    }
    if (reference) {
      const checkout = path.join(work, 'ref', 'src')
      console.log(`bench:compare: building ref ${reference.subject} (${elapsed()}) …`)
      exportCommit(reference.commit, checkout)
      dists.ref = path.join(checkout, 'dist')
      await buildWithStub(checkout, dists.ref, path.join(checkout, 'dist-server'))
    }

    let routes = routeHtmlFiles(dists.tree ?? dists.ref ?? treeDist).map(({ route }) => route)
    if (ROUTES) {
      const unknown = ROUTES.filter((route) => !routes.includes(route))
      if (unknown.length) throw new Error(`ROUTES not in the build: ${unknown.join(', ')}`)
      routes = ROUTES
    }
    const sizes = new Set<string>()
    for (const dist of Object.values(dists))
      for (const size of photoSizesIn(dist, stub.origin)) sizes.add(size)
    await stub.prepare(sizes)
    for (const variant of variants) {
      const dist = dists[variant.base] as string
      const server = await startServer({
        root: dist,
        port: 0,
        host: '127.0.0.1',
        securityHeaders: headersFor(dist, variant.coop),
      })
      served.push({ variant, dist, server })
      console.log(`bench:compare: ${variant.name} at ${server.url}`)
    }
    console.log(
      `bench:compare: built (${elapsed()}); ${ROUNDS} rounds × ${variants.length} variants × ${routes.length} routes`,
    )

    // Bytes first: a build that cannot be measured fails before the long part.
    const firstLoadJsKb = Object.fromEntries(
      served.map(({ variant, dist }) => [
        variant.name,
        variant.base === 'nojs'
          ? {}
          : Object.fromEntries(
              measureRoutes(dist).map((budget) => [
                budget.route,
                Number(toKb(budget.firstLoadJsBytesBr).toFixed(1)),
              ]),
            ),
      ]),
    )
    const runs = new Map<string, RunsByVariant>(routes.map((route) => [route, new Map()]))
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const route of routes) {
        // Rotate the order each round, so no variant always runs first (or right after a build).
        const order = served.map((_, index) => served[(index + round - 1) % served.length] as Served)
        const line: string[] = []
        for (const { variant, server } of order) {
          const run = await runLighthouse(server.url + route, ['performance'], 'bench:compare')
          const { metrics, report } = { metrics: summarize(run.lhr), report: run.report }
          writeFileSync(
            path.join(benchDir, `lhr-compare-${variant.name}-${page(route)}-${round}.json`),
            report,
          )
          const list = runs.get(route)?.get(variant.name) ?? []
          list.push(metrics)
          runs.get(route)?.set(variant.name, list)
          line.push(`${variant.name} ${metrics.performance}/${metrics.tbtMs.toFixed(0)}`)
        }
        console.log(
          `bench:compare: round ${round}/${ROUNDS} ${route}: perf/TBT ${line.join(', ')} (${elapsed()})`,
        )
      }
    }

    const sections: string[] = []
    const results = {
      date: new Date().toISOString(),
      rounds: ROUNDS,
      reference: reference ?? null,
      variants: variants.map((variant) => variant.name),
      environment: {
        node: process.version,
        platform: `${platform()} ${arch()}`,
        cpus: cpus().length,
        setup:
          'Lighthouse default config (mobile, simulated throttling), performance only; photos from a local stub',
      },
      firstLoadJsKbBr: firstLoadJsKb,
      routes: routes.map((route) => {
        const byVariant = runs.get(route) as RunsByVariant
        sections.push(routeTables(route, byVariant, variants))
        return {
          route,
          variants: Object.fromEntries(
            variants.map(({ name }) => {
              const list = byVariant.get(name) ?? []
              return [
                name,
                {
                  ...Object.fromEntries(
                    SCALARS.map((key) => {
                      const s = spread(list.map((run) => run[key]))
                      return [key, { median: s.median, min: s.min, max: s.max, iqr: s.iqr }]
                    }),
                  ),
                  runs: list,
                },
              ]
            }),
          ),
          targets: targets(route, byVariant),
        }
      }),
    }
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`)

    console.log(
      `\n## bench:compare, ${results.date.slice(0, 16).replace('T', ' ')} UTC, ${ROUNDS} interleaved rounds` +
        (reference ? `; ref = ${reference.subject}` : ''),
    )
    console.log(
      'Cells: median [min–max]. Δ "beyond noise" = larger than both IQRs and ≥ 80 % of rounds agree.\n',
    )
    console.log(sections.join('\n\n'))
    console.log('\n### Targets (working tree)\n')
    for (const { route, targets: checks } of results.routes) {
      console.log(
        `${route}: ${checks.map((check) => `${check.met ? '✓' : '✗'} ${check.target} (${check.detail})`).join('; ')}`,
      )
    }
    console.log(
      `\nFirst-load JS, KB br: ${Object.entries(firstLoadJsKb)
        .map(([name, byRoute]) => `${name} ${Object.values(byRoute).join('/')}`)
        .join('; ')}`,
    )
    if (stub.lateSizes.size)
      console.log(`Photo sizes made during measurement: ${[...stub.lateSizes].join(', ')}`)
    console.log(`\nbench:compare: wrote ${path.relative(root, RESULTS)} (${elapsed()})`)
  } finally {
    await Promise.all(served.map(({ server }) => server.close()))
    await stub?.close()
    rmSync(work, { recursive: true, force: true })
    rmSync(TREE_OUT, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error('bench:compare failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
