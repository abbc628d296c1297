/**
 * Checks on response headers: security-headers (every page and the 404 answer), caching (pages and the
 * hashed /assets/ files they reference), compression (pages and JavaScript).
 */
import type { SmokeContext } from './context'
import { unknownPath } from './files'
import { get, header, type HttpAnswer } from './http'

/** One year, the usual lifetime of content-hashed files. */
const IMMUTABLE_MIN_AGE = 31_536_000

export async function checkHeaders(ctx: SmokeContext): Promise<void> {
  const pages = await htmlAnswers(ctx)
  if (ctx.results.wants('security-headers')) {
    const notFound = await ctx.fetchPath(unknownPath).catch(() => null)
    checkSecurityHeaders(ctx, notFound ? [...pages, { path: unknownPath, answer: notFound }] : pages)
  }
  const assets = [...new Set(pages.flatMap(({ answer }) => assetPaths(answer.text)))].sort()
  if (ctx.results.wants('caching')) await checkCaching(ctx, pages, assets)
  if (ctx.results.wants('compression')) await checkCompression(ctx, pages, assets)
}

interface PageAnswer {
  path: string
  answer: HttpAnswer
}

/** The pages that answered at all (page-status reports the others). */
async function htmlAnswers(ctx: SmokeContext): Promise<PageAnswer[]> {
  const answers = await Promise.all(
    ctx.routes.map(async (path) => ({ path, answer: await ctx.fetchPath(path).catch(() => null) })),
  )
  return answers.filter((entry): entry is PageAnswer => entry.answer !== null && entry.answer.status < 400)
}

/** /assets/ files a page references (scripts, preloads, styles, icons), in the HTML as served. */
function assetPaths(html: string): string[] {
  return [...html.matchAll(/["'(]((?:\/|\.\/)?assets\/[^"'()\s?#]+)/g)].map(
    (match) => `/${(match[1] ?? '').replace(/^\.?\//, '')}`,
  )
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), values)
  }
  return map
}

/** What is wrong with one answer's security headers, as short phrases naming the header. */
function securityProblems(answer: HttpAnswer): string[] {
  const problems: string[] = []
  const csp = header(answer, 'content-security-policy')
  if (!csp) problems.push('Content-Security-Policy missing')
  else {
    const policy = directives(csp)
    for (const name of ['script-src', 'object-src', 'frame-ancestors', 'base-uri'])
      if (!policy.has(name)) problems.push(`Content-Security-Policy has no ${name}`)
    const script = policy.get('script-src') ?? []
    for (const weak of ["'unsafe-inline'", "'unsafe-eval'", '*'])
      if (script.includes(weak)) problems.push(`Content-Security-Policy script-src allows ${weak}`)
    const object = policy.get('object-src')
    if (object && object.join(' ') !== "'none'")
      problems.push("Content-Security-Policy object-src is not 'none'")
    if (policy.get('frame-ancestors')?.includes('*'))
      problems.push('Content-Security-Policy frame-ancestors allows *')
  }
  const hsts = header(answer, 'strict-transport-security')
  const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0)
  if (!hsts) problems.push('Strict-Transport-Security missing')
  else if (!(maxAge > 0)) problems.push(`Strict-Transport-Security has no max-age ("${hsts}")`)
  const nosniff = header(answer, 'x-content-type-options')
  if (nosniff.toLowerCase() !== 'nosniff')
    problems.push(
      nosniff ? `X-Content-Type-Options is "${nosniff}", not nosniff` : 'X-Content-Type-Options missing',
    )
  const referrer = header(answer, 'referrer-policy')
  if (!referrer) problems.push('Referrer-Policy missing')
  else if (/unsafe-url/i.test(referrer)) problems.push('Referrer-Policy is unsafe-url')
  if (!header(answer, 'permissions-policy')) problems.push('Permissions-Policy missing')
  const coop = header(answer, 'cross-origin-opener-policy')
  if (!coop) problems.push('Cross-Origin-Opener-Policy missing')
  else if (/unsafe-none/i.test(coop)) problems.push('Cross-Origin-Opener-Policy is unsafe-none')
  return problems
}

/** One line per problem, naming the pages it was seen on: "X-Content-Type-Options missing (5 pages: /, …)". */
function checkSecurityHeaders(ctx: SmokeContext, pages: PageAnswer[]): void {
  const where = new Map<string, string[]>()
  for (const { path, answer } of pages)
    for (const problem of securityProblems(answer)) where.set(problem, [...(where.get(problem) ?? []), path])
  for (const [problem, paths] of where) {
    const on = paths.length === pages.length ? `every page` : paths.join(', ')
    ctx.results.fail('security-headers', `${problem} (${on})`)
  }
}

function cacheDirectives(value: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', arg = ''] = part.trim().split('=')
    if (name) map.set(name, arg.replace(/"/g, ''))
  }
  return map
}

async function checkCaching(ctx: SmokeContext, pages: PageAnswer[], assets: string[]): Promise<void> {
  const fail = (problem: string) => ctx.results.fail('caching', problem)
  for (const { path, answer } of pages) {
    const value = header(answer, 'cache-control')
    const cache = cacheDirectives(value)
    const revalidated = cache.has('no-cache') || cache.has('no-store') || cache.get('max-age') === '0'
    if (!revalidated || cache.has('immutable'))
      fail(`${path}: HTML is cached without revalidation (Cache-Control "${value || 'missing'}")`)
  }
  if (assets.length === 0) return fail('no /assets/ file is referenced by any page')
  await Promise.all(
    assets.map(async (path) => {
      const answer = await ctx.fetchPath(path).catch(() => null)
      if (!answer || answer.status !== 200) return fail(`${path} answered ${answer?.status ?? 'nothing'}`)
      const value = header(answer, 'cache-control')
      const cache = cacheDirectives(value)
      if (!cache.has('immutable') || Number(cache.get('max-age') ?? 0) < IMMUTABLE_MIN_AGE) {
        fail(
          `${path}: Cache-Control "${value || 'missing'}", expected immutable with max-age ≥ ${IMMUTABLE_MIN_AGE}`,
        )
      }
    }),
  )
}

async function checkCompression(ctx: SmokeContext, pages: PageAnswer[], assets: string[]): Promise<void> {
  const fail = (problem: string) => ctx.results.fail('compression', problem)
  const encodingOf = (answer: HttpAnswer) => header(answer, 'content-encoding').toLowerCase()
  const compressed = (answer: HttpAnswer) => ['br', 'gzip'].includes(encodingOf(answer))
  for (const { path, answer } of pages)
    if (!compressed(answer)) fail(`${path}: HTML sent uncompressed to a browser that accepts br, gzip`)
  const scripts = assets.filter((path) => path.endsWith('.js'))
  if (scripts.length === 0) return fail('no JavaScript file is referenced by any page')
  await Promise.all(
    scripts.map(async (path) => {
      const answer = await ctx.fetchPath(path).catch(() => null)
      if (!answer || answer.status !== 200) return // caching reports the status
      if (!compressed(answer)) fail(`${path}: sent uncompressed to a browser that accepts br, gzip`)
    }),
  )
  // gzip alone must work too (older browsers, some proxies).
  const home = pages[0]
  if (home) {
    const answer = await get(ctx.url(home.path), { timeout: ctx.options.timeout, acceptEncoding: 'gzip' })
    if (encodingOf(answer) !== 'gzip')
      fail(`${home.path}: not gzip-compressed for a browser that accepts only gzip`)
  }
}
