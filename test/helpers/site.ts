/**
 * A build served by a host, on a free loopback port: our own scripts/serve.ts, Debian's nginx with the build's
 * nginx.conf, Debian's apache2 configured by the build's .htaccess, or Cloudflare's Pages server (static: its
 * functions and D1 are the Pages stack's, test/helpers/pages-stack.ts). The default host is the jest project's
 * (TEST_HOST: `serve`, or `nginx` for the nginx project). With `leads`, the lead endpoint of the build
 * (/api/leads) is that stand-in (test/stand-ins/leads.ts), in front of the host.
 */
import path from 'node:path'
import { deployDirFor } from '../../scripts/hosts/host-policy'
import { startApache, startNginx, startPages } from '../../scripts/hosts/servers'
import { startServer } from '../../scripts/serve'
import { LEADS_PATH, type LeadsStandIn } from '../stand-ins/leads'
import { builtSite, projectRoot, type BuildName } from './builds'
import { startProxy } from './proxy'
import { hooked } from './hooks'

export type Host = 'serve' | 'nginx' | 'apache' | 'pages'

export interface ServedSite {
  url: string
  port: number
  /** The server's own log (nginx's and apache's error log, wrangler's output), for a failure message. */
  log(): string
  /** nginx with `httpRedirect`: the port of its plain-HTTP server. */
  redirectPort?: number
  close(): Promise<void>
}

export interface SiteOptions {
  /** A build by name (default: the default build, dist/), or a folder. */
  build?: BuildName | { dir: string }
  host?: Host
  leads?: LeadsStandIn
  /** scripts/serve.ts only: these security headers instead of the build's _headers (a policy changed on purpose). */
  securityHeaders?: Record<string, string>
  /** nginx only: its config's plain-HTTP server too (it redirects to HTTPS), on `redirectPort`. */
  httpRedirect?: boolean
}

export function projectHost(): Host {
  const host = process.env.TEST_HOST || 'serve'
  if (host !== 'serve' && host !== 'nginx')
    throw new Error(`TEST_HOST must be "serve" or "nginx", not "${host}"`)
  return host
}

export async function serveSite({
  build = 'default',
  host = projectHost(),
  leads,
  securityHeaders,
  httpRedirect,
}: SiteOptions = {}): Promise<ServedSite> {
  const root = typeof build === 'string' ? builtSite(build) : build.dir
  const nginxConf = path.join(deployDirFor(projectRoot, root), 'nginx.conf')
  const server =
    host === 'serve'
      ? { ...(await startServer({ root, port: 0, host: '127.0.0.1', securityHeaders })), log: () => '' }
      : await { nginx: startNginx, apache: startApache, pages: startPages }[host]({
          root,
          port: 0,
          nginxConf,
          keepHttpRedirect: httpRedirect,
        })
  if (!leads) return server
  const proxy = await startProxy(server.url, (exchange) =>
    exchange.path.startsWith(LEADS_PATH) ? leads.answer(exchange) : exchange.pass(),
  )
  return {
    url: proxy.url,
    port: Number(new URL(proxy.url).port),
    log: server.log,
    async close() {
      leads.close()
      await proxy.close()
      await server.close()
    },
  }
}

/** A served build for the whole file (started in beforeAll, closed in afterAll). */
export const theSite = (options: SiteOptions = {}): ServedSite => hooked(() => serveSite(options), 'the site')
