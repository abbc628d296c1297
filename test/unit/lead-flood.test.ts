/**
 * @jest-environment node
 *
 * A flood on the lead endpoint, straight into its handler on an in-memory D1, with small ceilings set by
 * the variables: a few hundred valid-looking posts from the shared generator (test/helpers/lead-flood.ts),
 * rotating IPv6 addresses inside one /64 and one address in each of many /64s, and a real lead in the middle.
 * What the owner sees: at most LEAD_ALERTS_PER_HOUR alerts per channel, then one digest per channel that counts
 * every other stored lead, the real one among them; what the flood sees: 201, 429 or the designed 503, never
 * another 5xx; what the database holds: no more than LEAD_STORE_PER_HOUR leads, and nothing new once it is
 * full. The same flood runs on wrangler in test/hosts/lead-store.test.ts.
 */
import { runSchedule } from '../../edge/leads/schedule'
import {
  acrossMany64s,
  leadSubmission,
  newRun,
  withinOne64,
  type AddressStrategy,
} from '../helpers/lead-flood'
import { leadAnswers } from '../../contract/lead-messages'
import { formJson, INBOX, leadBench } from '../helpers/lead-requests'

const STORE_PER_HOUR = 40
const ALERTS_PER_HOUR = 5
const RATE_LIMIT = 10
// Five times the ceiling: past it the rest of the flood shows the 503 and the one /64 its 429s.
const FLOOD = 200
const AT_ONCE = 25
/** The flood's hour: Wednesday 25 November, 16:xx UTC (10:xx in Mexico City). */
const START = Date.parse('2026-11-25T16:00:00.000Z')

const lead = leadBench({
  extra: () => ({
    LEAD_STORE_PER_HOUR: String(STORE_PER_HOUR),
    LEAD_ALERTS_PER_HOUR: String(ALERTS_PER_HOUR),
    LEAD_RATE_LIMIT: String(RATE_LIMIT),
  }),
})
const { rows } = lead
const tableSizes = async () =>
  Object.fromEntries(
    await Promise.all(
      ['leads', 'notifications', 'rate_limits', 'lead_counts', 'lead_settings'].map(async (table) => [
        table,
        (await rows<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n,
      ]),
    ),
  ) as Record<string, number>

interface Answer {
  status: number
  retryAfter: string | null
  error?: string
}

/**
 * Sends `amount` posts from the shared generator, AT_ONCE at a time, the n-th from `address(n)` and at
 * START + n seconds (one hour holds 3600); the handler's after-the-answer work is awaited with the batch.
 */
async function flood(amount: number, address: AddressStrategy, first = 0): Promise<Answer[]> {
  const run = newRun()
  const answers: Answer[] = []
  for (let batch = first; batch < first + amount; batch += AT_ONCE) {
    const sent = await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, first + amount - batch) }, async (_, offset) => {
        const index = batch + offset
        const { headers, body } = leadSubmission(run, index, address)
        const response = await lead.post(body, {
          headers,
          now: new Date(START + Math.floor(index / 2) * 1000),
        })
        const answer = response.status >= 400 ? ((await response.json()) as { error?: string }) : {}
        return {
          status: response.status,
          retryAfter: response.headers.get('Retry-After'),
          error: answer.error,
        }
      }),
    )
    answers.push(...sent)
    await lead.settle()
  }
  return answers
}

const byStatus = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  )

test(`${FLOOD} posts from one rotating /64 and from many /64s: the owner hears of every stored lead, the database stops at the ceiling`, async () => {
  // 1. The first wave: one customer rotating through its /64, and a fresh /64 for every other post.
  const mixed: AddressStrategy = (index) => (index % 2 === 0 ? withinOne64()(index) : acrossMany64s()(index))
  const wave = await flood(40, mixed)

  // 2. A real person in the middle of it, from an ordinary IPv4 connection.
  const real = await lead.post(
    formJson({ name: 'María Fernanda Ruiz', message: 'Quiero mantenimiento para mi alberca en Cholula.' }),
    { headers: { 'CF-Connecting-IP': '198.51.100.23' }, now: new Date(START + 31_000) },
  )
  expect(real.status).toBe(201)

  // 3. The rest of the flood, past the storage ceiling.
  const rest = await flood(FLOOD - 40, mixed, 40)
  const answers = [...wave, ...rest]
  const statuses = byStatus(answers)
  console.log(`flood of ${FLOOD}: ${JSON.stringify(statuses)}`)

  // The flood got 201s until the ceiling, 429s for the one /64 past its limit, then the designed 503.
  expect(Object.keys(statuses).sort()).toEqual(['201', '429', '503'])
  expect(statuses[201]).toBe(STORE_PER_HOUR - 1)
  expect(statuses[429]).toBeGreaterThan(0)
  for (const answer of answers.filter(({ status }) => status === 503)) {
    expect(answer.error).toBe(leadAnswers.busy)
    expect(Number(answer.retryAfter)).toBeGreaterThan(0)
  }
  // One /64 is one client: it got RATE_LIMIT posts through, however many addresses it used.
  const fromOne64 = answers.filter((_, index) => index % 2 === 0 && index < 40)
  expect(fromOne64.filter(({ status }) => status === 201).length).toBeLessThanOrEqual(RATE_LIMIT)

  // The database holds the ceiling and no more: the real lead among them.
  expect(await rows("SELECT count(*) AS n FROM leads WHERE status = 'nuevo'")).toEqual([
    { n: STORE_PER_HOUR },
  ])
  expect(await rows("SELECT name, alert FROM leads WHERE name = 'María Fernanda Ruiz'")).toEqual([
    { name: 'María Fernanda Ruiz', alert: 'digest' },
  ])
  // Once full, more of the flood writes no new row anywhere (only the hour's counts go up).
  const full = await tableSizes()
  const more = await flood(50, acrossMany64s(), FLOOD)
  expect(byStatus(more)).toEqual({ 503: 50 })
  expect(await tableSizes()).toEqual(full)

  // The owner, during the hour: ALERTS_PER_HOUR alerts per channel and not one more. An e-mail is sent once
  // (its Idempotency-Key); a webhook call whose answer is slower than the send timeout (this process is busy
  // flooding) is sent again under the same key for the receiver to recognise: distinct keys are what count.
  expect(lead.standIn.emails).toHaveLength(ALERTS_PER_HOUR)
  const webhookKeys = () => new Set(lead.standIn.webhooks.map((request) => request.idempotencyKey))
  expect(webhookKeys().size).toBe(ALERTS_PER_HOUR)

  // The schedule's next run: one digest per channel that lists every other stored lead.
  await runSchedule(lead.env, () => new Date(START + 3_600_000 + 60_000))
  expect(lead.standIn.emails).toHaveLength(ALERTS_PER_HOUR + 1)
  expect(webhookKeys().size).toBe(ALERTS_PER_HOUR + 1)
  const digest = lead.standIn.emails[ALERTS_PER_HOUR]
  const batched = STORE_PER_HOUR - ALERTS_PER_HOUR
  expect(digest?.body.subject).toBe(`${batched} solicitudes nuevas`)
  expect(String(digest?.body.text)).toContain(`${batched} solicitudes nuevas que no te avisamos una por una`)
  expect(String(digest?.body.text)).toContain(INBOX)
  const digestData = lead.standIn.webhooks.find((request) => request.body.kind === 'digest')?.body as {
    digest: { new: string[] }
  }
  expect(digestData.digest.new).toHaveLength(batched)
  // The flood's counts for the owner's summary.
  const counts = Object.fromEntries(
    (await rows<{ what: string; n: number }>('SELECT what, sum(n) AS n FROM lead_counts GROUP BY what')).map(
      ({ what, n }) => [what, n],
    ),
  )
  expect(counts).toMatchObject({
    unverified: STORE_PER_HOUR,
    lead: STORE_PER_HOUR,
    alerted: ALERTS_PER_HOUR,
    batched,
    refused: (statuses[503] ?? 0) + 50,
    'rate-limited': statuses[429] ?? 0,
  })
}, 600_000)
