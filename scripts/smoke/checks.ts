/**
 * The smoke kit's checks, named once, with what each proves: the summary, the JUnit file, `--help` and `--only`
 * all read this list. Plain data (no imports), so the kit's own tests can read it too.
 */
export const CHECKS = {
  // Files and status codes, over plain HTTP.
  sitemap: '/sitemap.xml is served and lists every known page on the canonical origin',
  robots: '/robots.txt is served, points at the sitemap and blocks no page',
  'page-status': 'every page answers 200 at its canonical path, without a redirect',
  'not-found': 'an unknown path answers 404 with the error page',
  // Response headers.
  'security-headers':
    'CSP (script-src, object-src, frame-ancestors, base-uri), HSTS, nosniff, Referrer-Policy, Permissions-Policy, COOP',
  caching: 'hashed /assets/ files are immutable for a year; HTML is revalidated',
  compression: 'HTML and JavaScript are sent with br or gzip when the browser accepts it',
  // Every page in Chromium at 1280 and 390 px (screenshots of each).
  'head-tags': 'title, description, canonical (on the site origin, same path), og:* in the HTML',
  'single-h1': 'exactly one h1 per page',
  landmarks: 'header nav with the five links, main, footer with the phone and e-mail',
  'console-errors': 'no console error and no uncaught page error, on any page opened',
  'failed-requests': "no request to the deployment's origin fails or answers 4xx/5xx",
  images: 'every image on every page loads (stock photos included)',
  'contact-links': "every tel:, wa.me and mailto: link carries the company's number or address",
  'whatsapp-button': "at 390 px the floating WhatsApp button is on screen with the company's number",
  'csp-violations': 'no Content-Security-Policy violation in any page during the whole run',
  // Behaviour.
  hydration: 'a header link navigates on the client, without a page load',
  'mobile-menu': 'at 390 px the menu toggle opens and closes the menu; a link closes it',
  'form-fields': 'the quote form on /contacto has its five labelled fields, all required',
  'form-empty': 'submitting the empty quote form sends nothing and shows no success',
  'form-submit':
    'a filled quote form posts the lead (intercepted unless --submit-real), shows the toast, clears the fields',
} as const

export type CheckName = keyof typeof CHECKS

export const CHECK_NAMES = Object.keys(CHECKS) as CheckName[]

export const isCheckName = (name: string): name is CheckName => Object.hasOwn(CHECKS, name)
