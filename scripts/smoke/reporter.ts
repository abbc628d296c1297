/**
 * The verdict, three ways: summary lines for people (`PASS name`, `FAIL name: reason`, then
 * `N passed, M failed`), a JUnit XML file for CI systems (one testcase per check, same names; junit-report-builder), and a
 * plain-text report with every problem found.
 */
import junit from 'junit-report-builder'
import type { CheckName } from './checks'
import type { Results } from './context'

export interface Outcome {
  name: CheckName
  passed: boolean
  /** One line: every problem when they fit, else the first and how many more. */
  reason: string
  problems: string[]
  notes: string[]
  seconds: number
}

const REASON_MAX = 320

export function outcomes(results: Results, order: readonly CheckName[]): Outcome[] {
  return order
    .filter((name) => results.selected.has(name))
    .map((name) => {
      const problems = results.problems.get(name) ?? []
      const joined = problems.join('; ')
      const reason =
        joined.length <= REASON_MAX || problems.length === 1
          ? joined
          : `${problems[0]} (+${problems.length - 1} more)`
      return {
        name,
        passed: problems.length === 0,
        reason: reason.replace(/\s+/g, ' '),
        problems,
        notes: results.notes.get(name) ?? [],
        seconds: results.seconds.get(name) ?? 0,
      }
    })
}

export function summaryLines(list: Outcome[]): string[] {
  const lines = list.map((outcome) =>
    outcome.passed
      ? `PASS ${outcome.name}${outcome.notes.length ? ` (${outcome.notes.join('; ')})` : ''}`
      : `FAIL ${outcome.name}: ${outcome.reason}`,
  )
  const failed = list.filter((outcome) => !outcome.passed).length
  return [...lines, `${list.length - failed} passed, ${failed} failed`]
}

export function reportText(list: Outcome[], heading: string): string {
  const blocks = list.map((outcome) => {
    const lines = [`${outcome.passed ? 'PASS' : 'FAIL'} ${outcome.name} (${outcome.seconds.toFixed(1)} s)`]
    for (const problem of outcome.problems) lines.push(`  - ${problem}`)
    for (const note of outcome.notes) lines.push(`  note: ${note}`)
    return lines.join('\n')
  })
  return `${heading}\n\n${blocks.join('\n')}\n`
}

/** One testsuite, one testcase per check: the failure's message and every problem, the notes as system-out. */
export function junitXml(
  list: Outcome[],
  { baseUrl, timestamp, seconds }: { baseUrl: string; timestamp: Date; seconds: number },
): string {
  const report = junit.newBuilder().name('smoke')
  const suite = report.testSuite().name(`smoke ${baseUrl}`).timestamp(timestamp).time(seconds)
  suite.property('base-url', baseUrl)
  for (const outcome of list) {
    const testCase = suite.testCase().className('smoke').name(outcome.name).time(outcome.seconds)
    if (!outcome.passed)
      testCase.failure(outcome.reason, outcome.name).stacktrace(outcome.problems.join('\n'))
    if (outcome.notes.length) testCase.standardOutput(outcome.notes.join('\n'))
  }
  return `${report.build()}\n`
}
