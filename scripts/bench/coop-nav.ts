/**
 * What Cross-Origin-Opener-Policy costs a visitor who arrives from another site, in a real navigation:
 *   npx tsx scripts/bench/coop-nav.ts [dist]        (ROUTES=/,/contacto LOADS=9; default dist/)
 * Lighthouse loads a page into a fresh tab, where COOP's browsing-context-group switch happens around a
 * navigation from about:blank; a visitor comes from a search result or a chat instead. This script serves the
 * build twice on 127.0.0.1, with its headers and without COOP (scripts/bench/variants.ts), and a stand-in for
 * "another site" on http://localhost (another site than 127.0.0.1) whose page links to ours. Each load: a fresh
 * headless Chromium with the phone viewport opens the other site, taps the link, and reads from our page's own
 * clock (its time origin is the navigation's start, the tap) the response start, the first contentful paint
 * and the moment hydration is over (React has taken every link). Loads are interleaved, variant by variant,
 * round by round; CPU is not throttled (a process switch is a browser cost, not our page's).
 * Prints per route the median [min–max] of each figure and the paired per-round difference.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { closeChromium, launchChromium } from './lighthouse-kit'
import { everyLinkHydrated, median, phonePage } from './load-trace'
import { headersFor } from './variants'
import { startServer, type RunningServer } from '../serve'

const ROUTES = (process.env.ROUTES ?? '/,/contacto').split(',').filter(Boolean)
const LOADS = Number(process.env.LOADS ?? 9)

interface Arrival {
  responseStart: number
  fcp: number
  hydrated: number
}

/** The other site: one page with a link to `target`, as a search result would have. */
function startReferrer(): Promise<{ server: Server; url: (target: string) => string }> {
  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://localhost').searchParams.get('to') ?? ''
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      `<!doctype html><meta name="viewport" content="width=device-width"><title>Resultados</title>` +
        `<a id="go" href="${target.replace(/"/g, '&quot;')}" style="display:block;padding:2rem">AquaPuebla</a>`,
    )
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, url: (target) => `http://localhost:${port}/?to=${encodeURIComponent(target)}` })
    }),
  )
}

async function arrive(from: string): Promise<Arrival> {
  const browser = await launchChromium()
  try {
    // The stock-photo host is not reachable offline: its photos are answered empty (same for both variants).
    const page = await phonePage(browser, (request) => void request.respond({ status: 204 }))
    await page.goto(from, { waitUntil: 'load' })
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.tap('#go')])
    await page.waitForFunction(everyLinkHydrated, { timeout: 30_000, polling: 'raf' })
    const hydrated = await page.evaluate(() => performance.now())
    return await page.evaluate((hydratedAt) => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      const [paint] = performance.getEntriesByName('first-contentful-paint')
      return {
        responseStart: navigation?.responseStart ?? NaN,
        fcp: paint?.startTime ?? NaN,
        hydrated: hydratedAt,
      }
    }, hydrated)
  } finally {
    await closeChromium(browser)
  }
}

const spread = (values: number[]) =>
  `${median(values).toFixed(0)} [${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}]`

async function main(): Promise<void> {
  const dist = path.resolve(process.argv[2] ?? 'dist')
  const referrer = await startReferrer()
  const servers: Record<'coop' | 'nocoop', RunningServer | undefined> = { coop: undefined, nocoop: undefined }
  try {
    for (const coop of [true, false])
      servers[coop ? 'coop' : 'nocoop'] = await startServer({
        root: dist,
        port: 0,
        host: '127.0.0.1',
        securityHeaders: headersFor(dist, coop),
      })
    for (const route of ROUTES) {
      const results: Record<'coop' | 'nocoop', Arrival[]> = { coop: [], nocoop: [] }
      for (let round = 0; round < LOADS; round += 1) {
        const order = round % 2 ? (['nocoop', 'coop'] as const) : (['coop', 'nocoop'] as const)
        for (const name of order) {
          const target = `${servers[name]!.url}${route}`
          results[name].push(await arrive(referrer.url(target)))
        }
        console.log(`bench:coop-nav: ${route} round ${round + 1}/${LOADS}`)
      }
      console.log(`\n## ${route}: arriving from another site (${LOADS} loads each; ms from the tap)`)
      console.log('| variant | response start | FCP | hydrated |')
      console.log('| --- | --- | --- | --- |')
      for (const name of ['coop', 'nocoop'] as const) {
        const list = results[name]
        console.log(
          `| ${name === 'coop' ? 'with COOP' : 'without COOP'} | ${spread(list.map((a) => a.responseStart))} | ${spread(list.map((a) => a.fcp))} | ${spread(list.map((a) => a.hydrated))} |`,
        )
      }
      for (const key of ['responseStart', 'fcp', 'hydrated'] as const) {
        const paired = results.coop.map((arrival, i) => arrival[key] - (results.nocoop[i]?.[key] ?? NaN))
        console.log(
          `with − without COOP, ${key}: ${median(paired).toFixed(0)} ms median (${paired.map((d) => (d >= 0 ? '+' : '') + d.toFixed(0)).join(' ')})`,
        )
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server?.close()))
    referrer.server.close()
  }
}

main().catch((error: unknown) => {
  console.error(`bench:coop-nav failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
