/**
 * A bounded load on the lead endpoint (edge/leads/, served by `wrangler pages dev`): `amount` valid
 * submissions, `connections` at a time, each with its own submission id and one of `addresses` client
 * addresses (CF-Connecting-IP, which wrangler's local runtime passes through as Cloudflare does). Used by
 * `npm run bench:leads` and, smaller, by test/hosts/lead-store.test.ts.
 */
import { createRequire } from 'node:module'
import path from 'node:path'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { average: number; p50: number; p99: number; max: number }
  duration: number
  errors: number
  timeouts: number
  statusCodeStats: Record<string, { count: number }>
}
interface RequestSpec {
  method: string
  path: string
  headers: Record<string, string>
  body: string
  setupRequest?: (request: RequestSpec) => RequestSpec
}
type Autocannon = (
  options: { url: string; connections: number; amount: number; requests: RequestSpec[]; timeout: number },
  done: (error: Error | null, result: AutocannonResult) => void,
) => unknown

// No import.meta: jest compiles this file as CommonJS.
const autocannon = createRequire(path.join(process.cwd(), 'package.json'))('autocannon') as Autocannon

export interface LeadLoadResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  seconds: number
  /** Answers by status code ('201': 2000). */
  statuses: Record<string, number>
  errors: number
  /** The submission ids sent, in order. */
  ids: string[]
}

/** A v4-shaped UUID from a run prefix and a counter, so every request of every run is distinct. */
export function loadId(run: number, index: number): string {
  const hex = (run.toString(16).padStart(8, '0') + index.toString(16).padStart(12, '0')).slice(-20)
  return `${hex.slice(0, 8)}-0000-4000-8000-${hex.slice(8)}`
}

export function loadLeads({
  url,
  amount,
  connections,
  addresses,
  address = (index) => `10.${(index % addresses) >> 8}.${(index % addresses) & 255}.1`,
}: {
  url: string
  amount: number
  connections: number
  /** How many client addresses the submissions are spread over. */
  addresses: number
  address?: (index: number) => string
}): Promise<LeadLoadResult> {
  const run = Math.floor(Math.random() * 0xffffffff)
  const ids: string[] = []
  const opened = new Date(Date.now() - 60_000).toISOString()
  const base: RequestSpec = {
    method: 'POST',
    path: '/api/leads',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '',
    setupRequest: (request) => {
      const index = ids.length
      const id = loadId(run, index)
      ids.push(id)
      return {
        ...request,
        headers: { ...request.headers, 'CF-Connecting-IP': address(index) },
        body: JSON.stringify({
          id,
          name: `Prueba de carga ${index}`,
          email: `carga${index}@example.com`,
          phone: '222 555 0101',
          service: 'Mantenimiento Regular',
          message: 'Solicitud de prueba de carga.',
          page: '/contacto',
          openedAt: opened,
          submittedAt: new Date().toISOString(),
        }),
      }
    },
  }
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, amount, requests: [base], timeout: 30 }, (error, result) => {
      if (error) return reject(error)
      resolve({
        requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        seconds: result.duration,
        statuses: Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
        ),
        errors: result.errors + result.timeouts,
        ids,
      })
    })
  })
}
