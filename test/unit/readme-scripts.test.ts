/**
 * @jest-environment node
 *
 * The README's scripts table names every script in package.json, and none that is not there: a script added,
 * renamed or retired without its row fails here. A row may name several (`serve:nginx` / `serve:apache`), and the
 * build's row names its steps.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')
const scripts = Object.keys(
  (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
)
const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
const table = readme.slice(
  readme.indexOf('## Scripts'),
  readme.indexOf('\n## ', readme.indexOf('## Scripts') + 1),
)

/** Script names in the table's first column, and in the `build` row's description (its steps). */
function named(): string[] {
  const names = new Set<string>()
  for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
    const [, first = '', does = ''] = row.split('|')
    for (const [, code = ''] of first.matchAll(/`([^`]+)`/g))
      names.add(code.replace(/^npm (run )?/, '').replace(/ --.*$/, ''))
    if (first.includes('`npm run build`'))
      for (const [, step = ''] of does.matchAll(/`([\w:]+)`/g)) names.add(step)
  }
  return [...names].sort()
}

test("the README's scripts table and package.json's scripts are the same set", () => {
  expect(named()).toEqual([...scripts].sort())
})
