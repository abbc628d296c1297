/** Command line of the smoke kit: flags, their checks, and the --help text. */
import path from 'node:path'
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
  --headful             show the browser window (needs a display: DISPLAY or WAYLAND_DISPLAY)
  --submit-real         let ONE real quote request through to the company's inbox, named 'PRUEBA QA'
                        and marked as a test; without it the form's POST is intercepted and answered here
  --offline-images      testing aid for machines without internet: images from other origins (the
                        stock-photo host) are answered with a local placeholder instead of being fetched
  -h, --help            this text; runs no check

Checks:
${CHECKS.map((check) => `  ${check.name.padEnd(width)}  ${check.says}`).join('\n')}

Exit status: 0 every check passed; 1 a check failed; 2 the deployment could not be reached;
3 the kit could not run (bad option, no Chromium, --headful without a display).
Chromium: PUPPETEER_EXECUTABLE_PATH, default /usr/bin/chromium (Debian package chromium).
`
}

export type Parsed = { help: true } | { help: false; options: SmokeOptions }

function originOf(value: string, flag: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new CannotRun(`${flag} "${value}" is not a URL (expected e.g. https://staging.example.mx)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CannotRun(`${flag} "${value}" is not an http(s) URL`)
  }
  return url.origin
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  const flags = new Map<string, string | true>()
  const positional: string[] = []
  const takesValue = new Set(['--only', '--pages', '--timeout', '--site-url', '--out'])
  const switches = new Set(['--headful', '--submit-real', '--offline-images', '--help', '-h'])
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (!arg.startsWith('-')) {
      positional.push(arg)
      continue
    }
    const [name = '', inline] = arg.split(/=(.*)/s, 2)
    if (switches.has(name)) {
      if (inline !== undefined) throw new CannotRun(`${name} takes no value`)
      flags.set(name, true)
    } else if (takesValue.has(name)) {
      const value = inline ?? argv[++i]
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        throw new CannotRun(`${name} needs a value`)
      }
      flags.set(name, value)
    } else {
      throw new CannotRun(`unknown option ${arg} (see --help)`)
    }
  }
  if (flags.has('--help') || flags.has('-h')) return { help: true }

  if (positional.length > 1) throw new CannotRun(`one base URL expected, got ${positional.join(' ')}`)
  const base = positional[0] ?? env.SMOKE_URL
  if (!base)
    throw new CannotRun('no base URL: npm run smoke -- https://staging.example.mx (or set SMOKE_URL)')
  const origin = originOf(base, 'base URL')
  const siteUrl = flags.get('--site-url')
  const siteOrigin = typeof siteUrl === 'string' ? originOf(siteUrl, '--site-url') : origin

  let only: Set<CheckName> = new Set(CHECK_NAMES)
  const onlyValue = flags.get('--only')
  if (typeof onlyValue === 'string') {
    const names = onlyValue
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    const unknown = names.filter((name) => !isCheckName(name))
    if (unknown.length > 0) {
      throw new CannotRun(`unknown check ${unknown.join(', ')}; checks are: ${CHECK_NAMES.join(', ')}`)
    }
    if (names.length === 0) throw new CannotRun('--only needs at least one check name')
    only = new Set(names.filter(isCheckName))
  }

  const timeoutValue = flags.get('--timeout')
  const timeout = typeof timeoutValue === 'string' ? Number(timeoutValue) : DEFAULT_TIMEOUT
  if (!Number.isInteger(timeout) || timeout < 1000) {
    throw new CannotRun(`--timeout is in milliseconds, at least 1000 (got ${timeoutValue})`)
  }

  const headful = flags.has('--headful')
  if (headful && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    throw new CannotRun(
      '--headful needs a display, and DISPLAY is not set: run without --headful (or under xvfb-run)',
    )
  }

  const pagesValue = flags.get('--pages')
  let pages: string[] | null = null
  if (typeof pagesValue === 'string') {
    pages = pagesValue
      .split(',')
      .map((page) => page.trim())
      .filter(Boolean)
    const bad = pages.filter((page) => !page.startsWith('/'))
    if (pages.length === 0 || bad.length > 0)
      throw new CannotRun(`--pages takes paths starting with /, e.g. /,/contacto`)
  }

  const out = flags.get('--out')
  return {
    help: false,
    options: {
      origin,
      siteOrigin,
      only,
      pages,
      timeout,
      headful,
      submitReal: flags.has('--submit-real'),
      outDir: path.resolve(typeof out === 'string' ? out : DEFAULT_OUT),
      offlineImages: flags.has('--offline-images'),
    },
  }
}
