/**
 * @jest-environment node
 *
 * Where a client came from (issue 43), at the endpoint and in the inbox, in Node against an in-memory D1
 * (migrations applied) and the notification stand-in: what the page noted is stored bounded and cleaned (a
 * host of a referrer, whether of a click id: hostile text, huge values and a click id's value never reach the
 * row); a lead is never refused for its source; without the page's note only what the endpoint sees itself (the
 * Referer's tags) is kept; the owner's alert carries the label in one line; the month figures by source. The
 * browser's part and the label table: lead-source.test.tsx.
 */
import promise from 'content:promesa'
import { sourceFigures } from '../../edge/inbox/sources'
import { recordContact } from '../../edge/inbox/store'
import { after, formJson, HOUR, leadBench, SITE, T0, uuid } from '../helpers/lead-requests'

jest.setTimeout(60_000)

const lead = leadBench({ promise, extra: () => ({ LEAD_RATE_LIMIT: '1000' }) })
const { post, rows, settle } = lead
const SOURCES = `SELECT source_via, source_landing, source_referrer, source_utm_source, source_utm_medium,
  source_utm_campaign, source_gclid, source_fbclid FROM leads`
/** The source's columns of every lead, by id. */
const sources = () => rows(`${SOURCES} ORDER BY id`)
/** Every column of a lead, as one text: what the database holds of it. */
const storedText = async (id: string) => JSON.stringify(await rows('SELECT * FROM leads WHERE id = ?1', id))

test('what the page noted is stored cleaned and bounded; of a referrer its host, of a click id only that it came', async () => {
  const answer = await post(
    formJson({
      id: uuid(1),
      source: {
        landing: '/servicios?utm_source=x#arriba',
        referrer: 'https://www.google.com/search?q=albercas+en+puebla',
        utm_source: ' google\u0000\n',
        utm_medium: 'c\u202epc',
        utm_campaign: `<script>alert(1)</script>${'x'.repeat(20_000)}`,
        gclid: 'Cj0KCQ-VALOR-DEL-CLIC',
        fbclid: false,
      },
    }),
  )
  expect(answer.status).toBe(201)
  expect(await rows(`${SOURCES} WHERE id = ?1`, uuid(1))).toEqual([
    {
      source_via: 'page',
      source_landing: '/servicios',
      source_referrer: 'www.google.com',
      source_utm_source: 'google',
      source_utm_medium: 'cpc',
      source_utm_campaign: `<script>alert(1)</script>${'x'.repeat(75)}`,
      source_gclid: 1,
      source_fbclid: 0,
    },
  ])
  const stored = await storedText(uuid(1))
  for (const leaked of ['VALOR-DEL-CLIC', 'search', 'albercas', 'utm_source=x'])
    expect(stored).not.toContain(leaked)
  // The owner's alert says where the client came from, in one line; the webhook's data has the facts.
  await settle()
  const text = String(lead.standIn.emails[0]?.body.text)
  expect(text.split('\n').filter((line) => line.startsWith('Origen: '))).toEqual([
    `Origen: Google (anuncio) · campaña «<script>alert(1)</script>${'x'.repeat(75)}»`,
  ])
  expect(lead.standIn.webhooks[0]?.body).toMatchObject({
    lead: { source: { label: 'Google (anuncio)', referrer: 'www.google.com', gclid: true } },
  })
  expect(JSON.stringify(lead.standIn.webhooks[0]?.body)).not.toContain('VALOR-DEL-CLIC')
})

// A lead is never refused for its source: what is not what it should be is dropped.
test.each<[string, unknown, Record<string, unknown>]>([
  [
    'a text instead of the note: as if no page had noted anything (the Referer, absent here, is all there is)',
    'https://evil.example/',
    { source_via: 'post', source_referrer: '', source_utm_source: '' },
  ],
  ['a list instead of the note: the same', ['a', 'b'], { source_via: 'post', source_referrer: '' }],
  [
    'fields of the wrong kind: each dropped, the rest kept',
    {
      landing: { path: '/' },
      referrer: 'no es un host/../..',
      utm_source: ['volante'],
      gclid: 1,
      fbclid: 'x',
    },
    { source_via: 'page', source_landing: '', source_referrer: '', source_gclid: 0, source_fbclid: 1 },
  ],
  [
    'a first load that came from another page of the site: the original source was not seen',
    { landing: '/contacto', referrer: 'www.aquapuebla.mx' },
    { source_via: 'site', source_landing: '/contacto', source_referrer: '' },
  ],
  [
    'a first load from another page of the site, its address tagged: the tags count',
    { landing: '/contacto', referrer: 'www.aquapuebla.mx', utm_source: 'volante' },
    { source_via: 'site', source_referrer: '', source_utm_source: 'volante' },
  ],
])('%s; the lead is stored', async (_what, source, stored) => {
  expect((await post(formJson({ id: uuid(1), source }))).status).toBe(201)
  expect(await sources()).toEqual([expect.objectContaining(stored)])
})

test("without the page's note, the endpoint's own view: the tags of the page that sent the form, nothing else", async () => {
  const native = (id: string, referer: string) =>
    lead.formPost({ ...JSON.parse(formJson()), id }, { Referer: referer })
  // A flyer's QR code opened /contacto?utm_source=volante… and the form was sent before the scripts ran.
  await native(uuid(1), `${SITE}/contacto?utm_source=volante&utm_campaign=mayo&fbclid=IwAR-VALOR`)
  // A Referer that is not one of the site's pages says nothing about the visitor.
  await native(uuid(2), 'https://otro.example/contacto?utm_source=facebook')
  expect(await sources()).toEqual([
    {
      source_via: 'post',
      source_landing: '',
      source_referrer: '',
      source_utm_source: 'volante',
      source_utm_medium: '',
      source_utm_campaign: 'mayo',
      source_gclid: 0,
      source_fbclid: 1,
    },
    expect.objectContaining({ source_via: 'post', source_utm_source: '', source_fbclid: 0 }),
  ])
  expect(await storedText(uuid(1))).not.toContain('IwAR-VALOR')
})

test('the month figures by source: received and answered in time, this month and the last, spam apart', async () => {
  const october = new Date('2026-10-20T16:00:00.000Z')
  const sent = async (n: number, source: Record<string, unknown>, now = T0, extra = {}) =>
    post(formJson({ id: uuid(n), source: { landing: '/', referrer: '', ...source }, ...extra }), { now })
  await sent(1, { referrer: 'www.google.com' })
  await sent(2, { referrer: 'www.google.com.mx' })
  await sent(3, { utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'verano' })
  await sent(4, {})
  await sent(5, { referrer: 'www.google.com' }, T0, { _gotcha: 'robot' })
  await sent(6, { utm_source: 'volante' }, october)
  await post(formJson({ id: uuid(7) }), { now: october })
  // Answered: one from Google within its 24 h, the Facebook one after it; October's flyer in time.
  await recordContact(lead.d1.db, uuid(1), 'whatsapp', after(HOUR))
  await recordContact(lead.d1.db, uuid(3), 'llamada', after(30 * HOUR))
  await recordContact(lead.d1.db, uuid(6), 'llamada', new Date(october.getTime() + HOUR))
  expect(await sourceFigures(lead.d1.db, after(31 * HOUR))).toEqual([
    [
      { source: 'Google (búsqueda)', received: 2, inTime: 1 },
      { source: 'Directo', received: 1, inTime: 0 },
      { source: 'Facebook (anuncio)', received: 1, inTime: 0 },
    ],
    [
      { source: 'Sin datos', received: 1, inTime: 0 },
      { source: 'Volante', received: 1, inTime: 1 },
    ],
  ])
})

test('a month of many sources lists the eight largest and counts the rest as «Otras fuentes»', async () => {
  for (let n = 0; n < 12; n += 1)
    await post(formJson({ id: uuid(n), source: { utm_source: `volante-${n % 10}` } }))
  const [month = []] = await sourceFigures(lead.d1.db, T0)
  const volantes = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => [`Volante ${n}`, n < 2 ? 2 : 1])
  expect(month.map((line) => [line.source, line.received])).toEqual([...volantes, ['Otras fuentes', 2]])
})
