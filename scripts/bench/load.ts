/**
 * Load test of the static server: `npm run bench:load` (after `npm run build`). Starts scripts/serve.ts over
 * DIST_DIR (default `dist`) on 127.0.0.1, a free port, then runs autocannon on `/` and on the largest hashed
 * script in assets/ (BENCH_SECONDS each, default 5; 10 connections; Accept-Encoding: br) and prints a table.
 * Exits 1 when any request errored or answered other than 2xx.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { get } from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { startServer } from '../serve'

/** The part of autocannon's API and results used here (the package ships no types). */
interface Histogram {
  average: number
  p50: number
  p99: number
}
interface AutocannonResult {
  requests: Histogram & { total: number }
  latency: Histogram
  errors: number
  timeouts: number
  non2xx: number
}
interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  headers: Record<string, string>
  workers: number
}
type Autocannon = (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => unknown

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon
const root = path.resolve(process.env.DIST_DIR ?? 'dist')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const HEADERS = { 'Accept-Encoding': 'br' }

function largestScript(assets: string): string | undefined {
  if (!existsSync(assets)) return undefined
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => b.size - a.size)[0]?.name
}

/** The Content-Encoding one request gets, to show the precompressed files are the ones being measured. */
function encodingOf(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers: HEADERS, agent: false }, (res) => {
      res.resume()
      resolve(`${res.statusCode ?? '?'} ${res.headers['content-encoding'] ?? 'identity'}`)
    }).on('error', reject)
  })
}

function run(url: string): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    // One worker thread: the load generator gets its own event loop instead of sharing the server's.
    autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS, workers: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

// 1. Check the build and pick the targets.
const asset = largestScript(path.join(root, 'assets'))
if (!existsSync(path.join(root, 'index.html')) || !asset) {
  console.error(`No built site in ${root} (index.html and assets/*.js): run npm run build first.`)
  process.exit(1)
}
if (!(SECONDS > 0 && SECONDS <= 60)) {
  console.error(`BENCH_SECONDS must be between 0 and 60, got ${process.env.BENCH_SECONDS}`)
  process.exit(1)
}
const targets = ['/', `/assets/${asset}`]

// 2. Serve on loopback, with a hard stop in case something hangs.
const server = await startServer({ root, port: 0, host: '127.0.0.1' })
const deadline = setTimeout(
  () => {
    console.error('bench-load: still running well past its duration, giving up.')
    process.exit(1)
  },
  (targets.length * SECONDS + 30) * 1000,
)
deadline.unref()
console.log(
  `bench-load: ${server.url}, ${CONNECTIONS} connections, ${SECONDS} s per target, Accept-Encoding: br`,
)

// 3. One target at a time, so they do not compete for the same process.
const rows: string[][] = []
let failed = false
try {
  for (const target of targets) {
    const url = server.url + target
    const encoding = await encodingOf(url)
    const result = await run(url)
    const errors = result.errors + result.timeouts
    failed ||= errors > 0 || result.non2xx > 0
    rows.push([
      target,
      encoding,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(errors),
      String(result.non2xx),
    ])
  }
} finally {
  await server.close()
  clearTimeout(deadline)
}

// 4. Report.
const header = ['target', 'first answer', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx']
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
)
for (const row of [header, ...rows]) {
  console.log(
    row
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  '),
  )
}
if (failed) {
  console.error('bench-load: some requests failed or answered other than 2xx.')
  process.exit(1)
}
