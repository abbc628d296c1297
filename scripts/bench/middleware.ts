/**
 * What a Pages middleware on every request would cost the public pages (docs/decisions/027-…): `npm run
 * bench:middleware`. Serves the built dist/ twice in `wrangler pages dev`, both with the project's functions/:
 *   - as built: functions only under /admin/* and /api/* (Pages' generated _routes.json), the public pages
 *     static, as on Cloudflare (no Function invoked, free, served past the Functions quota);
 *   - with one more file, a `_middleware.ts` at the root of functions/ that only calls next(): every request
 *     runs a function, as a host check on `/*` would.
 * Then asks both for `/`, `/contacto` and a hashed script, BENCH_ROUNDS times (default 300), interleaved (A, B,
 * B, A …), and prints the median, p90 and IQR of each in ms. Local workerd on a shared machine is not
 * Cloudflare's network: the difference is the figure, not the absolute times.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startPages, type HostServer } from '../hosts/servers'
import { quantile, spread } from './statistics'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300)
const root = path.resolve(import.meta.dirname, '../..')
const dist = path.resolve(root, process.env.DIST_DIR || 'dist')

async function time(url: string): Promise<number> {
  const started = performance.now()
  const answer = await fetch(url)
  await answer.arrayBuffer()
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`)
  return performance.now() - started
}

async function main() {
  // 1. A copy of the project's functions/ with edge/ and contract/ beside it, plus a middleware that does nothing.
  const work = mkdtempSync(path.join(tmpdir(), 'aquapuebla-bench-middleware-'))
  for (const folder of ['functions', 'edge', 'contract'])
    cpSync(path.join(root, folder), path.join(work, folder), { recursive: true })
  writeFileSync(
    path.join(work, 'functions', '_middleware.ts'),
    'export const onRequest = ({ next }: { next(): Promise<Response> }) => next()\n',
  )
  const script = readdirSync(path.join(dist, 'assets')).find((name) => name.endsWith('.js'))
  const paths = ['/', '/contacto', `/assets/${script}`]

  let asBuilt: HostServer | undefined
  let everyRequest: HostServer | undefined
  try {
    ;[asBuilt, everyRequest] = await Promise.all([
      startPages({ root: dist, port: 0, functions: { dir: path.join(root, 'functions') } }),
      startPages({ root: dist, port: 0, functions: { dir: path.join(work, 'functions') } }),
    ])
    const variants = { 'as built (static)': asBuilt, 'middleware on /*': everyRequest }
    const times = new Map<string, number[]>()
    // 2. Warm both (wrangler compiles the functions on the first request), then interleave.
    for (const server of Object.values(variants)) for (const route of paths) await time(server.url + route)
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? Object.entries(variants) : Object.entries(variants).reverse()
      for (const route of paths)
        for (const [name, server] of order) {
          const key = `${route}\t${name}`
          times.set(key, [...(times.get(key) ?? []), await time(server.url + route)])
        }
    }
    // 3. The figures.
    console.log(`${ROUNDS} rounds, interleaved; ms per request on loopback (wrangler pages dev)`)
    console.log('path\tvariant\tmedian\tp90\tIQR')
    for (const [key, values] of times) {
      const { median, iqr } = spread(values)
      console.log(`${key}\t${median.toFixed(2)}\t${quantile(values, 0.9).toFixed(2)}\t${iqr.toFixed(2)}`)
    }
  } finally {
    await asBuilt?.close()
    await everyRequest?.close()
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
