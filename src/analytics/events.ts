/**
 * Every analytics event the site sends, in one place: names and properties. Components raise them
 * with `track()` (./track.ts) and never know which provider is on; ./plausible.ts and ./ga4.ts turn
 * them into each provider's format. docs/analytics.md lists them for the owner.
 *
 * No personal data, ever: no name, phone, e-mail, message text or prefilled link. What a visitor
 * typed never leaves the form through analytics; only the service they chose from the fixed list.
 */

/** Where on the site a contact link was clicked (the page itself is in every event's URL). */
export const PLACEMENTS = [
  /** The round WhatsApp button floating on every page. */
  'floating_button',
  /** The footer's contact column, on every page. */
  'footer',
  /** The phone and e-mail cards above the quote form (/contacto). */
  'contact_cards',
  /** The emergency line beside the quote form (/contacto). */
  'emergency',
  /** The privacy notice under the quote form (e-mail for ARCO rights). */
  'form_privacy',
  /** The red toast shown when a quote request could not be delivered (WhatsApp, phone). */
  'failure_toast',
  /** The address and phone block of the location page (/ubicacion). */
  'location_details',
  /** The call and WhatsApp band that closes the location page (/ubicacion). */
  'location_page',
  /** The help line of the error (404) screen. */
  'error_page',
  /** A contact link anywhere else (none today; a new one should get its own placement). */
  'other',
] as const
export type Placement = (typeof PLACEMENTS)[number]

export type WebVitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB'

export type AnalyticsEvent =
  /** A page was shown: the first load and every client-side navigation, once each. */
  | { name: 'pageview'; path: string; title: string }
  /** The visitor typed or chose something in the quote form for the first time on this page. */
  | { name: 'quote_started' }
  /** A quote request was delivered (`simulated`: no LEAD_ENDPOINT, nothing was transmitted). */
  | { name: 'quote_delivered'; service: string; simulated: boolean }
  /** A quote request was not delivered: the endpoint answered `status`, the network failed, or 15 s passed. */
  | { name: 'quote_failed'; reason: 'http' | 'network' | 'timeout'; status?: number }
  | { name: 'whatsapp_click'; placement: Placement }
  | { name: 'phone_click'; placement: Placement }
  | { name: 'email_click'; placement: Placement }
  /**
   * A field Web Vital of this visit, as the `web-vitals` library reports it: milliseconds (CLS:
   * unitless score), its rating, and the route of the page load it measures.
   */
  | {
      name: 'web_vital'
      metric: WebVitalName
      value: number
      rating: 'good' | 'needs-improvement' | 'poor'
      route: string
    }

export type AnalyticsEventName = AnalyticsEvent['name']

/** An event's properties (everything but its name), as both providers receive them. */
export function eventProperties(event: AnalyticsEvent): Record<string, string | number | boolean> {
  const { name: _name, ...properties } = event
  return properties
}

/**
 * The path a page is counted under: no query or fragment, no trailing slash (`/nosotros/` and
 * `/nosotros?x=1` are `/nosotros`), as the canonical URLs of src/seo/urls.ts.
 */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}
