/**
 * Where the visitor came from, as the form sends it with a lead (`source`): what the page noted on landing
 * (./landing.ts), read when a lead is sent (this module is part of the send code, loaded only then): the landing
 * path, the referring host, the three campaign tags trimmed to 100 characters, and whether a Google Ads click id
 * (gclid, gbraid, wbraid) or a Facebook one (fbclid) was there. The endpoint bounds it again (edge/leads/source.ts);
 * contract/lead-source.ts labels it for the owner.
 */
import { landingNote, type Landing } from './landing'

/**
 * SOURCE_MAX_LENGTH.tag of contract/lead-rules.ts (the unit test holds them equal). Not imported: this chunk would
 * then share that module with the contact page's and Rollup would fold the page into a shared chunk.
 */
const TAG_MAX = 100

/** What the form sends as `source`. */
export interface LandingSource {
  landing: string
  referrer: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  gclid: boolean
  fbclid: boolean
}

/** The source of this page's landing, or undefined when none was noted. */
export function landingSource(note: Landing | undefined = landingNote()): LandingSource | undefined {
  if (!note) return undefined
  const query = new URLSearchParams(note.query)
  const tag = (name: string) => (query.get(name) ?? '').trim().slice(0, TAG_MAX)
  return {
    landing: note.path,
    referrer: note.referrer,
    utm_source: tag('utm_source'),
    utm_medium: tag('utm_medium'),
    utm_campaign: tag('utm_campaign'),
    gclid: query.has('gclid') || query.has('gbraid') || query.has('wbraid'),
    fbclid: query.has('fbclid'),
  }
}
