/**
 * `npm start`: the site as Cloudflare Pages runs it, on this machine: the build (made again when missing, stale or
 * built with other settings; the form posts to LEAD_ENDPOINT=/api/leads unless LEAD_ENDPOINT is set, even empty),
 * a local D1 in .wrangler/state/ (kept between runs; migrations/ applied as `wrangler d1 migrations apply --local`
 * does), the project's `.dev.vars` (wrangler's format; `.dev.vars.example` lists them), and `wrangler pages dev`
 * with functions/ and, in the same process on the same D1, the leads' schedule Worker (startPages: one process, so
 * it never races the site). It prints the addresses, which notification channels are on and where they go (never a
 * secret), a one-time inbox sign-in link that works only on loopback (GitHub cannot be reached offline), and when
 * the schedule runs next: wrangler never fires a cron locally, so this script does, on the minutes the Worker's
 * wrangler.jsonc names, and says each run.
 * Env: PORT (default 4173), LEAD_ENDPOINT, SITE_URL, IMAGE_ORIGIN (build settings); DEV_VARS (another variables
 * file), DIST_DIR (another build folder), LOCAL_STATE_DIR (another database folder): the tests use these three.
 * `npm run serve` serves dist/ without functions, as any static host would.
 */
import path from 'node:path'
import { channelsOf } from '../edge/leads/channels'
import type { LeadEnv } from '../edge/leads/env'
import { MIN_SECRET_LENGTH } from '../edge/inbox/session'
import { readDevVars } from './hosts/dev-vars'
import { INBOX_PREFIX } from './hosts/host-rules'
import { localInboxSignIn } from './hosts/inbox-sign-in'
import { localVapidKeys, startLocalPushStandIn, STAND_IN_DEVICE_NAME } from './hosts/local-push'
import { createLocalD1, nextScheduleRun, scheduleEveryMinutes, startPages } from './hosts/servers'
import { buildIntoSync } from './lib/build-into'
import { staleReason } from './lib/build-info'
import { readBuildSettings } from './lib/build-settings'

const root = path.resolve(import.meta.dirname, '..')
const defaultDist = path.join(root, 'dist')
const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : defaultDist
// The server bundle must sit inside the project to resolve node_modules (test/helpers/browser.ts buildVariant).
const ssrDist =
  dist === defaultDist
    ? path.join(root, 'dist-server')
    : path.join(root, '.variants', `${path.basename(dist)}-server`)

/** A path as the owner reads it: relative inside the project, absolute elsewhere. */
function shown(file: string): string {
  const relative = path.relative(root, file)
  return relative && !relative.startsWith('..') ? relative : file
}

// One origin locally: ADMIN_ORIGIN (the owner's tools on their own origin) is a production setting, and the
// build would write its host rule. Neither the build nor the functions get it here.
const shellAdminOrigin = process.env.ADMIN_ORIGIN
delete process.env.ADMIN_ORIGIN

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
  { ...process.env, SSR_DIST_DIR: ssrDist },
)
if (reason) {
  console.log(`Building (${reason})…`)
  const result = buildIntoSync({ dist, ssrDist, env, cwd: root, inherit: true })
  if (result.status !== 0) process.exit(result.status ?? 1)
} else {
  console.log(`${shown(dist)}/ is up to date.`)
}
if (!buildEnv.LEAD_ENDPOINT)
  console.log('Quote requests are SIMULATED (nothing is sent): LEAD_ENDPOINT is empty.')

// 2. The local database, migrated.
const d1 = await createLocalD1(
  process.env.LOCAL_STATE_DIR
    ? path.resolve(process.env.LOCAL_STATE_DIR)
    : path.join(root, '.wrangler', 'state'),
)

// 3. The variables: the project's .dev.vars, then what must be this machine's: SITE_URL (the no-JavaScript answer
// page links back here), INBOX_DEV_LOGIN_TOKEN (the printed link's) and SESSION_SECRET when .dev.vars has none long
// enough (from the environment, else a fresh one: the inbox's sessions then end with the server).
const port = Number(process.env.PORT ?? 4173)
if (!Number.isInteger(port) || port <= 0 || port > 65_535)
  throw new Error(`PORT must be 1-65535, got ${port}`)
const origin = `http://127.0.0.1:${port}`
const devVarsPath = process.env.DEV_VARS ? path.resolve(process.env.DEV_VARS) : path.join(root, '.dev.vars')
const fromFile = readDevVars(devVarsPath)
const notes: string[] = []
const { ADMIN_ORIGIN: fileAdminOrigin, ...fileVars } = fromFile ?? {}
if (fileAdminOrigin || shellAdminOrigin)
  notes.push(`ADMIN_ORIGIN no se usa aquí: la bandeja y el CMS van en ${origin}`)
if (fileVars.SITE_URL && fileVars.SITE_URL !== origin)
  notes.push(`SITE_URL de ${path.basename(devVarsPath)} no se usa: el sitio local es ${origin}`)
if (fileVars.INBOX_DEV_LOGIN_TOKEN)
  notes.push('INBOX_DEV_LOGIN_TOKEN de .dev.vars no se usa: cada arranque hace un enlace nuevo')
const fileSecret = fileVars.SESSION_SECRET ?? ''
if (fileSecret && fileSecret.length < MIN_SECRET_LENGTH)
  notes.push(`SESSION_SECRET de .dev.vars tiene menos de ${MIN_SECRET_LENGTH} caracteres: se usa uno nuevo`)
const inbox = localInboxSignIn(origin, {
  SESSION_SECRET: fileSecret.length >= MIN_SECRET_LENGTH ? fileSecret : process.env.SESSION_SECRET,
})
// Push needs no account: its key pair is made at first use (./hosts/local-push.ts); PUSH_STAND_IN=1 adds a local
// push service with one phone subscribed, which prints every notification the site sends.
const push = await localVapidKeys(fileVars, devVarsPath)
if (push.note) notes.push(push.note)
const vars = { ...push.vars, SITE_URL: origin, ...inbox.vars }
const pushStandIn =
  process.env.PUSH_STAND_IN === '1' ? await startLocalPushStandIn(d1, push.vars.VAPID_PUBLIC_KEY!) : null

// 4. Cloudflare's runtime with the functions, and the schedule Worker in the same process.
const server = await startPages({
  root: dist,
  port,
  functions: { dir: path.join(root, 'functions'), vars, d1 },
  schedule: { vars },
})
const every = scheduleEveryMinutes()
const clock = (date: Date) =>
  date.toLocaleTimeString('es-MX', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
let next = nextScheduleRun(new Date(), every)
let timer: NodeJS.Timeout | undefined
/** The cron, as Cloudflare runs it: at every `every`-th minute; each run said with the next one. */
function scheduleNext(): void {
  timer = setTimeout(async () => {
    const ran = next
    next = nextScheduleRun(new Date(ran.getTime() + 1000), every)
    const outcome = await server.runSchedule().then(
      () => 'hecho',
      (error: unknown) => `falló (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    )
    console.log(`  Trabajo programado de las ${clock(ran)}: ${outcome}. El próximo, a las ${clock(next)}.`)
    scheduleNext()
  }, next.getTime() - Date.now())
}
scheduleNext()

// 5. The addresses, the channels, the link.
console.log(`
  Sitio:                  ${server.url}/
  Solicitudes (bandeja):  ${server.url}${INBOX_PREFIX}
  Entrar a la bandeja:    ${inbox.link}   (un solo uso, solo en esta máquina)
  Base de datos local:    ${shown(d1.persistTo)}/ (se conserva entre ejecuciones)
  Trabajo programado:     cada ${every} min (reintentos, resúmenes, recordatorios); el próximo, a las ${clock(next)}
  Variables:              ${fromFile ? `${shown(devVarsPath)} (${Object.keys(fromFile).length})` : `sin ${shown(devVarsPath)} (copia .dev.vars.example)`}
${notificationLines(vars)
  .map((line) => `  ${line}`)
  .join('\n')}${notes.map((note) => `\n  Nota: ${note}.`).join('')}
  Ctrl+C lo detiene.
`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearTimeout(timer)
    void Promise.all([server.close(), pushStandIn?.close()]).finally(() => process.exit(0))
  })
}

/** Which channels tell the owner of a lead, and where they go: hosts and addresses, never a key or a path. */
function notificationLines(env: Record<string, string>): string[] {
  const host = (url: string) => (URL.canParse(url) ? new URL(url).host : 'URL no válida')
  const on = channelsOf(env as unknown as LeadEnv)
  const missing = ['EMAIL_API_URL', 'EMAIL_API_KEY', 'EMAIL_FROM', 'EMAIL_TO'].filter((name) => !env[name])
  return [
    on.includes('email')
      ? `Aviso por correo:       a ${env.EMAIL_TO} desde ${env.EMAIL_FROM} (vía ${host(env.EMAIL_API_URL!)})`
      : missing.length < 4
        ? `Aviso por correo:       apagado, falta ${missing.join(', ')}`
        : 'Aviso por correo:       apagado (EMAIL_API_URL, EMAIL_API_KEY, EMAIL_FROM, EMAIL_TO)',
    on.includes('webhook')
      ? `Aviso por webhook:      a ${host(env.LEAD_WEBHOOK_URL!)}`
      : 'Aviso por webhook:      apagado (LEAD_WEBHOOK_URL)',
    !on.includes('push')
      ? 'Aviso al celular:       apagado (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: npm run push:keys)'
      : pushStandIn
        ? `Aviso al celular:       a los celulares activados en «Avisos» y al «${STAND_IN_DEVICE_NAME}» (${pushStandIn.origin}), cuyos avisos salen aquí`
        : 'Aviso al celular:       a los celulares activados en «Avisos» de la bandeja (PUSH_STAND_IN=1: uno de prueba aquí)',
    on.length > 0
      ? '                        (un intento al llegar; los reintentos, del trabajo programado)'
      : '                        Las solicitudes se guardan, pero nadie recibe aviso.',
  ]
}
