/**
 * Where the visitor came from, noted once, in this page's memory, when the site first loads (issue 43, decision
 * 047): the landing path, its query (an ad click id's value removed: only that one was there is noted) and the
 * referring site's host (never its path or query). The client entry notes it before the router exists, so no
 * client-side navigation can change it, and the router keeps the page alive, so the note lasts the visit. Nothing is
 * written anywhere (no cookie, no storage, no URL) and nothing is sent but with a lead: the send code, loaded only
 * then, reads the tags out of it (./source.ts). Kept this small because every page's first load carries it, and
 * only in a build with a lead endpoint. A reload notes again what the browser then says.
 */

/** What the first load said. */
export interface Landing {
  path: string
  /** The landing address's query, any `gclid`, `gbraid`, `wbraid` or `fbclid` left without its value. */
  query: string
  /** The referrer's host, or '' (typed, bookmarked, an app or a policy that sends none). */
  referrer: string
}

let noted: Landing | undefined

/** Notes the landing once; later calls (a remount, a test) change nothing. */
export function noteLanding(
  { pathname, search }: Pick<Location, 'pathname' | 'search'> = location,
  referrer = document.referrer,
): void {
  let host = ''
  try {
    host = new URL(referrer).hostname
  } catch {
    // No referrer.
  }
  noted ??= {
    path: pathname,
    query: search.replace(/\b((?:gclid|gbraid|wbraid|fbclid)=)[^&]*/g, '$1'),
    referrer: host,
  }
}

/** The note, if the entry took one (none in the prerender, nor in a build without an endpoint). */
export const landingNote = (): Landing | undefined => noted
