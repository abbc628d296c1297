/**
 * @jest-environment node
 *
 * Every "run one" command the docs and the test files' headers give (`npx jest <path> --selectProjects <name>`)
 * works as written: the path comes first (after `--selectProjects` jest reads it as one more project name, finds
 * none by that name and runs the whole project instead), every project named is a real one, and each of those
 * projects really runs that file (its testMatch, as jest resolves it: `jest --showConfig`).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { globsToMatcher } from 'jest-util'

const root = path.resolve(__dirname, '../..')

interface ProjectConfig {
  displayName?: { name: string }
  testMatch: string[]
  testPathIgnorePatterns: string[]
}

function projects(): Map<string, (file: string) => boolean> {
  const shown = spawnSync(path.join(root, 'node_modules', '.bin', 'jest'), ['--showConfig'], {
    cwd: root,
    encoding: 'utf8',
  })
  const { configs } = JSON.parse(shown.stdout) as { configs: ProjectConfig[] }
  return new Map(
    configs.map((config) => {
      const matches = globsToMatcher(config.testMatch)
      const ignored = config.testPathIgnorePatterns.map((pattern) => new RegExp(pattern))
      return [
        config.displayName?.name ?? '',
        (file: string) => matches(file) && !ignored.some((pattern) => pattern.test(file)),
      ]
    }),
  )
}

/** README.md, docs/**.md and every test file (their headers say how to run them). */
function sources(): string[] {
  const found = [path.join(root, 'README.md')]
  const walk = (dir: string, keep: (name: string) => boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full, keep)
      else if (keep(entry.name)) found.push(full)
    }
  }
  walk(path.join(root, 'docs'), (name) => name.endsWith('.md'))
  walk(path.join(root, 'test'), (name) => /\.tsx?$/.test(name))
  // This file's own header speaks of the form, with placeholders.
  return found.filter((file) => file !== __filename)
}

/** Each `npx jest …` command in a text: its words, up to the end of the code span or line. */
export function jestCommands(text: string): string[][] {
  return [...text.matchAll(/npx jest((?: +[^\s`|;)#]+)+)/g)].map((match) => match[1]!.trim().split(/ +/))
}

/** What is wrong with one command's words, or nothing. */
export function problemsOf(words: string[], known: Map<string, (file: string) => boolean>): string[] {
  const problems: string[] = []
  const at = words.indexOf('--selectProjects')
  const paths = words.filter((word) => !word.startsWith('-') && /[/.]/.test(word))
  if (at === -1) return paths.length > 0 ? [] : ['names no test file']
  const names = words
    .slice(at + 1)
    .filter((word, index, all) => !all.slice(0, index + 1).some((w) => w.startsWith('-')))
  for (const word of names)
    if (!known.has(word))
      problems.push(`"${word}" after --selectProjects is no project (${[...known.keys()].join(', ')})`)
  for (const file of paths) {
    if (words.indexOf(file) > at) continue
    const full = path.join(root, file)
    if (!existsSync(full)) problems.push(`${file} does not exist`)
    for (const name of names.filter((word) => known.has(word)))
      if (!known.get(name)!(full)) problems.push(`project ${name} does not run ${file}`)
  }
  return problems
}

describe('the "run one" commands in the docs and the test headers', () => {
  const known = projects()
  const commands = sources().flatMap((file) =>
    jestCommands(readFileSync(file, 'utf8')).map((words) => ({ where: path.relative(root, file), words })),
  )

  test('there are some, and jest knows the projects they name', () => {
    expect(commands.length).toBeGreaterThan(20)
    expect([...known.keys()]).toEqual(
      expect.arrayContaining(['unit', 'chromium', 'firefox', 'webkit', 'nginx']),
    )
  })

  test('each puts the path first, names real projects, and those projects run that file', () => {
    const wrong = commands
      .map(({ where, words }) => ({
        where,
        command: `npx jest ${words.join(' ')}`,
        problems: problemsOf(words, known),
      }))
      .filter((command) => command.problems.length > 0)
    expect(wrong).toEqual([])
  })

  test('a path after --selectProjects, an unknown project and a file the project does not run are caught', () => {
    expect(problemsOf(['--selectProjects', 'chromium', 'test/visitor/site.test.ts'], known)).toEqual([
      expect.stringContaining('"test/visitor/site.test.ts" after --selectProjects is no project'),
    ])
    expect(problemsOf(['test/visitor/site.test.ts', '--selectProjects', 'safari'], known)).toEqual([
      expect.stringContaining('"safari" after --selectProjects is no project'),
    ])
    expect(
      problemsOf(['test/visitor/motion.test.ts', '--selectProjects', 'webkit', '--runInBand'], known),
    ).toEqual(['project webkit does not run test/visitor/motion.test.ts'])
  })
})
