import { eventProperties, type AnalyticsEvent } from './events'
import { pageUrl } from './page-url'
import { plausibleEventsUrl } from './provider-urls'

/**
 * Plausible, cookieless: each event is one POST to its Events API, as its own script would send it
 * (docs/decisions/013-plausible-through-its-events-api-not-its-script.md: why no Plausible script). `text/plain` keeps it a simple CORS request (no
 * preflight) and `keepalive` lets Web Vitals sent while the page is being hidden arrive.
 * Property values are strings, as Plausible stores custom properties.
 */
export function plausibleSender(domain: string, src: string): (event: AnalyticsEvent) => void {
  const endpoint = plausibleEventsUrl(src)
  return (event) => {
    const isPageview = event.name === 'pageview'
    const props = Object.fromEntries(
      Object.entries(eventProperties(event))
        .filter(([key]) => !(isPageview && key === 'path'))
        .map(([key, value]) => [key, String(value)]),
    )
    const body = {
      name: event.name,
      url: pageUrl(isPageview ? event.path : undefined),
      domain,
      referrer: document.referrer || null,
      props,
      // Web Vitals say nothing about engagement: they must not turn a bounce into a visit.
      ...(event.name === 'web_vital' ? { interactive: false } : {}),
    }
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => {
      // Blocked or offline: analytics never disturbs the visit.
    })
  }
}
