/**
 * One run of the smoke kit (index.ts is its command line; the kit's tests call this in-process too):
 * 1. Parse the command line (cli.ts); --help prints and exits.
 * 2. Reach the deployment once: no answer at all means exit 2, in one line.
 * 3. Run the groups of checks in order; the files group reads the sitemap that the later ones follow.
 * 4. Print the summary, write junit.xml and report.txt next to the screenshots, exit 0 or 1.
 */
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromiumPath } from '../lib/offline-images'
import { CHECK_NAMES, type CheckName } from './checks'
import { CannotRun, EXIT, helpText, parseArgs } from './cli'
import { Results, SmokeContext } from './context'
import { checkFiles } from './files'
import { checkHeaders } from './headers'
import { describeNetworkError, get } from './http'
import { checkHydration, checkMobileMenu } from './interactions'
import { checkPages } from './pages'
import { checkQuoteForm } from './quote-form'
import { junitXml, outcomes, reportText, summaryLines } from './reporter'

interface Group {
  title: string
  checks: readonly CheckName[]
  /** Runs even when none of its checks is selected (the files group finds the pages). */
  always?: boolean
  browser?: boolean
  run(ctx: SmokeContext): Promise<void>
}

/** Fed by every tab of every group: their time is the whole run. */
const RUN_WIDE: readonly CheckName[] = ['console-errors', 'failed-requests', 'csp-violations']

const GROUPS: readonly Group[] = [
  {
    title: 'sitemap, robots.txt, status codes',
    checks: ['sitemap', 'robots', 'page-status', 'not-found'],
    always: true,
    run: checkFiles,
  },
  { title: 'response headers', checks: ['security-headers', 'caching', 'compression'], run: checkHeaders },
  {
    title: 'every page at 1280 and 390 px',
    checks: [
      'head-tags',
      'single-h1',
      'landmarks',
      'images',
      'contact-links',
      'whatsapp-button',
      ...RUN_WIDE,
    ],
    browser: true,
    run: checkPages,
  },
  { title: 'hydration', checks: ['hydration'], browser: true, run: checkHydration },
  { title: 'mobile menu', checks: ['mobile-menu'], browser: true, run: checkMobileMenu },
  {
    title: 'quote form',
    checks: ['form-fields', 'form-empty', 'form-submit'],
    browser: true,
    run: checkQuoteForm,
  },
]

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

const progress = (text: string) => {
  if (process.stderr.isTTY) process.stderr.write(`… ${text}\n`)
}

/** Where the run prints: the console on the command line. */
export interface Output {
  log(line: string): void
  error(line: string): void
}

/** Runs the kit as `npm run smoke -- <argv>` does and returns its exit status. */
export async function runSmoke(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: Output = console,
): Promise<number> {
  let parsed
  try {
    parsed = parseArgs(argv, env)
  } catch (error) {
    if (error instanceof CannotRun) {
      out.error(`smoke: ${error.message}`)
      return EXIT.cannotRun
    }
    throw error
  }
  if (parsed.help) {
    out.log(helpText())
    return EXIT.passed
  }
  const { options } = parsed
  const results = new Results(options.only)
  const groups = GROUPS.filter((group) => group.always || results.wants(...group.checks))
  if (groups.some((group) => group.browser && results.wants(...group.checks)) && !existsSync(chromiumPath)) {
    out.error(
      `smoke: Chromium not found at ${chromiumPath}: install the Debian package chromium (apt-get install chromium) or set PUPPETEER_EXECUTABLE_PATH`,
    )
    return EXIT.cannotRun
  }

  try {
    await get(`${options.origin}/`, { timeout: options.timeout })
  } catch (error) {
    out.log(`Cannot reach ${options.origin}: ${describeNetworkError(error)}. No check was run.`)
    return EXIT.unreachable
  }

  await mkdir(options.outDir, { recursive: true })
  const ctx = new SmokeContext(options, results)
  const started = Date.now()
  const stop = () => void ctx.close().finally(() => process.exit(EXIT.failed))
  process.once('SIGINT', stop).once('SIGTERM', stop)
  try {
    for (const group of groups) {
      progress(group.title)
      const groupStarted = Date.now()
      try {
        await group.run(ctx)
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
        for (const name of group.checks) results.fail(name, `could not run: ${message}`)
      }
      const seconds = (Date.now() - groupStarted) / 1000
      for (const name of group.checks) if (!RUN_WIDE.includes(name)) results.seconds.set(name, seconds)
    }
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop)
    await ctx.close()
  }
  const seconds = (Date.now() - started) / 1000
  for (const name of RUN_WIDE) results.seconds.set(name, seconds)

  const list = outcomes(results, CHECK_NAMES)
  const shownOut = path.relative(process.cwd(), options.outDir) || '.'
  const heading =
    `Smoke test of ${options.origin}` +
    (options.siteOrigin !== options.origin ? ` (canonical origin ${options.siteOrigin})` : '') +
    `: ${plural(ctx.routes.length, 'page')}, ${plural(list.length, 'check')}, ${seconds.toFixed(1)} s`
  await writeFile(
    path.join(options.outDir, 'junit.xml'),
    junitXml(list, { baseUrl: options.origin, timestamp: new Date(started), seconds }),
  )
  await writeFile(path.join(options.outDir, 'report.txt'), reportText(list, heading))
  out.log(heading)
  out.log(
    `Screenshots, junit.xml and report.txt (every problem in full): ${shownOut.startsWith('..') ? options.outDir : shownOut}/`,
  )
  for (const line of summaryLines(list)) out.log(line)
  return list.every((outcome) => outcome.passed) ? EXIT.passed : EXIT.failed
}
