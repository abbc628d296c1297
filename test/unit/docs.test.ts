/**
 * @jest-environment node
 *
 * The docs check: what the prose says about the code is true, so a change that leaves a page behind fails here.
 * The README's scripts table is package.json's scripts; the decision index lists every record with its own status,
 * each record with a title, date, status and context (template.md); docs/configuration.md names every environment
 * variable the code reads; every repository path a comment or a doc names exists (git-ignored output and the few
 * below aside), and every relative path a source file names; every "run one" command in the docs and test headers
 * (`npx jest <path> --selectProjects <name>`) puts the path first (after `--selectProjects` jest reads a path as a
 * project name and runs the whole project), names real projects, and those projects run that file.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { globsToMatcher } from 'jest-util'

const root = path.resolve(__dirname, '../..')
const self = path.relative(root, __filename)
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
/** A command's output (spawnSync: `git check-ignore` exits 1 when nothing is ignored, which is an answer too). */
const run = (command: string, args: string[], input?: string) =>
  spawnSync(command, args, { cwd: root, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 }).stdout
const files = run('git', ['ls-files', '--cached', '--others', '--exclude-standard'])
  .split('\n')
  .filter((file) => file && existsSync(path.join(root, file)))
const code = files.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file) && file !== self)
/** [problem, …] of a list of checks: each is a message, or false when it holds. */
const problems = (checks: (string | false | undefined)[]) => checks.filter((c): c is string => Boolean(c))

test("the README's scripts table and package.json's scripts are the same set", () => {
  const readme = read('README.md')
  const start = readme.indexOf('## Scripts')
  const named = new Set<string>()
  for (const row of readme.slice(start, readme.indexOf('\n## ', start + 1)).split('\n')) {
    if (!row.startsWith('| `')) continue
    const [, first = '', does = ''] = row.split('|')
    for (const [, name = ''] of first.matchAll(/`([^`]+)`/g))
      named.add(name.replace(/^npm (run )?/, '').replace(/ --.*$/, ''))
    if (first.includes('`npm run build`'))
      for (const [, step = ''] of does.matchAll(/`([\w:]+)`/g)) named.add(step)
  }
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts)
  expect([...named].sort()).toEqual(scripts.sort())
})

test('the decision index lists every record with its status; each has a title, a date, a status and a context', () => {
  const index = read('docs/decisions/README.md').split('\n')
  const records = readdirSync(path.join(root, 'docs/decisions')).filter((name) => /^\d{3}-.+\.md$/.test(name))
  expect(records.length).toBeGreaterThan(30)
  const wrong = records.flatMap((name) => {
    const text = read(`docs/decisions/${name}`)
    const status = /^Status: ([\s\S]*?)\n(?:\n|##)/m.exec(text)?.[1]?.replace(/\s+/g, ' ').trim() ?? ''
    const context = /^## Context\n([\s\S]*?)\n## /m.exec(text)?.[1]?.trim() ?? ''
    const row = index
      .find((line) => line.startsWith(`| [${name.slice(0, 3)}](${name})`))
      ?.replace(/\s+/g, ' ')
    return problems([
      !text.startsWith(`# ${name.slice(0, 3)}. `) && 'no "# NNN. " title',
      !/^Date: \d{4}-\d{2}-\d{2}/m.test(text) && 'no date',
      !status && 'no status',
      (context.length <= 40 || /not recorded/i.test(context)) && 'no context',
      !row && 'not in the index',
      row && status && !row.includes(status) && `the index does not say "${status}"`,
    ]).map((problem) => `${name}: ${problem}`)
  })
  expect(wrong).toEqual([])
})

test('docs/configuration.md names every environment variable the code reads', () => {
  const doc = read('docs/configuration.md')
  /** Read but not configuration: Vite's own mode flags (`import.meta.env.DEV`) and the user's home folder. */
  const notSettings = new Set(['DEV', 'PROD', 'MODE', 'SSR', 'HOME'])
  const names = new Set<string>()
  const variable = /\b(?:process\.env|env)\.([A-Z][A-Z0-9_]+)\b|process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g
  for (const file of code.filter((f) => !/^(contract|pages)\//.test(f) && !f.startsWith('eslint')))
    for (const [, dotted, bracketed] of read(file).matchAll(variable)) names.add((dotted ?? bracketed)!)
  const read_ = [...names].filter((name) => !notSettings.has(name))
  expect(read_.length).toBeGreaterThan(50)
  expect(read_.filter((name) => !doc.includes(`\`${name}\``)).sort()).toEqual([])
})

describe('named paths', () => {
  const TOP =
    'src|scripts|test|docs|renderer|pages|functions|content|public|bench|deploy|migrations|edge|contract'
  /** `src/x/y.ts`, `docs/decisions/`: the whole token, so a pattern (`bench/lhr-*.json`, `${dir}`) is one, skipped. */
  const REPO_PATH = new RegExp(
    `(?<![\\w./@~-])((?:${TOP}|workers|schema|\\.ci)/[^\\s\`'"()\\[\\],;:|]*)`,
    'g',
  )
  const RELATIVE_PATH = /(?<![\w/.-])(\.\.?\/[\w./-]+\.(?:ts|tsx|cjs|mjs|js|md|sql))\b/g
  /** Named on purpose though absent from the tree, with why. */
  const NOT_FILES = new Set([
    'content/media', // the folder the CMS creates with the first uploaded photo
    'deploy', // the folder the build writes nginx.conf into
    'src/content/schema.ts', // the schema's place before decision 038, which decision 024 names
    'bench/tbt-breakdown.md', // retired with its benchmark (docs/performance.md), which decision 033 names
    'src/config/paths.ts', // the paths' place before decision 038, which it names
    'content/schema.ts', // an option decision 038 weighed
    // mdn/mdn-http-observatory's sources, which test/helpers/observatory.ts cites
    ...['src/grader/charts.js', 'src/analyzer/tests'],
  ])
  /** Files whose paths are test data (inputs a guard must refuse, files a lint case pretends to be). */
  const DATA = ['cms-proxy', 'import-rules'].map((name) => `test/unit/${name}.test.ts`)
  const sources = files.filter(
    (file) =>
      /\.(ts|tsx|cjs|mjs|js|md|json|ya?ml|toml|jsonc|sql)$|^\.ci\/run$/.test(file) &&
      !/^content\/|^bench\/.*\.json$|^package-lock\.json$/.test(file) &&
      ![self, ...DATA].includes(file),
  )

  test('every repository path a comment or a doc names exists', () => {
    const named = new Map<string, string>()
    for (const file of sources)
      for (const [, found = ''] of read(file).matchAll(REPO_PATH))
        if (!/[*<>{}$%…]/.test(found)) named.set(found.replace(/[.]+$/, '').replace(/\/$/, ''), file)
    const absent = [...named.keys()].filter(
      (cited) => !existsSync(path.join(root, cited)) && !NOT_FILES.has(cited),
    )
    // What the build, a benchmark or a test writes is git-ignored (`bench/build/`): ask for both spellings.
    const input = absent.flatMap((cited) => [cited, `${cited}/`]).join('\n')
    const ignored = run('git', ['check-ignore', '--no-index', '--stdin'], input).split('\n')
    const missing = absent.filter((cited) => !ignored.includes(cited) && !ignored.includes(`${cited}/`))
    expect(missing.map((cited) => `${cited} (named in ${named.get(cited)})`)).toEqual([])
    expect(named.size).toBeGreaterThan(100) // the README's folder map and links alone name dozens
  })

  test('every relative path a source file names, from where it stands, exists', () => {
    const missing = code.flatMap((file) =>
      [...read(file).matchAll(RELATIVE_PATH)]
        .map(([, cited = '']) => cited)
        // From the file's folder, or from the checkout's root; `../shared/` (the spec) sits beside the checkout.
        .filter(
          (cited) => ![path.dirname(file), '.'].some((from) => existsSync(path.resolve(root, from, cited))),
        )
        .filter((cited) => !cited.startsWith('../shared/') || existsSync(path.resolve(root, '../shared')))
        .map((cited) => `${cited} (named in ${file})`),
    )
    expect(missing).toEqual([])
  })
})

describe('the "run one" commands in the docs and the test headers', () => {
  const { configs } = JSON.parse(run(path.join(root, 'node_modules/.bin/jest'), ['--showConfig'])) as {
    configs: { displayName?: { name: string }; testMatch: string[]; testPathIgnorePatterns: string[] }[]
  }
  const projects = new Map(
    configs.map((c) => {
      const matches = globsToMatcher(c.testMatch)
      const ignored = c.testPathIgnorePatterns.map((p) => new RegExp(p))
      return [
        c.displayName?.name ?? '',
        (file: string) => matches(file) && !ignored.some((re) => re.test(file)),
      ]
    }),
  )
  /** What is wrong with one command's words (after `npx jest`), or nothing. */
  const problemsOf = (words: string[]): string[] => {
    const at = words.indexOf('--selectProjects')
    const paths = words.filter((word) => !word.startsWith('-') && /[/.]/.test(word))
    if (at === -1) return paths.length > 0 ? [] : ['names no test file']
    const end = words.findIndex((word, index) => index > at && word.startsWith('-'))
    const names = words.slice(at + 1, end === -1 ? undefined : end)
    return problems([
      ...names.map((name) => !projects.has(name) && `"${name}" after --selectProjects is no project`),
      ...paths.flatMap((file) => {
        if (words.indexOf(file) > at) return []
        const runs = names.filter((name) => projects.has(name) && !projects.get(name)!(path.join(root, file)))
        const gone = !existsSync(path.join(root, file)) && `${file} does not exist`
        return [gone, ...runs.map((name) => `project ${name} does not run ${file}`)]
      }),
    ])
  }
  const commands = files
    .filter((file) => /^(docs\/.*\.md|README\.md|test\/.*\.tsx?)$/.test(file) && file !== self)
    .flatMap((file) =>
      [...read(file).matchAll(/npx jest((?: +[^\s`|;)#]+)+)/g)].map(([, words = '']) => ({
        file,
        command: `npx jest${words}`,
        problems: problemsOf(words.trim().split(/ +/)),
      })),
    )

  test('each puts the path first, names real projects, and those projects run that file', () => {
    expect(commands.length).toBeGreaterThan(20)
    expect([...projects.keys()]).toEqual(
      expect.arrayContaining(['unit', 'chromium', 'firefox', 'webkit', 'nginx']),
    )
    expect(commands.filter((command) => command.problems.length > 0)).toEqual([])
  })

  test('a path after --selectProjects, an unknown project and a file the project does not run are caught', () => {
    expect(problemsOf(['--selectProjects', 'chromium', 'test/visitor/site.test.ts'])).toEqual([
      '"test/visitor/site.test.ts" after --selectProjects is no project',
    ])
    expect(problemsOf(['test/visitor/site.test.ts', '--selectProjects', 'safari'])).toEqual([
      '"safari" after --selectProjects is no project',
    ])
    expect(problemsOf(['test/visitor/motion.test.ts', '--selectProjects', 'webkit', '--runInBand'])).toEqual([
      'project webkit does not run test/visitor/motion.test.ts',
    ])
  })
})
