/**
 * `tsx scripts/build/content/emit-cli.ts <name> [esm|cjs]`: prints the module for content/<name>.yaml, or the
 * problem lines on stderr and exit code 1. The jest transform (jest-transform.cjs) runs it.
 */
import { contentDir, contentNames } from './load'
import { loadContentWithImages } from './images'
import { emitModule } from './emit'
import type { ContentName } from '../../../schema/content'

const [name, format = 'cjs'] = process.argv.slice(2)
if (!contentNames.includes(name as ContentName) || (format !== 'esm' && format !== 'cjs')) {
  process.stderr.write(`usage: emit-cli.ts <${contentNames.join('|')}> [esm|cjs]\n`)
  process.exit(2)
}
const result = await loadContentWithImages(contentDir())
if (!result.ok) {
  process.stderr.write(`${result.problems.join('\n')}\n`)
  process.exit(1)
}
process.stdout.write(emitModule(result.content[name as ContentName], format))
