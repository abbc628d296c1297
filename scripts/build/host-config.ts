/**
 * Host configuration: reads the built dist/ (its pages, their inline scripts and styles, its other
 * files) and the build settings; writes dist/_headers, dist/_redirects, dist/.htaccess,
 * dist/assets/.htaccess and the nginx site config (deploy/nginx.conf for the default build, else
 * DEPLOY_DIR or `<dist>-deploy/`). Run by `npm run build` after the prerender: `tsx scripts/build/host-config.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { analyticsCspSources } from '../../src/analytics/csp-sources'
import { withTurnstile } from '../../src/leads/turnstile-widget'
import { readBuildSettings } from '../lib/build-settings'
import {
  adminHtaccessFile,
  assetsHtaccessFile,
  headersFile,
  inboxHtaccessFile,
  htaccessFile,
  nginxConfFile,
  redirectsFile,
} from '../hosts/host-files'
import { collectHostPolicy, deployDirFor } from '../hosts/host-policy'
import { readAdminOrigin } from '../hosts/host-rules'

const root = path.resolve(import.meta.dirname, '../..')
const dist = path.resolve(root, process.env.DIST_DIR || 'dist')

async function main() {
  const settings = readBuildSettings()
  // The owner's tools on their own origin: a Cloudflare Pages feature (its _headers and functions/).
  const adminOrigin = readAdminOrigin()
  if (adminOrigin && process.env.NETLIFY === 'true')
    throw new Error(
      'ADMIN_ORIGIN is for Cloudflare Pages (docs/deploying/cloudflare-pages.md); unset it on Netlify',
    )
  // 1. The policy: pages, files and the CSP from what the prerender wrote, origins from the settings.
  const policy = await collectHostPolicy(dist, {
    siteUrl: settings.SITE_URL,
    imageOrigin: settings.IMAGE_ORIGIN,
    leadEndpoint: settings.LEAD_ENDPOINT,
    // The analytics providers' and Turnstile's origins, only for those configured (none in a default build).
    extra: withTurnstile(analyticsCspSources(settings), settings.TURNSTILE_SITE_KEY),
    // The admin's policy: no local proxy in a build (scripts/cms/dev-plugin.ts serves that one).
    admin: {},
    adminOrigin,
  })

  // 2. One file per host format.
  const deployDir = deployDirFor(root, dist)
  const nginxRoot = `/var/www/${new URL(settings.SITE_URL).hostname}`
  await writeFile(path.join(dist, '_headers'), headersFile(policy))
  await writeFile(path.join(dist, '_redirects'), redirectsFile(policy))
  await writeFile(path.join(dist, '.htaccess'), htaccessFile(policy))
  await writeFile(path.join(dist, 'assets', '.htaccess'), assetsHtaccessFile())
  if (policy.adminHeaders) await writeFile(path.join(dist, 'admin', '.htaccess'), adminHtaccessFile(policy))
  if (policy.inboxHeaders)
    await writeFile(path.join(dist, 'admin', 'solicitudes', '.htaccess'), inboxHtaccessFile(policy))
  await mkdir(deployDir, { recursive: true })
  await writeFile(path.join(deployDir, 'nginx.conf'), nginxConfFile(policy, { root: nginxRoot }))

  const written = ['_headers', '_redirects', '.htaccess', 'assets/.htaccess'].map((file) => `dist/${file}`)
  console.log(
    `host-config: ${written.join(', ')}, ${path.relative(root, path.join(deployDir, 'nginx.conf'))}`,
  )
  console.log(`host-config: Content-Security-Policy: ${policy.headers['Content-Security-Policy']}`)
  if (policy.adminHeaders)
    console.log(
      `host-config: /admin/ Content-Security-Policy: ${policy.adminHeaders['Content-Security-Policy']}`,
    )
  if (policy.inboxHeaders)
    console.log(
      `host-config: /admin/solicitudes/ Content-Security-Policy: ${policy.inboxHeaders['Content-Security-Policy']}`,
    )
  if (policy.adminHost)
    console.log(
      `host-config: the owner's tools on ${adminOrigin}; its other paths sandboxed (Cloudflare Pages _headers)`,
    )
}

main().catch((error: unknown) => {
  console.error('host-config failed:', error)
  process.exit(1)
})
