/**
 * The admin in the Vite dev server (`npm run cms`): /admin/ serves the same page, config.yml and Decap
 * bundle (and our phone styles) as the build writes into dist/admin/ (scripts/cms/admin.ts), under the
 * build's admin policy plus the one thing local editing adds: decap-server on loopback (config.yml's
 * `local_backend` and the policy's connect-src). The config is generated on each request, so a schema change
 * shows after a reload.
 */
import { createReadStream } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { ADMIN_PREFIX, adminContentSecurityPolicy } from '../hosts/host-rules'
import {
  DECAP_ES_FILE,
  DECAP_PHONE_FILE,
  adminConfigYaml,
  adminIndexHtml,
  decapBundleFiles,
  decapPhoneCssPath,
} from './admin'
import { decapSpanishScript } from './locale-es'
import { DECAP_MEDIA_FILE, decapMediaPreviewScript } from './media-preview'
import { readCmsSettings } from './settings'

export function adminDevPlugin(): Plugin {
  return {
    name: 'aquapuebla-admin',
    apply: 'serve',
    async configureServer(server) {
      const bundle = new Map((await decapBundleFiles()).map((file) => [path.basename(file), file]))
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? ''
        if (pathname === ADMIN_PREFIX.slice(0, -1))
          return void res.writeHead(301, { Location: ADMIN_PREFIX }).end()
        if (!pathname.startsWith(ADMIN_PREFIX)) return next()
        const name = pathname.slice(ADMIN_PREFIX.length)
        const policy = adminContentSecurityPolicy({ localBackendUrl: readCmsSettings().localBackendUrl })
        res.setHeader('Content-Security-Policy', policy)
        res.setHeader('X-Robots-Tag', 'noindex, nofollow')
        res.setHeader('Cache-Control', 'no-cache')
        if (name === '' || name === 'index.html') {
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.end(adminIndexHtml)
        } else if (name === 'config.yml') {
          res.setHeader('Content-Type', 'text/yaml; charset=utf-8')
          res.end(adminConfigYaml(process.env, { local: true }))
        } else if (name === DECAP_ES_FILE || name === DECAP_MEDIA_FILE) {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
          res.end(name === DECAP_ES_FILE ? decapSpanishScript() : decapMediaPreviewScript())
        } else if (name === DECAP_PHONE_FILE) {
          res.setHeader('Content-Type', 'text/css; charset=utf-8')
          createReadStream(decapPhoneCssPath).pipe(res)
        } else if (bundle.has(name)) {
          res.setHeader(
            'Content-Type',
            name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8',
          )
          createReadStream(bundle.get(name)!).pipe(res)
        } else next()
      })
    },
  }
}
