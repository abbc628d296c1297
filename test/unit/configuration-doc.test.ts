/**
 * @jest-environment node
 *
 * docs/configuration.md names every environment variable the code reads (`process.env.NAME`, `env.NAME` of a
 * Pages Function, Worker or settings reader), in the product, the scripts and the tests: a variable added without
 * its line there fails here.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')
/** Read but not configuration: Vite's own mode flag (`import.meta.env.DEV`) and the user's home folder. */
const NOT_SETTINGS = new Set(['DEV', 'PROD', 'MODE', 'SSR', 'HOME'])

const files = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    'edge',
    'functions',
    'workers',
    'scripts',
    'src',
  ],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .concat(
    execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'test', 'renderer'], {
      cwd: root,
      encoding: 'utf8',
    }).split('\n'),
  )
  .concat(['vite.config.ts', 'vite.inbox.config.ts', 'jest.config.js'])
  .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file) && file !== 'test/unit/configuration-doc.test.ts')

function variablesRead(): string[] {
  const names = new Set<string>()
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const [, name = ''] of text.matchAll(/\b(?:process\.env|env)\.([A-Z][A-Z0-9_]{1,})\b/g))
      names.add(name)
    for (const [, name = ''] of text.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) names.add(name)
  }
  return [...names].filter((name) => !NOT_SETTINGS.has(name)).sort()
}

test('docs/configuration.md names every environment variable the code reads', () => {
  const doc = readFileSync(path.join(root, 'docs', 'configuration.md'), 'utf8')
  const read = variablesRead()
  expect(read.length).toBeGreaterThan(50)
  expect(read.filter((name) => !new RegExp(`\`${name}\``).test(doc))).toEqual([])
})
