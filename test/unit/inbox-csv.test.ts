/**
 * @jest-environment node
 *
 * The inbox's CSV export (edge/inbox/csv.ts, edge/inbox/api.ts leadsCsv): a UTF-8 BOM for Excel, quoted
 * cells, doubled quotes, line breaks kept inside a cell, accents intact, formulas neutralised; the source's
 * columns (issue 43): its label, the campaign, the facts, whether an ad's click id came (never its value).
 */
import { csvCell } from '../../edge/inbox/csv'
import { CSV_HEADER, leadsCsv, localDateTime } from '../../edge/inbox/api'
import type { Lead } from '../../contract/inbox-api'
import { NO_SOURCE } from '../../contract/lead-source'

// A cell starting with a formula character is text; one later in the text is harmless. The BOM, CRLF, the Spanish
// header, a leading = and + neutralised, quotes doubled, a line break and accents kept in a cell: the CSV the page
// downloads, test/owner/inbox.test.ts «on the phone: sign in with GitHub, …export…» (Chromium and WebKit).
test.each([
  ['-1+1', `"'-1+1"`],
  ['@SUM(A1)', `"'@SUM(A1)"`],
  ['\tcmd', `"'\tcmd"`],
  ['\r=1', `"'\r=1"`],
  ['a=b', '"a=b"'],
  [null, '""'],
  [undefined, '""'],
])('the cell of %j is %s', (value, cell) => {
  expect(csvCell(value)).toBe(cell)
})

test('the leads file has Spanish column names and Puebla’s local time', () => {
  const lead: Lead = {
    id: 'l1',
    created_at: '2026-11-25T15:05:00.000Z',
    name: '=cmd|"/c calc"!A1',
    email: 'ana@example.com',
    phone: '222 555 0101',
    service: 'Mantenimiento',
    message: 'Línea 1\nLínea 2',
    page: '/contacto',
    status: 'nuevo',
    spam_reason: null,
    note: '',
    updated_at: '2026-11-25T15:05:00.000Z',
    due_at: '2026-11-26T15:05:00.000Z',
    urgent: 0,
    first_contact_at: '2026-11-25T17:20:30.000Z',
    first_contact_via: 'whatsapp',
    notifications: [],
    source_via: 'page',
    source_landing: '/servicios',
    source_referrer: 'l.facebook.com',
    source_utm_source: 'facebook',
    source_utm_medium: 'cpc',
    source_utm_campaign: '=verano',
    source_gclid: 0,
    source_fbclid: 1,
  }
  const [header, row] = leadsCsv([lead]).slice(1).split('\r\n')
  expect(header).toBe(CSV_HEADER.map((name) => `"${name}"`).join(','))
  expect(row).toBe(
    `"2026-11-25 09:05","'=cmd|""/c calc""!A1","222 555 0101","ana@example.com","Mantenimiento","Línea 1\nLínea 2","nuevo","2026-11-26 09:05","2026-11-25 11:20","136","WhatsApp","","/contacto","Facebook (anuncio)","'=verano","/servicios","l.facebook.com","facebook","cpc","Facebook","l1"`,
  )
  expect(localDateTime('2026-07-01T05:30:00Z')).toBe('2026-06-30 23:30')
  // An unanswered lead, or one stored before deadlines were kept: those cells are empty.
  // Its source not seen (stored before migration 0007): «Sin datos» and empty facts.
  const [, plain] = leadsCsv([
    { ...lead, ...NO_SOURCE, due_at: null, first_contact_at: null, first_contact_via: null },
  ])
    .slice(1)
    .split('\r\n')
  expect(plain).toContain('"nuevo","","","","","",')
  expect(plain).toContain('"/contacto","Sin datos","","","","","","","l1"')
})
