/** Command line of the smoke kit: flags, their checks, and the --help text. */
import path from 'node:path'
import { parseArgs as parseCommandLine, type ParseArgsConfig } from 'node:util'
import { CHECKS, CHECK_NAMES, isCheckName, type CheckName } from './checks'
import type { SmokeOptions } from './context'

export const EXIT = { passed: 0, failed: 1, unreachable: 2, cannotRun: 3 } as const

/** Bad usage or a machine that cannot run the kit: said in one line, exit 3. */
export class CannotRun extends Error {}

const DEFAULT_TIMEOUT = 30_000
const DEFAULT_OUT = 'smoke-report'

export function helpText(): string {
  const width = Math.max(...CHECK_NAMES.map((name) => name.length))
  return `Smoke test of a deployed AquaPuebla site: pages, headers, hydration, phone layout, quote form.

Usage: npm run smoke -- <base-url> [options]      (or set SMOKE_URL instead of <base-url>)

  <base-url>            the deployment's root, e.g. https://staging.example.mx

Options:
  --only <names>        run only these checks (comma-separated names from the list below)
  --pages <paths>       check only these pages, e.g. /,/contacto (default: every page of the sitemap)
  --site-url <url>      origin that canonical URLs, sitemap and robots.txt must name (default: the
                        base URL's origin; staging builds that point at production pass the production URL)
  --timeout <ms>        limit for each request, page load and wait (default ${DEFAULT_TIMEOUT})
  --out <dir>           screenshots (<page>-390.png, <page>-1280.png), junit.xml and report.txt
                        (default ${DEFAULT_OUT}/)
  --no-screenshots      no screenshots: the same checks, faster (a full-page screenshot is most of a visit)
  --headful             show the browser window (needs a display: DISPLAY or WAYLAND_DISPLAY)
  --submit-real         let ONE real quote request through to the company's inbox, named 'PRUEBA QA'
                        and marked as a test; without it the form's POST is intercepted and answered here
  --offline-images      testing aid for machines without internet: images from other origins (the
                        stock-photo host) are answered with a local placeholder instead of being fetched
  -h, --help            this text; runs no check

Checks:
${Object.entries(CHECKS)
  .map(([name, says]) => `  ${name.padEnd(width)}  ${says}`)
  .join('\n')}

Exit status: 0 every check passed; 1 a check failed; 2 the deployment could not be reached;
3 the kit could not run (bad option, no Chromium, --headful without a display).
Chromium: PUPPETEER_EXECUTABLE_PATH, default /usr/bin/chromium (Debian package chromium).
`
}

type Parsed = { help: true } | { help: false; options: SmokeOptions }

function originOf(value: string, flag: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url) throw new CannotRun(`${flag} "${value}" is not a URL (expected e.g. https://staging.example.mx)`)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CannotRun(`${flag} "${value}" is not an http(s) URL`)
  return url.origin
}

/** A comma-separated flag's items, trimmed, empty ones dropped. */
const items = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

const FLAGS = {
  only: { type: 'string' },
  pages: { type: 'string' },
  timeout: { type: 'string' },
  'site-url': { type: 'string' },
  out: { type: 'string' },
  headful: { type: 'boolean' },
  'submit-real': { type: 'boolean' },
  'offline-images': { type: 'boolean' },
  'no-screenshots': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options']

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  let parsed
  try {
    parsed = parseCommandLine({ args: [...argv], options: FLAGS, allowPositionals: true, strict: true })
  } catch (error) {
    // node:util's own wording, its first sentence: "Unknown option '--x'", "Option '--only <value>' argument missing".
    throw new CannotRun(`${(error as Error).message.split(/\.\s|\n/)[0]} (see --help)`)
  }
  const { values, positionals } = parsed
  if (values.help) return { help: true }

  if (positionals.length > 1) throw new CannotRun(`one base URL expected, got ${positionals.join(' ')}`)
  const base = positionals[0] ?? env.SMOKE_URL
  if (!base)
    throw new CannotRun('no base URL: npm run smoke -- https://staging.example.mx (or set SMOKE_URL)')
  const origin = originOf(base, 'base URL')
  const siteUrl = values['site-url']

  let only = new Set<CheckName>(CHECK_NAMES)
  if (values.only !== undefined) {
    const names = items(values.only)
    const unknown = names.filter((name) => !isCheckName(name))
    if (unknown.length > 0)
      throw new CannotRun(`unknown check ${unknown.join(', ')}; checks are: ${CHECK_NAMES.join(', ')}`)
    if (names.length === 0) throw new CannotRun('--only needs at least one check name')
    only = new Set(names.filter(isCheckName))
  }

  const timeout = Number(values.timeout ?? DEFAULT_TIMEOUT)
  if (!Number.isInteger(timeout) || timeout < 1000)
    throw new CannotRun(`--timeout is in milliseconds, at least 1000 (got ${values.timeout})`)

  const headful = values.headful === true
  if (headful && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    throw new CannotRun(
      '--headful needs a display, and DISPLAY is not set: run without --headful (or under xvfb-run)',
    )

  const pages = values.pages === undefined ? null : items(values.pages)
  if (pages && (pages.length === 0 || pages.some((page) => !page.startsWith('/'))))
    throw new CannotRun(`--pages takes paths starting with /, e.g. /,/contacto`)

  return {
    help: false,
    options: {
      origin,
      siteOrigin: siteUrl === undefined ? origin : originOf(siteUrl, '--site-url'),
      only,
      pages,
      timeout,
      headful,
      submitReal: values['submit-real'] === true,
      outDir: path.resolve(values.out ?? DEFAULT_OUT),
      screenshots: values['no-screenshots'] !== true,
      offlineImages: values['offline-images'] === true,
    },
  }
}
