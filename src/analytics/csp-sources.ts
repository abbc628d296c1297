import { plausibleOrigin } from './provider-urls'

export interface AnalyticsSettings {
  PLAUSIBLE_DOMAIN: string
  PLAUSIBLE_SRC: string
  GA4_ID: string
}

export interface AnalyticsCspSources {
  scriptSrc: string[]
  connectSrc: string[]
  imgSrc: string[]
}

/**
 * Google's list for GA4 ("Use Google tag with a Content Security Policy",
 * developers.google.com/tag-platform/security/guides/csp, section Google Analytics 4): the tag
 * loads from googletagmanager.com and sends to the google-analytics.com / analytics.google.com
 * collection hosts, by fetch/beacon or image. Google signals and ads features stay off (./ga4.ts),
 * so the doubleclick.net hosts are not needed.
 */
const GA4_SOURCES: AnalyticsCspSources = {
  scriptSrc: ['https://*.googletagmanager.com'],
  connectSrc: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
}

/**
 * The Content-Security-Policy sources analytics needs, for the configured providers only (nothing
 * when none is). Plausible needs connect-src alone: the site POSTs to its Events API itself and
 * loads no Plausible script (docs/decisions/013-plausible-through-its-events-api-not-its-script.md). Pure: the Node build step imports it.
 */
export function analyticsCspSources(settings: AnalyticsSettings): AnalyticsCspSources {
  const sources: AnalyticsCspSources = { scriptSrc: [], connectSrc: [], imgSrc: [] }
  if (settings.PLAUSIBLE_DOMAIN) sources.connectSrc.push(plausibleOrigin(settings.PLAUSIBLE_SRC))
  if (settings.GA4_ID) {
    sources.scriptSrc.push(...GA4_SOURCES.scriptSrc)
    sources.connectSrc.push(...GA4_SOURCES.connectSrc)
    sources.imgSrc.push(...GA4_SOURCES.imgSrc)
  }
  return sources
}
