/**
 * Where a client came from (issue 43), in the browser's part and the shared table: what the page notes when the
 * visitor lands (src/leads/landing.ts, read by src/leads/source.ts: the tags bounded, whether a click id, never its
 * value), and the owner's label of those facts (contract/lead-source.ts), row by row of the documented table, and
 * how the inbox shows it. The endpoint's side and the figures' query: lead-source-store.test.ts; what the form
 * sends and the owner reads, in Chromium: test/hosts/lead-source.test.ts.
 */
import { render, screen, within } from '@testing-library/react'
import type { MonthFigures } from '../../contract/inbox-api'
import { SOURCE_MAX_LENGTH } from '../../contract/lead-rules'
import { NO_SOURCE, sourceLabel, sourceText, type SourceColumns } from '../../contract/lead-source'
import { SourceFigures } from '../../src/inbox/components/source-figures'
import { landingNote, noteLanding } from '../../src/leads/landing'
import { landingSource } from '../../src/leads/source'

// The referring site kept as its host alone, none when there is none, and the note unchanged by a client-side
// navigation: in Chromium, test/hosts/lead-source.test.ts «each lead says where its client came from…».
test('on landing, campaign tags are kept bounded; of a click id only that it was there', () => {
  window.history.replaceState(
    null,
    '',
    `/?utm_source=facebook&utm_medium=cpc&utm_campaign=${'verano'.repeat(40)}&fbclid=IwAR-SECRETO&gbraid=0AAA-SECRETO`,
  )
  noteLanding()
  const noted = landingSource(landingNote())
  expect(noted).toMatchObject({ landing: '/', referrer: '', utm_source: 'facebook', utm_medium: 'cpc' })
  expect(noted?.utm_campaign).toHaveLength(SOURCE_MAX_LENGTH.tag)
  expect(noted).toMatchObject({ gclid: true, fbclid: true })
  // Not even the page's memory keeps a click id's value.
  expect(JSON.stringify([landingNote(), noted])).not.toContain('SECRETO')
  window.history.replaceState(null, '', '/')
})

/** Facts the page saw: `src`, `med`, `camp` its utm tags, `ref` the referring host, click ids as 1. */
interface Seen {
  via?: SourceColumns['source_via']
  src?: string
  med?: string
  camp?: string
  ref?: string
  gclid?: number
  fbclid?: number
}
const seen = ({ via = 'page', src = '', med = '', camp = '', ref = '', gclid = 0, fbclid = 0 }: Seen) => ({
  ...NO_SOURCE,
  ...{ source_via: via, source_utm_source: src, source_utm_medium: med, source_utm_campaign: camp },
  ...{ source_referrer: ref, source_gclid: gclid, source_fbclid: fbclid },
})

// The table in contract/lead-source.ts and docs/leads.md, row by row: the facts, then the owner's label.
test.each<[string, Seen, string]>([
  ['1. a Google Ads click id', { gclid: 1, ref: 'www.google.com' }, 'Google (anuncio)'],
  ['1. … whatever the tags say', { gclid: 1, src: 'facebook' }, 'Google (anuncio)'],
  ['2. utm_source=google, paid', { src: 'google', med: 'cpc' }, 'Google (anuncio)'],
  ['2. utm_source=Google, PPC', { src: 'Google', med: 'PPC' }, 'Google (anuncio)'],
  ['2. utm_source=google, unpaid', { src: 'google', med: 'organic' }, 'Google (búsqueda)'],
  ['2. utm_source=facebook', { src: 'facebook', med: 'social' }, 'Facebook'],
  ['2. utm_source=fb, paid', { src: 'fb', med: 'paid_social' }, 'Facebook (anuncio)'],
  ['2. utm_source=m.facebook.com', { src: 'm.facebook.com' }, 'Facebook'],
  ['2. utm_source=ig', { src: 'ig' }, 'Instagram'],
  ['2. utm_source=instagram, paid', { src: 'instagram', med: 'cpc' }, 'Instagram (anuncio)'],
  ['2. utm_source=whatsapp', { src: 'whatsapp', med: 'cpc' }, 'WhatsApp'],
  ['3. the owner’s own tag', { src: 'volante' }, 'Volante'],
  ['3. … with separators', { src: 'lona_av-juarez' }, 'Lona av juarez'],
  ['3. … before the referrer and fbclid', { src: 'qr', ref: 'www.google.com', fbclid: 1 }, 'Qr'],
  ['4. from Google Mexico', { ref: 'www.google.com.mx' }, 'Google (búsqueda)'],
  ['4. from Google’s Android app', { ref: 'com.google.android.googlequicksearchbox' }, 'Google (búsqueda)'],
  ['4. from Google with a paid medium', { ref: 'www.google.com', med: 'cpc' }, 'Google (anuncio)'],
  ['4. from Facebook’s link shim', { ref: 'l.facebook.com' }, 'Facebook'],
  ['4. from Instagram (fbclid too)', { ref: 'l.instagram.com', fbclid: 1 }, 'Instagram'],
  ['4. from WhatsApp Web', { ref: 'web.whatsapp.com' }, 'WhatsApp'],
  ['5. a Facebook click id, no referrer', { fbclid: 1 }, 'Facebook'],
  ['6. another site', { ref: 'www.ejemplo.com' }, 'Otro sitio: ejemplo.com'],
  ['6. … not Google by its name alone', { ref: 'notgoogle.com' }, 'Otro sitio: notgoogle.com'],
  ['7. landed with nothing to say', {}, 'Directo'],
  ['8. came from another page of the site', { via: 'site' }, 'Sin datos'],
  ['8. … but its address was tagged', { via: 'site', src: 'volante' }, 'Volante'],
  ['8. sent without scripts', { via: 'post' }, 'Sin datos'],
  ['8. stored before migration 0007', { via: null }, 'Sin datos'],
])('%s', (_row, facts, label) => {
  expect(sourceLabel(seen(facts))).toBe(label)
})

test('the campaign is shown beside the label, never instead of it', () => {
  expect(sourceText(seen({ src: 'facebook', camp: 'verano' }))).toBe('Facebook · campaña «verano»')
  expect(sourceText(seen({ ref: 'www.google.com' }))).toBe('Google (búsqueda)')
  expect(sourceText({})).toBe('Sin datos')
})

// The card's line and the month's rows by source, read by the owner in Chromium: test/hosts/lead-source.test.ts.
test('the month figures by source: a table per month, named by it, and a month without leads says so', () => {
  const month = (key: string, sources: MonthFigures['sources']) => ({ month: key, sources }) as MonthFigures
  render(
    <SourceFigures
      months={[month('2026-11', [{ source: 'Directo', received: 1, inTime: 1 }]), month('2026-10', [])]}
    />,
  )
  const rows = within(screen.getByRole('table', { name: 'Este mes (noviembre)' }))
    .getAllByRole('row')
    .map((row) =>
      ['columnheader', 'rowheader', 'cell'].flatMap((role) =>
        within(row)
          .queryAllByRole(role)
          .map((cell) => cell.textContent),
      ),
    )
  expect(rows).toEqual([
    ['Origen', 'Recibidas', 'A tiempo'],
    ['Directo', '1', '1'],
  ])
  expect(
    within(screen.getByRole('region', { name: 'El mes pasado (octubre)' })).getByText('Ninguna solicitud.'),
  ).toBeVisible()
})
