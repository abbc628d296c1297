import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import { canonicalPath, type AnalyticsEvent } from './events'
import { ga4Sender } from './ga4'
import { plausibleSender } from './plausible'

/**
 * The analytics runtime: a lazy chunk that ./track.ts loads when the browser is idle after load (or at
 * the first interaction). It starts the configured providers, then field Web Vitals, and returns the
 * function every later event goes through.
 */
export function startAnalytics(): (event: AnalyticsEvent) => void {
  const senders: ((event: AnalyticsEvent) => void)[] = []
  if (PLAUSIBLE_DOMAIN) senders.push(plausibleSender(PLAUSIBLE_DOMAIN, PLAUSIBLE_SRC))
  if (GA4_ID) {
    senders.push(
      ga4Sender(GA4_ID, (answer) => {
        void import('./consent-notice').then(({ showConsentNotice }) => showConsentNotice(answer))
      }),
    )
  }
  const deliver = (event: AnalyticsEvent) => senders.forEach((send) => send(event))
  reportWebVitals(deliver)
  return deliver
}

/**
 * LCP, INP, CLS, FCP and TTFB of this page load, each once, when `web-vitals` reports it (LCP at the
 * first input or when the page is hidden, INP and CLS when it is hidden), tagged with the route of
 * the page load they measure: the document's own URL, whatever the visitor navigated to since.
 */
function reportWebVitals(deliver: (event: AnalyticsEvent) => void): void {
  const [navigation] = performance.getEntriesByType('navigation')
  const route = canonicalPath(new URL(navigation?.name ?? location.href).pathname)
  const report = ({ name, value, rating }: Metric) =>
    deliver({
      name: 'web_vital',
      metric: name,
      value: name === 'CLS' ? Number(value.toFixed(4)) : Math.round(value),
      rating,
      route,
    })
  onLCP(report)
  onINP(report)
  onCLS(report)
  onFCP(report)
  onTTFB(report)
}
