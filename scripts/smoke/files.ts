/**
 * Checks over plain HTTP: sitemap, robots, page-status, not-found. The sitemap also decides which pages
 * every later group visits (the known five when it is missing).
 */
import { randomBytes } from 'node:crypto'
import { pagePaths as knownPaths } from '../../schema/paths'
import { ERROR_HEADING } from './company'
import type { SmokeContext } from './context'
import { describeNetworkError, header, type HttpAnswer } from './http'

export async function checkFiles(ctx: SmokeContext): Promise<void> {
  const listed = await readSitemap(ctx)
  ctx.routes = ctx.options.pages ? [...ctx.options.pages] : listed
  await Promise.all([
    ctx.results.wants('robots') ? checkRobots(ctx) : undefined,
    ctx.results.wants('page-status') ? checkPageStatus(ctx) : undefined,
    ctx.results.wants('not-found') ? checkNotFound(ctx) : undefined,
  ])
}

/** The deployment's answer for a path (fetched once per run), or why there is none, in a few words. */
const answerOf = (ctx: SmokeContext, path: string): Promise<HttpAnswer | string> =>
  ctx.fetchPath(path).catch((error: unknown) => describeNetworkError(error))

/** `served as "…", not <what>` when the answer's Content-Type is not the expected one. */
function wrongType(answer: HttpAnswer, expected: RegExp, what: string): string | false {
  const type = header(answer, 'content-type')
  return !expected.test(type) && `served as "${type || 'no Content-Type'}", not ${what}`
}

/** The sitemap's paths on the site origin, plus any known page it lacks (each a sitemap failure). */
async function readSitemap(ctx: SmokeContext): Promise<string[]> {
  const { siteOrigin } = ctx.options
  const fail = (problem: string) => ctx.results.fail('sitemap', problem)
  /** No usable sitemap: the known pages are checked instead. */
  const knownPages = (problem: string) => {
    fail(`${problem}; checking the five known pages`)
    return [...knownPaths]
  }
  const answer = await answerOf(ctx, '/sitemap.xml')
  if (typeof answer === 'string') return knownPages(`/sitemap.xml could not be fetched (${answer})`)
  if (answer.status !== 200) return knownPages(`/sitemap.xml answered ${answer.status}`)
  const notXml = wrongType(answer, /xml/i, 'XML')
  if (notXml) fail(`/sitemap.xml is ${notXml}`)
  const locs = [...answer.text.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((match) =>
    (match[1] ?? '').replace(/&amp;/g, '&'),
  )
  if (!/<urlset\b/.test(answer.text) || locs.length === 0)
    return knownPages('/sitemap.xml has no <urlset> with <loc> entries')
  const paths: string[] = []
  for (const loc of locs) {
    if (!URL.canParse(loc)) {
      fail(`<loc>${loc}</loc> is not an absolute URL`)
      continue
    }
    const url = new URL(loc)
    if (url.origin !== siteOrigin) fail(`${loc} is not on the site origin ${siteOrigin}`)
    if (url.search || url.hash) fail(`${loc} carries a query or fragment`)
    if (paths.includes(url.pathname)) fail(`${url.pathname} is listed twice`)
    else paths.push(url.pathname)
  }
  const missing = knownPaths.filter((path) => !paths.includes(path))
  for (const path of missing) fail(`${path} is missing from the sitemap`)
  return [...paths, ...missing]
}

async function checkRobots(ctx: SmokeContext): Promise<void> {
  const fail = (problem: string) => ctx.results.fail('robots', problem)
  const answer = await answerOf(ctx, '/robots.txt')
  if (typeof answer === 'string') return fail(`/robots.txt could not be fetched (${answer})`)
  if (answer.status !== 200) return fail(`/robots.txt answered ${answer.status}`)
  const notText = wrongType(answer, /^text\/plain/i, 'text/plain')
  if (notText) fail(`/robots.txt is ${notText}`)

  const lines = answer.text.split(/\r?\n/).map((line) => line.replace(/#.*/, '').trim())
  const field = (line: string) => {
    const at = line.indexOf(':')
    return at === -1
      ? null
      : { key: line.slice(0, at).trim().toLowerCase(), value: line.slice(at + 1).trim() }
  }
  const expected = `${ctx.options.siteOrigin}/sitemap.xml`
  const sitemaps = lines.map(field).flatMap((entry) => (entry?.key === 'sitemap' ? [entry.value] : []))
  if (!sitemaps.includes(expected))
    fail(`no "Sitemap: ${expected}" line${sitemaps.length ? ` (it names ${sitemaps.join(', ')})` : ''}`)

  // Disallow rules of the group(s) for every crawler (User-agent: *).
  const disallowed: string[] = []
  let agents: string[] = []
  let inRules = false
  for (const line of lines) {
    const entry = field(line)
    if (!entry) continue
    if (entry.key === 'user-agent') {
      if (inRules) agents = []
      inRules = false
      agents.push(entry.value)
    } else if (entry.key === 'allow' || entry.key === 'disallow') {
      inRules = true
      if (entry.key === 'disallow' && entry.value && agents.includes('*')) disallowed.push(entry.value)
    }
  }
  for (const path of ctx.routes) {
    const rule = disallowed.find((prefix) => path.startsWith(prefix))
    if (rule) fail(`"Disallow: ${rule}" blocks ${path} for every crawler`)
  }
}

async function checkPageStatus(ctx: SmokeContext): Promise<void> {
  await Promise.all(
    ctx.routes.map(async (path) => {
      const fail = (problem: string) => ctx.results.fail('page-status', `${path}: ${problem}`)
      const answer = await answerOf(ctx, path)
      if (typeof answer === 'string') return fail(`no answer (${answer})`)
      if (answer.status >= 300 && answer.status < 400)
        return fail(`redirects (${answer.status}) to ${header(answer, 'location') || 'nowhere'}`)
      if (answer.status !== 200) return fail(`answered ${answer.status}, expected 200`)
      const notHtml = wrongType(answer, /^text\/html/i, 'text/html')
      if (notHtml) fail(notHtml)
    }),
  )
}

/** A path no deployment has. */
export const unknownPath = `/smoke-no-existe-${randomBytes(4).toString('hex')}`

async function checkNotFound(ctx: SmokeContext): Promise<void> {
  const fail = (problem: string) => ctx.results.fail('not-found', `${unknownPath}: ${problem}`)
  const answer = await answerOf(ctx, unknownPath)
  if (typeof answer === 'string') return fail(`no answer (${answer})`)
  if (answer.status !== 404) {
    const where = header(answer, 'location')
    return fail(`answered ${answer.status}${where ? ` (to ${where})` : ''}, expected 404`)
  }
  if (!/^text\/html/i.test(header(answer, 'content-type')))
    return fail('the 404 answer is not the HTML error page')
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i
    .exec(answer.text)?.[1]
    ?.replace(/<[^>]*>/g, '')
    .trim()
  if (h1 !== ERROR_HEADING) fail(`the error page's h1 is "${h1 ?? 'missing'}", expected "${ERROR_HEADING}"`)
  if (!/<meta[^>]+name="robots"[^>]+noindex/i.test(answer.text)) fail('the error page is not marked noindex')
}
