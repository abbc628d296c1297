/**
 * The Debian packages the tests need, in one list, and what to do when some are missing: install them (as root,
 * where apt-get exists: CI, a fresh container) or stop at once with the one command that installs them. Nothing
 * here downloads a browser: every engine and server is the distribution's own. `npm test` starts with this check
 * (`npm run check:system`, scripts/tools/system-packages.ts), and `.ci/run` goes through the same script.
 */
import { accessSync, constants, existsSync } from 'node:fs'
import path from 'node:path'

export interface SystemPackage {
  /** The Debian package. */
  name: string
  /** What the tests use it for. */
  for: string
  /** A command it provides, looked up on PATH (and in the sbin folders, where Debian puts its servers). */
  command?: string
  /** A file it provides, for a package without a command (a module). */
  file?: string
  /** A variable that names the executable instead, when set (the tests read the same variable). */
  variable?: string
}

/** Every system package `npm test` needs. */
export const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  {
    name: 'chromium',
    for: 'every browser suite, the smoke kit, Lighthouse',
    command: 'chromium',
    variable: 'PUPPETEER_EXECUTABLE_PATH',
  },
  {
    name: 'firefox-esr',
    for: 'the visitor suites in a second engine',
    command: 'firefox-esr',
    variable: 'FIREFOX_EXECUTABLE_PATH',
  },
  {
    name: 'webkit2gtk-driver',
    for: "the visitor suites in Safari's engine (WebKitWebDriver and WebKitGTK's MiniBrowser)",
    command: 'WebKitWebDriver',
    variable: 'WEBKIT_WEBDRIVER_PATH',
  },
  { name: 'xvfb', for: "WebKit's display (xvfb-run) when there is none", command: 'xvfb-run' },
  { name: 'xauth', for: 'xvfb-run', command: 'xauth' },
  { name: 'nginx', for: 'the host tests and the site suite on nginx', command: 'nginx' },
  {
    name: 'libnginx-mod-http-brotli-static',
    for: "nginx serving the build's .br files",
    file: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  },
  { name: 'apache2', for: 'the host tests (.htaccess)', command: 'apache2' },
  {
    name: 'default-jre-headless',
    for: 'the W3C Nu Html Checker (vnu.jar)',
    command: 'java',
    variable: 'JAVA',
  },
]

/** Debian's servers live in /usr/sbin, which a normal user's PATH lacks; the host tests look there too. */
const SBIN = ['/usr/sbin', '/sbin']

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Where `command` is found: a path (absolute or relative) as it is, else the first PATH or sbin entry with it. */
export function findCommand(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (command.includes('/')) return executable(command) ? command : undefined
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean).concat(SBIN)
  return dirs.map((dir) => path.join(dir, command)).find(executable)
}

/** Whether the machine has what `pkg` provides (its variable, when set, names the executable to use). */
export function isPresent(pkg: SystemPackage, env: NodeJS.ProcessEnv = process.env): boolean {
  if (pkg.variable && env[pkg.variable]) return findCommand(env[pkg.variable]!, env) !== undefined
  if (pkg.file) return existsSync(pkg.file)
  return pkg.command !== undefined && findCommand(pkg.command, env) !== undefined
}

export function missingPackages(
  env: NodeJS.ProcessEnv = process.env,
  packages: readonly SystemPackage[] = SYSTEM_PACKAGES,
): SystemPackage[] {
  return packages.filter((pkg) => !isPresent(pkg, env))
}

export type Plan =
  | { action: 'none' }
  /** Run these commands in order (with DEBIAN_FRONTEND=noninteractive), then check again. */
  | { action: 'install'; commands: string[][] }
  /** Stop: `message` says what is missing and the one command to run. */
  | { action: 'stop'; message: string; command: string }

/**
 * What to do about `missing`: nothing; install with apt-get when running as root on a machine that has it (no
 * prompt: `-y`, non-interactive, so it runs where there is no stdin, as in CI); otherwise stop with the command.
 */
export function plan(missing: readonly SystemPackage[], machine: { root: boolean; aptGet: boolean }): Plan {
  if (missing.length === 0) return { action: 'none' }
  const names = missing.map((pkg) => pkg.name)
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...names]
  if (machine.root && machine.aptGet) return { action: 'install', commands: [['apt-get', 'update'], install] }
  const command = `sudo ${install.join(' ')}`
  const lines = missing.map((pkg) => `  ${pkg.name}: ${pkg.for}`)
  const why = machine.aptGet
    ? 'Not running as root, so they are not installed here.'
    : 'This machine has no apt-get: install the same packages (or their equivalents) with its package manager.'
  const message = ['The tests need these Debian packages, missing here:', ...lines, why, `Run: ${command}`]
  return { action: 'stop', command, message: message.join('\n') }
}
