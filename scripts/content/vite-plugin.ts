/**
 * `import data from 'content:<name>'`: content/<name>.yaml (or CONTENT_DIR's), validated, filled in and
 * frozen, as an ES module (scripts/content/load.ts, emit.ts). A bad file fails the build with the problem
 * lines, and the dev server shows the same lines in its error overlay; editing a file reloads the page.
 */
import type { Plugin } from 'vite'
import { emitModule } from './emit'
import path from 'node:path'
import { contentDir, contentNames, loadContent } from './load'
import type { ContentName } from '../../src/content/schema'

const PREFIX = 'content:'
const RESOLVED = `\0${PREFIX}`

export function contentPlugin(): Plugin {
  return {
    name: 'aquapuebla-content',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null
      const name = id.slice(PREFIX.length)
      if (!contentNames.includes(name as ContentName))
        this.error(
          `unknown content module ${id}: expected one of ${contentNames.map((n) => PREFIX + n).join(', ')}`,
        )
      return RESOLVED + name
    },
    // The dev server (npm run dev, npm run cms): a changed content file (a save in the admin) invalidates
    // every content module and reloads the page, which then shows the change (or the problem lines).
    configureServer(server) {
      server.watcher.add(contentDir())
    },
    handleHotUpdate({ file, server }) {
      if (path.dirname(file) !== contentDir() || !file.endsWith('.yaml')) return
      for (const name of contentNames) {
        const mod = server.moduleGraph.getModuleById(RESOLVED + name)
        if (mod) server.moduleGraph.invalidateModule(mod)
      }
      server.ws.send({ type: 'full-reload' })
      return []
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null
      const result = loadContent()
      for (const file of result.files) this.addWatchFile(file)
      if (!result.ok) this.error(`Content check failed:\n${result.problems.join('\n')}`)
      return emitModule(result.content[id.slice(RESOLVED.length) as ContentName], 'esm')
    },
  }
}
