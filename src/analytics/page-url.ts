import { canonicalPath } from './events'

/** Query parameters that say where a visit came from (campaign links); every other one is dropped. */
const CAMPAIGN_PARAM = /^(?:utm_[a-z]+|ref|source)$/

/**
 * The URL a page view or event is recorded under: this origin, the canonical path (of `path`, or of
 * the current page), plus only the campaign parameters of the current address, so that "from where"
 * survives and nothing else in a query string (which could hold anything) is sent.
 */
export function pageUrl(path: string = location.pathname): string {
  const campaign = [...new URLSearchParams(location.search)].filter(([key]) => CAMPAIGN_PARAM.test(key))
  const query = new URLSearchParams(campaign).toString()
  return `${location.origin}${canonicalPath(path)}${query ? `?${query}` : ''}`
}
