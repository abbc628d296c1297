import type { Placement } from './events'

/**
 * Marks a block whose tel:, mailto: and WhatsApp links are counted under `placement` (./dom-events.ts
 * reads the closest mark). Spread it behind the build constants themselves:
 *   <address {...(PLAUSIBLE_DOMAIN || GA4_ID ? placement('footer') : {})}>
 * Vite's `define` makes that condition a literal in every chunk, so a build without analytics keeps
 * its markup and its JavaScript byte for byte (the minifier drops `...{}`). Neither this helper nor
 * ANALYTICS_ON (./enabled.ts) would do at the call site: both live in the main chunk, and a page
 * chunk that imports them cannot see that they are constant.
 */
export function placement(where: Placement): { 'data-placement': Placement } {
  return { 'data-placement': where }
}

/**
 * Marks the quote form: the first thing a visitor types or chooses in it on a page counts as
 * quote_started (./dom-events.ts). Spread behind the build constants, as `placement`.
 */
export const QUOTE_FORM_MARK = 'data-quote-form'
