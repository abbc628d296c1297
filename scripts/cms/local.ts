/**
 * `npm run cms`: edit the site's content on this machine. Starts Decap's local proxy (decap-server behind a
 * guard, scripts/cms/proxy.ts: 127.0.0.1 only, answering only the admin's origin, reading and writing only
 * content/ of this folder) and the Vite dev server, which serves the admin at /admin/ and the site beside it;
 * a saved form rewrites the YAML file and the open site page reloads with the change. Nothing is committed:
 * review with `git diff content/`, then commit.
 * Env: PORT (dev server, default 5173), CMS_PROXY_URL (default http://127.0.0.1:8081/api/v1),
 * CMS_REPO_DIR (the folder whose content/ is edited; default this checkout: the browser test points it at a copy).
 */
import path from 'node:path'
import { createServer } from 'vite'
import { readCmsSettings } from './settings'
import { startDecapProxy } from './proxy'
import { ADMIN_PREFIX } from '../hosts/host-rules'

const root = path.resolve(import.meta.dirname, '../..')
const repoDir = path.resolve(process.env.CMS_REPO_DIR || root)
const proxyUrl = new URL(readCmsSettings().localBackendUrl)
if (proxyUrl.hostname !== '127.0.0.1')
  throw new Error(`CMS_PROXY_URL must be on 127.0.0.1 (loopback), got ${proxyUrl.href}`)
const port = Number(process.env.PORT) || 5173
// The admin's origin is the only one the proxy answers: the dev server must get exactly this port.
const adminOrigin = `http://127.0.0.1:${port}`

const proxy = await startDecapProxy({
  repoDir,
  port: Number(proxyUrl.port),
  allowedOrigins: [adminOrigin],
  log: true,
})
const server = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  server: { host: '127.0.0.1', port, strictPort: true },
})
await server.listen()
console.log(`
  CMS:   ${adminOrigin}${ADMIN_PREFIX}   (saving writes ${path.relative(root, path.join(repoDir, 'content')) || 'content'}/*.yaml; review with git diff content/)
  Site:  ${adminOrigin}/   (reloads when a content file changes)
  Proxy: ${proxy.url}   (decap-server, loopback only, content/ only)
  Ctrl+C stops both.
`)

const stop = () => void Promise.allSettled([server.close(), proxy.close()]).then(() => process.exit(0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop)
