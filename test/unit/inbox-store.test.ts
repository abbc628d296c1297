/**
 * @jest-environment node
 *
 * The inbox's reads and writes (edge/inbox/store.ts) and its API routes (edge/inbox/api.ts) on a real D1
 * (migrations/ applied: test/helpers/d1.ts): newest first in pages of 25, spam apart, the
 * status filter, the search (wildcards taken literally, phones by digits), a change, a delete that takes
 * the notification rows along, the CSV of what the filter shows (read a page at a time, in the view's order),
 * and the month figures with answered in time, answered late and not answered yet counted apart (issue 42).
 */
import { leadsCsv } from '../../edge/inbox/api'
import {
  PAGE_SIZE,
  filterFrom,
  leadPages,
  listLeads,
  monthFigures,
  readChange,
  type LeadFilter,
} from '../../edge/inbox/store'
import { startD1, type TestD1 } from '../helpers/d1'
import { ownerSession } from '../helpers/inbox-owner'
import { SEED_LEADS, seedStatements, type SeedLead } from '../helpers/inbox-seed'

let d1: TestD1
beforeAll(async () => void (d1 = await startD1()))
afterAll(() => d1.close())
/** The seed's leads, or these leads beside them (their rows alone). */
const seed = (leads?: SeedLead[]) =>
  d1.db.batch(
    seedStatements(leads)
      .slice(0, leads?.length)
      .map((statement) => d1.db.prepare(statement)),
  )
beforeEach(async () => {
  await d1.clear()
  await seed()
})

const all: LeadFilter = { status: 'todas', query: '' }

// Newest first, the count of every status, what each notification did, the spam counted by reason with the newest
// three, and «No es spam» undone with its reason kept: shown on the phone, in Chromium and WebKit,
// test/owner/inbox.test.ts «on the phone: sign in with GitHub…» and «…leads set aside as spam…».
test('the spam counts stay under a filter; a spam lead without a reason is counted apart, and only the newest are listed', async () => {
  const page = await listLeads(d1.db, all)
  expect(page.leads[0]?.notifications).toEqual([
    { channel: 'email', state: 'delivered', attempts: 1, last_error: null },
    { channel: 'webhook', state: 'pending', attempts: 2, last_error: 'HTTP 500' },
  ])
  // The same counts under a filter or a search, without the list (the filtered view lists what it shows).
  const spamView = await listLeads(d1.db, { status: 'spam', query: '' })
  expect(spamView.spam).toEqual({ total: 4, reasons: page.spam.reasons, latest: [] })
  // A spam lead with no reason recorded is counted apart; only SPAM_LATEST of the newest are listed.
  const more: SeedLead[] = Array.from({ length: 6 }, (_, index) => ({
    ...SEED_LEADS[5]!,
    id: `spam-${index}`,
    name: `Bot ${index}`,
    created_at: `2026-11-26T0${index}:00:00.000Z`,
    spam_reason: undefined,
  }))
  await seed(more)
  const grown = await listLeads(d1.db, all)
  expect(grown.spam.total).toBe(10)
  expect(grown.spam.reasons[0]).toEqual({ reason: null, count: 6 })
  expect(grown.spam.latest.map((lead) => lead.name)).toEqual(['Bot 5', 'Bot 4', 'Bot 3'])
})

test('pages of 25, the next page continuing where the first stopped', async () => {
  const extra: SeedLead[] = Array.from({ length: 30 }, (_, index) => ({
    ...SEED_LEADS[1]!,
    id: `extra-${String(index).padStart(2, '0')}`,
    name: `Cliente ${String(index).padStart(2, '0')}`,
    created_at: `2026-09-${String(index + 1).padStart(2, '0')}T10:00:00.000Z`.replace('09-31', '10-01'),
  }))
  await seed(extra)
  const first = await listLeads(d1.db, all, 1)
  const second = await listLeads(d1.db, all, 2)
  expect(first.total).toBe(35)
  expect(first.leads).toHaveLength(PAGE_SIZE)
  expect(second.leads).toHaveLength(10)
  const both = [...first.leads, ...second.leads]
  expect(new Set(both.map((lead) => lead.id)).size).toBe(35)
  const times = both.map((lead) => lead.created_at)
  expect(times).toEqual([...times].sort().reverse())
})

// A word of a message and a phone typed with dashes, on the phone: test/owner/inbox.test.ts.
test('search finds name, e-mail, message and phone (by digits too), and takes wildcards literally', async () => {
  const search = async (query: string) =>
    (await listLeads(d1.db, { status: 'todas', query })).leads.map((lead) => lead.name)
  expect(await search('ana lópez')).toEqual(['Ana López'])
  // Case and accents do not matter, either way round.
  expect(await search('NUNEZ')).toEqual(['Sofía Ramírez Núñez'])
  expect(await search('sofia')).toEqual(['Sofía Ramírez Núñez'])
  expect(await search('Méndéz')).toEqual(['Carlos Méndez'])
  expect(await search('JARDÍN')).toEqual(['Sofía Ramírez Núñez'])
  expect(await search('ana.lopez@')).toEqual(['Ana López'])
  expect(await search('2225550111')).toEqual(['Carlos Méndez'])
  expect(await search('222-555-0142')).toEqual(['Sofía Ramírez Núñez'])
  expect(await search('%')).toEqual([])
  expect(await search('_')).toEqual([])
  // An unknown status falls back to the default view, «Por atender» (issue 31); `todas` is asked for by name.
  expect(filterFrom(new URLSearchParams('estado=otro&q=%20ana%20'))).toEqual({
    status: 'por-atender',
    query: 'ana',
  })
  expect(filterFrom(new URLSearchParams('estado=todas')).status).toBe('todas')
})

// A change saved (status and note, kept over a reload): test/owner/inbox.test.ts; an unknown lead's 404 below.
test('an invalid change is refused before the database, with its reason', () => {
  expect(readChange({ status: 'aprobado' })).toBe('Estado no válido.')
  expect(readChange({ note: 'x'.repeat(2001) })).toBe('La nota admite hasta 2000 caracteres.')
  expect(readChange({})).toBe('No hay nada que cambiar.')
  expect(readChange({ note: '' })).toEqual({ note: '' })
})

// What the page does with them (list, change, note, export, delete): test/owner/inbox.test.ts, on the phone.
test('through the API, a change or a delete the store cannot do is answered 422, 400, 404 or 405', async () => {
  const { call } = await ownerSession(d1.db)
  expect((await call('leads/lead-ana', { method: 'PATCH', body: '{"status":"x"}' })).status).toBe(422)
  expect((await call('leads/lead-ana', { method: 'PATCH', body: 'no es json' })).status).toBe(400)
  expect((await call('leads/no-existe', { method: 'PATCH', body: '{"note":"a"}' })).status).toBe(404)
  expect((await call('leads/lead-old', { method: 'DELETE' })).status).toBe(204)
  expect((await call('leads/lead-old', { method: 'DELETE' })).status).toBe(404)
  expect((await call('leads/lead-old', { method: 'POST' })).status).toBe(405)
})

/** `MM-DDTHH[:MM]` of 2026, UTC. */
const iso = (time: string) => `2026-${time}${time.length === 8 ? ':00' : ''}:00.000Z`

/** Rows as the endpoint writes them: [id, created, due (none: null), first contact (none: null), status (nuevo)]. */
type Row = [string, string, (string | null)?, (string | null)?, string?]
async function seedPromised(rows: Row[]): Promise<void> {
  await d1.clear()
  await d1.db.batch(
    rows.map(([id, created, due = null, contact = null, status = 'nuevo']) =>
      d1.db
        .prepare(
          `INSERT INTO leads (id, created_at, name, email, phone, service, message, status, updated_at, due_at,
             first_contact_at, first_contact_via)
           VALUES (?1, ?2, ?1, 'a@b.mx', '2225550101', 'Consulta General', 'Hola', ?5, ?2, ?3, ?4, ?6)`,
        )
        .bind(id, iso(created), due && iso(due), contact && iso(contact), status, contact ? 'llamada' : null),
    ),
  )
}

describe('the month figures (issue 42: «0 de 4» counted four leads still in time as not answered in time)', () => {
  // Now: Wednesday 25 November 2026, 12:00 in Puebla (18:00 UTC).
  const now = new Date('2026-11-25T18:00:00.000Z')

  test('answered in time, answered late, and not answered yet (overdue or still in time) are counted apart', async () => {
    await seedPromised([
      // Answered 1 h after arriving, deadline 24 h: in time.
      ['en-tiempo', '11-20T15', '11-21T15', '11-20T16', 'contactado'],
      // Answered two minutes after its deadline: late.
      ['tarde', '11-10T15', '11-11T15', '11-11T15:02', 'ganado'],
      // Not answered, deadline past: overdue.
      ['vencida', '11-23T15', '11-24T15', null, 'nuevo'],
      // Not answered, still inside their deadline: neither kept nor broken yet.
      ['abierta-1', '11-25T16', '11-26T16', null, 'nuevo'],
      ['abierta-2', '11-25T17:30', '11-25T19:30', null, 'nuevo'],
      // Stored before deadlines were kept: received, in no count of the promise.
      ['sin-plazo', '11-02T15'],
      // Spam: nowhere.
      ['spam', '11-24T15', '11-25T15', null, 'spam'],
      // Last month: one answered exactly at its deadline (in time).
      ['octubre', '10-15T15', '10-16T15', '10-16T15', 'cotizado'],
    ])
    expect(await monthFigures(d1.db, now)).toEqual([
      {
        month: '2026-11',
        received: 6,
        withDeadline: 5,
        inTime: 1,
        answeredLate: 1,
        unanswered: 3,
        overdue: 1,
        answered: 2,
        // 60 and 1 442 minutes: the middle of two is their mean.
        medianMinutes: 751,
      },
      {
        month: '2026-10',
        received: 1,
        withDeadline: 1,
        inTime: 1,
        answeredLate: 0,
        unanswered: 0,
        overdue: 0,
        answered: 1,
        medianMinutes: 1440,
      },
    ])
    // An hour and a half later the emergency's 2 h are up: overdue, still not late-answered.
    const later = await monthFigures(d1.db, new Date('2026-11-25T19:30:00.000Z'))
    expect(later[0]).toMatchObject({ unanswered: 3, overdue: 2, answeredLate: 1 })
  })
})

describe('the CSV, a page of rows at a time', () => {
  const rows = async (filter: LeadFilter, pageSize: number) => {
    const ids: string[][] = []
    for await (const page of leadPages(d1.db, filter, pageSize)) ids.push(page.map((lead) => lead.id))
    return ids
  }

  test('pages follow the view’s order without a gap or a repeat, whatever their size', async () => {
    await seedPromised([
      ['a', '11-20T15', '11-21T15'],
      ['b', '11-21T15', '11-22T15'],
      // Same arrival as b: the id breaks the tie in both orders.
      ['c', '11-21T15', '11-22T15'],
      ['d', '11-22T15'],
      ['e', '11-23T15', '11-23T17'],
      ['f', '11-24T15', '11-25T15', '11-24T16', 'contactado'],
      ['g', '11-24T16'],
    ])
    await d1.db.prepare("UPDATE leads SET urgent = 1 WHERE id = 'e'").run()
    for (const filter of [
      { status: 'por-atender', query: '' },
      { status: 'todas', query: '' },
    ] satisfies LeadFilter[]) {
      const listed = (await listLeads(d1.db, filter)).leads.map((lead) => lead.id)
      expect(listed.length).toBeGreaterThan(4)
      for (const size of [1, 2, 3, 100]) expect((await rows(filter, size)).flat()).toEqual(listed)
      expect((await rows(filter, 2)).map((page) => page.length)).toEqual(
        Array.from({ length: Math.ceil(listed.length / 2) }, (_, i) => Math.min(2, listed.length - 2 * i)),
      )
    }
    // «Por atender»: the emergency first, then by deadline, those without one last, oldest first.
    const byDeadline = (await rows({ status: 'por-atender', query: '' }, 3)).flat()
    expect(byDeadline).toEqual(['e', 'a', 'b', 'c', 'd', 'g'])
  })

  test('the export answers every row, the same bytes as one file of them, more rows than a page', async () => {
    // More leads than the export reads at a time (200), so the answer is the join of several pages.
    await seedPromised(
      Array.from({ length: 450 }, (_, i): Row => [
        `l-${String(i).padStart(3, '0')}`,
        new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString().slice(5, 16),
      ]),
    )
    const answer = await (await ownerSession(d1.db)).call('export.csv?estado=todas')
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    // The BOM kept (TextDecoder drops it unless told not to).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await answer.arrayBuffer())
    const every = []
    for await (const page of leadPages(d1.db, { status: 'todas', query: '' })) every.push(...page)
    expect(new Set(every.map((lead) => lead.id)).size).toBe(450)
    expect(text).toBe(leadsCsv(every))
    expect(text.split('\r\n')).toHaveLength(452)
  })
})
