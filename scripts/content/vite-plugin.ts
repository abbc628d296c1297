/**
 * `import data from 'content:<name>'`: content/<name>.yaml (or CONTENT_DIR's), validated, filled in and
 * frozen, as an ES module (scripts/content/load.ts, emit.ts). A bad file fails the build with the problem
 * lines, and the dev server shows the same lines in its error overlay; editing a file reloads the page.
 */
import type { Plugin } from 'vite'
import { emitModule } from './emit'
import { contentNames, loadContent } from './load'
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
    load(id) {
      if (!id.startsWith(RESOLVED)) return null
      const result = loadContent()
      for (const file of result.files) this.addWatchFile(file)
      if (!result.ok) this.error(`Content check failed:\n${result.problems.join('\n')}`)
      return emitModule(result.content[id.slice(RESOLVED.length) as ContentName], 'esm')
    },
  }
}
