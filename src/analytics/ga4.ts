import { readConsent, saveConsent, type Consent } from './consent'
import { eventProperties, type AnalyticsEvent } from './events'
import { pageUrl } from './page-url'
import { gtagScriptUrl } from './provider-urls'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

type Gtag = (...args: unknown[]) => void

/**
 * Google Analytics 4 behind the visitor's consent (basic consent mode). Until they press Aceptar,
 * gtag.js is not loaded and nothing reaches Google; events wait here. Aceptar loads the tag and
 * hands over what waited; Rechazar drops it and nothing is ever sent. The answer is remembered
 * (./consent.ts), so the notice is shown once per browser.
 *
 * Page views are ours (`send_page_view: false`): the router counts them, so the owner must leave
 * GA4's "page changes based on browser history events" off (docs/analytics.md), or each would count twice.
 */
export function ga4Sender(
  measurementId: string,
  askConsent: (answer: (consent: Consent) => void) => void,
): (event: AnalyticsEvent) => void {
  let gtag: Gtag | undefined
  let consent = readConsent()
  const waiting: AnalyticsEvent[] = []

  const send = (event: AnalyticsEvent) => {
    if (event.name === 'pageview') {
      gtag?.('event', 'page_view', { page_title: event.title, page_location: pageUrl(event.path) })
    } else {
      gtag?.('event', event.name, eventProperties(event))
    }
  }

  const load = () => {
    const dataLayer = (window.dataLayer = window.dataLayer ?? [])
    // gtag.js reads its commands as `arguments` objects, exactly as Google's snippet pushes them.
    gtag = function () {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments)
    }
    gtag('consent', 'default', {
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    })
    gtag('js', new Date())
    gtag('config', measurementId, {
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    })
    const script = document.createElement('script')
    script.async = true
    script.src = gtagScriptUrl(measurementId)
    document.head.append(script)
    waiting.splice(0).forEach(send)
  }

  if (consent === 'granted') load()
  else if (consent === null) {
    askConsent((answer) => {
      consent = answer
      saveConsent(answer)
      if (answer === 'granted') load()
      else waiting.length = 0
    })
  }

  return (event) => {
    if (gtag) send(event)
    else if (consent !== 'denied') waiting.push(event)
  }
}
