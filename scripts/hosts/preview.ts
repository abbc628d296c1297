/**
 * Runs one real host server on the existing build, in the foreground, until Ctrl-C:
 * `npm run serve:nginx`, `npm run serve:apache`, `npm run serve:pages` (scripts/hosts/serve-*.ts).
 * Env: PORT (default 4173), DIST_DIR (default dist). Build first: `npm run build`.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { deployDirFor } from '../lib/host-policy'
import { MissingServerError, hostStarters, type HostName } from './servers'

const WHAT: Record<HostName, string> = {
  nginx: "Debian's nginx with the build's nginx.conf",
  apache: "Debian's apache2 with AllowOverride All, configured by dist/.htaccess",
  pages: "Cloudflare's Pages server (wrangler pages dev), reading dist/_headers and dist/_redirects",
}

export async function runPreview(name: HostName): Promise<void> {
  const projectRoot = process.cwd()
  const root = path.resolve(process.env.DIST_DIR || 'dist')
  const port = Number(process.env.PORT ?? 4173)
  if (!Number.isInteger(port) || port <= 0 || port > 65_535)
    throw new Error(`PORT must be 1-65535, got ${port}`)
  if (!existsSync(path.join(root, '_headers'))) {
    throw new Error(`${root} has no host configuration (_headers): run npm run build first`)
  }
  const nginxConf = path.join(deployDirFor(projectRoot, root), 'nginx.conf')
  const server = await hostStarters[name]({ root, port, nginxConf, inheritOutput: name !== 'pages' })
  console.log(
    `Serving ${path.relative(projectRoot, root) || '.'}/ with ${WHAT[name]} at ${server.url} (Ctrl-C stops it)`,
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().finally(() => process.exit(0)))
  }
}

export function main(name: HostName): void {
  runPreview(name).catch((error: unknown) => {
    console.error(error instanceof MissingServerError || error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
