/**
 * Smoke test of a deployment, for QA after every upload: `npm run smoke -- https://staging.example.mx`
 * (or SMOKE_URL). `--help` lists the flags and every check. Chromium: PUPPETEER_EXECUTABLE_PATH
 * (default /usr/bin/chromium); nothing is downloaded.
 *
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

async function main(): Promise<number> {
  let parsed
  try {
    parsed = parseArgs(process.argv.slice(2), process.env)
  } catch (error) {
    if (error instanceof CannotRun) {
      console.error(`smoke: ${error.message}`)
      return EXIT.cannotRun
    }
    throw error
  }
  if (parsed.help) {
    console.log(helpText())
    return EXIT.passed
  }
  const { options } = parsed
  const results = new Results(options.only)
  const groups = GROUPS.filter((group) => group.always || results.wants(...group.checks))
  if (groups.some((group) => group.browser && results.wants(...group.checks)) && !existsSync(chromiumPath)) {
    console.error(
      `smoke: Chromium not found at ${chromiumPath}: install the Debian package chromium (apt-get install chromium) or set PUPPETEER_EXECUTABLE_PATH`,
    )
    return EXIT.cannotRun
  }

  try {
    await get(`${options.origin}/`, { timeout: options.timeout })
  } catch (error) {
    console.log(`Cannot reach ${options.origin}: ${describeNetworkError(error)}. No check was run.`)
    return EXIT.unreachable
  }

  await mkdir(options.outDir, { recursive: true })
  const ctx = new SmokeContext(options, results)
  const started = Date.now()
  const stop = () => void ctx.close().finally(() => process.exit(EXIT.failed))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
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
  console.log(heading)
  console.log(
    `Screenshots, junit.xml and report.txt (every problem in full): ${shownOut.startsWith('..') ? options.outDir : shownOut}/`,
  )
  for (const line of summaryLines(list)) console.log(line)
  return list.every((outcome) => outcome.passed) ? EXIT.passed : EXIT.failed
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`smoke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(EXIT.cannotRun)
  },
)
