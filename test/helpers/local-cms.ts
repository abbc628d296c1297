/**
 * The local CMS for the owner's-tools suites (test/owner/): `npm run cms` as a developer runs it (tsx
 * scripts/cms/local.ts): the Vite dev server with the admin and the guarded decap-server, on free ports, editing
 * `repo`'s content/ (CMS_REPO_DIR: a test's copy, never the project's), started once it printed its origin.
 */
import { freePort } from '../../scripts/hosts/servers'
import { hooked } from './hooks'
import { startScript } from './scripts'

/** The local CMS for the whole file, on `repo` (read when it starts); the admin is at `${url}/admin/`. */
export const theLocalCms = (repo: () => string) =>
  hooked(async () => {
    const [port, proxyPort] = [await freePort(), await freePort()]
    const cms = await startScript('scripts/cms/local.ts', {
      env: {
        PORT: String(port),
        CMS_PROXY_URL: `http://127.0.0.1:${proxyPort}/api/v1`,
        CMS_REPO_DIR: repo(),
      },
      ready: 'Ctrl+C stops both',
      timeoutMs: 90_000,
    })
    return { url: `http://127.0.0.1:${port}`, close: () => cms.close() }
  }, 'npm run cms')
