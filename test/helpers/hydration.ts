/**
 * Runs in the page (`page.waitForFunction(everyLinkHydrated)`): hydration is over when React has taken
 * every link (the header, each section and the footer hydrate in passes of their own,
 * src/components/ui/hydration-boundary.tsx). Self-contained: puppeteer sends its source to the page. A hidden
 * element's links are not React's (the quote form's note for a press before its scripts, which only the
 * prerender writes: decision 026).
 */
export function everyLinkHydrated(): boolean {
  const links = [...document.querySelectorAll('#root a')].filter((a) => !a.closest('[hidden]'))
  return links.length > 0 && links.every((a) => Object.keys(a).some((key) => key.startsWith('__reactProps')))
}
