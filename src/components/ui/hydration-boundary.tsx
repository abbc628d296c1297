import { Suspense, type ReactNode } from 'react'

/**
 * Hydrates its children in a pass of their own. It is a Suspense boundary whose content never suspends:
 * the server renders the children in place (between two empty comments), and in the browser React first
 * commits what surrounds the boundary, then hydrates each boundary with its own render and commit, and the
 * one a visitor taps or types into first. Without boundaries the whole page was one commit, a task of
 * ~100 ms on a phone profile (docs/performance.md: tbt-breakdown). Use it around the large, independent
 * parts of a page: the header, each section, the footer.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
