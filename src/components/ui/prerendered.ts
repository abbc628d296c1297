import { createContext, type ReactNode } from 'react'

/**
 * Parts of a page that only the prerender writes: what a visitor sees before the page's scripts have run, or
 * without them (decision 026). renderer/entry-server.tsx provides them; in the browser this context is empty, so
 * their texts and code never reach the page's chunks. The element that holds such a part spreads KEEP_PRERENDERED
 * in the browser: React then takes its content as opaque, and neither hydrates nor replaces what the prerender
 * wrote there (after a client-side navigation, when the scripts run anyway, the element is empty).
 */
export interface PrerenderedParts {
  quoteForm?: { noscript: ReactNode; beforeScripts: ReactNode }
}

export const Prerendered = createContext<PrerenderedParts>({})

/** One object for every render: React writes `dangerouslySetInnerHTML` again whenever its object changes. */
export const KEEP_PRERENDERED = {
  dangerouslySetInnerHTML: { __html: '' },
  suppressHydrationWarning: true,
} as const
