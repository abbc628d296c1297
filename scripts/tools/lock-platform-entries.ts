/**
 * Adds lockfile entries for native packages built for other platforms (rollup's, unrs-resolver's…).
 * Run after `npm install` changes package-lock.json: `tsx scripts/tools/lock-platform-entries.ts`.
 *
 * Why: the registry this project installs from answers 404 for other platforms' binaries, so npm
 * leaves them out of the lockfile, and `npm ci` (npm 11) then refuses the lockfile as out of sync.
 * Each missing optional package gets an entry with its version and os/cpu/libc, derived from its
 * name (`@rollup/rollup-linux-x64-musl` → linux, x64, musl); npm skips it as inapplicable here.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

interface LockPackage {
  version?: string
  optional?: boolean
  os?: string[]
  cpu?: string[]
  libc?: string[]
  optionalDependencies?: Record<string, string>
}

const OS = 'android darwin freebsd linux openbsd openharmony win32 netbsd sunos aix'.split(' ')

function platformOf(name: string): Pick<LockPackage, 'os' | 'cpu' | 'libc'> | null {
  const parts = name.split('/').pop()!.split('-')
  const osIndex = parts.findIndex((part) => OS.includes(part))
  if (osIndex === -1) return null
  const os = parts[osIndex]!
  const cpu = parts[osIndex + 1]
  if (!cpu) return null
  const abi = parts.slice(osIndex + 2).join('-')
  const libc = os === 'linux' ? [abi.includes('musl') ? 'musl' : 'glibc'] : undefined
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) }
}

const lockPath = path.resolve(import.meta.dirname, '../..', 'package-lock.json')
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockPackage> }
let added = 0
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue
    const platform = platformOf(name)
    if (!platform) continue
    lock.packages[`node_modules/${name}`] = {
      version: spec.replace(/^[\^~=]/, ''),
      optional: true,
      ...platform,
    }
    added += 1
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lockfile: ${added} platform entries added`)
