/**
 * @jest-environment node
 *
 * The import rules of eslint.config.js bite (decisions 032 and 038): the site (src/, pages/, renderer/) and the edge
 * (functions/, edge/, workers/) meet only in contract/, which imports neither; schema/ (the content's schema and the
 * page paths) imports none of its users; src/config/ does not import src/content/; and no import cycle anywhere.
 * What the rules allow (the site, the edge and schema/ importing contract/, a Worker the edge, src/config/ and the
 * build schema/) the tree itself does, so `npm run lint` proves it passes.
 * Each case is a file that breaks a rule, linted with the project's own config as if it stood at that path
 * (ESLint's lintText, ignores off); the cycle is two real files (test/fixtures/import-rules/, which `npm run lint`
 * leaves out). ESLint loads its config with import(), which jest's module system does not do, so the cases run in
 * one child process of the project's Node.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')

/** [what the case is, the file's path, its one import]. */
type Case = [name: string, filePath: string, code: string]
interface Finding {
  rules: string[]
  messages: string[]
}

/** Lints every case (text at a path, or a file on disk when code is empty); what each breaks. */
function lint(cases: Case[]): Finding[] {
  const script = `
    import { ESLint } from 'eslint'
    const ruleFilter = ({ ruleId }) => ['no-restricted-imports', 'import-x/no-cycle'].includes(ruleId)
    const eslint = new ESLint({ cwd: ${JSON.stringify(root)}, ignore: false, ruleFilter })
    const findings = []
    for (const [, filePath, code] of JSON.parse(process.argv[1])) {
      const [result] = code ? await eslint.lintText(code, { filePath }) : await eslint.lintFiles([filePath])
      const { messages } = result
      findings.push({ rules: messages.map((m) => m.ruleId ?? m.message), messages: messages.map((m) => m.message) })
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

/** Each case re-exports from the folder it may not import (`export *`, a declaration the rule reads as an import). */
const crossings: Case[] = [
  ['the site imports the edge', 'src/fixture.ts', '../edge/inbox/api'],
  ['a page imports a function', 'pages/fixture.tsx', '../functions/api/leads'],
  ['the renderer imports a Worker', 'renderer/fixture.ts', '../workers/lead-schedule/index'],
  ['the edge imports the site', 'edge/leads/fixture.ts', '../../src/content/contacto'],
  ['a function imports the site', 'functions/api/fixture.ts', '../../src/config/site'],
  ['a Worker imports the site', 'workers/lead-schedule/fixture.ts', '../../src/config/site'],
  ['the contract imports the edge', 'contract/fixture.ts', '../edge/leads/store'],
  ['the contract imports the site', 'contract/fixture.ts', '../src/config/site'],
  ['the schema imports the site', 'schema/fixture.ts', '../src/config/site'],
  ['the schema imports the build', 'schema/fixture.ts', '../scripts/build/content/load'],
  ['the site config imports a content module', 'src/config/fixture.ts', '../content/shared'],
].map(([name, file, from]): Case => [name!, file!, `export * from '${from}'\n`])
crossings.push([
  "the inbox's page imports the edge's types",
  'src/inbox/fixture.ts',
  "import type { LeadFilter } from '../../edge/inbox/store'\nexport type F = LeadFilter\n",
])

const cycle: Case = ['a cycle', 'test/fixtures/import-rules/cycle-a.ts', '']

let findings: Finding[]
beforeAll(() => {
  findings = lint([...crossings, cycle])
}, 120_000)

test.each(crossings.map((item, index) => [item[0], item[2], index] as const))(
  '%s: an error that names the folder it may not import',
  (_name, code, index) => {
    const { rules, messages } = findings[index]!
    expect(rules).toEqual(['no-restricted-imports'])
    expect(messages[0]).toContain(`${/from '(?:\.\.\/)+(\w+)\//.exec(code)![1]}/`)
    expect(messages[0]).toMatch(/may not import from/)
  },
)

test('an import cycle is an error, named at the import that closes it', () => {
  const { rules, messages } = findings[crossings.length]!
  expect(rules).toEqual(['import-x/no-cycle'])
  expect(messages[0]).toMatch(/cycle/i)
})
