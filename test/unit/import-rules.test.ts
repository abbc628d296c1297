/**
 * @jest-environment node
 *
 * The import rules of eslint.config.js bite (decision 032): the site (src/, pages/, renderer/) and the edge
 * (functions/, edge/, workers/) meet only in contract/, which imports neither; and no import cycle anywhere.
 * Each case is a file that breaks a rule, linted with the project's own config as if it stood at that path
 * (ESLint's lintText, ignores off); the cycle is two real files (test/fixtures/import-rules/, which `npm run lint`
 * leaves out). ESLint loads its config with import(), which jest's module system does not do, so the cases run in
 * one child process of the project's Node.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')

interface Case {
  filePath: string
  code: string
}
interface Finding {
  filePath: string
  rules: string[]
  messages: string[]
}

/** Lints every case (text at a path, or a file on disk when code is empty); what each breaks. */
function lint(cases: Case[]): Finding[] {
  const script = `
    import { ESLint } from 'eslint'
    const cases = JSON.parse(process.argv[1])
    const eslint = new ESLint({ cwd: ${JSON.stringify(root)}, ignore: false })
    const findings = []
    for (const { filePath, code } of cases) {
      const [result] = code ? await eslint.lintText(code, { filePath }) : await eslint.lintFiles([filePath])
      const messages = result.messages.filter((m) => m.ruleId !== '@typescript-eslint/no-unused-vars')
      findings.push({ filePath, rules: messages.map((m) => m.ruleId ?? m.message), messages: messages.map((m) => m.message) })
    }
    process.stdout.write(JSON.stringify(findings))
  `
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  })
  return JSON.parse(out) as Finding[]
}

/** A file linted as if it stood in `dir` (it does not exist: ESLint gets its text). */
const virtual = (dir: string, file: string) => `${dir}/${file}`

const crossings: [string, Case][] = [
  [
    'the site imports the edge',
    { filePath: virtual('src', 'fixture.ts'), code: "export { handleInbox } from '../edge/inbox/api'\n" },
  ],
  [
    "the inbox's page imports the edge's types",
    {
      filePath: virtual('src/inbox', 'fixture.ts'),
      code: "import type { LeadFilter } from '../../edge/inbox/store'\nexport type F = LeadFilter\n",
    },
  ],
  [
    'a page imports a function',
    { filePath: virtual('pages', 'fixture.tsx'), code: "export * from '../functions/api/leads'\n" },
  ],
  [
    'the renderer imports a Worker',
    { filePath: virtual('renderer', 'fixture.ts'), code: "export * from '../workers/lead-schedule/index'\n" },
  ],
  [
    'the edge imports the site',
    {
      filePath: virtual('edge/leads', 'fixture.ts'),
      code: "export { contacto } from '../../src/content/contacto'\n",
    },
  ],
  [
    'a function imports the site',
    {
      filePath: virtual('functions/api', 'fixture.ts'),
      code: "export { site } from '../../src/config/site'\n",
    },
  ],
  [
    'a Worker imports the site',
    {
      filePath: virtual('workers/lead-schedule', 'fixture.ts'),
      code: "export { site } from '../../src/config/site'\n",
    },
  ],
  [
    'the contract imports the edge',
    { filePath: virtual('contract', 'fixture.ts'), code: "export * from '../edge/leads/store'\n" },
  ],
  [
    'the contract imports the site',
    { filePath: virtual('contract', 'fixture.ts'), code: "export { site } from '../src/config/site'\n" },
  ],
]

const allowed: [string, Case][] = [
  [
    'the site imports the contract',
    {
      filePath: virtual('src', 'fixture.ts'),
      code: "export { SERVICE_OPTIONS } from '../contract/lead-rules'\n",
    },
  ],
  [
    "the inbox's page imports the inbox's API types",
    {
      filePath: virtual('src/inbox', 'fixture.ts'),
      code: "import type { Lead } from '../../contract/inbox-api'\nexport type L = Lead\n",
    },
  ],
  [
    'the edge imports the contract',
    {
      filePath: virtual('edge/leads', 'fixture.ts'),
      code: "export { leadAnswers } from '../../contract/lead-messages'\n",
    },
  ],
  [
    'a Worker imports the edge',
    {
      filePath: virtual('workers/lead-schedule', 'fixture.ts'),
      code: "export * from '../../edge/leads/schedule'\n",
    },
  ],
]

const cycle: Case = { filePath: 'test/fixtures/import-rules/cycle-a.ts', code: '' }

let findings: Finding[]
beforeAll(() => {
  findings = lint([...crossings, ...allowed].map(([, item]) => item).concat(cycle))
}, 120_000)

const findingOf = (index: number) => findings[index]!

describe('the seam between the site and the edge', () => {
  test.each(crossings.map(([name, item], index) => [name, item, index] as const))(
    '%s: an error that names the folders it may not import',
    (_name, item, index) => {
      const finding = findingOf(index)
      expect(finding.filePath).toBe(item.filePath)
      expect(finding.rules).toEqual(['no-restricted-imports'])
      const target = /from '(?:\.\.\/)+(\w+)\//.exec(item.code)![1]!
      expect(finding.messages[0]).toContain(`${target}/`)
      expect(finding.messages[0]).toMatch(/may not import from/)
    },
  )

  test.each(allowed.map(([name, item], index) => [name, item, crossings.length + index] as const))(
    '%s: no error',
    (_name, item, index) => {
      const finding = findingOf(index)
      expect(finding.filePath).toBe(item.filePath)
      expect(finding.messages).toEqual([])
    },
  )
})

test('an import cycle is an error, named at the import that closes it', () => {
  const finding = findingOf(crossings.length + allowed.length)
  expect(finding.rules).toEqual(['import-x/no-cycle'])
  expect(finding.messages[0]).toMatch(/cycle/i)
})
