/**
 * The real host servers, run in the foreground on loopback as the user you are, each configured the
 * way that host is configured in production: Debian's nginx with the build's nginx.conf, Debian's
 * apache2 with `AllowOverride All` so dist/.htaccess does the work (as on shared hosting), and
 * Cloudflare's own Pages server (`wrangler pages dev`, from npm) reading dist/_headers and _redirects.
 * Used by the preview scripts (`npm run serve:nginx|serve:apache|serve:pages`) and by the host tests.
 * Every config, pid and log file lives in a fresh temp folder, removed on close.
 */
import { execFile, spawn, type ChildProcess, type ExecFileException } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { devVarsFile } from './dev-vars'

export type HostName = 'nginx' | 'apache' | 'pages'

export interface HostServer {
  name: HostName
  url: string
  port: number
  /** The server's own log (error log, or wrangler's output), for a failing test to print. */
  log(): string
  close(): Promise<void>
  /** nginx with keepHttpRedirect: the port of the config's plain-HTTP (redirect) server. */
  redirectPort?: number
}

export interface HostOptions {
  /** The built site (dist/). */
  root: string
  /** 0 picks a free loopback port. */
  port: number
  /** The nginx site config the build wrote (deploy/nginx.conf for the default dist/). */
  nginxConf?: string
  /** nginx and apache: their output goes to this process's terminal too (preview scripts). */
  inheritOutput?: boolean
  /** nginx: keep the config's HTTP→HTTPS redirect server, on another free loopback port (redirectPort). */
  keepHttpRedirect?: boolean
  /**
   * wrangler: run Pages Functions too, as Cloudflare does from the project's functions/ folder (the CMS's
   * GitHub sign-in), with these environment variables (Pages → Settings → Variables and Secrets). They reach
   * wrangler as a `.dev.vars` file in its own folder (mode 0600), never on its command line.
   */
  functions?: { dir: string; vars?: Record<string, string>; d1?: LocalD1 }
  /**
   * wrangler: `https` serves on https://127.0.0.1 with wrangler's own self-signed certificate (browsers
   * must be told to accept it), as the site is served in production; default `http`.
   */
  protocol?: 'http' | 'https'
}

/** A local D1 database as wrangler keeps it: a SQLite file under `persistTo`, named after the database id. */
export interface LocalD1 {
  persistTo: string
  /** The database_id of wrangler.toml (localD1Id()). */
  databaseId: string
}

const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const APACHE_MODULES = '/usr/lib/apache2/modules'
// npm scripts and jest run from the project root; no import.meta/__dirname (this file runs as ESM under
// tsx and as CommonJS under ts-jest).
const projectRoot = process.cwd()

function findBinary(names: string[], debianPackage: string): string {
  for (const name of names) {
    for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
      if (existsSync(path.join(dir, name))) return path.join(dir, name)
    }
  }
  throw new Error(
    `${names[0]} is not installed: apt-get install ${debianPackage} (Debian package ${debianPackage})`,
  )
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** One HEAD request; https accepts a self-signed certificate (wrangler's local one). */
function probe(url: string): Promise<void> {
  if (!url.startsWith('https:'))
    return fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(2_000) }).then(
      () => undefined,
    )
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      { method: 'HEAD', rejectUnauthorized: false, timeout: 2_000 },
      (answer) => {
        answer.resume()
        resolve()
      },
    )
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', reject)
    request.end()
  })
}

/** Resolves once something answers HTTP on the port, or rejects with the server's log. */
async function waitForHttp(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 300_000,
): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    // Read from the child itself: it may have exited before this wait began (right after naming its port).
    const exited = child.exitCode ?? child.signalCode
    if (exited !== null) throw new Error(`the server exited (${exited}) before answering:\n${log()}`)
    try {
      await probe(url)
      return
    } catch {
      // Until it answers HTTP (it holds the port already; wrangler starts its runtime after): a probe costs little.
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs / 1000} s:\n${log()}`)
}

/**
 * Polls `found` (what the server writes once it holds its port: a line, its pid file) until it gives a value, or
 * fails with the server's log when the server exits first. The deadline is a hang guard, not a measure.
 */
async function whileRunning<T>(
  child: ChildProcess,
  log: () => string,
  what: string,
  found: () => T | undefined,
): Promise<T> {
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    const value = found()
    if (value !== undefined) return value
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before it could ${what}:\n${log()}`,
      )
    // Output to come, read as it arrives: not a time to wait.
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`the server did not ${what} within 300 s:\n${log()}`)
}

/**
 * `port` once the server's pid file names it: nginx and Apache write it only after binding their ports (a port
 * another process took first ends them instead), so what answers there is this server.
 */
const pidWritten = (child: ChildProcess, log: () => string, pidFile: string, port: number) => () =>
  whileRunning(child, log, 'write its pid file', () =>
    readLog(pidFile).trim() === String(child.pid) ? port : undefined,
  )

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill(signal)
  })
}

/**
 * As root, nginx and Apache serve through unprivileged workers (nobody, www-data), which cannot read a
 * build inside a private folder (a clone in a `mktemp -d` folder, mode 0700). Then they serve a copy in
 * their own temp folder, opened for reading; otherwise the build itself.
 */
function workerReadableRoot(root: string, dir: string): string {
  const resolved = path.resolve(root)
  if (userInfo().uid !== 0) return resolved
  const ancestors = resolved
    .split(path.sep)
    .map((_, index, parts) => parts.slice(0, index + 1).join(path.sep) || '/')
  if (ancestors.every((folder) => (statSync(folder).mode & 0o005) === 0o005)) return resolved
  chmodSync(dir, 0o755)
  const copy = path.join(dir, 'site')
  cpSync(resolved, copy, { recursive: true })
  return copy
}

function readLog(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : ''
}

/* ------------------------------------------------------------------------------------------------ */
/* nginx                                                                                             */

/**
 * The build's nginx.conf, pointed at this dist/ and this port: the HTTP→HTTPS redirect server is
 * dropped and the HTTPS listen/certificate lines become a plain loopback listen. Every rule in the
 * HTTPS server block is used as written.
 */
function previewNginxSite(siteConf: string, root: string, port: number, redirectPort?: number): string {
  const replace = (text: string, pattern: RegExp, replacement: string, what: string) => {
    if (!pattern.test(text)) throw new Error(`nginx.conf has no ${what}: update previewNginxSite`)
    return text.replace(pattern, replacement)
  }
  let conf = siteConf
  if (redirectPort === undefined) {
    conf = replace(conf, /# Plain HTTP only redirects[\s\S]*?\n}\n/, '', 'HTTP redirect server')
  } else {
    conf = replace(conf, /^ {4}listen 80;$/m, `    listen 127.0.0.1:${redirectPort};`, 'HTTP listen line')
    conf = replace(conf, /^ {4}listen \[::\]:80;\n/m, '', 'IPv6 HTTP listen line')
  }
  conf = replace(conf, /^ {4}listen 443 ssl http2;$/m, `    listen 127.0.0.1:${port};`, 'HTTPS listen line')
  conf = replace(conf, /^ {4}listen \[::\]:443 ssl http2;\n/m, '', 'IPv6 HTTPS listen line')
  conf = replace(conf, /^ {4}ssl_certificate.*\n/gm, '', 'certificate lines')
  conf = replace(conf, /^ {4}root .*;$/m, `    root ${root};`, 'root line')
  return conf
}

export async function startNginx({
  root,
  port,
  nginxConf,
  inheritOutput,
  keepHttpRedirect,
}: HostOptions): Promise<HostServer> {
  const binary = findBinary(['nginx'], 'nginx')
  if (!existsSync(NGINX_BROTLI_MODULE)) {
    throw new Error(
      `nginx's brotli_static module is not installed: apt-get install libnginx-mod-http-brotli-static`,
    )
  }
  const siteConf = nginxConf ?? path.join(projectRoot, 'deploy', 'nginx.conf')
  if (!existsSync(siteConf)) throw new Error(`${siteConf} is missing: run npm run build (it writes it)`)
  const actualPort = port || (await freePort())
  const redirectPort = keepHttpRedirect ? await freePort() : undefined
  const dir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-nginx-'))
  const errorLog = path.join(dir, 'error.log')
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `# Preview of ${siteConf} (npm run serve:nginx); generated, temporary.
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
load_module ${NGINX_BROTLI_MODULE};
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    sendfile on;

${previewNginxSite(readFileSync(siteConf, 'utf8'), workerReadableRoot(root, dir), actualPort, redirectPort)}
}
`,
  )
  // A config nginx refuses ends it at once, its reason in the error log (`-e`) that `started` reports: no `nginx -t`.
  const child = spawn(binary, ['-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf')], {
    stdio: inheritOutput ? 'inherit' : 'ignore',
  })
  const log = () => readLog(errorLog)
  const ready = pidWritten(child, log, path.join(dir, 'nginx.pid'), actualPort)
  const server = await started('nginx', child, ready, dir, log, 'SIGQUIT')
  return { ...server, redirectPort }
}

/* ------------------------------------------------------------------------------------------------ */
/* Apache                                                                                            */

const APACHE_MODULE_LIST =
  'mpm_event authz_core log_config mime dir env rewrite headers setenvif filter deflate'

export async function startApache({ root, port, inheritOutput }: HostOptions): Promise<HostServer> {
  const binary = findBinary(['apache2', 'httpd'], 'apache2')
  const actualPort = port || (await freePort())
  const dir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-apache-'))
  const errorLog = path.join(dir, 'error.log')
  const docRoot = workerReadableRoot(root, dir)
  // Apache refuses to serve as root; a root caller's workers run as www-data (Debian's web user).
  const asRoot = userInfo().uid === 0
  writeFileSync(
    path.join(dir, 'httpd.conf'),
    `# Preview of dist/ with its .htaccess (npm run serve:apache); generated, temporary.
ServerRoot ${dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${actualPort}
PidFile ${dir}/apache.pid
DefaultRuntimeDir ${dir}
Mutex file:${dir} default
ErrorLog ${errorLog}
LogLevel warn
${APACHE_MODULE_LIST.split(' ')
  .map(
    // Some builds compile a module in; loading it again is an error.
    (name) =>
      `<IfModule !${name}_module>\n    LoadModule ${name}_module ${APACHE_MODULES}/mod_${name}.so\n</IfModule>`,
  )
  .join('\n')}
${asRoot ? 'User www-data\nGroup www-data' : ''}
StartServers 1
ServerTokens Prod
ServerSignature Off
TypesConfig /etc/mime.types
LogFormat "%h %l %u %t \\"%r\\" %>s %b" common
CustomLog ${dir}/access.log common

# As shared hosting sets it up: overrides allowed, .ht* files hidden, mod_deflate on for text.
AccessFileName .htaccess
<Directory />
    AllowOverride None
    Require all denied
</Directory>
DocumentRoot ${docRoot}
<Directory ${docRoot}>
    Options FollowSymLinks
    AllowOverride All
    Require all granted
</Directory>
<FilesMatch "^\\.ht">
    Require all denied
</FilesMatch>
AddOutputFilterByType DEFLATE text/html text/plain text/css text/javascript application/javascript application/json image/svg+xml
`,
  )
  const env = { ...process.env, APACHE_LOCK_DIR: dir, APACHE_RUN_DIR: dir, APACHE_LOG_DIR: dir }
  const child = spawn(binary, ['-f', path.join(dir, 'httpd.conf'), '-DFOREGROUND'], {
    stdio: inheritOutput ? 'inherit' : ['ignore', 'ignore', 'pipe'],
    env,
  })
  // A config apache refuses ends it at once, its reason on stderr (its ErrorLog is not open yet): no `apache2 -t`.
  let refused = ''
  child.stderr?.on('data', (chunk: Buffer) => (refused += chunk))
  const log = () => refused + readLog(errorLog)
  return started(
    'apache',
    child,
    pidWritten(child, log, path.join(dir, 'apache.pid'), actualPort),
    dir,
    log,
    'SIGTERM',
  )
}

/* ------------------------------------------------------------------------------------------------ */
/* Cloudflare Pages (wrangler)                                                                      */

const wranglerBin = path.join(projectRoot, 'node_modules', '.bin', 'wrangler')

/** Offline and quiet: no metrics, no update check, wrangler's config and logs in `dir`. */
function wranglerEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_LOG_PATH: path.join(dir, 'logs'),
    XDG_CONFIG_HOME: path.join(dir, 'home'),
    CI: 'true',
    NO_UPDATE_NOTIFIER: '1',
  }
}

/** The D1 database id the project's wrangler.toml (and the schedule Worker's config) names. */
export function localD1Id(): string {
  const config = readFileSync(path.join(projectRoot, 'wrangler.toml'), 'utf8')
  const id = /^database_id\s*=\s*"([^"]+)"/m.exec(config)?.[1]
  if (!id) throw new Error('wrangler.toml has no d1_databases database_id')
  return id
}

/**
 * A fresh local D1 in `persistTo` with migrations/ applied, as `wrangler d1 migrations apply DB --local`
 * does with the project's wrangler.toml (production: --remote). Run before the server starts: one process at a
 * time on the file. The wrangler commands' limit is a hang guard only: on a 2-core machine kept busy by other
 * work, applying the seven migrations took over two minutes (a 120 s limit killed it after the third).
 */
const WRANGLER_HANG_GUARD_MS = 600_000

async function wranglerD1(command: string, persistTo: string, ...more: string[]): Promise<void> {
  if (!existsSync(wranglerBin)) throw new Error('wrangler is not installed: run npm ci')
  mkdirSync(path.join(persistTo, 'home'), { recursive: true })
  const args = ['d1', ...command.split(' '), 'DB', '--local', '--persist-to', persistTo, ...more]
  const options = { cwd: projectRoot, env: wranglerEnv(persistTo), timeout: WRANGLER_HANG_GUARD_MS }
  await promisify(execFile)(wranglerBin, args, options).catch(
    (error: ExecFileException & { stdout?: string; stderr?: string }) => {
      throw new Error(
        `wrangler d1 ${command} failed (${error.signal ?? `exit ${error.code}`}):\n${error.stdout}\n${error.stderr}`,
      )
    },
  )
}

export async function createLocalD1(persistTo: string): Promise<LocalD1> {
  await wranglerD1('migrations apply', persistTo)
  return { persistTo, databaseId: localD1Id() }
}

/** Runs SQL in the local database (before its server starts: `npm start`'s push stand-in, scripts/hosts/local-push.ts). */
export function executeLocalD1(d1: LocalD1, sql: string): Promise<void> {
  return wranglerD1('execute', d1.persistTo, '--command', sql)
}

/** The leads' schedule Worker (workers/lead-schedule/): its config, name and cron. */
export const SCHEDULE_CONFIG = path.join('workers', 'lead-schedule', 'wrangler.jsonc')
const SCHEDULE_WORKER = 'aquapuebla-lead-schedule'

/** Every how many minutes the schedule Worker's cron (`*\/N * * * *` in its wrangler.jsonc) runs it. */
export function scheduleEveryMinutes(): number {
  const config = readFileSync(path.join(projectRoot, SCHEDULE_CONFIG), 'utf8')
  const cron = /"crons"\s*:\s*\[\s*"([^"]+)"/.exec(config)?.[1] ?? ''
  const every = /^\*\/(\d+) \* \* \* \*$/.exec(cron)?.[1]
  if (!every)
    throw new Error(`${SCHEDULE_CONFIG}: the cron "${cron}" is not "*/N * * * *": update servers.ts`)
  return Number(every)
}

/** When a `*\/every * * * *` cron next fires after `now`: the next minute that is a multiple of `every`. */
export function nextScheduleRun(now: Date, every: number): Date {
  const step = every * 60_000
  return new Date(Math.floor(now.getTime() / step) * step + step)
}

export interface PagesServer extends HostServer {
  /**
   * A request straight to one Worker of the process, by its name (the Pages project's, the schedule Worker's or
   * a test's own): wrangler's local runtime routes it there, where the public port reaches the Pages project only.
   */
  dispatch(worker: string, target: string, init?: RequestInit): Promise<Response>
  /** Runs the schedule Worker's scheduled handler once, as its cron does (needs `schedule`). */
  runSchedule(): Promise<void>
}

/**
 * Where wrangler's local runtime takes requests for its Workers (behind the proxy on the public port, which
 * sends everything to the Pages project): wrangler writes it to its debug log on every (re)load, as
 * `"userWorkerUrl":{"protocol":…,"hostname":…,"port":…}`. The last one counts.
 */
async function runtimeUrl(logDir: string): Promise<string> {
  for (const deadline = Date.now() + 30_000; ;) {
    const logs = existsSync(logDir) ? readdirSync(logDir).filter((name) => name.endsWith('.log')) : []
    const text = logs.map((name) => readFileSync(path.join(logDir, name), 'utf8')).join('\n')
    const found = [
      ...text.matchAll(/"userWorkerUrl":\{"protocol":"(https?:)","hostname":"([^"]+)","port":"(\d+)"\}/g),
    ].at(-1)
    if (found) return `${found[1]}//${found[2]}:${found[3]}`
    if (Date.now() > deadline)
      throw new Error(
        `wrangler's log in ${logDir} names no runtime address (userWorkerUrl): its format changed?`,
      )
    // Written just after the proxy started answering: a line to come, not a time to wait.
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The port wrangler serves on, from its own «Ready on http://127.0.0.1:<port>» line: printed once its proxy has
 * bound the port (a port already taken ends it with «Address already in use» instead), so what answers there is
 * this process and nothing that took the port first.
 */
const announcedPort = (child: ChildProcess, log: () => string): Promise<number> =>
  whileRunning(child, log, 'say where it serves', () => {
    // eslint-disable-next-line no-control-regex -- its colours
    const ready = /Ready on https?:\/\/[^\s:]+:(\d+)/.exec(log().replace(/\x1b\[[0-9;]*m/g, ''))
    return ready ? Number(ready[1]) : undefined
  })

/**
 * Cloudflare's Pages server (`wrangler pages dev`) on the build, as the project is configured (wrangler.toml:
 * the compatibility date, the D1 binding). With `functions`, its functions/ and their variables; with `schedule`,
 * the leads' schedule Worker in the SAME process (wrangler's `-c` for a second config), on the same local D1: two
 * processes on one SQLite file answer each other `SQLITE_BUSY` (decision 037). `workers` are more Workers' configs
 * for that process (a test's own). Everything wrangler reads is copied into a temp folder (the functions/ with
 * edge/ and contract/, the configs, a `.dev.vars` per Worker, mode 0600: no secret on a command line), so a
 * developer's own `.dev.vars` never reaches a test.
 */
export async function startPages({
  root,
  port,
  functions,
  schedule,
  workers = [],
  protocol = 'http',
}: HostOptions & {
  schedule?: { vars?: Record<string, string> }
  workers?: string[]
}): Promise<PagesServer> {
  if (!existsSync(wranglerBin)) throw new Error('wrangler is not installed: run npm ci')
  const dir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-pages-'))
  mkdirSync(path.join(dir, 'home'))
  cpSync(path.join(projectRoot, 'wrangler.toml'), path.join(dir, 'wrangler.toml'))
  // wrangler compiles the functions/ folder beside its config, as Cloudflare does the project's, with the folders
  // its modules import (edge/, and contract/ for the rules, texts and types the site shares).
  const source = functions ? path.dirname(path.resolve(functions.dir)) : projectRoot
  if (functions) cpSync(functions.dir, path.join(dir, 'functions'), { recursive: true })
  for (const folder of functions || schedule ? ['edge', 'contract'] : [])
    if (existsSync(path.join(source, folder)))
      cpSync(path.join(source, folder), path.join(dir, folder), { recursive: true })
  // And the packages they import (the push channel's @block65/webcrypto-web-push), as from the project.
  if (functions || schedule) symlinkSync(path.join(source, 'node_modules'), path.join(dir, 'node_modules'))
  const varsFile = (folder: string, vars: Record<string, string> = {}) => {
    if (Object.keys(vars).length > 0)
      writeFileSync(path.join(folder, '.dev.vars'), devVarsFile(vars), { mode: 0o600 })
  }
  varsFile(dir, functions?.vars)
  const configs = [path.join(dir, 'wrangler.toml')]
  if (schedule) {
    const folder = path.join(dir, path.dirname(SCHEDULE_CONFIG))
    cpSync(path.join(projectRoot, path.dirname(SCHEDULE_CONFIG)), folder, { recursive: true })
    varsFile(folder, schedule.vars)
    configs.push(path.join(dir, SCHEDULE_CONFIG))
  }
  configs.push(...workers)
  const d1 = functions?.d1
  // In its own process group: it starts workerd as its own child.
  const child = spawn(
    wranglerBin,
    [
      'pages',
      'dev',
      path.resolve(root),
      // One config is read from the working folder (wrangler refuses `-c` for a lone Pages config); more are named.
      ...(configs.length > 1 ? configs.flatMap((config) => ['-c', config]) : []),
      '--ip',
      '127.0.0.1',
      // 0: wrangler binds a free port itself and names it (below), so no other process can take it in between.
      '--port',
      String(port),
      // Its own devtools port: two wranglers starting at once would both take 9229, and one would fail.
      '--inspector-port',
      '0',
      '--persist-to',
      d1 ? d1.persistTo : path.join(dir, 'state'),
      // info: its «Ready on <url>» line (and one line per request).
      '--log-level',
      'info',
      '--show-interactive-dev-session=false',
      ...(protocol === 'https' ? ['--local-protocol', 'https'] : []),
    ],
    { cwd: dir, env: wranglerEnv(dir), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  )
  let output = ''
  const log = () => output
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk))
  const server = await started(
    'pages',
    child,
    () => announcedPort(child, log),
    dir,
    log,
    'SIGTERM',
    true,
    protocol,
  )
  const dispatch = (worker: string, target: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers)
    headers.set('MF-Route-Override', worker)
    return runtimeUrl(path.join(dir, 'logs')).then((base) =>
      fetch(new URL(target, base), { ...init, headers }),
    )
  }
  return {
    ...server,
    dispatch,
    async runSchedule() {
      if (!schedule) throw new Error('this Pages server runs no schedule Worker: start it with `schedule`')
      // Miniflare's trigger for a scheduled event (what `/cdn-cgi/handler/scheduled` becomes), for that Worker.
      const cron = encodeURIComponent(`*/${scheduleEveryMinutes()} * * * *`)
      const answer = await dispatch(SCHEDULE_WORKER, `/cdn-cgi/local/scheduled?cron=${cron}&format=json`)
      const outcome = (await answer.json().catch(() => ({}))) as { outcome?: string }
      if (outcome.outcome !== 'ok')
        throw new Error(`the scheduled handler failed (${outcome.outcome ?? answer.status}):\n${log()}`)
    },
  }
}

/* ------------------------------------------------------------------------------------------------ */

async function started(
  name: HostName,
  child: ChildProcess,
  /** The port, once the server itself says it holds it (so a probe there reaches this server). */
  port: () => Promise<number>,
  dir: string,
  log: () => string,
  signal: NodeJS.Signals,
  group = false,
  protocol: 'http' | 'https' = 'http',
): Promise<HostServer> {
  const close = async () => {
    if (group && child.pid && child.exitCode === null) {
      // wrangler starts workerd as its own child: end the whole group we started.
      try {
        process.kill(-child.pid, signal)
      } catch {
        /* already gone */
      }
    }
    await stop(child, signal)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const actualPort = await port()
    const url = `${protocol}://127.0.0.1:${actualPort}`
    await waitForHttp(url, child, log)
    return { name, url, port: actualPort, log, close }
  } catch (error) {
    await close()
    throw error
  }
}

export const hostStarters: Record<HostName, (options: HostOptions) => Promise<HostServer>> = {
  nginx: startNginx,
  apache: startApache,
  pages: startPages,
}
