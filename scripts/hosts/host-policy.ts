/**
 * One build's host policy: the facts the host files need from a built dist/ (its pages, its other
 * files, the inline code of its HTML, hashed into the Content-Security-Policy) plus the origins from
 * the build settings. Shared by scripts/build/host-config.ts (which writes the host files) and the tests.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { HostPolicy } from './host-files'
import {
  ADMIN_PREFIX,
  HOST_CONFIG_FILES,
  adminContentSecurityPolicy,
  adminHeaders,
  inboxHeaders,
  INBOX_PREFIX,
  NOT_FOUND_FILE,
  contentSecurityPolicy,
  inlineCodeOf,
  securityHeaders,
  type AdminOrigins,
  type PolicyOrigins,
} from './host-rules'

/** Where the nginx config of a build goes: deploy/ for the default dist/, else DEPLOY_DIR or `<dist>-deploy/`. */
export function deployDirFor(
  projectRoot: string,
  dist: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.DEPLOY_DIR) return path.resolve(env.DEPLOY_DIR)
  return path.resolve(dist) === path.join(projectRoot, 'dist')
    ? path.join(projectRoot, 'deploy')
    : `${path.resolve(dist)}-deploy`
}

export async function collectHostPolicy(
  dist: string,
  origins: PolicyOrigins & { siteUrl: string; admin?: AdminOrigins; adminOrigin?: string },
): Promise<HostPolicy> {
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dist}/index.html is missing: build first`)
  const names = (await readdir(dist, { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
  const htmlFiles = names.filter((name) => name.endsWith('.html'))

  // Every inline script and style of every page (the 404 page included): one policy for all of them.
  const inline = await Promise.all(
    htmlFiles.map(async (name) => inlineCodeOf(await readFile(path.join(dist, name), 'utf8'))),
  )
  const csp = contentSecurityPolicy(origins, {
    scripts: [...new Set(inline.flatMap((code) => code.scripts))],
    styles: [...new Set(inline.flatMap((code) => code.styles))],
  })

  const routes = htmlFiles
    .filter((name) => name !== NOT_FOUND_FILE)
    .map((name) => (name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`))
    .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)))
  const hidden = new Set<string>(HOST_CONFIG_FILES)
  const otherFiles = names
    .filter((name) => !/\.(html|br|gz)$/.test(name) && !hidden.has(name) && !name.startsWith('.'))
    .sort()
    .map((name) => `/${name}`)
  // The CMS (dist/admin/, when the build wrote it) gets its own headers and policy.
  const hasAdmin = existsSync(path.join(dist, ADMIN_PREFIX, 'index.html'))
  return {
    siteUrl: origins.siteUrl,
    headers: securityHeaders(csp),
    routes,
    otherFiles,
    ...(hasAdmin && origins.admin
      ? { adminHeaders: adminHeaders(adminContentSecurityPolicy(origins.admin)) }
      : {}),
    // The lead inbox (dist/admin/solicitudes/, when the build wrote it): a rule more specific than the CMS's.
    ...(existsSync(path.join(dist, INBOX_PREFIX, 'index.html')) ? { inboxHeaders: inboxHeaders() } : {}),
    // The owner's tools on their own origin (ADMIN_ORIGIN): its host gets a rule of its own in _headers.
    ...(origins.adminOrigin ? { adminHost: new URL(origins.adminOrigin).hostname } : {}),
  }
}
