/**
 * The one rule set every host follows: which URL serves which file, what each class of file may be
 * cached for, the security headers and Content-Security-Policy, what is never served, and the 404 page.
 * scripts/serve.ts applies it directly; scripts/build/host-config.ts (run by `npm run build`) turns it into
 * dist/_headers + dist/_redirects (Cloudflare Pages, Netlify), dist/.htaccess (Apache, LiteSpeed) and
 * deploy/nginx.conf; test/hosts/hosts.test.ts asserts every server says what this file says. No rule is typed twice.
 * No import.meta here: ts-jest compiles this file to CommonJS for the tests.
 */
import { createHash } from 'node:crypto'
import { adminOrigin } from '../../edge/owner/origin'

/* ------------------------------------------------------------------------------------------------ */
/* URLs and files                                                                                    */

/**
 * Page layout of dist/: `/` is index.html and `/<slug>` is `<slug>.html`. It is the one layout every
 * host serves at the canonical URL with no redirect: Cloudflare Pages serves `nosotros.html` at
 * `/nosotros` (and answers 308 for `/nosotros/` or `/nosotros.html`), while a folder with an
 * index.html makes Cloudflare Pages answer 308 → `/nosotros/` and Apache's mod_dir 301 → `/nosotros/`.
 */
export function pageFileFor(route: string): string {
  if (!route.startsWith('/')) throw new Error(`a route starts with /: ${route}`)
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`
}

/** The error page, served with status 404 for every unknown path (and never with 200 by its own name). */
export const NOT_FOUND_FILE = '404.html'

/** Hashed build output (Vite's `assets/` folder): file names change whenever the content does. */
export const HASHED_PREFIX = '/assets/'

/** Host configuration files that sit in dist/ for the host to read, never to be served. */
export const HOST_CONFIG_FILES = ['_headers', '_redirects', '.htaccess'] as const

/** Requests a static site never needs to answer with content. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const
/** Longer request targets are refused (414) by our server; the real servers have their own limits. */
export const MAX_URL_LENGTH = 2048

/**
 * Canonical forms, as permanent redirects (301; Cloudflare Pages uses 308 for its own, which is the
 * same for a visitor): `/x/` → `/x` and `/x.html` → `/x` when the page exists, `/index.html` → `/`.
 * The query string is kept.
 */
export const CANONICAL_REDIRECT_STATUS = 301

/* ------------------------------------------------------------------------------------------------ */
/* Caching                                                                                           */

export const CACHE_CONTROL = {
  /** Content-hashed files: a new build has new names, so browsers keep these for a year. */
  hashed: 'public, max-age=31536000, immutable',
  /** Pages (and the 404 page): always revalidated, so a new build is seen at once. */
  page: 'no-cache',
  /** Everything else (icons, og-image, manifest, robots.txt, sitemap.xml): stale after an hour. */
  other: 'public, max-age=3600',
} as const

/** The cache class of a URL path (or of the file path it was served from). */
export function cacheClassFor(pathname: string): keyof typeof CACHE_CONTROL {
  if (pathname.startsWith(HASHED_PREFIX)) return 'hashed'
  const name = pathname.slice(pathname.lastIndexOf('/') + 1)
  return name === '' || !name.includes('.') || /\.html(\.br|\.gz)?$/.test(name) ? 'page' : 'other'
}

/* ------------------------------------------------------------------------------------------------ */
/* Compression                                                                                       */

/**
 * Text files the build precompresses (`.br` and `.gz` siblings) and their Content-Type. The servers
 * send the sibling with `Content-Encoding` and the type of the original file.
 */
export const COMPRESSIBLE_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
}

export const PRECOMPRESSED_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

/* ------------------------------------------------------------------------------------------------ */
/* Content-Security-Policy and the other security headers                                           */

/** Origins the page may reach besides its own, from the build settings (scripts/lib/build-settings.ts). */
export interface PolicyOrigins {
  /** IMAGE_ORIGIN: the stock-photo host. */
  imageOrigin: string
  /**
   * LEAD_ENDPOINT (empty when quote requests are simulated): fetch() and the no-JS form post there; a path
   * (`/api/leads`) is this site's own origin.
   */
  leadEndpoint: string
  /** Extra sources from optional features (analytics), by directive. */
  extra?: {
    scriptSrc?: readonly string[]
    connectSrc?: readonly string[]
    imgSrc?: readonly string[]
    /** Frames (Turnstile's widget); without any, default-src 'none' forbids them. */
    frameSrc?: readonly string[]
  }
}

/** The inline `<script>` and `<style>` texts of the prerendered pages, hashed into the policy. */
export interface InlineCode {
  scripts: readonly string[]
  styles: readonly string[]
}

/** A CSP hash source for an inline element's text: `'sha256-…'`. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * styled-components creates its own `<style>` element when a component first renders in the browser
 * (a client-side navigation to a page whose CSS was not prerendered) and fills it through the CSSOM
 * (`insertRule`, its production "speedy" mode), which CSP does not govern. The element itself has no
 * text, so allowing the hash of the empty string lets it exist without allowing any inline CSS.
 */
export const EMPTY_STYLE_ELEMENT = hashSource('')

/** Inline executable scripts and all inline styles of one HTML document, as written. */
export function inlineCodeOf(html: string): InlineCode {
  const scripts: string[] = []
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    // Data blocks (JSON-LD) are never executed, so CSP does not apply to them.
    if (type === undefined || type === 'module' || type === 'text/javascript') scripts.push(text)
  }
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, text = '']) => text)
  return { scripts, styles }
}

function originOf(url: string, setting: string): string {
  if (!URL.canParse(url)) throw new Error(`${setting} must be an absolute URL, got ${JSON.stringify(url)}`)
  return new URL(url).origin
}

const unique = (sources: readonly string[]) => [...new Set(sources)]

type Directive = [name: string, sources: string[]]

/** A policy closed by `default-src 'none'` and opened one directive at a time; never plugins, never framed. */
function closedPolicy(directives: Directive[]): string {
  const all: Directive[] = [
    ['default-src', ["'none'"]],
    ...directives,
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  return all.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ')
}

/**
 * The policy for every response. Scripts: our own files plus the hashes of the prerender's inline
 * scripts (the deferred-script loader and react-router's hydration data), never 'unsafe-inline' or
 * 'unsafe-eval'. Styles: our own files, the hashes of the prerendered `<style>` blocks and the empty
 * runtime element (EMPTY_STYLE_ELEMENT).
 */
export function contentSecurityPolicy(origins: PolicyOrigins, inline: InlineCode): string {
  // A path (`/api/leads`, the Pages Function) is this origin: 'self' already allows it.
  const lead =
    origins.leadEndpoint && !origins.leadEndpoint.startsWith('/')
      ? [originOf(origins.leadEndpoint, 'LEAD_ENDPOINT')]
      : []
  const image = originOf(origins.imageOrigin, 'IMAGE_ORIGIN')
  return closedPolicy([
    [
      'script-src',
      unique(["'self'", ...inline.scripts.map(hashSource).sort(), ...(origins.extra?.scriptSrc ?? [])]),
    ],
    ['style-src', unique(["'self'", ...inline.styles.map(hashSource).sort(), EMPTY_STYLE_ELEMENT])],
    ['img-src', unique(["'self'", image, ...(origins.extra?.imgSrc ?? [])])],
    ['connect-src', unique(["'self'", ...lead, ...(origins.extra?.connectSrc ?? [])])],
    ['manifest-src', ["'self'"]],
    ...(origins.extra?.frameSrc?.length
      ? [['frame-src', unique([...origins.extra.frameSrc])] as Directive]
      : []),
    ['form-action', unique(["'self'", ...lead])],
    ['base-uri', ["'self'"]],
  ])
}

/** Every security header, on every response (pages, files, redirects, 404s), in this order. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    // Two years, this host and its subdomains; add `preload` only once the whole domain is HTTPS-only.
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Other sites may link to us but not embed our files; link-preview crawlers are not browsers.
    'Cross-Origin-Resource-Policy': 'same-origin',
    // For browsers older than CSP's frame-ancestors.
    'X-Frame-Options': 'DENY',
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* The CMS at /admin/                                                                               */

/**
 * Decap CMS (scripts/cms/admin.ts) lives under this prefix, with headers of its own on every host: it
 * is never indexed, and its Content-Security-Policy is the one Decap can run under (it cannot run
 * under the public pages' policy). The public pages never reference it.
 */
export const ADMIN_PREFIX = '/admin/'

/** Origins the admin talks to besides its own and GitHub's API. */
export interface AdminOrigins {
  /**
   * CMS_PROXY_URL: decap-server for `npm run cms`, only in the policy of the admin that command serves
   * (scripts/cms/dev-plugin.ts). A build's admin never names it: it is plain http:, and a production admin
   * has no use for a proxy on the owner's loopback.
   */
  localBackendUrl?: string
}

/** GitHub's REST API (the github backend's every read and commit) and where it serves avatars. */
export const GITHUB_API_ORIGIN = 'https://api.github.com'
const GITHUB_AVATARS_ORIGIN = 'https://avatars.githubusercontent.com'

/**
 * The admin's policy, as strict as Decap 3.16 runs under (measured; each source's reason: docs/cms.md, "The admin's
 * Content-Security-Policy"): 'unsafe-eval' for ajv, 'unsafe-inline' styles for emotion, blob:/data: images and
 * GitHub avatars, blob: and GitHub's API to connect, decap-server on loopback only in what `npm run cms` serves
 * (AdminOrigins.localBackendUrl), never in a build. The OAuth pop-up answers with postMessage, which no directive
 * governs.
 */
export function adminContentSecurityPolicy(origins: AdminOrigins = {}): string {
  return closedPolicy([
    ['script-src', ["'self'", "'unsafe-eval'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'blob:', 'data:', GITHUB_AVATARS_ORIGIN]],
    [
      'connect-src',
      unique([
        "'self'",
        'blob:',
        GITHUB_API_ORIGIN,
        ...(origins.localBackendUrl ? [originOf(origins.localBackendUrl, 'CMS_PROXY_URL')] : []),
      ]),
    ],
    ['manifest-src', ["'self'"]],
    ['form-action', ["'none'"]],
    ['base-uri', ["'self'"]],
  ])
}

/**
 * Every header of an admin answer: the security headers with the admin's policy, never indexed, and
 * always revalidated (the page and config.yml change with every build; Decap's files are not hashed).
 */
export function adminHeaders(csp: string): Record<string, string> {
  return {
    ...securityHeaders(csp),
    // The GitHub sign-in is a pop-up the admin opens on /api/auth, which goes to github.com and back to
    // /api/callback, whose page hands the token over through window.opener. Under `same-origin` Chromium
    // moves that pop-up to another browsing context group and window.opener is null: nobody can sign in.
    // `same-origin-allow-popups` keeps the pop-ups the admin opens, and still cuts off any window that opens
    // the admin (docs/decisions/020-admin-coop-allows-its-sign-in-pop-up.md; cms-sign-in.test.ts).
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': CACHE_CONTROL.page,
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* The owner's lead inbox at /admin/solicitudes/                                                    */

/**
 * The lead inbox (src/inbox/, built by vite.inbox.config.ts) lives inside the admin folder but is not
 * the CMS: a page of our own, so it gets a policy as strict as a page can have, and a rule more
 * specific than ADMIN_PREFIX's on every host. Its data comes from /api/inbox/ (Pages Functions).
 */
export const INBOX_PREFIX = '/admin/solicitudes/'

/**
 * The inbox's policy: its own script and stylesheet files only (no 'unsafe-inline', no 'unsafe-eval',
 * no hash: the page has no inline code), fetch to its own origin only (the API), its own icon, no
 * form posts anywhere (changes are fetch calls), nothing may frame it, no <base>, no plugins. To be installed
 * (issue 42, decision 045): its manifest and its service worker, both its own files (`manifest-src` would
 * otherwise fall back to default-src 'none'; `worker-src` says what script-src already allows).
 */
export function inboxContentSecurityPolicy(): string {
  return closedPolicy([
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['form-action', ["'none'"]],
    ['base-uri', ["'none'"]],
  ])
}

/**
 * Every header of an inbox answer: the site's security headers with the inbox's policy (and the site's
 * strict `Cross-Origin-Opener-Policy: same-origin`: unlike the CMS it opens no sign-in pop-up), never
 * indexed, always revalidated, and no referrer (its URLs are nobody else's business).
 */
export function inboxHeaders(): Record<string, string> {
  return {
    ...securityHeaders(inboxContentSecurityPolicy()),
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': CACHE_CONTROL.page,
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* The owner's tools on an origin of their own (ADMIN_ORIGIN)                                        */

/**
 * ADMIN_ORIGIN of a build (Cloudflare Pages: the same variable the functions read, docs/decisions/027-…): ''
 * when the owner's tools share the site's origin, else the checked origin (edge/owner/origin.ts's rule).
 */
export function readAdminOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return adminOrigin({ ADMIN_ORIGIN: env.ADMIN_ORIGIN }) ?? ''
}

/**
 * What the admin host adds to every answer (Cloudflare `_headers` rule `https://<admin host>/*`, before the
 * admin's and the inbox's rules, which detach it). The deployment is the same on both hosts, so the admin host
 * would serve the public pages and their scripts (analytics, Turnstile) on the origin that holds the owner's
 * token and cookie. `sandbox` as a second policy (browsers enforce every policy they get) runs none of their
 * scripts and gives the page an opaque origin: no storage, no cookie, nothing of the admin origin to read.
 * Never indexed there either; the public site is at SITE_URL.
 */
export function adminHostHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': 'sandbox',
    'X-Robots-Tag': 'noindex, nofollow',
  }
}
