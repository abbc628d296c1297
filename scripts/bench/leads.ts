/**
 * Load test of the lead endpoint: `npm run bench:leads`. Starts `wrangler pages dev` on loopback with
 * functions/ (edge/leads/) and a fresh local D1 (migrations applied), then sends BENCH_LEADS valid
 * submissions (default 2000), BENCH_CONNECTIONS at a time (default 50), spread over BENCH_ADDRESSES client
 * addresses (default 500, CF-Connecting-IP), and prints requests/s and latency. Then checks every one was
 * stored exactly once with no 5xx, and that one address sending 30 in a row gets 429s past the limit (10).
 * No notification channel is set: this measures taking and storing a lead (sends happen after the answer).
 * Exits 1 when a check fails.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLocalD1, startPages, type LocalD1 } from '../hosts/servers'
import { loadLeads } from './lead-load'

const AMOUNT = Number(process.env.BENCH_LEADS ?? 2000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 500)
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

async function main() {
  // 1. A local D1 and the Pages runtime (the site itself is not measured: a one-file folder).
  const work = mkdtempSync(path.join(tmpdir(), 'aquapuebla-bench-leads-'))
  const site = path.join(work, 'site')
  spawnSync('mkdir', ['-p', site])
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>bench</title>')
  const local = createLocalD1(path.join(work, 'state'))
  const pages = await startPages({
    root: site,
    port: 0,
    functions: {
      dir: 'functions',
      vars: { LEAD_HASH_SECRET: 'bench', LEAD_RATE_LIMIT: String(RATE_LIMIT) },
      d1: local,
    },
  })
  const failures: string[] = []
  try {
    // 2. The load.
    console.log(
      `POST ${pages.url}/api/leads: ${AMOUNT} leads, ${CONNECTIONS} at a time, ${ADDRESSES} addresses`,
    )
    const load = await loadLeads({
      url: pages.url,
      amount: AMOUNT,
      connections: CONNECTIONS,
      addresses: ADDRESSES,
    })
    console.table({
      'requests/s': load.requestsPerSecond.toFixed(0),
      'p50 (ms)': load.p50Ms,
      'p99 (ms)': load.p99Ms,
      seconds: load.seconds.toFixed(1),
      answers: JSON.stringify(load.statuses),
    })
    // 3. Stored exactly once, no 5xx.
    const stored = count(local, 'SELECT count(DISTINCT id) AS n FROM leads')
    console.log(`stored: ${stored} distinct leads`)
    if (load.statuses['201'] !== AMOUNT || load.errors > 0)
      failures.push(`expected ${AMOUNT} × 201, got ${JSON.stringify(load.statuses)}, ${load.errors} errors`)
    if (stored !== AMOUNT) failures.push(`expected ${AMOUNT} stored leads, found ${stored}`)

    // 4. One address flooding.
    const flood = await loadLeads({
      url: pages.url,
      amount: 30,
      connections: 5,
      addresses: 1,
      address: () => '198.51.100.66',
    })
    console.log(`one address, 30 in a row: ${JSON.stringify(flood.statuses)}`)
    if (flood.statuses['201'] !== RATE_LIMIT || flood.statuses['429'] !== 30 - RATE_LIMIT)
      failures.push(`expected ${RATE_LIMIT} × 201 and ${30 - RATE_LIMIT} × 429 for one address`)
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
