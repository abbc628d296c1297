/**
 * The analytics room's pure parts (src/analytics/): event mapping, paths, CSP sources, the consent
 * store and the consent notice. The providers, the queue and the page views run in the browser
 * tests (test/visitor/analytics.test.ts) against real builds; jest's globals leave analytics off.
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ThemeProvider } from 'styled-components'
import { CONSENT_KEY, readConsent, saveConsent } from '../../src/analytics/consent'
import { ConsentNotice } from '../../src/analytics/consent-notice'
import { analyticsCspSources } from '../../src/analytics/csp-sources'
import { canonicalPath, eventProperties } from '../../src/analytics/events'
import { analyticsPrivacyNote } from '../../src/analytics/privacy-note'
import { plausibleEventsUrl } from '../../src/analytics/provider-urls'
import { quoteOutcomeEvent } from '../../src/analytics/quote-outcome'
import { track } from '../../src/analytics/track'
import { theme } from '../../src/theme/theme'

test('a delivered quote carries the service and whether it was simulated, nothing else', () => {
  expect(quoteOutcomeEvent({ ok: true, simulated: true }, 'Mantenimiento Regular')).toEqual({
    name: 'quote_delivered',
    service: 'Mantenimiento Regular',
    simulated: true,
  })
  expect(quoteOutcomeEvent({ ok: true, simulated: false }, 'Consulta General')).toEqual({
    name: 'quote_delivered',
    service: 'Consulta General',
    simulated: false,
  })
})

test('a failed quote says why: the HTTP status, the network, or the timeout', () => {
  expect(quoteOutcomeEvent({ ok: false, reason: 'http', status: 503 }, 'x')).toEqual({
    name: 'quote_failed',
    reason: 'http',
    status: 503,
  })
  expect(quoteOutcomeEvent({ ok: false, reason: 'network' }, 'x')).toEqual({
    name: 'quote_failed',
    reason: 'network',
  })
  expect(quoteOutcomeEvent({ ok: false, reason: 'timeout' }, 'x')).toEqual({
    name: 'quote_failed',
    reason: 'timeout',
  })
})

test('event properties are everything but the name', () => {
  expect(eventProperties({ name: 'whatsapp_click', placement: 'floating_button' })).toEqual({
    placement: 'floating_button',
  })
  expect(eventProperties({ name: 'quote_started' })).toEqual({})
})

test('a page is counted under its canonical path', () => {
  expect(canonicalPath('/')).toBe('/')
  expect(canonicalPath('')).toBe('/')
  expect(canonicalPath('/nosotros/')).toBe('/nosotros')
  expect(canonicalPath('/nosotros//')).toBe('/nosotros')
  expect(canonicalPath('/servicios')).toBe('/servicios')
})

describe('analyticsCspSources', () => {
  test('nothing configured: no source at all', () => {
    expect(analyticsCspSources({ PLAUSIBLE_DOMAIN: '', PLAUSIBLE_SRC: '', GA4_ID: '' })).toEqual({
      scriptSrc: [],
      connectSrc: [],
      imgSrc: [],
    })
  })

  test('Plausible: its origin for connect-src only (no script of its own is loaded)', () => {
    expect(analyticsCspSources({ PLAUSIBLE_DOMAIN: 'example.mx', PLAUSIBLE_SRC: '', GA4_ID: '' })).toEqual({
      scriptSrc: [],
      connectSrc: ['https://plausible.io'],
      imgSrc: [],
    })
    const selfHosted = { PLAUSIBLE_DOMAIN: 'example.mx', GA4_ID: '' }
    expect(
      analyticsCspSources({ ...selfHosted, PLAUSIBLE_SRC: 'https://stats.example.mx/js/script.js' })
        .connectSrc,
    ).toEqual(['https://stats.example.mx'])
    expect(
      analyticsCspSources({ ...selfHosted, PLAUSIBLE_SRC: 'https://stats.example.mx' }).connectSrc,
    ).toEqual(['https://stats.example.mx'])
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
    expect(
      Object.values(ga4)
        .flat()
        .filter((source) => source.includes('doubleclick')),
    ).toEqual([])
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

test('the consent notice is a labelled region whose two buttons answer', async () => {
  const user = userEvent.setup()
  const answers: string[] = []
  render(
    <ThemeProvider theme={theme}>
      <ConsentNotice onAnswer={(answer) => answers.push(answer)} />
    </ThemeProvider>,
  )
  const region = screen.getByRole('region', { name: 'Aviso de cookies' })
  expect(region).toHaveTextContent('Google Analytics')
  expect(screen.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
    'href',
    '/contacto#privacidad',
  )
  await user.click(screen.getByRole('button', { name: 'Rechazar' }))
  await user.click(screen.getByRole('button', { name: 'Aceptar' }))
  expect(answers).toEqual(['denied', 'granted'])
})

test('with analytics off (jest globals, as a default build) track does nothing and the privacy note is empty', () => {
  const fetchSpy = jest.fn()
  globalThis.fetch = fetchSpy as unknown as typeof fetch
  track({ name: 'quote_started' })
  expect(fetchSpy).not.toHaveBeenCalled()
  expect(analyticsPrivacyNote).toBe('')
})
