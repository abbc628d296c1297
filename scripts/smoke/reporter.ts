/**
 * The verdict, three ways: summary lines for people (`PASS name`, `FAIL name: reason`, then
 * `N passed, M failed`), a JUnit XML file for CI systems (one testcase per check, same names), and a
 * plain-text report with every problem found.
 */
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

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '') // eslint-disable-line no-control-regex
}

export function junitXml(
  list: Outcome[],
  { baseUrl, timestamp, seconds }: { baseUrl: string; timestamp: Date; seconds: number },
): string {
  const failures = list.filter((outcome) => !outcome.passed).length
  const cases = list.map((outcome) => {
    const open = `    <testcase classname="smoke" name="${outcome.name}" time="${outcome.seconds.toFixed(3)}"`
    const parts: string[] = []
    if (!outcome.passed) {
      parts.push(
        `      <failure message="${xml(outcome.reason)}" type="${outcome.name}">${xml(outcome.problems.join('\n'))}</failure>`,
      )
    }
    if (outcome.notes.length) parts.push(`      <system-out>${xml(outcome.notes.join('\n'))}</system-out>`)
    return parts.length ? `${open}>\n${parts.join('\n')}\n    </testcase>` : `${open}/>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="smoke" tests="${list.length}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="smoke ${xml(baseUrl)}" tests="${list.length}" failures="${failures}" errors="0" skipped="0" time="${seconds.toFixed(3)}" timestamp="${timestamp.toISOString().slice(0, 19)}">`,
    `    <properties><property name="base-url" value="${xml(baseUrl)}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
