/**
 * Runs one real host server on the existing build, in the foreground, until Ctrl-C:
 * `npm run serve:nginx`, `npm run serve:apache`, `npm run serve:pages` (scripts/hosts/serve-*.ts).
 * Env: PORT (default 4173), DIST_DIR (default dist). Build first: `npm run build`.
 * serve:pages runs the project's functions/ too (the CMS's GitHub sign-in), as Cloudflare Pages does, with
 * the variables of `.dev.vars` when that file exists (wrangler's own convention; git-ignored; see
 * `.dev.vars.example`; DEV_VARS_FILE names another file).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { readDevVars } from './dev-vars'
import { deployDirFor } from './host-policy'
import { hostStarters, type HostName } from './servers'

const WHAT: Record<HostName, string> = {
  nginx: "Debian's nginx with the build's nginx.conf",
  apache: "Debian's apache2 with AllowOverride All, configured by dist/.htaccess",
  pages: "Cloudflare's Pages server (wrangler pages dev), reading dist/_headers and dist/_redirects",
}

async function runPreview(name: HostName): Promise<void> {
  const projectRoot = process.cwd()
  const root = path.resolve(process.env.DIST_DIR || 'dist')
  const port = Number(process.env.PORT ?? 4173)
  if (!Number.isInteger(port) || port <= 0 || port > 65_535)
    throw new Error(`PORT must be 1-65535, got ${port}`)
  if (!existsSync(path.join(root, '_headers')))
    throw new Error(`${root} has no host configuration (_headers): run npm run build first`)
  const nginxConf = path.join(deployDirFor(projectRoot, root), 'nginx.conf')
  const devVars = path.resolve(process.env.DEV_VARS_FILE || path.join(projectRoot, '.dev.vars'))
  const vars = readDevVars(devVars) ?? {}
  const functions = name === 'pages' ? { dir: path.join(projectRoot, 'functions'), vars } : undefined
  const server = await hostStarters[name]({ root, port, nginxConf, inheritOutput: true, functions })
  if (functions)
    console.log(
      existsSync(devVars)
        ? `Functions: functions/ with ${Object.keys(vars).length} variable(s) from .dev.vars (${Object.keys(vars).join(', ')})`
        : 'Functions: functions/ without variables (copy .dev.vars.example to .dev.vars for the CMS sign-in)',
    )
  console.log(
    `Serving ${path.relative(projectRoot, root) || '.'}/ with ${WHAT[name]} at ${server.url} (Ctrl-C stops it)`,
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void server.close().finally(() => process.exit(0)))
}

export function main(name: HostName): void {
  runPreview(name).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
