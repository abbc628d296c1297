/**
 * Load test of the lead endpoint: `npm run bench:leads`. Starts `wrangler pages dev` on loopback with
 * functions/ (edge/leads/) and a fresh local D1 (migrations applied), no notification channel (this measures
 * taking and storing a lead; sends happen after the answer), then:
 *   1. ROUNDS interleaved rounds of: GETs of a static file (the reference: the runtime's own floor, measured
 *      in the same run) and BENCH_LEADS / ROUNDS valid submissions over BENCH_ADDRESSES IPv4 clients (default
 *      2000 over 500), BENCH_CONNECTIONS at a time (default 50); every one must be stored exactly once, no 5xx;
 *   2. one customer rotating through its IPv6 /64 (30 posts, all different addresses): one client, so
 *      LEAD_RATE_LIMIT (10) × 201 and the rest 429;
 *   3. a flood of BENCH_FLOOD (default 2000) posts, each from a /64 of its own, once the hour's storage
 *      ceiling (set to what steps 1 and 2 store) is reached: only the designed 503, and its speed.
 * The load comes from the generator the tests use (scripts/bench/lead-flood.ts). Prints the figures beside the
 * reference; exits 1 when a check fails. Run it on an idle machine for figures worth comparing.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLocalD1, startPages, type LocalD1 } from '../hosts/servers'
import { acrossMany64s, floodLeads, withinOne64, type LeadFloodResult } from './lead-flood'

const AMOUNT = Number(process.env.BENCH_LEADS ?? 2000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 500)
const FLOOD = Number(process.env.BENCH_FLOOD ?? 2000)
const ROUNDS = 3
const RATE_LIMIT = 10

/** Rows in the local D1, read with wrangler itself. */
function count(local: LocalD1, sql: string): number {
  const result = spawnSync(
    path.join('node_modules', '.bin', 'wrangler'),
    ['d1', 'execute', 'DB', '--local', '--persist-to', local.persistTo, '--json', '--command', sql],
    { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' } },
  )
  const parsed = JSON.parse(result.stdout) as { results: { n: number }[] }[]
  return parsed[0]?.results[0]?.n ?? Number.NaN
}

/** `amount` GETs of the one static file, as many at once as the submissions: the reference. */
async function reference(url: string, amount: number): Promise<{ requestsPerSecond: number; p99Ms: number }> {
  const started = Date.now()
  const latencies: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < amount) {
        next += 1
        const start = performance.now()
        const response = await fetch(`${url}/`)
        await response.arrayBuffer()
        latencies.push(performance.now() - start)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: amount / ((Date.now() - started) / 1000),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN),
  }
}

const row = (what: string, result: { requestsPerSecond: number; p99Ms: number; p50Ms?: number }) => ({
  what,
  'requests/s': result.requestsPerSecond.toFixed(0),
  'p50 (ms)': result.p50Ms ?? '',
  'p99 (ms)': result.p99Ms,
})

async function main() {
  // 1. A local D1 and the Pages runtime (the site itself is not measured: a one-file folder).
  const work = mkdtempSync(path.join(tmpdir(), 'aquapuebla-bench-leads-'))
  const site = path.join(work, 'site')
  mkdirSync(site, { recursive: true })
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>bench</title>')
  const local = createLocalD1(path.join(work, 'state'))
  const storePerHour = AMOUNT + RATE_LIMIT
  const pages = await startPages({
    root: site,
    port: 0,
    functions: {
      dir: 'functions',
      vars: {
        LEAD_HASH_SECRET: 'bench',
        LEAD_RATE_LIMIT: String(RATE_LIMIT),
        LEAD_STORE_PER_HOUR: String(storePerHour),
      },
      d1: local,
    },
  })
  const failures: string[] = []
  try {
    // 2. Interleaved rounds: the reference, then submissions.
    console.log(
      `POST ${pages.url}/api/leads: ${AMOUNT} leads in ${ROUNDS} rounds, ${CONNECTIONS} at a time, ${ADDRESSES} addresses`,
    )
    const table = []
    const stored: LeadFloodResult[] = []
    for (let round = 1; round <= ROUNDS; round += 1) {
      const amount = Math.floor(AMOUNT / ROUNDS) + (round === ROUNDS ? AMOUNT % ROUNDS : 0)
      table.push(row(`round ${round}: GET / (reference)`, await reference(pages.url, amount)))
      const posted = await floodLeads({ url: pages.url, amount, connections: CONNECTIONS, addresses: ADDRESSES })
      stored.push(posted)
      table.push(row(`round ${round}: POST a lead`, posted))
      if (posted.statuses['201'] !== amount || posted.errors > 0)
        failures.push(`round ${round}: expected ${amount} × 201, got ${JSON.stringify(posted.statuses)}, ${posted.errors} errors`)
    }
    const distinct = count(local, 'SELECT count(DISTINCT id) AS n FROM leads')
    console.log(`stored: ${distinct} distinct leads`)
    if (distinct !== AMOUNT) failures.push(`expected ${AMOUNT} stored leads, found ${distinct}`)

    // 3. One /64, rotating.
    const one64 = await floodLeads({ url: pages.url, amount: 30, connections: 5, address: withinOne64() })
    console.log(`one /64, 30 addresses in a row: ${JSON.stringify(one64.statuses)}`)
    if (one64.statuses['201'] !== RATE_LIMIT || one64.statuses['429'] !== 30 - RATE_LIMIT)
      failures.push(`expected ${RATE_LIMIT} × 201 and ${30 - RATE_LIMIT} × 429 for one /64`)

    // 4. The flood once the hour is full.
    const flood = await floodLeads({ url: pages.url, amount: FLOOD, connections: CONNECTIONS, address: acrossMany64s() })
    table.push(row('GET / (reference)', await reference(pages.url, FLOOD)))
    table.push(row(`flood past the ceiling (${storePerHour}/h)`, flood))
    console.table(table)
    console.log(`flood: ${JSON.stringify(flood.statuses)}`)
    const unexpected = Object.keys(flood.statuses).filter((status) => status !== '503' && status !== '201')
    if (unexpected.length > 0 || flood.errors > 0)
      failures.push(`the flood got ${JSON.stringify(flood.statuses)} and ${flood.errors} errors, not only 503s`)
    if ((flood.statuses['201'] ?? 0) > 0)
      console.log('(a new UTC hour began during the run: its ceiling let some in)')
  } finally {
    await pages.close()
    rmSync(work, { recursive: true, force: true })
  }
  if (failures.length > 0) {
    console.error(failures.join('\n'))
    process.exit(1)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
