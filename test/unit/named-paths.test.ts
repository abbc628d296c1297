/**
 * @jest-environment node
 *
 * Every file path a comment or a doc names exists: a repository path (`src/seo/urls.ts`, `docs/cms.md`) in any
 * tracked source, script, config or Markdown file, and a relative one (`./link-clicks.ts`) in a source file. A
 * move that leaves a comment or a page pointing at the old place fails here. Paths the build or a tool writes
 * (git-ignored: `bench/dist`, `deploy/nginx.conf`), test data and other projects' files that a comment cites
 * are named below, each with its reason.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')
const TOP = ['src', 'scripts', 'test', 'docs', 'renderer', 'pages', 'functions', 'content', 'public', 'bench']
  .concat(['deploy', 'migrations', 'edge', 'contract', 'workers', '.ci'])
  .map((name) => name.replace('.', '\\.'))
  .join('|')
/** `src/x/y.ts`, `docs/decisions/` … not inside another path, URL or package name; the whole token, so a
 * pattern (`bench/lhr-*.json`, `<slug>.html`, `${dir}`) is seen as one and skipped. */
const REPO_PATH = new RegExp(`(?<![\\w./@~-])((?:${TOP})/[^\\s\`'"()\\[\\],;:|]*)`, 'g')
const PATTERN = /[*<>{}$%…]/
/** `./file.ts`, `../dir/file.tsx` in a comment or an import of a source file. */
const RELATIVE_PATH = /(?<![\w/.-])(\.\.?\/[\w./-]+\.(?:ts|tsx|cjs|mjs|js|md|sql))\b/g

/** Named on purpose though absent from the tree, with why. */
const NOT_FILES: Record<string, string> = {
  'content/media': 'the folder the CMS creates with the first uploaded photo',
  'src/content/schema.ts': "the schema's place before decision 038, which decision 024 names",
  deploy: 'the folder the build writes nginx.conf into',
  'scripts/lib/host-rules.ts':
    "the host rules' place before 2026-11-25, which bench:compare reads in older commits",
  'src/grader/charts.js': "mdn/mdn-http-observatory's source, cited by test/helpers/observatory.ts",
  'src/analyzer/tests/': "mdn/mdn-http-observatory's source, cited by test/helpers/observatory.ts",
}
/** Files whose paths are test data (inputs a guard must refuse), not references. */
const DATA_FILES = new Set([
  'test/unit/cms-proxy.test.ts',
  'test/unit/named-paths.test.ts',
  'test/unit/import-rules.test.ts',
  'test/unit/github-stand-in.test.ts',
])

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|cjs|mjs|js|md|json|ya?ml|toml|jsonc|sql)$|^\.ci\/run$/.test(file))
  .filter(
    (file) => !file.startsWith('content/') && file !== 'package-lock.json' && !/^bench\/.*\.json$/.test(file),
  )
  .filter((file) => !DATA_FILES.has(file) && existsSync(path.join(root, file)))

/** Whether git ignores a path: the build, a benchmark or a test writes it (bench/dist, deploy/nginx.conf). */
function ignoredByGit(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set()
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
      cwd: root,
      input: paths.join('\n'),
      encoding: 'utf8',
    })
    return new Set(out.split('\n').filter(Boolean))
  } catch {
    return new Set() // exit 1: none ignored
  }
}

test('every repository path a comment or a doc names exists', () => {
  const named = new Map<string, Set<string>>()
  for (const file of tracked) {
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const [, found = ''] of text.matchAll(REPO_PATH)) {
      const cited = found.replace(/[.]+$/, '')
      if (PATTERN.test(cited)) continue
      if (!named.has(cited)) named.set(cited, new Set())
      named.get(cited)!.add(file)
    }
  }
  const absent = [...named.keys()].filter(
    (cited) =>
      !existsSync(path.join(root, cited)) &&
      !(cited.replace(/\/$/, '') in NOT_FILES) &&
      !(`${cited.replace(/\/$/, '')}/` in NOT_FILES),
  )
  // A folder the build writes is ignored as `bench/dist/`: ask for both spellings.
  const generated = ignoredByGit(absent.flatMap((cited) => [cited, `${cited.replace(/\/$/, '')}/`]))
  const missing = absent
    .filter((cited) => !generated.has(cited) && !generated.has(`${cited.replace(/\/$/, '')}/`))
    .map((cited) => `${cited} (named in ${[...named.get(cited)!].join(', ')})`)
  expect(missing).toEqual([])
  // The matcher finds what it should: the README's folder map and links alone name dozens of paths.
  expect(named.size).toBeGreaterThan(100)
  expect(named.get('docs/guia-del-dueno.md')).toContain('README.md')
})

test('every relative path a source file names, from where it stands, exists', () => {
  const missing: string[] = []
  for (const file of tracked.filter((name) => /\.(ts|tsx|cjs|mjs|js)$/.test(name))) {
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const [, cited = ''] of text.matchAll(RELATIVE_PATH)) {
      // The product's shared folder sits beside the checkout (CI copies it there), not inside it.
      if (cited.startsWith('../shared/') && !existsSync(path.resolve(root, '../shared'))) continue
      // From the file's folder, or (`../shared/spec.md`) from the checkout's root.
      const from = [path.resolve(root, path.dirname(file), cited), path.resolve(root, cited)]
      if (!from.some((candidate) => existsSync(candidate))) missing.push(`${cited} (named in ${file})`)
    }
  }
  expect(missing).toEqual([])
})
