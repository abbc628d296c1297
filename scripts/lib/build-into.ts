/**
 * "Build the site into a folder": `npm run build` of a checkout with its output in `dist` (and the server bundle
 * in `ssrDist`, by default the `<dist>-server` sibling), with extra build settings, as a shell runs it. The one
 * implementation behind `npm start`, the benchmarks' builds (scripts/bench/lighthouse.ts) and the tests' build
 * variants (test/helpers/builds.ts).
 * Jest sets NODE_ENV=test, with which Vite would bundle React's development build: the build never inherits it.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { writeFileSync } from 'node:fs'

export interface BuildIntoOptions {
  /** The folder the site is written to (DIST_DIR). */
  dist: string
  /** The server bundle and client manifest (SSR_DIST_DIR); default `<dist>-server`. */
  ssrDist?: string
  /** Build settings on top of this process's environment (IMAGE_ORIGIN, CONTENT_DIR, LEAD_ENDPOINT …). */
  env?: NodeJS.ProcessEnv
  /** The checkout to build (its own package.json and node_modules); default the working directory. */
  cwd?: string
}

/**
 * The build process is ended after this long: a hang guard only (a quiet 2-core machine builds in about a minute;
 * one kept busy by other work took over ten for the edited build).
 */
const TIMEOUT_MS = 1_800_000

/** This process's environment as a shell would pass it on: without Jest's NODE_ENV=test, plus `extra`. */
export function shellEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, ...parent } = process.env
  return { ...parent, ...extra }
}

/** A build's environment: a shell's, the settings, and the folders as given (relative ones: to `cwd`). */
const buildEnvironment = ({ dist, ssrDist, env }: BuildIntoOptions) =>
  shellEnvironment({ ...env, DIST_DIR: dist, SSR_DIST_DIR: ssrDist ?? `${dist}-server` })

/**
 * Builds and waits, blocking (Jest's hooks, `npm start`). `inherit`: the build prints to this terminal;
 * otherwise its output is in the result. The caller reads `status` (a failed build is sometimes the point).
 */
export function buildIntoSync(options: BuildIntoOptions & { inherit?: boolean }): SpawnSyncReturns<string> {
  return spawnSync('npm', ['run', 'build'], {
    cwd: options.cwd ?? process.cwd(),
    env: buildEnvironment(options),
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    stdio: options.inherit ? 'inherit' : 'pipe',
  })
}

/**
 * Builds without blocking (the benchmarks build several checkouts, the tests' global setup its variants side by
 * side); rejects with the output's tail. `log`: the whole output is written there too, built or not.
 */
export function buildInto(options: BuildIntoOptions & { log?: string }): Promise<void> {
  const cwd = options.cwd ?? process.cwd()
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd,
      env: buildEnvironment(options),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGTERM'), TIMEOUT_MS)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (options.log) writeFileSync(options.log, output)
      if (code === 0) return resolve()
      reject(
        new Error(`npm run build in ${cwd} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`),
      )
    })
  })
}
