/**
 * The builds the browser tests run on (`default`: dist/, `endpoint`, `edited`; decision 036), each made at most
 * once per run by the browser projects' global setup (test/setup/build-check.ts) into .variants/<name>/; a test
 * file only asks for one by name (`builtSite('endpoint')`) and never builds.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { cmsConfigYaml } from '../../scripts/cms/config'
import { readCmsSettings } from '../../scripts/cms/settings'
import { uploadTo, writePhotoContent } from '../../scripts/fixtures/photo-content'
import { ADMIN_PREFIX } from '../../scripts/hosts/host-rules'
import { createLocalD1, freePort, localD1Id, type LocalD1 } from '../../scripts/hosts/servers'
import { buildInto, shellEnvironment } from '../../scripts/lib/build-into'
import { buildInfoPath, newestFile, readBuildInfo, staleReason } from '../../scripts/lib/build-info'
import { readBuildSettings } from '../../scripts/lib/build-settings'
import { contentSchemas } from '../../schema/content'
import { TURNSTILE_TEST } from '../stand-ins/turnstile'
import { hooked } from './hooks'

export const projectRoot = path.resolve(__dirname, '../..')
/** The build under test: `dist/`, or another one through DIST_DIR (as scripts/serve.ts reads it). */
export const distDir = path.resolve(projectRoot, process.env.DIST_DIR || 'dist')

export type BuildName = 'default' | 'endpoint' | 'edited'

/** The edited content's new facts (the CMS tests make the same edits through the admin). */
export const EDITED = { phone: '+52 222 987 6543', price: 950, galleryUploads: 2, photos: 4 }
/** The analytics the edited build is configured with. */
export const ANALYTICS = { PLAUSIBLE_DOMAIN: 'www.aquapuebla.mx', GA4_ID: 'G-TEST12345' }

interface Variant {
  settings: Record<string, string>
  /** Writes the variant's content folder (CONTENT_DIR); none: the project's content/. */
  content?: (dir: string) => Promise<void>
}

const VARIANTS: Record<Exclude<BuildName, 'default'>, Variant> = {
  endpoint: { settings: { LEAD_ENDPOINT: '/api/leads' } },
  edited: {
    settings: { LEAD_ENDPOINT: '/api/leads', TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKey, ...ANALYTICS },
    content: editedContent,
  },
}

/** Where a variant's pieces are. */
export function variantPaths(name: Exclude<BuildName, 'default'>) {
  const base = path.join(projectRoot, '.variants', name)
  return {
    dist: base,
    ssr: `${base}-server`,
    content: `${base}-content`,
    images: `${base}-images`,
    log: `${base}.log`,
  }
}

/** `from` must be in `text`: an edit that changes nothing would make its test pass for nothing. */
export function replace(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`content no longer contains ${JSON.stringify(from)}: update this`)
  return text.replace(from, to)
}

const SEVENTH_SERVICE = `  - id: climatizacion
    icon: Sun
    title: Climatización
    description: Calentamos tu alberca con bombas de calor y paneles solares para nadar todo el año.
    features:
      - Bombas de calor
      - Paneles solares
    price:
      amount: 30000
`

/** The edits of the text files, on a copy of content/. */
const TEXT_EDITS: Record<string, (text: string) => string> = {
  'site.yaml': (t) => replace(t, 'phone: +52 222 123 4567', `phone: ${EDITED.phone}`),
  'servicios.yaml': (t) =>
    replace(
      replace(t, 'amount: 800\n', `amount: ${EDITED.price}\n`),
      '\nprocess:\n',
      `\n${SEVENTH_SERVICE}process:\n`,
    ),
  'contacto.yaml': (t) =>
    replace(
      t,
      '  items:\n    - question:',
      '  items:\n    - question: ¿Trabajan fuera de Puebla?\n      answer: Sí, en toda la zona metropolitana y en Tlaxcala.\n    - question:',
    ),
  // Two testimonials: the first one goes.
  'inicio.yaml': (t) => {
    const start = t.indexOf('    - quote:')
    return t.slice(0, start) + t.slice(t.indexOf('    - quote:', start + 1))
  },
  'nosotros.yaml': (t) =>
    replace(
      t,
      '  members:\n',
      '  members:\n    - name: Lucía Torres Vega\n      position: Atención a clientes\n      experience: 6 años de experiencia\n      initials: LT\n',
    ),
}

/** A copy of content/ with `edits` applied, in `dir`. */
export function contentCopy(dir: string, edits: Record<string, (text: string) => string> = {}): string {
  cpSync(path.join(projectRoot, 'content'), dir, { recursive: true })
  for (const [file, edit] of Object.entries(edits))
    writeFileSync(path.join(dir, file), edit(readFileSync(path.join(dir, file), 'utf8')))
  return dir
}

/** The edited content: the text edits, then the uploads (phone JPEGs with EXIF and GPS, one stored sideways). */
async function editedContent(dir: string): Promise<void> {
  const edited = contentCopy(mkdtempSync(path.join(tmpdir(), 'edited-content-')), TEXT_EDITS)
  try {
    await writePhotoContent(dir, {
      from: edited,
      hero: true,
      gallery: EDITED.galleryUploads,
      galleryPhoto: { 1: { width: 3000, height: 4000, orientation: 6, topBand: '#ff0000' } },
    })
  } finally {
    rmSync(edited, { recursive: true, force: true })
  }
  const huge = await sharp({ create: { width: 12000, height: 9000, channels: 3, background: '#3a8fb7' } })
    .jpeg()
    .toBuffer()
  uploadTo(dir, 'nosotros.yaml', ['story', 'image'], 'obra-enorme.jpg', huge)
}

/** What a variant is built with: its settings, and its content folder and image cache when it has its own. */
function buildEnv(name: Exclude<BuildName, 'default'>): Record<string, string> {
  const { content, images } = variantPaths(name)
  const { settings } = VARIANTS[name]
  return VARIANTS[name].content ? { ...settings, CONTENT_DIR: content, IMAGE_CACHE_DIR: images } : settings
}

/** Why the variant is not the build wanted now, or null. */
function variantStale(name: Exclude<BuildName, 'default'>): string | null {
  const { dist, ssr, content } = variantPaths(name)
  const contentDir = VARIANTS[name].content ? content : path.join(projectRoot, 'content')
  const settings = readBuildSettings(buildEnv(name))
  const reason = staleReason(dist, { settings, contentDir }, projectRoot, { SSR_DIST_DIR: ssr })
  if (reason || !VARIANTS[name].content) return reason
  // Its content is made from content/ by this file and the photo fixtures: newer than the build, made again.
  const builtAt = readBuildInfo(buildInfoPath(dist, { SSR_DIST_DIR: ssr }))?.builtAt ?? 0
  const newest = newestFile(
    ['content', 'test/helpers/builds.ts', 'scripts/fixtures'].map((entry) => path.join(projectRoot, entry)),
  )
  return newest.time > builtAt
    ? `${path.relative(projectRoot, newest.file)} changed after it was built`
    : null
}

/**
 * Builds the variant when it is not current (its content made again, its image cache emptied so the build log
 * shows every photo processed), its log kept beside it. Returns why it was built, or null when it was current.
 */
export async function ensureVariant(name: Exclude<BuildName, 'default'>): Promise<string | null> {
  const reason = variantStale(name)
  if (!reason) return null
  const paths = variantPaths(name)
  for (const dir of [paths.dist, paths.ssr, `${paths.dist}-deploy`, paths.content, paths.images])
    rmSync(dir, { recursive: true, force: true })
  await VARIANTS[name].content?.(paths.content)
  await buildInto({
    dist: paths.dist,
    ssrDist: paths.ssr,
    env: buildEnv(name),
    cwd: projectRoot,
    log: paths.log,
  }).catch((error: Error) => {
    throw new Error(`the ${name} build failed: ${paths.log}\n${error.message}`)
  })
  const still = variantStale(name)
  if (still) throw new Error(`after building, the ${name} build is still not current: ${still}`)
  return reason
}

/** The local D1 every Pages stack starts from: its key names the migrations, wrangler and the database id. */
function migratedD1Template(): string {
  const hash = createHash('sha256').update(localD1Id())
  hash.update(readFileSync(path.join(projectRoot, 'node_modules', 'wrangler', 'package.json')))
  const migrations = path.join(projectRoot, 'migrations')
  for (const file of readdirSync(migrations).sort())
    hash.update(file).update(readFileSync(path.join(migrations, file)))
  return path.join(projectRoot, '.variants', `d1-${hash.digest('hex').slice(0, 16)}`)
}

/**
 * The local D1 every Pages stack starts from, with every migration applied as `wrangler d1 migrations apply --local`
 * leaves it: made once per run (the global setup asks first), since each apply costs a wrangler and a workerd start
 * (~15 s of CPU, a minute on a loaded machine). Made under another name and renamed: two workers that make it at
 * once cannot leave half of one.
 */
export async function ensureMigratedD1(): Promise<string> {
  const template = migratedD1Template()
  if (existsSync(template)) return template
  mkdirSync(path.dirname(template), { recursive: true })
  const making = mkdtempSync(`${template}-making-`)
  await createLocalD1(making)
  try {
    renameSync(making, template)
  } catch (error) {
    rmSync(making, { recursive: true, force: true })
    if (!existsSync(template)) throw error
  }
  return template
}

/** A copy of the migrated local D1 in `persistTo`, for one Pages stack. */
export async function migratedD1(persistTo: string): Promise<LocalD1> {
  cpSync(await ensureMigratedD1(), persistTo, { recursive: true })
  return { persistTo, databaseId: localD1Id() }
}

/** A build's folder, once the global setup has made it (a test file never builds). */
export function builtSite(name: BuildName = 'default'): string {
  if (name === 'default') return distDir
  const reason = variantStale(name)
  if (reason)
    throw new Error(
      `the ${name} build is not current (${reason}): the browser projects' global setup builds it (run the test through jest)`,
    )
  return variantPaths(name).dist
}

/** What the variant's build printed (its last build). */
export function buildLog(name: Exclude<BuildName, 'default'>): string {
  const { log } = variantPaths(name)
  return existsSync(log) ? readFileSync(log, 'utf8') : ''
}

/**
 * dist/ with other settings of the owner's tools (CMS_AUTH_BASE_URL, ADMIN_ORIGIN), in seconds and not a build:
 * a copy with the two build steps those settings reach done again, the admin's config.yml (scripts/cms/admin.ts)
 * and the host files (scripts/build/host-config.ts, its nginx.conf into `<dir>-deploy/`). A full `npm run build`
 * with them differs from dist/ in those files alone (compared file by file on 2026-11-25). Decap probes a local
 * proxy on loopback (CMS_PROXY_URL) and would use one that answers: it is pointed at a port nothing listens on.
 */
async function adminSettingsCopy(env: Record<string, string>): Promise<{ dir: string; close(): void }> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'admin-settings-'))
  const dir = path.join(scratch, 'dist')
  cpSync(distDir, dir, { recursive: true })
  const settings = { CMS_PROXY_URL: `http://127.0.0.1:${await freePort()}/api/v1`, ...env }
  writeFileSync(
    path.join(dir, ADMIN_PREFIX, 'config.yml'),
    cmsConfigYaml(contentSchemas, readCmsSettings({ ...process.env, ...settings })),
  )
  const hosts = spawnSync(path.join(projectRoot, 'node_modules/.bin/tsx'), ['scripts/build/host-config.ts'], {
    cwd: projectRoot,
    env: shellEnvironment({ ...settings, DIST_DIR: dir, DEPLOY_DIR: `${dir}-deploy` }),
    encoding: 'utf8',
  })
  if (hosts.status !== 0) throw new Error(`host-config failed:\n${hosts.stdout}\n${hosts.stderr}`)
  return { dir, close: () => rmSync(scratch, { recursive: true, force: true }) }
}

/** dist/ with owner's-tools settings that name the port its Pages server will have (`env(port)`), for the file. */
export function theAdminSettings(env: (port: number) => Record<string, string>) {
  let port = 0
  const copy = hooked(async () => {
    port = await freePort()
    return adminSettingsCopy(env(port))
  }, 'the admin settings')
  // `build` reaches the copy once it is made: a Pages stack or a site reads its `dir` when it starts.
  return { port: () => port, build: copy }
}
