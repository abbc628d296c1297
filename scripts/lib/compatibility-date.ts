/**
 * The Workers compatibility date: written once, in wrangler.toml (the Pages project); the schedule
 * Worker's wrangler.jsonc repeats it (wrangler reads each file alone) and a unit test keeps them equal.
 * Every local run of the edge code in Cloudflare's runtime uses the same date as production: `wrangler pages dev`
 * in the host tests and `npm start` (scripts/hosts/servers.ts).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

// jest and the scripts run from the project root (as scripts/hosts/servers.ts assumes).
const projectRoot = process.cwd()

/** wrangler.toml's `compatibility_date`. */
export function projectCompatibilityDate(): string {
  const config = readFileSync(path.join(projectRoot, 'wrangler.toml'), 'utf8')
  const date = /^compatibility_date\s*=\s*"(\d{4}-\d{2}-\d{2})"/m.exec(config)?.[1]
  if (!date) throw new Error('wrangler.toml has no compatibility_date')
  return date
}

/**
 * The latest date the installed workerd runtime supports (its version is `1.YYYYMMDD.N`): wrangler and
 * Miniflare refuse a later one, so the project's date may not pass it.
 */
export function runtimeCompatibilityDate(): string {
  const require = createRequire(path.join(projectRoot, 'package.json'))
  const version = JSON.parse(
    readFileSync(require.resolve('@cloudflare/workerd-linux-64/package.json'), 'utf8'),
  ).version as string
  const date = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version)
  if (!date) throw new Error(`unexpected workerd version ${version}`)
  return `${date[1]}-${date[2]}-${date[3]}`
}
