/**
 * Build-time constants, replaced by Vite's `define` (vite.config.ts) and set as jest globals
 * (jest.config.ts). `import.meta` stays out of src/ so the same code runs under ts-jest.
 */
/** Absolute base of every URL the site prints (canonical, Open Graph, sitemap). No trailing slash. */
declare const SITE_URL: string
/** Where quote requests are POSTed; empty means "simulate sending locally". */
declare const LEAD_ENDPOINT: string
/** Origin of the stock photos (https://images.unsplash.com unless overridden for offline benchmarks). */
declare const IMAGE_ORIGIN: string
/** The site's domain as registered in Plausible; empty means no Plausible (docs/analytics.md). */
declare const PLAUSIBLE_DOMAIN: string
/** A self-hosted Plausible: its origin or script URL; empty means https://plausible.io. */
declare const PLAUSIBLE_SRC: string
/** Google Analytics 4 measurement id (G-XXXXXXX); empty means no Google Analytics and no consent notice. */
declare const GA4_ID: string
/** Cloudflare Turnstile's site key: the quote form shows its widget; empty means no widget. */
declare const TURNSTILE_SITE_KEY: string
