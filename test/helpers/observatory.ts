/**
 * A HAND COPY of Mozilla's HTTP Observatory scoring (the npm package @mdn/mdn-http-observatory 1.4.8, scoring
 * ALGORITHM_VERSION 4): src/grader/charts.js for the modifiers and grades, src/analyzer/tests/*.js for how each test
 * reads the headers. Checked against that release on 2026-11-25: every result name and modifier used here is the
 * same as the scanner's. Why not the package itself (decision 033): its `scan()` takes a host name only, with no
 * port, so it cannot reach a test server on a free loopback port; its install script downloads the HSTS preload
 * and TLD lists from the internet (this machine and CI are offline), and without them its own HSTS test stops on
 * the missing file; it brings Postgres, Fastify and Sentry (233 packages, 131 MB) for one function. When the
 * Observatory publishes a new ALGORITHM_VERSION, compare this file with its charts.js and tests again.
 *
 * Scoring: start at 100, add every test's modifier; bonuses (positive modifiers) count only when the
 * score without them is at least 90. Grade A+ is 100 or more.
 */

export interface ObservatoryInput {
  /** Response headers of the page (lower-case names, as node's http module gives them). */
  headers: Record<string, string | string[] | undefined>
  /** The page's HTML, for the Subresource Integrity test. */
  html: string
  /** The page's origin (scripts elsewhere count as external). */
  origin: string
  /**
   * Redirection from plain HTTP, which a local test cannot observe over TLS: 'to-https' when the host
   * sends every http:// request to the same host on https:// (checked separately per host).
   */
  redirection: 'to-https' | 'missing'
}

export interface ObservatoryResult {
  score: number
  grade: string
  tests: Record<string, { result: string; modifier: number }>
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
]

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*'])
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:'])

function header(input: ObservatoryInput, name: string): string | undefined {
  const value = input.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}

/** Directive → sources, as the Observatory's parser reads a policy (first occurrence wins). */
function parseCsp(policy: string): Map<string, Set<string>> {
  const directives = new Map<string, Set<string>>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (!name) continue
    const key = name.toLowerCase()
    if (!directives.has(key)) directives.set(key, new Set(sources.map((source) => source.toLowerCase())))
  }
  return directives
}

function cspTest(input: ObservatoryInput): [string, number] {
  const policy = header(input, 'content-security-policy')
  if (!policy) return ['csp-not-implemented', -25]
  const csp = parseCsp(policy)
  const fallback = csp.get('default-src')
  const scriptSrc = new Set(csp.get('script-src') ?? fallback ?? ['*'])
  const styleSrc = new Set(csp.get('style-src') ?? fallback ?? ['*'])
  const objectSrc = csp.get('object-src') ?? fallback ?? new Set(['*'])
  const hasHash = (sources: Set<string>) =>
    [...sources].some((source) => /^'(sha(256|384|512)|nonce)-/.test(source))
  for (const sources of [scriptSrc, styleSrc]) if (hasHash(sources)) sources.delete("'unsafe-inline'")
  if (scriptSrc.has("'strict-dynamic'") && !hasHash(scriptSrc)) return ['csp-header-invalid', -25]

  if (
    [...scriptSrc].some((source) => BROAD.has(source) || UNSAFE_INLINE.has(source)) ||
    [...objectSrc].some((source) => BROAD.has(source))
  )
    return ['csp-implemented-with-unsafe-inline', -20]
  const active = [...csp.entries()]
    .filter(([name]) => !['img-src', 'media-src', 'script-src'].includes(name))
    .flatMap(([, sources]) => [...sources])
  if ([...active, ...scriptSrc].some((source) => source.startsWith('http:') || source.startsWith('ftp:')))
    return ['csp-implemented-with-insecure-scheme', -20]
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'"))
    return ['csp-implemented-with-unsafe-eval', -10]
  const passive = ['img-src', 'media-src'].flatMap((name) => [...(csp.get(name) ?? fallback ?? [])])
  if (passive.some((source) => source.startsWith('http:') || source.startsWith('ftp:')))
    return ['csp-implemented-with-insecure-scheme-in-passive-content-only', -10]
  if ([...styleSrc].some((source) => BROAD.has(source) || UNSAFE_INLINE.has(source)))
    return ['csp-implemented-with-unsafe-inline-in-style-src-only', 0]
  if (fallback?.has("'none'") && fallback.size === 1)
    return ['csp-implemented-with-no-unsafe-default-src-none', 10]
  return ['csp-implemented-with-no-unsafe', 5]
}

function cookiesTest(input: ObservatoryInput): [string, number] {
  const cookies = input.headers['set-cookie']
  const list = Array.isArray(cookies) ? cookies : cookies ? [cookies] : []
  if (list.length === 0) return ['cookies-not-found', 0]
  if (list.some((cookie) => !/;\s*secure/i.test(cookie))) return ['cookies-without-secure-flag', -20]
  if (list.every((cookie) => /;\s*samesite=(strict|lax)/i.test(cookie) && /;\s*httponly/i.test(cookie)))
    return ['cookies-secure-with-httponly-sessions-and-samesite', 5]
  return ['cookies-secure-with-httponly-sessions', 0]
}

function corsTest(input: ObservatoryInput): [string, number] {
  const origin = header(input, 'access-control-allow-origin')
  if (!origin) return ['cross-origin-resource-sharing-not-implemented', 0]
  if (origin.trim() === '*') return ['cross-origin-resource-sharing-implemented-with-public-access', 0]
  if (header(input, 'access-control-allow-credentials')?.trim().toLowerCase() === 'true')
    return ['cross-origin-resource-sharing-implemented-with-universal-access', -50]
  return ['cross-origin-resource-sharing-implemented-with-restricted-access', 0]
}

function referrerTest(input: ObservatoryInput): [string, number] {
  const value = header(input, 'referrer-policy')
  if (!value) return ['referrer-policy-not-implemented', 0]
  const last =
    value
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean)
      .at(-1) ?? ''
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(last))
    return ['referrer-policy-private', 5]
  if (['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'].includes(last))
    return ['referrer-policy-unsafe', -5]
  return ['referrer-policy-header-invalid', -5]
}

function hstsTest(input: ObservatoryInput): [string, number] {
  const value = header(input, 'strict-transport-security')
  if (!value) return ['hsts-not-implemented', -20]
  const maxAge = /max-age\s*=\s*"?(\d+)"?/i.exec(value)?.[1]
  if (maxAge === undefined) return ['hsts-header-invalid', -20]
  return Number(maxAge) >= 15_768_000
    ? ['hsts-implemented-max-age-at-least-six-months', 0]
    : ['hsts-implemented-max-age-less-than-six-months', -10]
}

function sriTest(input: ObservatoryInput): [string, number] {
  const scripts = [...input.html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)[^>]*>/gi)]
  if (scripts.length === 0) return ['sri-not-implemented-but-no-scripts-loaded', 0]
  const external = scripts.filter(([, src = '']) => new URL(src, input.origin).origin !== input.origin)
  if (external.length === 0) return ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0]
  const insecure = external.some(([, src = '']) => !src.startsWith('https:'))
  const withIntegrity = external.every(([tag]) => /\bintegrity\s*=/i.test(tag))
  if (withIntegrity)
    return insecure
      ? ['sri-implemented-but-external-scripts-not-loaded-securely', -20]
      : ['sri-implemented-and-external-scripts-loaded-securely', 5]
  return insecure
    ? ['sri-not-implemented-and-external-scripts-not-loaded-securely', -50]
    : ['sri-not-implemented-but-external-scripts-loaded-securely', -5]
}

function nosniffTest(input: ObservatoryInput): [string, number] {
  const value = header(input, 'x-content-type-options')
  if (!value) return ['x-content-type-options-not-implemented', -5]
  return value.trim().toLowerCase() === 'nosniff'
    ? ['x-content-type-options-nosniff', 0]
    : ['x-content-type-options-header-invalid', -5]
}

function frameTest(input: ObservatoryInput): [string, number] {
  const ancestors = parseCsp(header(input, 'content-security-policy') ?? '').get('frame-ancestors')
  if (ancestors && ![...ancestors].some((source) => BROAD.has(source)))
    return ['x-frame-options-implemented-via-csp', 5]
  const value = header(input, 'x-frame-options')?.trim().toLowerCase()
  if (!value) return ['x-frame-options-not-implemented', -20]
  if (value === 'deny' || value === 'sameorigin') return ['x-frame-options-sameorigin-or-deny', 0]
  if (value.startsWith('allow-from ')) return ['x-frame-options-allow-from-origin', 0]
  return ['x-frame-options-header-invalid', -20]
}

function corpTest(input: ObservatoryInput): [string, number] {
  const value = header(input, 'cross-origin-resource-policy')?.trim().toLowerCase()
  if (!value) return ['corp-not-implemented', 0]
  if (value === 'same-origin') return ['corp-implemented-with-same-origin', 10]
  if (value === 'same-site') return ['corp-implemented-with-same-site', 10]
  if (value === 'cross-origin') return ['corp-implemented-with-cross-origin', 0]
  return ['corp-header-invalid', -5]
}

export function observatoryScore(input: ObservatoryInput): ObservatoryResult {
  const tests: ObservatoryResult['tests'] = {}
  const run = (name: string, [result, modifier]: [string, number]) => (tests[name] = { result, modifier })
  run('content-security-policy', cspTest(input))
  run('cookies', cookiesTest(input))
  run('cross-origin-resource-sharing', corsTest(input))
  run(
    'redirection',
    input.redirection === 'to-https' ? ['redirection-to-https', 0] : ['redirection-missing', -20],
  )
  run('referrer-policy', referrerTest(input))
  run('strict-transport-security', hstsTest(input))
  run('subresource-integrity', sriTest(input))
  run('x-content-type-options', nosniffTest(input))
  run('x-frame-options', frameTest(input))
  run('cross-origin-resource-policy', corpTest(input))

  const modifiers = Object.values(tests).map((test) => test.modifier)
  const sum = (some: number[]) => some.reduce((total, modifier) => total + modifier, 0)
  const withoutBonus = 100 + sum(modifiers.filter((modifier) => modifier < 0))
  const bonus = withoutBonus >= 90 ? sum(modifiers.filter((modifier) => modifier > 0)) : 0
  const score = Math.max(0, withoutBonus + bonus)
  const grade = GRADES.find(([minimum]) => score >= minimum)?.[1] ?? 'F'
  return { score, grade, tests }
}
