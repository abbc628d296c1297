/**
 * The smoke kit's checks, named once: the summary, the JUnit file, `--help` and `--only` all read this
 * list. Plain data (no imports), so the kit's own tests can read it too.
 */
export const CHECKS = [
  // Files and status codes, over plain HTTP.
  { name: 'sitemap', says: '/sitemap.xml is served and lists every known page on the canonical origin' },
  { name: 'robots', says: '/robots.txt is served, points at the sitemap and blocks no page' },
  { name: 'page-status', says: 'every page answers 200 at its canonical path, without a redirect' },
  { name: 'not-found', says: 'an unknown path answers 404 with the error page' },
  // Response headers.
  {
    name: 'security-headers',
    says: 'CSP (script-src, object-src, frame-ancestors, base-uri), HSTS, nosniff, Referrer-Policy, Permissions-Policy, COOP',
  },
  { name: 'caching', says: 'hashed /assets/ files are immutable for a year; HTML is revalidated' },
  { name: 'compression', says: 'HTML and JavaScript are sent with br or gzip when the browser accepts it' },
  // Every page in Chromium at 1280 and 390 px (screenshots of each).
  {
    name: 'head-tags',
    says: 'title, description, canonical (on the site origin, same path), og:* in the HTML',
  },
  { name: 'single-h1', says: 'exactly one h1 per page' },
  { name: 'landmarks', says: 'header nav with the five links, main, footer with the phone and e-mail' },
  { name: 'console-errors', says: 'no console error and no uncaught page error, on any page opened' },
  { name: 'failed-requests', says: "no request to the deployment's origin fails or answers 4xx/5xx" },
  { name: 'images', says: 'every image on every page loads (stock photos included)' },
  {
    name: 'contact-links',
    says: "every tel:, wa.me and mailto: link carries the company's number or address",
  },
  {
    name: 'whatsapp-button',
    says: "at 390 px the floating WhatsApp button is on screen with the company's number",
  },
  { name: 'csp-violations', says: 'no Content-Security-Policy violation in any page during the whole run' },
  // Behaviour.
  { name: 'hydration', says: 'a header link navigates on the client, without a page load' },
  { name: 'mobile-menu', says: 'at 390 px the menu toggle opens and closes the menu; a link closes it' },
  { name: 'form-fields', says: 'the quote form on /contacto has its five labelled fields, all required' },
  { name: 'form-empty', says: 'submitting the empty quote form sends nothing and shows no success' },
  {
    name: 'form-submit',
    says: 'a filled quote form posts the lead (intercepted unless --submit-real), shows the toast, clears the fields',
  },
] as const

export type CheckName = (typeof CHECKS)[number]['name']

export const CHECK_NAMES: readonly CheckName[] = CHECKS.map((check) => check.name)

export function isCheckName(name: string): name is CheckName {
  return (CHECK_NAMES as readonly string[]).includes(name)
}
