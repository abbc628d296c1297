/**
 * Provider addresses, from the build settings alone: no DOM, no browser code. The browser code
 * (./plausible.ts, ./ga4.ts) and the Content-Security-Policy builder (./csp-sources.ts, imported by
 * the Node build step) read the same values, so the policy allows exactly what the site contacts.
 */

/** Plausible's own service, unless PLAUSIBLE_SRC names a self-hosted one. */
export const PLAUSIBLE_CLOUD = 'https://plausible.io'

/** The origin of a Plausible instance from PLAUSIBLE_SRC: an origin or its script's URL; empty = cloud. */
export function plausibleOrigin(src: string): string {
  return src ? new URL(src).origin : PLAUSIBLE_CLOUD
}

/** Plausible's Events API: the endpoint its own script POSTs to. */
export function plausibleEventsUrl(src: string): string {
  return `${plausibleOrigin(src)}/api/event`
}

/** Google's tag (gtag.js) for a GA4 measurement id. */
export function gtagScriptUrl(measurementId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
}
