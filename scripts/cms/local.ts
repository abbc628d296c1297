/**
 * `npm run cms`: edit the site's content on this machine. Starts Decap's local proxy (decap-server,
 * 127.0.0.1 only, writing content/*.yaml in this folder) and the Vite dev server, which serves the admin
 * at /admin/ and the site beside it; a saved form rewrites the YAML file and the open site page reloads
 * with the change. Nothing is committed: review with `git diff content/`, then commit.
 * Env: PORT (dev server, default 5173), CMS_PROXY_URL (default http://127.0.0.1:8081/api/v1).
 */
import path from 'node:path'
import { createServer } from 'vite'
import { readCmsSettings } from './settings'
import { startDecapProxy } from './proxy'
import { ADMIN_PREFIX } from '../lib/host-rules'

const root = path.resolve(import.meta.dirname, '../..')
const proxyUrl = new URL(readCmsSettings().localBackendUrl)
if (!['127.0.0.1', 'localhost', '[::1]'].includes(proxyUrl.hostname))
  throw new Error(`CMS_PROXY_URL must be on loopback, got ${proxyUrl.href}`)

const proxy = await startDecapProxy({ repoDir: root, port: Number(proxyUrl.port), log: true })
const server = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  server: { host: '127.0.0.1', port: Number(process.env.PORT) || 5173 },
})
await server.listen()
const site = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.config.server.port}/`
console.log(`
  CMS:   ${new URL(ADMIN_PREFIX, site).href}   (saving writes content/*.yaml; review with git diff content/)
  Site:  ${site}   (reloads when a content file changes)
  Proxy: ${proxy.url}   (decap-server, loopback only)
  Ctrl+C stops both.
`)

const stop = async () => {
  await Promise.allSettled([server.close(), proxy.close()])
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
