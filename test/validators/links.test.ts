/**
 * Broken links, by a link checker we did not write: linkinator crawls the build as served by
 * scripts/serve.ts, from / through every internal link, and checks pages, assets (scripts, styles,
 * icons, manifest, images) and fragments (`#id` on the target page, as server-rendered): zero broken.
 * The not-found page is only served for unknown paths (status 404), so its own file is checked too,
 * through linkinator's static server with clean URLs. The machine is offline: every URL that is not
 * on the loopback server (stock photos, WhatsApp, maps, social sites) is skipped and listed, never
 * fetched. linkinator reports a fragment only when it is missing. It is an ES module, which jest's
 * CommonJS runtime cannot load, so its API runs in a child process (test/helpers/linkinator.mjs).
 * It resolves same-page links against `/x/` for a page `/x`, so `/x/` shows up too (the server
 * answers it with the page). Measured on the 2-core CI machine shared with other jobs: 5–13 s.
 * Run: `npx jest test/validators/links.test.ts --selectProjects chromium` after a build.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { distDir, projectRoot } from '../helpers/builds'
import { builtPages } from '../helpers/built-pages'
import { theSite } from '../helpers/site'

interface LinkResult {
  url: string
  status?: number
  state: 'OK' | 'BROKEN' | 'SKIPPED'
  parent?: string
}

const RUNNER = path.join(projectRoot, 'test/helpers/linkinator.mjs')
const { version } = JSON.parse(
  readFileSync(path.join(projectRoot, 'node_modules/linkinator/package.json'), 'utf8'),
) as { version: string }

/** linkinator's `LinkChecker().check(options)`, run by test/helpers/linkinator.mjs. */
function linkinator(options: Record<string, unknown>): Promise<LinkResult[]> {
  const all = { checkFragments: true, concurrency: 4, timeout: 10_000, ...options }
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: the server under test answers from this same process.
    execFile(
      process.execPath,
      [RUNNER, JSON.stringify(all)],
      { cwd: projectRoot, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        try {
          resolve((JSON.parse(stdout) as { links: LinkResult[] }).links)
        } catch {
          reject(new Error(`linkinator gave no JSON (${String(error)}): ${stderr}\n${stdout.slice(0, 2000)}`))
        }
      },
    )
  })
}

const brokenOf = (links: LinkResult[]) =>
  links
    .filter((link) => link.state === 'BROKEN')
    .map((link) => `${link.url} (${link.status ?? 'no answer'}) on ${link.parent ?? 'start'}`)

function summary(name: string, links: LinkResult[]): string {
  const checked = links.filter((link) => link.state !== 'SKIPPED')
  const local = (link: LinkResult) => new URL(link.url, 'file:///').pathname
  const pages = new Set(
    checked.filter((link) => !/\.\w+$/.test(local(link)) || local(link).endsWith('.html')).map(local),
  )
  // What was skipped, by host; linkinator also offers the text of some <meta> tags (image alt
  // text) as links: those are listed as "meta text".
  const skippedHosts = new Set(
    links
      .filter((link) => link.state === 'SKIPPED')
      .map((link) =>
        /^https?:/.test(link.url)
          ? new URL(link.url).host
          : /^(mailto|tel):/.test(link.url)
            ? link.url.split(':')[0]!
            : 'meta text',
      ),
  )
  const broken = brokenOf(links)
  return [
    `  ${name}: ${checked.length} URLs checked (pages: ${[...pages].sort().join(' ')}), ${broken.length} broken, ${links.length - checked.length} skipped (${[...skippedHosts].sort().join(', ')})`,
    ...broken.map((line) => `    BROKEN ${line}`),
  ].join('\n')
}

const server = theSite()

test('linkinator finds no broken internal link, fragment or asset in the served build', async () => {
  const started = Date.now()
  const pages = builtPages()
  const routes = pages.filter((page) => !page.notFound).map((page) => `${server.url}${page.route}`)
  const served = await linkinator({ path: routes, recurse: true })
  const notFound = pages.find((page) => page.notFound)
  const notFoundLinks = notFound
    ? await linkinator({ path: path.relative(distDir, notFound.file), serverRoot: distDir, cleanUrls: true })
    : []
  console.log(
    [
      `linkinator ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      summary(`served build from ${routes.length} pages, recursively`, served),
      ...(notFound
        ? [summary(`${path.relative(distDir, notFound.file)} (not-found page)`, notFoundLinks)]
        : []),
    ].join('\n'),
  )
  // Every page the build wrote was reached and answered 200.
  for (const route of routes)
    expect(served.find((link) => link.url === route)).toMatchObject({ state: 'OK', status: 200 })
  expect(brokenOf(served)).toEqual([])
  expect(brokenOf(notFoundLinks)).toEqual([])
  expect(notFound).toBeDefined()
})
