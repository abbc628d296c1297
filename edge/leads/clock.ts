/**
 * The time the endpoint and the schedule work with. Tests only: with LEAD_TEST_CLOCK_URL set (a loopback
 * clock, test/stand-ins/clock.ts), the time is asked there once per request or schedule run and then runs on
 * from that answer, so a test can move the time of a running `wrangler pages dev` and schedule Worker forward
 * (an hour for the digest, a night for the summary; issue 31's reminders). Unset, it is the real clock.
 */
import type { LeadEnv } from './env'

export async function testClock(env: Pick<LeadEnv, 'LEAD_TEST_CLOCK_URL'>): Promise<() => Date> {
  if (!env.LEAD_TEST_CLOCK_URL) return () => new Date()
  const asked = Date.now()
  const response = await fetch(env.LEAD_TEST_CLOCK_URL, { signal: AbortSignal.timeout(15_000) })
  if (!response.ok) throw new Error(`LEAD_TEST_CLOCK_URL answered ${response.status}`)
  const { now } = (await response.json()) as { now?: unknown }
  const base = typeof now === 'string' ? Date.parse(now) : Number.NaN
  if (!Number.isFinite(base)) throw new Error(`LEAD_TEST_CLOCK_URL gave no time: ${JSON.stringify(now)}`)
  return () => new Date(base + (Date.now() - asked))
}
