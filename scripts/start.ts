/**
 * `npm start`: builds when dist/ is missing or older than the sources (or was built with other
 * SITE_URL / LEAD_ENDPOINT / IMAGE_ORIGIN values), then serves it. Env: PORT, HOST, as serve.ts.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const stamp = path.join(root, 'dist', '.build-info.json')
const SOURCES = [
  'src',
  'pages',
  'renderer',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
]

const buildEnv = {
  SITE_URL: process.env.SITE_URL ?? '',
  LEAD_ENDPOINT: process.env.LEAD_ENDPOINT ?? '',
  IMAGE_ORIGIN: process.env.IMAGE_ORIGIN ?? '',
}

function newestSourceTime(): number {
  let newest = 0
  const visit = (entry: string) => {
    if (!existsSync(entry)) return
    const stats = statSync(entry)
    if (stats.isDirectory()) readdirSync(entry).forEach((name) => visit(path.join(entry, name)))
    else newest = Math.max(newest, stats.mtimeMs)
  }
  SOURCES.forEach((source) => visit(path.join(root, source)))
  return newest
}

function staleReason(): string | null {
  if (!existsSync(stamp)) return 'no build yet'
  const info = JSON.parse(readFileSync(stamp, 'utf8')) as { builtAt: number; env: typeof buildEnv }
  if (JSON.stringify(info.env) !== JSON.stringify(buildEnv)) return 'build settings changed'
  if (newestSourceTime() > info.builtAt) return 'sources changed since the last build'
  return null
}

const reason = staleReason()
if (reason) {
  console.log(`Building (${reason})…`)
  const builtAt = Date.now()
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: false })
  if (result.status !== 0) process.exit(result.status ?? 1)
  writeFileSync(stamp, JSON.stringify({ builtAt, env: buildEnv }))
} else {
  console.log('dist/ is up to date.')
  if (!buildEnv.LEAD_ENDPOINT) {
    console.log(
      'Quote requests are SIMULATED (nothing is sent): set LEAD_ENDPOINT at build time to receive them.',
    )
  }
}

await import('./serve')
