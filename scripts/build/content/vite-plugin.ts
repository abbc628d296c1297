/**
 * `import data from 'content:<name>'`: content/<name>.yaml (or CONTENT_DIR's), validated, filled in and
 * frozen, as an ES module (scripts/build/content/load.ts, emit.ts), with each uploaded photo's processed copies
 * (images.ts, from its cache). A bad file fails the build with the problem lines, and the dev server
 * shows the same lines in its error overlay; editing a file reloads the page. The client build emits
 * the photos' copies into dist/assets/; the dev server serves them from the cache.
 */
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { Plugin } from 'vite'
import { emitModule } from './emit'
import path from 'node:path'
import { loadContentWithImages, type ContentWithImages } from './images'
import { contentDir, contentNames } from './load'
import type { ContentName } from '../../../schema/content'

const PREFIX = 'content:'
const RESOLVED = `\0${PREFIX}`

export function contentPlugin(): Plugin {
  // One load per build (six modules read it); the dev server drops it when a watched file changes.
  let loaded: Promise<ContentWithImages> | undefined
  const load = () => (loaded ??= loadContentWithImages())
  let ssr = false
  return {
    name: 'aquapuebla-content',
    configResolved(config) {
      ssr = !!config.build.ssr
    },
    buildStart() {
      loaded = undefined
    },
    watchChange() {
      loaded = undefined
    },
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null
      const name = id.slice(PREFIX.length)
      if (!contentNames.includes(name as ContentName))
        this.error(
          `unknown content module ${id}: expected one of ${contentNames.map((n) => PREFIX + n).join(', ')}`,
        )
      return RESOLVED + name
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null
      const result = await load()
      for (const file of result.files) this.addWatchFile(file)
      if (!result.ok) this.error(`Content check failed:\n${result.problems.join('\n')}`)
      return emitModule(result.content[id.slice(RESOLVED.length) as ContentName], 'esm')
    },
    async generateBundle() {
      if (ssr || !loaded) return
      const result = await loaded
      if (!result.ok) return
      for (const asset of result.assets)
        this.emitFile({ type: 'asset', fileName: asset.fileName, source: await readFile(asset.source) })
    },
    // The dev server (npm run dev, npm run cms): a changed content file (a save in the admin) invalidates
    // every content module and reloads the page, which then shows the change (or the problem lines).
    handleHotUpdate({ file, server }) {
      if (path.dirname(file) !== contentDir() || !file.endsWith('.yaml')) return
      loaded = undefined
      for (const name of contentNames) {
        const mod = server.moduleGraph.getModuleById(RESOLVED + name)
        if (mod) server.moduleGraph.invalidateModule(mod)
      }
      server.ws.send({ type: 'full-reload' })
      return []
    },
    configureServer(server) {
      server.watcher.add(contentDir())
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith('/assets/')) return next()
        void load().then((result) => {
          const asset = result.ok && result.assets.find((a) => `/${a.fileName}` === request.url)
          if (!asset) return next()
          const extension = path.extname(asset.fileName).slice(1)
          response.setHeader('Content-Type', `image/${extension === 'jpg' ? 'jpeg' : extension}`)
          createReadStream(asset.source).pipe(response)
        }, next)
      })
    },
  }
}
