/**
 * The real host servers, run in the foreground on loopback as the user you are, each configured the
 * way that host is configured in production: Debian's nginx with the build's nginx.conf, Debian's
 * apache2 with `AllowOverride All` so dist/.htaccess does the work (as on shared hosting), and
 * Cloudflare's own Pages server (`wrangler pages dev`, from npm) reading dist/_headers and _redirects.
 * Used by the preview scripts (`npm run serve:nginx|serve:apache|serve:pages`) and by the host tests.
 * Every config, pid and log file lives in a fresh temp folder, removed on close.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'

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
  /** wrangler with a d1 option: runs SQL on the local database (`wrangler d1 execute --json`), returns its rows. */
  d1Query?(sql: string): Record<string, unknown>[]
}

export interface HostOptions {
  /** The built site (dist/). */
  root: string
  /** 0 picks a free loopback port. */
  port: number
  /** The nginx site config the build wrote (deploy/nginx.conf for the default dist/). */
  nginxConf?: string
  /** Output of the child process goes to this process's terminal too (preview scripts). */
  inheritOutput?: boolean
  /** nginx: keep the config's HTTP→HTTPS redirect server, on another free loopback port (redirectPort). */
  keepHttpRedirect?: boolean
  /**
   * wrangler: run Pages Functions too, as Cloudflare does from the project's functions/ folder (the CMS's
   * GitHub sign-in), with these environment variables (Pages → Settings → Variables and Secrets).
   */
  functions?: { dir: string; vars?: Record<string, string> }
  /**
   * wrangler: a local D1 database bound as `binding` (the Pages project's `DB`), with the repository's
   * migrations applied by `wrangler d1 migrations apply --local` before the server starts, then `seed` (SQL)
   * executed. It lives in the server's temp folder and goes with it.
   */
  d1?: { binding: string; migrationsDir: string; seed?: string }
}

/** A missing server binary names the Debian package that provides it. */
export class MissingServerError extends Error {}

const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const APACHE_MODULES = '/usr/lib/apache2/modules'
// npm scripts and jest run from the project root; no import.meta/__dirname (this file runs as ESM under
// tsx and as CommonJS under ts-jest).
const projectRoot = process.cwd()
const projectRequire = createRequire(path.join(projectRoot, 'package.json'))

function findBinary(names: string[], debianPackage: string): string {
  for (const name of names) {
    for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
      if (existsSync(path.join(dir, name))) return path.join(dir, name)
    }
  }
  throw new MissingServerError(
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

/** Resolves once something answers HTTP on the port, or rejects with the server's log. */
async function waitForHttp(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const started = Date.now()
  let exited: number | null = null
  child.once('exit', (code) => (exited = code ?? -1))
  while (Date.now() - started < timeoutMs) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before answering:\n${log()}`)
    try {
      await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(2_000) })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs / 1000} s:\n${log()}`)
}

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
export function previewNginxSite(
  siteConf: string,
  root: string,
  port: number,
  redirectPort?: number,
): string {
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
    throw new MissingServerError(
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
  const check = spawnSync(
    binary,
    ['-t', '-q', '-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf')],
    {
      encoding: 'utf8',
    },
  )
  if (check.status !== 0) {
    const message = `nginx -t refused the config:\n${check.stderr}${readLog(errorLog)}`
    rmSync(dir, { recursive: true, force: true })
    throw new Error(message)
  }
  const child = spawn(binary, ['-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf')], {
    stdio: inheritOutput ? 'inherit' : 'ignore',
  })
  const server = await started('nginx', child, actualPort, dir, () => readLog(errorLog), 'SIGQUIT')
  return { ...server, redirectPort }
}

/* ------------------------------------------------------------------------------------------------ */
/* Apache                                                                                            */

const APACHE_MODULE_LIST = [
  'mpm_event',
  'authz_core',
  'log_config',
  'mime',
  'dir',
  'env',
  'rewrite',
  'headers',
  'setenvif',
  'filter',
  'deflate',
]

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
${APACHE_MODULE_LIST.map(
  // Some builds compile a module in; loading it again is an error.
  (name) =>
    `<IfModule !${name}_module>\n    LoadModule ${name}_module ${APACHE_MODULES}/mod_${name}.so\n</IfModule>`,
).join('\n')}
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
  const check = spawnSync(binary, ['-t', '-f', path.join(dir, 'httpd.conf')], { encoding: 'utf8', env })
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`apache2 -t refused the config:\n${check.stderr}`)
  }
  const child = spawn(binary, ['-f', path.join(dir, 'httpd.conf'), '-DFOREGROUND'], {
    stdio: inheritOutput ? 'inherit' : 'ignore',
    env,
  })
  return started('apache', child, actualPort, dir, () => readLog(errorLog), 'SIGTERM')
}

/* ------------------------------------------------------------------------------------------------ */
/* Cloudflare Pages (wrangler)                                                                      */

/**
 * A date the bundled workerd runtime supports: wrangler refuses to start with a later one. The
 * runtime's version is `1.YYYYMMDD.N`; its own date is always supported.
 */
export function pagesCompatibilityDate(): string {
  const version = JSON.parse(
    readFileSync(projectRequire.resolve('@cloudflare/workerd-linux-64/package.json'), 'utf8'),
  ).version as string
  const date = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version)
  if (!date) throw new Error(`unexpected workerd version ${version}`)
  return `${date[1]}-${date[2]}-${date[3]}`
}

/** The local D1 database id the test servers use (a name: nothing remote is ever reached). */
const LOCAL_D1_ID = 'aquapuebla-local'

export async function startPages({
  root,
  port,
  inheritOutput,
  functions,
  d1,
}: HostOptions): Promise<HostServer> {
  const wrangler = path.join(projectRoot, 'node_modules', '.bin', 'wrangler')
  if (!existsSync(wrangler)) throw new MissingServerError('wrangler is not installed: run npm ci')
  const actualPort = port || (await freePort())
  const dir = mkdtempSync(path.join(tmpdir(), 'aquapuebla-pages-'))
  mkdirSync(path.join(dir, 'home'))
  // wrangler compiles the functions/ folder of its working directory, as Cloudflare does of the project's.
  if (functions) {
    cpSync(functions.dir, path.join(dir, 'functions'), { recursive: true })
    // The functions only route to the plain-web-API modules in edge/ (imported as ../edge/…).
    const edge = path.join(path.dirname(path.resolve(functions.dir)), 'edge')
    if (existsSync(edge)) cpSync(edge, path.join(dir, 'edge'), { recursive: true })
  }
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_LOG_PATH: path.join(dir, 'logs'),
    XDG_CONFIG_HOME: path.join(dir, 'home'),
    CI: 'true',
    NO_UPDATE_NOTIFIER: '1',
  }
  let d1Query: HostServer['d1Query']
  if (d1) {
    // `wrangler d1` reads the database from a config file; `pages dev` gets the same id with --d1, and
    // both keep it under the same --persist-to folder, so they share one SQLite file.
    const config = path.join(dir, 'd1', 'wrangler.toml')
    mkdirSync(path.dirname(config))
    writeFileSync(
      config,
      `name = "aquapuebla-d1"\ncompatibility_date = "${pagesCompatibilityDate()}"\n\n[[d1_databases]]\nbinding = "${d1.binding}"\ndatabase_name = "${LOCAL_D1_ID}"\ndatabase_id = "${LOCAL_D1_ID}"\nmigrations_dir = ${JSON.stringify(path.resolve(d1.migrationsDir))}\n`,
    )
    const d1Run = (args: string[]) => {
      const result = spawnSync(
        wrangler,
        ['d1', ...args, '--local', '--persist-to', path.join(dir, 'state'), '-c', config],
        { cwd: dir, env, encoding: 'utf8' },
      )
      if (result.status !== 0)
        throw new Error(`wrangler d1 ${args[0]} failed:\n${result.stdout}${result.stderr}`)
      return result.stdout
    }
    d1Run(['migrations', 'apply', d1.binding])
    if (d1.seed) {
      writeFileSync(path.join(dir, 'd1', 'seed.sql'), d1.seed)
      d1Run(['execute', d1.binding, '--file', path.join(dir, 'd1', 'seed.sql')])
    }
    d1Query = (sql) => {
      const answer = JSON.parse(d1Run(['execute', d1.binding, '--command', sql, '--json'])) as {
        results: Record<string, unknown>[]
      }[]
      return answer.flatMap((statement) => statement.results)
    }
  }
  const bindings = Object.entries(functions?.vars ?? {}).flatMap(([name, value]) => [
    '--binding',
    `${name}=${value}`,
  ])
  let output = ''
  const child = spawn(
    wrangler,
    [
      'pages',
      'dev',
      path.resolve(root),
      '--ip',
      '127.0.0.1',
      '--port',
      String(actualPort),
      `--compatibility-date=${pagesCompatibilityDate()}`,
      '--persist-to',
      path.join(dir, 'state'),
      '--log-level',
      'warn',
      '--show-interactive-dev-session=false',
      ...bindings,
      ...(d1 ? ['--d1', `${d1.binding}=${LOCAL_D1_ID}`] : []),
    ],
    {
      cwd: dir,
      // Offline and quiet: no metrics, no update check, its config and logs in the temp folder.
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    if (inheritOutput) process.stdout.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const server = await started('pages', child, actualPort, dir, () => output, 'SIGTERM', true)
  return { ...server, d1Query }
}

/* ------------------------------------------------------------------------------------------------ */

async function started(
  name: HostName,
  child: ChildProcess,
  port: number,
  dir: string,
  log: () => string,
  signal: NodeJS.Signals,
  group = false,
): Promise<HostServer> {
  const url = `http://127.0.0.1:${port}`
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
    await waitForHttp(url, child, log)
  } catch (error) {
    await close()
    throw error
  }
  return { name, url, port, log, close }
}

export const hostStarters: Record<HostName, (options: HostOptions) => Promise<HostServer>> = {
  nginx: startNginx,
  apache: startApache,
  pages: startPages,
}
