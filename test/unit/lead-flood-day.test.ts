/**
 * @jest-environment node
 *
 * A day of flood on the test clock, straight into the endpoint's handler and the schedule on an in-memory
 * D1 with both channels on the notification stand-in (issue 41, 4): every hour valid-looking leads from
 * fresh IPv6 /64s past the alert ceiling, honeypot spam, now and then a real customer, and an emergency every
 * twelve hours; the schedule runs every 15 minutes. It prints, per channel, the messages of every hour and of the
 * day, by kind, and checks what the owner is promised: within each channel's budget, one closing message per day,
 * every emergency alerted within a minute.
 *
 * FLOOD_DAY_HOURS (default 24) makes the day longer: with 48 the second day shows the steady state (the reminders
 * of the first day's leads fall due in it); FLOOD_DAY_LEADS_PER_HOUR (default 12) makes the flood heavier. The
 * same file run on an older commit prints its figures (its assertions then say where it breaks the promise):
 * docs/leads.md, "A day of flood", has both.
 */
import promise from 'content:promesa'
import { runSchedule } from '../../edge/leads/schedule'
import { formJson, HOUR, leadBench, uuid } from '../helpers/lead-requests'
import type { NotifyRequest } from '../stand-ins/notify'

const HOURS = Number(process.env.FLOOD_DAY_HOURS) || 24
const FLOOD_PER_HOUR = Number(process.env.FLOOD_DAY_LEADS_PER_HOUR) || 12
const SPAM_PER_HOUR = 6
/** Midnight in Mexico City, Wednesday 25 November 2026. */
const START = Date.parse('2026-11-25T06:00:00.000Z')

const lead = leadBench({ promise })

/** Every post of the day, in time order: [ms after START, body, client address]. */
function day() {
  const posts: { at: number; body: string; address: string; emergency: boolean }[] = []
  /** The day's n-th post (from 1): its submission id is uuid(n). */
  const add = (at: number, address: string, fields: Record<string, unknown>, emergency = false) =>
    posts.push({ at, body: formJson({ id: uuid(posts.length + 1), ...fields }), address, emergency })
  for (let hour = 0; hour < HOURS; hour += 1) {
    /** The `part`-th of `of` equal slices of this hour. */
    const at = (part: number, of: number) => hour * HOUR + Math.floor((part * HOUR) / of)
    for (let i = 0; i < FLOOD_PER_HOUR; i += 1) {
      const n = posts.length + 1
      const address = `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`
      add(at(i + 0.5, FLOOD_PER_HOUR), address, { name: `Robot ${n}`, message: `Cotización ${n}` })
    }
    for (let i = 0; i < SPAM_PER_HOUR; i += 1) {
      const address = `198.51.100.${(posts.length + 1) % 250}`
      add(at(i + 0.25, SPAM_PER_HOUR), address, { _gotcha: 'https://spam.example' })
    }
    if (hour % 3 === 1) add(at(20, 60), `203.0.113.${hour % 250}`, { name: `Cliente real ${hour}` })
    if (hour % 12 === 9) {
      const emergency = { name: `Emergencia ${hour}`, service: promise.emergencyService }
      add(at(40, 60), `192.0.2.${hour % 250}`, emergency, true)
    }
  }
  return posts.sort((a, b) => a.at - b.at)
}

test(`a day of flood: per channel, messages within the budget, emergencies alerted at once, one closing message`, async () => {
  const sent: { at: number; channel: 'email' | 'webhook'; kind: string; request: NotifyRequest }[] = []
  let recorded = 0
  /** What the stand-in got since the last look, at the simulated time `at`. */
  const collect = (at: number) => {
    for (const request of lead.standIn.requests.slice(recorded)) {
      const channel = request.path === '/emails' ? 'email' : 'webhook'
      const kind = /^aquapuebla\/([^/]+)\//.exec(request.idempotencyKey ?? '')?.[1] ?? '?'
      // A replayed e-mail (same key) was not sent again; a webhook call is a message whatever it carries.
      if (!request.replayed) sent.push({ at, channel, kind, request })
    }
    recorded = lead.standIn.requests.length
  }
  const emergencies: { at: number; name: string }[] = []
  const posts = day()
  let next = 0
  for (let tick = 0; tick <= HOURS * 4; tick += 1) {
    const until = tick * 15 * 60_000
    // The posts of these 15 minutes, one after another, each at its own time with its own alert sent.
    while (next < posts.length && (posts[next]?.at ?? Infinity) < until) {
      const post = posts[next++]!
      if (post.emergency) emergencies.push({ at: post.at, name: JSON.parse(post.body).name as string })
      const answer = await lead.post(post.body, {
        headers: { 'CF-Connecting-IP': post.address },
        now: new Date(START + post.at),
      })
      await answer.arrayBuffer()
      await lead.settle()
      collect(post.at)
    }
    await runSchedule(lead.env, () => new Date(START + until)).catch((error: unknown) => console.error(error))
    collect(until)
  }

  // The figures: per channel, every hour and every day, by kind.
  const lines: string[] = []
  for (const channel of ['email', 'webhook'] as const) {
    const mine = sent.filter((message) => message.channel === channel)
    const perHour = Array.from({ length: HOURS + 1 }, (_, hour) =>
      mine.filter((message) => Math.floor(message.at / HOUR) === hour),
    )
    lines.push(`${channel}: per hour ${perHour.map((hour) => hour.length).join(' ')}`)
    for (let dayIndex = 0; dayIndex * 24 < HOURS; dayIndex += 1) {
      const ofDay = mine.filter((message) => Math.floor(message.at / (24 * HOUR)) === dayIndex)
      const kinds = new Map<string, number>()
      for (const { kind } of ofDay) kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
      lines.push(
        `${channel}: day ${dayIndex + 1}: ${ofDay.length} (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`,
      )
    }
  }
  const firstWord = emergencies.map(({ at, name }) => {
    const told = sent.find(
      (message) =>
        message.channel === 'email' && message.at >= at && String(message.request.body.text).includes(name),
    )
    return told ? Math.round((told.at - at) / 1000) : null
  })
  lines.push(
    `emergencies: first e-mail after ${firstWord.map((s) => (s === null ? 'never' : `${s} s`)).join(', ')}`,
  )
  console.log(`a day of flood (${posts.length} posts over ${HOURS} h):\n${lines.join('\n')}`)

  // The promise: within each channel's budget (20 in any hour, 90 in any 24 hours, the closing message one more
  // at most), the closing message once a day, every emergency in the owner's e-mail within a minute.
  for (const channel of ['email', 'webhook'] as const) {
    const times = sent.filter((message) => message.channel === channel).map((message) => message.at)
    const most = (window: number) =>
      Math.max(...times.map((at) => times.filter((other) => other > at - window && other <= at).length))
    expect({ channel, hour: most(HOUR) <= 21, day: most(24 * HOUR) <= 90 }).toEqual({
      channel,
      hour: true,
      day: true,
    })
    const notes = sent.filter((message) => message.channel === channel && message.kind === 'budget')
    expect(notes.length).toBeLessThanOrEqual(Math.ceil(HOURS / 24) + 1)
  }
  expect(firstWord.every((seconds) => seconds !== null && seconds <= 60)).toBe(true)
}, 1_800_000)
