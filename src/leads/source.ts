/**
 * Where the visitor came from, noted once, in this page's memory, when the site first loads (issue 43, decision
 * 047): the landing path, the referring site's host (never its path or query), the three campaign tags of the
 * address and whether it held an ad's click id (never its value). The client entry notes it before the router
 * exists, so no client-side navigation can change it; the router keeps the page alive, so the note lasts the
 * visit. Nothing is written anywhere (no cookie, no storage, no URL) and nothing is sent but with a lead: the
 * quote form adds it to its JSON (src/leads/lead.ts), the endpoint bounds it (edge/leads/source.ts). A reload
 * notes again what the browser then says (the same referrer, the address of that moment).
 * Only a build with a lead endpoint notes anything; in one that simulates sending this module is left out.
 */
import { SOURCE_MAX_LENGTH } from '../../contract/lead-rules'

/** What the form sends as `source` (contract/lead-source.ts labels it for the owner). */
export interface LandingSource {
  landing: string
  referrer: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  /** A Google Ads click id was there (gclid, or its iOS forms gbraid and wbraid). */
  gclid: boolean
  fbclid: boolean
}

let noted: LandingSource | undefined

/** Notes the landing once; later calls (a remount, a test) change nothing. */
export function noteLanding(
  address: Pick<Location, 'pathname' | 'search'> = location,
  referrer = document.referrer,
) {
  if (noted) return
  const query = new URLSearchParams(address.search)
  const tag = (name: string) => (query.get(name) ?? '').trim().slice(0, SOURCE_MAX_LENGTH.tag)
  let host = ''
  try {
    host = new URL(referrer).hostname
  } catch {
    // No referrer (typed, bookmarked, an app that sends none, a referrer policy that withholds it).
  }
  noted = {
    landing: address.pathname,
    referrer: host,
    utm_source: tag('utm_source'),
    utm_medium: tag('utm_medium'),
    utm_campaign: tag('utm_campaign'),
    gclid: query.has('gclid') || query.has('gbraid') || query.has('wbraid'),
    fbclid: query.has('fbclid'),
  }
}

/** What was noted, if anything (nothing in the prerender, nor before the entry ran). */
export const landingSource = (): LandingSource | undefined => noted
