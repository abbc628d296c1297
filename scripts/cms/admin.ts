/**
 * The CMS at /admin/: Decap CMS's prebuilt bundle (npm `decap-cms`, self-hosted: never a CDN), a page
 * that loads it, and config.yml generated from the content schema (scripts/cms/config.ts).
 *   - `npm run build` runs this file after the prerender: it writes dist/admin/ (the public pages and
 *     their scripts never reference it).
 *   - `npm run cms` serves the same files from the Vite dev server (adminDevPlugin, vite.config.ts).
 * Settings (environment, read at build time):
 *   CMS_GITHUB_REPO      the GitHub repository the CMS commits to, owner/name
 *   CMS_GITHUB_BRANCH    its branch (default main)
 *   CMS_AUTH_BASE_URL    origin of the GitHub OAuth endpoint: empty = Netlify's built-in provider;
 *                        on Cloudflare Pages the site's own origin (functions/api/auth.ts)
 *   CMS_PROXY_URL        decap-server's API for local editing (default http://127.0.0.1:8081/api/v1)
 */
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { contentSchemas } from '../../src/content/schema'
import { readBuildSettings } from '../lib/build-settings'
import { ADMIN_PREFIX } from '../lib/host-rules'
import { cmsConfigYaml, type CmsSettings } from './config'

export const DEFAULT_PROXY_PORT = 8081

export function readCmsSettings(env: NodeJS.ProcessEnv = process.env): CmsSettings {
  return {
    siteUrl: readBuildSettings(env).SITE_URL,
    repo: env.CMS_GITHUB_REPO?.trim() || 'aquapuebla/sitio-web',
    branch: env.CMS_GITHUB_BRANCH?.trim() || 'main',
    authBaseUrl: env.CMS_AUTH_BASE_URL?.trim().replace(/\/+$/, '') || '',
    localBackendUrl: env.CMS_PROXY_URL?.trim() || `http://127.0.0.1:${DEFAULT_PROXY_PORT}/api/v1`,
  }
}

/** Decap's browser bundle: the entry, its lazy chunks and their WebAssembly, without source maps. */
export async function decapBundleFiles(): Promise<string[]> {
  const require = createRequire(import.meta.url)
  const dir = path.dirname(require.resolve('decap-cms/dist/decap-cms.js'))
  const names = (await readdir(dir)).filter(
    (name) =>
      /^(\d+\.)?decap-cms\.js$/.test(name) || name.endsWith('.wasm') || name === 'decap-cms.js.LICENSE.txt',
  )
  return names.map((name) => path.join(dir, name))
}

/**
 * The admin page: no inline script or style (its CSP stays without 'unsafe-inline' for scripts), never
 * indexed, and Decap finds its configuration at its standard place, config.yml beside the page.
 */
export const adminIndexHtml = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="referrer" content="same-origin" />
    <title>Administrar contenido | AquaPuebla</title>
    <link href="${ADMIN_PREFIX}config.yml" type="text/yaml" rel="cms-config-url" />
  </head>
  <body>
    <script src="${ADMIN_PREFIX}decap-cms.js"></script>
  </body>
</html>
`

export const adminConfigYaml = (env: NodeJS.ProcessEnv = process.env) =>
  cmsConfigYaml(contentSchemas, readCmsSettings(env))

/** Writes `<dist>/admin/`: index.html, config.yml and Decap's bundle. */
export async function writeAdmin(dist: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = path.join(dist, ADMIN_PREFIX)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'index.html'), adminIndexHtml)
  await writeFile(path.join(dir, 'config.yml'), adminConfigYaml(env))
  for (const file of await decapBundleFiles()) await copyFile(file, path.join(dir, path.basename(file)))
  return dir
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dist = path.resolve(process.env.DIST_DIR || 'dist')
  writeAdmin(dist)
    .then((dir) =>
      console.log(`cms: ${path.relative(process.cwd(), dir)}/ (Decap CMS, config.yml from the schema)`),
    )
    .catch((error: unknown) => {
      console.error('cms: writing the admin failed:', error)
      process.exit(1)
    })
}
