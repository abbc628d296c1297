/**
 * The CMS at /admin/: Decap CMS's prebuilt bundle (npm `decap-cms`, self-hosted: never a CDN), a page
 * that loads it, and config.yml generated from the content schema (scripts/cms/config.ts).
 *   - `npm run build` runs this file after the prerender: it writes dist/admin/ (the public pages and
 *     their scripts never reference it).
 *   - `npm run cms` serves the same files from the Vite dev server (adminDevPlugin, vite.config.ts).
 * Settings: scripts/cms/settings.ts.
 */
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { contentSchemas } from '../../schema/content'
import { ADMIN_PREFIX } from '../hosts/host-rules'
import { cmsConfigYaml } from './config'
import { decapSpanishScript } from './locale-es'
import { DECAP_MEDIA_FILE, decapMediaPreviewScript } from './media-preview'
import { readCmsSettings } from './settings'

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

/** Our script that completes Decap's Spanish phrases (scripts/cms/locale-es.ts), beside Decap's bundle. */
export const DECAP_ES_FILE = 'decap-es.js'

/** Our stylesheet that fits Decap's editor to a phone (docs/decisions/021-decap-on-the-phone.md). */
export const DECAP_PHONE_FILE = 'decap-phone.css'
export const decapPhoneCssPath = path.join(import.meta.dirname, DECAP_PHONE_FILE)

/**
 * The admin page: no inline script or style (its CSP stays without 'unsafe-inline' for scripts), never
 * indexed, and Decap finds its configuration at its standard place, config.yml beside the page. The
 * phone stylesheet comes before Decap's run-time styles and wins with `!important` where it must.
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
    <link href="${ADMIN_PREFIX}${DECAP_PHONE_FILE}" rel="stylesheet" />
  </head>
  <body>
    <script src="${ADMIN_PREFIX}decap-cms.js"></script>
    <script src="${ADMIN_PREFIX}${DECAP_ES_FILE}"></script>
    <script src="${ADMIN_PREFIX}${DECAP_MEDIA_FILE}"></script>
  </body>
</html>
`

/** config.yml: a build's (GitHub only), or with `local` the one `npm run cms` serves (decap-server too). */
export const adminConfigYaml = (env: NodeJS.ProcessEnv = process.env, options: { local?: boolean } = {}) =>
  cmsConfigYaml(contentSchemas, readCmsSettings(env), options)

/**
 * Writes `<dist>/admin/`: index.html, config.yml, Decap's bundle, its Spanish phrases, its image thumbnails
 * (scripts/cms/media-preview.ts) and phone styles.
 */
export async function writeAdmin(dist: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = path.join(dist, ADMIN_PREFIX)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'index.html'), adminIndexHtml)
  await writeFile(path.join(dir, 'config.yml'), adminConfigYaml(env))
  await writeFile(path.join(dir, DECAP_ES_FILE), decapSpanishScript())
  await writeFile(path.join(dir, DECAP_MEDIA_FILE), decapMediaPreviewScript())
  await copyFile(decapPhoneCssPath, path.join(dir, DECAP_PHONE_FILE))
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
