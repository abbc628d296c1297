/**
 * The time the endpoint and the schedule work with. Tests only: with LEAD_TEST_CLOCK_URL set (a loopback
 * clock, test/stand-ins/clock.ts), the time is asked there once per request or schedule run and then runs on
 * from that answer, so a test can move the time of a running `wrangler pages dev` and schedule Worker forward
 * (an hour for the digest, a night for the summary; issue 31's reminders). Unset, it is the real clock.
 * Honoured only on loopback (edge/test-only.ts); a clock that cannot be asked is logged and the real one used, so
 * a stray value in production can never stop a lead from being stored.
 */
import { testOverride } from '../test-only'
import type { LeadEnv } from './env'

export async function testClock(env: Pick<LeadEnv, 'LEAD_TEST_CLOCK_URL'>): Promise<() => Date> {
  const url = testOverride('LEAD_TEST_CLOCK_URL', env.LEAD_TEST_CLOCK_URL)
  if (!url) return () => new Date()
  const asked = Date.now()
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) })
    if (!response.ok) throw new Error(`it answered ${response.status}`)
    const { now } = (await response.json()) as { now?: unknown }
    const base = typeof now === 'string' ? Date.parse(now) : Number.NaN
    if (!Number.isFinite(base)) throw new Error(`it gave no time: ${JSON.stringify(now)}`)
    return () => new Date(base + (Date.now() - asked))
  } catch (error) {
    console.error(
      `LEAD_TEST_CLOCK_URL could not be asked the time (${String(error)}); the real clock is used`,
    )
    return () => new Date()
  }
}
