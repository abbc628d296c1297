/**
 * The analytics room's pure parts (src/analytics/): a quote's outcome as an event, paths, CSP sources, the consent
 * store and the consent notice. The providers, the queue and the page views run in the browser
 * tests (test/visitor/analytics.test.ts) against real builds; jest's globals leave analytics off.
 */
import { render, screen } from '@testing-library/react'
import { CONSENT_KEY, readConsent, saveConsent } from '../../src/analytics/consent'
import { ConsentNotice } from '../../src/analytics/consent-notice'
import { analyticsCspSources } from '../../src/analytics/csp-sources'
import { canonicalPath } from '../../src/analytics/events'
import { plausibleEventsUrl } from '../../src/analytics/provider-urls'
import { quoteOutcomeEvent } from '../../src/analytics/quote-outcome'
import { AppProviders } from '../../src/app-providers'

// A real delivery and an HTTP failure, and every event's properties (all but its name), as Plausible and GA4 get
// them: test/visitor/analytics.test.ts «conversion events…».
test.each([
  [{ ok: true, simulated: true } as const, { name: 'quote_delivered', service: 'Consulta', simulated: true }],
  [{ ok: false, reason: 'network' } as const, { name: 'quote_failed', reason: 'network' }],
  [{ ok: false, reason: 'timeout' } as const, { name: 'quote_failed', reason: 'timeout' }],
])(
  'a quote sent (%o) is told as %o: the service and whether simulated, or why it failed',
  (outcome, event) => {
    expect(quoteOutcomeEvent(outcome, 'Consulta')).toEqual(event)
  },
)

test('a page is counted under its canonical path', () => {
  const paths = ['/', '', '/nosotros/', '/nosotros//', '/servicios']
  expect(paths.map(canonicalPath)).toEqual(['/', '/', '/nosotros', '/nosotros', '/servicios'])
})

describe('analyticsCspSources', () => {
  test.each([
    ['nothing configured: no source at all', '', '', []],
    [
      'Plausible: its origin for connect-src only (no script of its own)',
      'example.mx',
      '',
      ['https://plausible.io'],
    ],
    [
      'a self-hosted Plausible: its script’s origin',
      'example.mx',
      'https://stats.example.mx/js/script.js',
      ['https://stats.example.mx'],
    ],
    ['… given as an origin alone', 'example.mx', 'https://stats.example.mx', ['https://stats.example.mx']],
  ])('%s', (_case, PLAUSIBLE_DOMAIN, PLAUSIBLE_SRC, connectSrc) => {
    expect(analyticsCspSources({ PLAUSIBLE_DOMAIN, PLAUSIBLE_SRC, GA4_ID: '' })).toEqual({
      scriptSrc: [],
      connectSrc,
      imgSrc: [],
    })
  })

  test('GA4: the tag from the tag manager, its hits to Google’s collection hosts (the URLs gtag.js uses)', () => {
    const ga4 = analyticsCspSources({ PLAUSIBLE_DOMAIN: '', PLAUSIBLE_SRC: '', GA4_ID: 'G-ABC123' })
    const allows = (sources: string[], url: string) =>
      sources.some((source) => new URL(url).hostname.endsWith(source.replace('https://*', '')))
    const tag = 'https://www.googletagmanager.com/gtag/js?id=G-ABC123'
    const hits = [
      'https://region1.google-analytics.com/g/collect',
      'https://region1.analytics.google.com/g/collect',
    ]
    expect([tag, ...hits].map((url) => allows(ga4.scriptSrc, url))).toEqual([true, false, false])
    expect([tag, ...hits].every((url) => allows(ga4.connectSrc, url))).toBe(true)
    expect(allows(ga4.imgSrc, hits[0]!)).toBe(true)
    // Google signals and ads features stay off: no doubleclick.net.
    expect(JSON.stringify(ga4)).not.toContain('doubleclick')
  })
})

test("Plausible's Events API sits at the instance's origin", () => {
  expect(plausibleEventsUrl('')).toBe('https://plausible.io/api/event')
  expect(plausibleEventsUrl('https://stats.example.mx/js/script.js')).toBe(
    'https://stats.example.mx/api/event',
  )
})

test('the answer to the consent notice is kept, and anything else reads as no answer', () => {
  localStorage.clear()
  expect(readConsent()).toBeNull()
  saveConsent('denied')
  expect(readConsent()).toBe('denied')
  saveConsent('granted')
  expect(localStorage.getItem(CONSENT_KEY)).toBe('granted')
  localStorage.setItem(CONSENT_KEY, 'maybe')
  expect(readConsent()).toBeNull()
})

// Its two buttons answer in Chromium: test/visitor/analytics.test.ts («Aceptar (keyboard)…», «Rechazar…»).
test('the consent notice is a labelled region that names Google Analytics and links the privacy notice', () => {
  render(
    <AppProviders>
      <ConsentNotice onAnswer={() => undefined} />
    </AppProviders>,
  )
  expect(screen.getByRole('region', { name: 'Aviso de cookies' })).toHaveTextContent('Google Analytics')
  expect(screen.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
    'href',
    '/contacto#privacidad',
  )
})
