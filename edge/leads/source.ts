/**
 * Where a lead came from, as the endpoint keeps it (contract/lead-source.ts, decision 047). Two views:
 *   - the page's: the form's JSON carries `source`, what the page noted in memory when the visitor landed
 *     (src/leads/source.ts): the landing path, the referring host, the three utm tags, whether a click id was
 *     there. A referring host that is this site's own means that load came from another of its pages (`site`):
 *     where the visitor first came from was not seen.
 *   - the endpoint's own (`post`), when no page noted anything (the form sent before or without its scripts, a
 *     page of an older build): the request's Referer is the page that sent the form, one of this site's. Its
 *     address may still hold the utm tags and click ids the visitor arrived with (a QR code that opens
 *     /contacto?utm_source=volante); where the visitor was before that page, and which page they landed on, the
 *     endpoint cannot know, and does not guess.
 * Like every field the facts are checked and bounded (contract/lead-rules.ts SOURCE_MAX_LENGTH), but a lead is
 * never refused for them: a value that is not what it should be is dropped, a long one cut. Only a host is kept
 * of a referrer, only whether of a click id.
 */
import { SOURCE_MAX_LENGTH } from '../../contract/lead-rules'
import { NO_SOURCE, type SourceColumns } from '../../contract/lead-source'
import { pagePath } from './validate'

/** What the endpoint knows besides the body: the request's Referer and the site's own origins. */
export interface SourceView {
  referer: string | null
  siteOrigins: Set<string>
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
/** Invisible and direction-changing characters: a tag shown to the owner must read as what it is. */
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g
const HOST = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/

/** A campaign tag as it may be shown and stored: one line, no invisible characters, at most 100 characters. */
export function cleanTag(value: unknown): string {
  if (typeof value !== 'string') return ''
  const line = value.replace(CONTROL, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
  return [...line].slice(0, SOURCE_MAX_LENGTH.tag).join('').trim()
}

/** The host of whatever the page sent as its referrer (a host, or a URL: its path and query are dropped). */
export function referrerHost(value: unknown): string {
  if (typeof value !== 'string' || !value.trim() || value.length > 2048) return ''
  const text = value.trim()
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`)
    const host = url.hostname.toLowerCase().replace(/\.$/, '')
    return host.length <= SOURCE_MAX_LENGTH.referrer && HOST.test(host) ? host : ''
  } catch {
    return ''
  }
}

/** A click id was there: the page says `true`; an address holds its value, of which nothing is kept. */
const present = (value: unknown) => (value === true || (typeof value === 'string' && value !== '') ? 1 : 0)

/** The tags and click ids of a set of fields: the page's `source`, or an address's query. */
function tagsOf(fields: Record<string, unknown>) {
  return {
    source_utm_source: cleanTag(fields.utm_source),
    source_utm_medium: cleanTag(fields.utm_medium),
    source_utm_campaign: cleanTag(fields.utm_campaign),
    source_gclid: Math.max(present(fields.gclid), present(fields.gbraid), present(fields.wbraid)),
    source_fbclid: present(fields.fbclid),
  }
}

function originOf(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/** The source's facts of one request (see the header): never refused, never guessed. */
export function leadSource(fields: Record<string, unknown>, view: SourceView): SourceColumns {
  const noted = fields.source
  if (noted && typeof noted === 'object' && !Array.isArray(noted)) {
    const facts = noted as Record<string, unknown>
    const host = referrerHost(facts.referrer)
    const siteHosts = new Set([...view.siteOrigins].map((origin) => new URL(origin).hostname))
    const own = siteHosts.has(host)
    return {
      ...tagsOf(facts),
      source_via: own ? 'site' : 'page',
      source_landing: pagePath(facts.landing),
      source_referrer: own ? '' : host,
    }
  }
  const page = view.referer ? originOf(view.referer) : null
  const fromSite = page !== null && view.siteOrigins.has(page.origin)
  return {
    ...NO_SOURCE,
    ...(fromSite ? tagsOf(Object.fromEntries(page.searchParams)) : {}),
    source_via: 'post',
  }
}
