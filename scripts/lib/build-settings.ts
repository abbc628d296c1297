/**
 * Build-time settings, read from the environment in one place: vite.config.ts turns them into the
 * constants the site reads (declared in src/build-constants.d.ts, mirrored as jest globals), and the
 * host-configuration writer builds the Content-Security-Policy from the same values, so a build pointed
 * at another image host or lead endpoint allows exactly those origins.
 *   SITE_URL       absolute base of canonical/OG/sitemap URLs (default https://www.aquapuebla.mx)
 *   LEAD_ENDPOINT  where quote requests are POSTed; empty = simulated sending; a path (`/api/leads`) = this
 *                  site's own Pages Function (docs/leads.md)
 *   IMAGE_ORIGIN   stock-photo host (benchmarks point it at a local stub)
 *   PLAUSIBLE_DOMAIN  the site's domain as registered in Plausible; empty = no Plausible (docs/analytics.md)
 *   PLAUSIBLE_SRC     a self-hosted Plausible (its origin or script URL); empty = https://plausible.io
 *   GA4_ID            Google Analytics 4 measurement id (G-XXXXXXX); empty = no Google Analytics
 *   TURNSTILE_SITE_KEY  Cloudflare Turnstile's site key: the widget in the quote form (with LEAD_ENDPOINT set),
 *                       its origin in the CSP; empty = no widget (docs/leads.md)
 */
import path from 'node:path'

export interface BuildSettings {
  SITE_URL: string
  LEAD_ENDPOINT: string
  IMAGE_ORIGIN: string
  PLAUSIBLE_DOMAIN: string
  PLAUSIBLE_SRC: string
  GA4_ID: string
  TURNSTILE_SITE_KEY: string
}

export function readBuildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  return {
    SITE_URL: env.SITE_URL || 'https://www.aquapuebla.mx',
    LEAD_ENDPOINT: env.LEAD_ENDPOINT || '',
    IMAGE_ORIGIN: env.IMAGE_ORIGIN || 'https://images.unsplash.com',
    PLAUSIBLE_DOMAIN: env.PLAUSIBLE_DOMAIN?.trim() || '',
    PLAUSIBLE_SRC: env.PLAUSIBLE_SRC?.trim() || '',
    GA4_ID: env.GA4_ID?.trim() || '',
    TURNSTILE_SITE_KEY: env.TURNSTILE_SITE_KEY?.trim() || '',
  }
}

/**
 * Where Vite's client manifest is kept once the prerender has used it: beside the server bundle
 * (SSR_DIST_DIR, else the `<dist>-server` sibling of the dist folder, as `dist` → `dist-server`), never in
 * the published dist/. The byte budgets read it from there.
 */
export function clientManifestPath(dist: string, env: NodeJS.ProcessEnv = process.env): string {
  const serverDir = env.SSR_DIST_DIR
    ? path.resolve(env.SSR_DIST_DIR)
    : path.join(path.dirname(path.resolve(dist)), `${path.basename(dist)}-server`)
  return path.join(serverDir, 'client-manifest.json')
}
