import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * Build-time constants (declared in src/build-constants.d.ts, mirrored as jest globals):
 *   SITE_URL       absolute base of canonical/OG/sitemap URLs (default https://www.aquapuebla.mx)
 *   LEAD_ENDPOINT  where quote requests are POSTed; empty = simulated sending
 *   IMAGE_ORIGIN   stock-photo host (benchmarks point it at a local stub)
 */
export const buildConstants = {
  SITE_URL: process.env.SITE_URL || 'https://www.aquapuebla.mx',
  LEAD_ENDPOINT: process.env.LEAD_ENDPOINT || '',
  IMAGE_ORIGIN: process.env.IMAGE_ORIGIN || 'https://images.unsplash.com',
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  define: Object.fromEntries(
    Object.entries(buildConstants).map(([key, value]) => [key, JSON.stringify(value)]),
  ),
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, target: 'node20', minify: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        modulePreload: { polyfill: false },
        assetsInlineLimit: 0,
      },
  ssr: {
    // Bundle these into the server build so their ESM/CJS interop matches the client's.
    noExternal: ['styled-components', 'react-helmet-async', 'lucide-react', '@radix-ui/*'],
  },
}))
