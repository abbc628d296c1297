/**
 * Turns one loaded content file into a module: its data, deeply frozen, with each icon name replaced
 * by the lucide component of that name, imported by name, so a page's chunk carries only the icons
 * its own file uses. ESM for Vite, CommonJS for jest. A top-level number or text is also a named export
 * (`import { answerHours } from 'content:promesa'`): a constant the bundler inlines where a sentence quotes it,
 * so the sentence ships as one string; unused ones are dropped.
 */
import path from 'node:path'
import { iconNames } from '../../../schema/content'
import { projectRoot } from './load'

const MARK = '__lucide_icon__:'
const ICON = /"__lucide_icon__:([A-Za-z]+)"/g

export function emitModule(data: unknown, format: 'esm' | 'cjs'): string {
  const used = new Set<string>()
  const known = new Set<string>(iconNames)
  const json = JSON.stringify(data, (key, value: unknown) => {
    if (key === 'icon' && typeof value === 'string' && known.has(value)) {
      used.add(value)
      return `${MARK}${value}`
    }
    return value
  })
  const body = json.replace(ICON, (_, name: string) => name)
  const icons = [...used].sort()
  const freeze = path.join(projectRoot, 'src/content/freeze.ts')
  const constants = Object.entries(data as Record<string, unknown>).filter(
    ([key, value]) =>
      /^[A-Za-z_$][\w$]*$/.test(key) && (typeof value === 'number' || typeof value === 'string'),
  )
  if (format === 'esm')
    return [
      icons.length ? `import { ${icons.join(', ')} } from 'lucide-react'` : '',
      `import { deepFreeze } from ${JSON.stringify(freeze)}`,
      ...constants.map(([key, value]) => `export const ${key} = ${JSON.stringify(value)}`),
      // Pure: a module whose named constants are all a page uses (content:promesa) adds no object to it.
      `export default /* @__PURE__ */ deepFreeze(${body})`,
      '',
    ].join('\n')
  return [
    '"use strict"',
    'Object.defineProperty(exports, "__esModule", { value: true })',
    icons.length ? `const { ${icons.join(', ')} } = require('lucide-react')` : '',
    `const { deepFreeze } = require(${JSON.stringify(freeze)})`,
    ...constants.map(([key, value]) => `exports.${key} = ${JSON.stringify(value)}`),
    `exports.default = deepFreeze(${body})`,
    '',
  ].join('\n')
}
