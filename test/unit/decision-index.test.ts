/**
 * @jest-environment node
 *
 * docs/decisions/README.md lists every decision record, with the status the record itself gives, and every record
 * has the template's parts (docs/decisions/template.md): a date, a status, a context that says something.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const dir = path.resolve(__dirname, '../../docs/decisions')
const records = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name))
const index = readFileSync(path.join(dir, 'README.md'), 'utf8')

test.each(records)('%s is in the index with its status, and has a date, a status and a context', (name) => {
  const text = readFileSync(path.join(dir, name), 'utf8')
  const status = /^Status: ([\s\S]*?)\n(?:\n|##)/m.exec(text)?.[1]?.replace(/\s+/g, ' ').trim()
  expect(text).toMatch(new RegExp(`^# ${name.slice(0, 3)}\\. `))
  expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}/m)
  expect(status).toBeTruthy()
  const context = /^## Context\n([\s\S]*?)\n## /m.exec(text)?.[1]?.trim() ?? ''
  expect({ name, context: context.length > 40 && !/not recorded/i.test(context) }).toEqual({
    name,
    context: true,
  })
  const row = index.split('\n').find((line) => line.startsWith(`| [${name.slice(0, 3)}](${name})`))
  expect({ name, listed: row !== undefined }).toEqual({ name, listed: true })
  expect(row!.replace(/\s+/g, ' ')).toContain(status!)
})
