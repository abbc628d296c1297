import type { AnalyticsEvent, Placement } from './events'
import { QUOTE_FORM_MARK } from './placement'
import { track } from './track'

/** Whether quote_started was raised since the last page view (./page-views.ts resets it). */
let quoteStarted = false

export function newPageForQuotes(): void {
  quoteStarted = false
}

/**
 * Two delegated listeners on the document, installed once by the page-view hook:
 * - clicks (mouse, touch, or Enter on a focused link) on contact links: `tel:` → phone_click,
 *   `mailto:` → email_click, `https://wa.me/` → whatsapp_click, placed by the closest
 *   `data-placement` (./placement.ts). Only the kind and the placement are sent, never the link: the
 *   failure toast's WhatsApp link carries what the visitor typed;
 * - the first input in the quote form on a page: quote_started (typing or choosing; focus alone
 *   does not count, and a draft restored from an earlier visit is not an input).
 */
export function listenForConversions(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]')
    const href = link?.getAttribute('href') ?? ''
    const name = href.startsWith('tel:')
      ? 'phone_click'
      : href.startsWith('mailto:')
        ? 'email_click'
        : href.startsWith('https://wa.me/')
          ? 'whatsapp_click'
          : undefined
    if (!link || !name) return
    const where = link.closest<HTMLElement>('[data-placement]')?.dataset.placement as Placement | undefined
    track({ name, placement: where ?? 'other' } satisfies AnalyticsEvent)
  })
  document.addEventListener('input', (event) => {
    if (quoteStarted || !(event.target as Element | null)?.closest?.(`[${QUOTE_FORM_MARK}]`)) return
    quoteStarted = true
    track({ name: 'quote_started' })
  })
}
