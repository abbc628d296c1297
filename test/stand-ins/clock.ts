/**
 * A clock on loopback for the lead endpoint and the schedule Worker (LEAD_TEST_CLOCK_URL, tests only:
 * edge/leads/clock.ts asks it the time once per request or run). It runs like a real clock from whatever
 * time it was last set to, so a test can move a running `wrangler pages dev` an hour or a night forward.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ClockStandIn {
  /** LEAD_TEST_CLOCK_URL */
  url: string
  /** The time it tells now. */
  now(): Date
  /** From now on it tells `date`, running on from there. */
  set(date: Date): void
  /** Moves it forward by `ms`. */
  advance(ms: number): void
  close(): Promise<void>
}

export async function startClockStandIn(start: Date = new Date()): Promise<ClockStandIn> {
  let offset = start.getTime() - Date.now()
  const now = () => new Date(Date.now() + offset)
  const server = createServer((_req, res) => {
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ now: now().toISOString() }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/now`,
    now,
    set(date) {
      offset = date.getTime() - Date.now()
    },
    advance(ms) {
      offset += ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
