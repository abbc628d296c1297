/**
 * The one generator of a flood on the lead endpoint (edge/leads/): valid-looking submissions, each with its own
 * submission id, from client addresses chosen by a strategy (CF-Connecting-IP, which wrangler's local runtime
 * passes through as Cloudflare does): IPv4 addresses, rotating IPv6 addresses inside one /64 (one customer),
 * or one address in each of many /64s (many customers, or a botnet). `floodLeads` sends `amount` of them over
 * HTTP, `connections` at a time (autocannon). Used by test/hosts/lead-store.test.ts (on wrangler);
 * `npm run bench:leads`, which timed it, is retired (docs/performance.md).
 */
import { createRequire } from 'node:module'
import path from 'node:path'

interface AutocannonResult {
  requests: { total: number }
  latency: { p99: number }
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

/** Where the n-th request comes from. */
export type AddressStrategy = (index: number) => string

/** `count` IPv4 addresses in turn (10.0.0.1, 10.0.1.1 …), each its own rate-limit bucket. */
export const ipv4Addresses =
  (count: number): AddressStrategy =>
  (index) =>
    `10.${(index % count) >> 8}.${(index % count) & 255}.1`

/**
 * One customer rotating through its /64: a new interface id every request, written now in lower case, now
 * in upper case, now with leading zeros, as clients do; one rate-limit bucket for all of them.
 */
export const withinOne64 =
  (prefix = '2001:db8:66:1'): AddressStrategy =>
  (index) => {
    const groups = [index >> 16, index, index * 7919, index * 104729].map((value) =>
      (value & 0xffff).toString(16),
    )
    if (index % 3 === 1) return `${prefix}:${groups.join(':')}`.toUpperCase()
    if (index % 3 === 2) return `${prefix}:${groups.map((group) => group.padStart(4, '0')).join(':')}`
    return `${prefix}:${groups.join(':')}`
  }

/** Every request from a /64 of its own (2001:db8:<n>::/64), in compressed form: a fresh bucket each. */
export const acrossMany64s =
  (count = Number.MAX_SAFE_INTEGER): AddressStrategy =>
  (index) => {
    const n = index % count
    return `2001:db8:${((n >> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}::${(index % 250) + 1}`
  }

/** A v4-shaped UUID from a run prefix and a counter, so every request of every run is distinct. */
function floodId(run: number, index: number): string {
  const hex = (run.toString(16).padStart(8, '0') + index.toString(16).padStart(12, '0')).slice(-20)
  return `${hex.slice(0, 8)}-0000-4000-8000-${hex.slice(8)}`
}

interface FloodOptions {
  amount: number
  connections: number
  address: AddressStrategy
  /** Fields over the valid lead's in every submission (`{ _gotcha: 'x' }`: known spam). */
  overrides?: Record<string, unknown>
}

export async function floodLeads(url: string, { amount, connections, address, overrides }: FloodOptions) {
  // A fresh run number: the ids of two runs never collide.
  const run = Math.floor(Math.random() * 0xffffffff)
  let sent = 0
  // The n-th submission of a run: a valid lead, opened a minute before it is sent, from `address(n)`.
  const setupRequest = (request: RequestSpec): RequestSpec => {
    const n = sent++
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'CF-Connecting-IP': address(n),
    }
    const lead = {
      id: floodId(run, n),
      name: `Prueba de carga ${n}`,
      email: `carga${n}@example.com`,
      phone: '222 555 0101',
      service: 'Mantenimiento Regular',
      message: 'Solicitud de prueba de carga.',
      page: '/contacto',
      openedAt: new Date(Date.now() - 60_000).toISOString(),
      submittedAt: new Date().toISOString(),
    }
    return { ...request, headers, body: JSON.stringify({ ...lead, ...overrides }) }
  }
  const requests = [{ method: 'POST', path: '/api/leads', headers: {}, body: '', setupRequest }]
  const result = await new Promise<AutocannonResult>((resolve, reject) =>
    autocannon({ url, connections, amount, requests, timeout: 30 }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  )
  return {
    requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
    p99Ms: result.latency.p99,
    /** Answers by status code ('201': 2000). */
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count] as const),
    ),
    errors: result.errors + result.timeouts,
  }
}
