/**
 * Build-time settings, read from the environment in one place: vite.config.ts turns them into the
 * constants the site reads (declared in src/build-constants.d.ts, mirrored as jest globals), and the
 * host-configuration writer builds the Content-Security-Policy from the same values, so a build pointed
 * at another image host or lead endpoint allows exactly those origins.
 *   SITE_URL       absolute base of canonical/OG/sitemap URLs (default https://www.aquapuebla.mx)
 *   LEAD_ENDPOINT  where quote requests are POSTed; empty = simulated sending
 *   IMAGE_ORIGIN   stock-photo host (benchmarks point it at a local stub)
 */
export interface BuildSettings {
  SITE_URL: string
  LEAD_ENDPOINT: string
  IMAGE_ORIGIN: string
}

export function readBuildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  return {
    SITE_URL: env.SITE_URL || 'https://www.aquapuebla.mx',
    LEAD_ENDPOINT: env.LEAD_ENDPOINT || '',
    IMAGE_ORIGIN: env.IMAGE_ORIGIN || 'https://images.unsplash.com',
  }
}
