/**
 * Where the leads came from, in the inbox (issue 43): the month figures by source and the CSV's source columns,
 * both labelled by contract/lead-source.ts, as the page's cards are.
 *
 * The figures: per owner's month (this one and the last, as «Tu promesa de respuesta»), requests received (spam
 * aside) and, of those, answered within their deadline, per label. The facts are grouped in SQL (a real month
 * holds a handful of combinations) and labelled here, so the table keeps one home. At most GROUP_LIMIT
 * combinations are read and SOURCES_LISTED labels listed; the rest is one «Otras fuentes» line counted from the
 * month's totals, so a flood with random tags cannot make the answer grow, and the lines always add up.
 */
import { SOURCE_LABELS, sourceLabel, type SourceColumns } from '../../contract/lead-source'
import type { Lead, SourceCount } from '../../contract/inbox-api'
import type { D1Database } from './env'
import { IN_TIME, ownerMonths, type OwnerMonth } from './store'

export const GROUP_LIMIT = 200
export const SOURCES_LISTED = 8

/** What the label depends on (the campaign does not change it). */
const LABEL_FACTS = [
  'source_via',
  'source_referrer',
  'source_utm_source',
  'source_utm_medium',
  'source_gclid',
  'source_fbclid',
] as const

type FactsRow = Pick<SourceColumns, (typeof LABEL_FACTS)[number]> & {
  received: number
  inTime: number
  allReceived: number
  allInTime: number
}

async function sourcesOf(db: D1Database, month: OwnerMonth): Promise<SourceCount[]> {
  const facts = LABEL_FACTS.join(', ')
  const { results = [] } = await db
    .prepare(
      `SELECT ${facts}, count(*) AS received, coalesce(sum(${IN_TIME}), 0) AS inTime,
         sum(count(*)) OVER () AS allReceived, sum(coalesce(sum(${IN_TIME}), 0)) OVER () AS allInTime
       FROM leads WHERE status <> 'spam' AND created_at >= ?1 AND created_at < ?2
       GROUP BY ${facts} ORDER BY received DESC LIMIT ?3`,
    )
    .bind(month.start.toISOString(), month.end.toISOString(), GROUP_LIMIT)
    .all<FactsRow>()
  const byLabel = new Map<string, SourceCount>()
  for (const row of results) {
    const source = sourceLabel(row)
    const line = byLabel.get(source) ?? { source, received: 0, inTime: 0 }
    line.received += row.received
    line.inTime += row.inTime
    byLabel.set(source, line)
  }
  const listed = [...byLabel.values()]
    .sort((a, b) => b.received - a.received || a.source.localeCompare(b.source, 'es'))
    .slice(0, SOURCES_LISTED)
  const sum = (key: 'received' | 'inTime') => listed.reduce((total, line) => total + line[key], 0)
  const rest = {
    source: SOURCE_LABELS.others,
    received: (results[0]?.allReceived ?? 0) - sum('received'),
    inTime: (results[0]?.allInTime ?? 0) - sum('inTime'),
  }
  return rest.received > 0 ? [...listed, rest] : listed
}

/** This month's and last month's requests by source, in the order of monthFigures (./store.ts). */
export function sourceFigures(db: D1Database, now = new Date()): Promise<SourceCount[][]> {
  return Promise.all(ownerMonths(now).map((month) => sourcesOf(db, month)))
}

/** The CSV's source columns (edge/inbox/api.ts puts them after «Página»). */
export const SOURCE_CSV_HEADER = [
  'Origen',
  'Campaña',
  'Primera página',
  'Sitio de procedencia',
  'utm_source',
  'utm_medium',
  'Clic de anuncio',
]

const AD_CLICKS = ['', 'Google', 'Facebook', 'Google y Facebook']

export const sourceCells = (lead: Lead): unknown[] => [
  sourceLabel(lead),
  lead.source_utm_campaign ?? '',
  lead.source_landing ?? '',
  lead.source_referrer ?? '',
  lead.source_utm_source ?? '',
  lead.source_utm_medium ?? '',
  AD_CLICKS[(lead.source_gclid ? 1 : 0) + (lead.source_fbclid ? 2 : 0)],
]
