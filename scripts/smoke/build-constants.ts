/**
 * src/config/site.ts reads build-time constants that Vite's `define` replaces in the site's bundles. The
 * smoke kit only needs the company facts that do not depend on them (phone, WhatsApp, e-mail, brand), so
 * it gives them neutral values before site.ts is evaluated. Imported first by company.ts.
 */
const constants: Record<string, string> = { SITE_URL: '', LEAD_ENDPOINT: '', IMAGE_ORIGIN: '' }
const scope = globalThis as Record<string, unknown>
for (const [name, value] of Object.entries(constants)) if (!(name in scope)) scope[name] = value
