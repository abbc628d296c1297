/**
 * `npm start`: the site as Cloudflare Pages runs it, on this machine. Steps:
 *   1. Build when dist/ is missing, older than the sources, or built with other settings (the build's own record,
 *      scripts/lib/build-info.ts). The form posts to
 *      the site's own lead endpoint (LEAD_ENDPOINT=/api/leads unless LEAD_ENDPOINT is set, even empty).
 *   2. A local D1 database in .wrangler/state/ (kept between runs; git-ignored), with migrations/ applied:
 *      only the ones it has not seen, as `wrangler d1 migrations apply --local` does.
 *   3. Cloudflare's own runtime (`wrangler pages dev`) serving dist/ with functions/: the lead endpoint, the
 *      inbox's API and the CMS sign-in, the same code as production.
 *   4. The addresses, and a one-time sign-in link to the inbox that works only on loopback (GitHub cannot be
 *      reached offline).
 * Env: PORT (default 4173), LEAD_ENDPOINT, SITE_URL, IMAGE_ORIGIN (build settings). `npm run serve` serves
 * dist/ without functions, as any static host would.
 */
import path from 'node:path'
import { INBOX_PREFIX } from './hosts/host-rules'
import { localInboxSignIn } from './hosts/inbox-sign-in'
import { createLocalD1, startPages } from './hosts/servers'
import { buildIntoSync } from './lib/build-into'
import { staleReason } from './lib/build-info'
import { readBuildSettings } from './lib/build-settings'

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'dist')

/** The settings this build is made with: the form posts to the site's own endpoint unless told otherwise. */
const buildEnv = {
  SITE_URL: process.env.SITE_URL ?? '',
  LEAD_ENDPOINT: process.env.LEAD_ENDPOINT ?? '/api/leads',
  IMAGE_ORIGIN: process.env.IMAGE_ORIGIN ?? '',
}
const env = Object.fromEntries(Object.entries(buildEnv).filter(([, value]) => value !== ''))
const contentDir = path.resolve(root, process.env.CONTENT_DIR || 'content')

// 1. Build if needed.
// The build records what it was built with (scripts/lib/build-info.ts): another build, or sources changed since.
const reason = staleReason(
  dist,
  { settings: readBuildSettings({ ...process.env, ...env }), contentDir },
  root,
)
if (reason) {
  console.log(`Building (${reason})…`)
  const result = buildIntoSync({
    dist,
    ssrDist: path.join(root, 'dist-server'),
    env,
    cwd: root,
    inherit: true,
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
} else {
  console.log('dist/ is up to date.')
}
if (!buildEnv.LEAD_ENDPOINT)
  console.log('Quote requests are SIMULATED (nothing is sent): LEAD_ENDPOINT is empty.')

// 2. The local database, migrated.
const d1 = createLocalD1(path.join(root, '.wrangler', 'state'))

// 3. Cloudflare's runtime with the functions, and 4. the addresses.
const port = Number(process.env.PORT ?? 4173)
if (!Number.isInteger(port) || port <= 0 || port > 65_535)
  throw new Error(`PORT must be 1-65535, got ${port}`)
const origin = `http://127.0.0.1:${port}`
const inbox = localInboxSignIn(origin)
const server = await startPages({
  root: dist,
  port,
  functions: { dir: path.join(root, 'functions'), vars: { SITE_URL: origin, ...inbox.vars }, d1 },
})
console.log(`
  Sitio:                  ${server.url}/
  Solicitudes (bandeja):  ${server.url}${INBOX_PREFIX}
  Entrar a la bandeja:    ${inbox.link}   (un solo uso, solo en esta máquina)
  Base de datos local:    ${path.relative(root, d1.persistTo)}/ (se conserva entre ejecuciones)
  Ctrl+C lo detiene.
`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().finally(() => process.exit(0)))
}
