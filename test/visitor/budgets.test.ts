/** @jest-environment node */
/**
 * Byte budgets of the built site (issue "performance gates"): every route's HTML document ≤ 14 KB brotli, its
 * first-load JavaScript ≤ 110 KB brotli in total, and no stylesheet or script from another host in the HTML.
 * Reads dist/ as `npm run build` left it (the browser project runs after the build in `npm test`); sizes
 * only, timings live in `npm run bench`.
 * Run alone: `npx jest test/visitor/budgets.test.ts --selectProjects chromium` (env DIST_DIR: another build).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  BUDGETS,
  brotliSize,
  crossHostResources,
  measureRoutes,
  routeHtmlFiles,
  toKb,
  type RouteBudget,
} from '../../scripts/lib/budgets'
import { pagePaths } from '../../schema/paths'

// DIST_DIR as in scripts/serve.ts, e.g. `DIST_DIR=bench/dist` to check the benchmark's build.
const distDir = path.resolve(__dirname, '../..', process.env.DIST_DIR || 'dist')
const built = existsSync(path.join(distDir, 'index.html'))
const measured: RouteBudget[] = built ? measureRoutes(distDir) : []

const kb = (bytes: number) => `${toKb(bytes).toFixed(1)} KB`

/** What a failing assertion prints: the measured figure, the budget and the files behind it. */
function jsReport({ route, firstLoadJsBytesBr, jsFiles }: RouteBudget): string {
  const files = jsFiles.map((file) => `${file} ${kb(brotliSize(path.join(distDir, file)))}`).join(', ')
  return `${route}: first-load JS ${kb(firstLoadJsBytesBr)} br (budget ${BUDGETS.firstLoadJsKb} KB): ${files}`
}

test('dist/ holds a build with every page', () => {
  if (!built) throw new Error(`${distDir}/index.html is missing: run npm run build first`)
  const missing = pagePaths.filter((route) => !measured.some((budget) => budget.route === route))
  if (missing.length)
    throw new Error(`${distDir} has no page for ${missing.join(', ')}: run npm run build first`)
})

// jest refuses an empty table: without a build, the test above is the one that fails.
if (measured.length) {
  describe.each(measured)('$route', (budget) => {
    test(`the HTML document is at most ${BUDGETS.htmlKb} KB brotli`, () => {
      const report = `${budget.route}: HTML ${kb(budget.htmlBytesBr)} br (budget ${BUDGETS.htmlKb} KB)`
      expect(toKb(budget.htmlBytesBr) <= BUDGETS.htmlKb ? 'within budget' : report).toBe('within budget')
    })

    test(`first-load JavaScript is at most ${BUDGETS.firstLoadJsKb} KB brotli in total`, () => {
      expect(budget.jsFiles.length).toBeGreaterThan(0)
      const withinBudget = toKb(budget.firstLoadJsBytesBr) <= BUDGETS.firstLoadJsKb
      expect(withinBudget ? 'within budget' : jsReport(budget)).toBe('within budget')
    })

    test('no stylesheet or script in the HTML comes from another host', () => {
      const page = routeHtmlFiles(distDir).find((candidate) => candidate.route === budget.route)
      const html = readFileSync(page?.file ?? '', 'utf8')
      expect(crossHostResources(html)).toEqual([])
    })
  })
}
