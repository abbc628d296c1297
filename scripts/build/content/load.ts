/**
 * The content loader: reads content/*.yaml (or CONTENT_DIR), validates every file against its schema
 * (schema/content.ts), fills in the texts that quote a fact ({marca}, {domicilio}, {fundacion}, {precio:<id>},
 * {años_redondeados}, the promised answer times {horas_respuesta} and {horas_emergencia}, and counts in words: {num_servicios}, {num_zonas}, {num_pasos})
 * and checks that no text quotes a price the data no longer has. Used at build time only: by the Vite
 * plugin, the jest transform, `scripts/build/check-content.ts` and scripts that need the facts.
 *
 * Every problem is one line: `servicios.yaml: services[1].price.amount: expected a number, received "ochocientos"`.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { parseDocument } from 'yaml'
import { formatAmount } from '../../../src/content/format'
import { contentSchemas, type ContentName } from '../../../schema/content'

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))

export const contentNames = Object.keys(contentSchemas) as ContentName[]

/** The folder the build reads: CONTENT_DIR (tests point it at a variant) or content/. */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectRoot, env.CONTENT_DIR || 'content')
}

export const contentFile = (dir: string, name: ContentName) => path.join(dir, `${name}.yaml`)

export type LoadedContent = { [N in ContentName]: v.InferOutput<(typeof contentSchemas)[N]> }

export type LoadResult =
  { ok: true; content: LoadedContent; files: string[] } | { ok: false; problems: string[]; files: string[] }

/** `services[1].price.amount` */
function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = ''
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key
    out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key)
  }
  return out || '(file)'
}

/** The schema of the field at an issue's path (pipes keep their base schema's entries and item). */
function fieldSchema(root: v.GenericSchema, issue: v.BaseIssue<unknown>): v.GenericSchema | undefined {
  let schema: unknown = root
  for (const item of issue.path ?? []) {
    const node = schema as { entries?: Record<string, unknown>; item?: unknown; wrapped?: unknown }
    const inner = (node.wrapped ?? node) as typeof node
    schema = typeof item.key === 'number' ? inner.item : inner.entries?.[String(item.key)]
    if (!schema) return undefined
  }
  return schema as v.GenericSchema
}

const expectedByType: Record<string, string> = {
  string: 'text',
  number: 'a number',
  picklist: 'one of the listed values',
  strict_object: 'a group of fields',
  object: 'a group of fields',
  array: 'a list',
}

function issueMessage(root: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  // A key the schema does not know (strictObject).
  if (issue.expected === 'never') return 'unknown field, remove it or check its spelling'
  if (issue.received === 'undefined') {
    const field = fieldSchema(root, issue)
    const wrapped = (field as { wrapped?: v.GenericSchema } | undefined)?.wrapped ?? field
    const what = (wrapped && expectedByType[wrapped.type]) || 'a value'
    const title = field ? v.getTitle(field) : undefined
    return `missing, expected ${what}${title ? ` (${title})` : ''}`
  }
  if (issue.kind === 'schema' && issue.message.startsWith('expected') && !issue.message.includes('received'))
    return `${issue.message}, received ${issue.received}`
  return issue.message
}

const TEMPLATE = /\{([^{}]*)\}/g

/** Counts in words, as a sentence says them ("servicio en diez zonas"); the lists stay far below 20. */
const NUMBER_WORDS = (
  'cero un dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete ' +
  'dieciocho diecinueve veinte'
).split(' ')
export const countInWords = (count: number) => NUMBER_WORDS[count] ?? String(count)

/**
 * Full years since the founding year, rounded down to a multiple of 5 and always below the real figure,
 * so "Más de {años_redondeados} años" stays true as the years pass: 10 from the 11th year to the 15th.
 */
export const roundedYears = (foundingYear: number, year: number) =>
  Math.max(0, Math.floor((year - foundingYear - 1) / 5) * 5)

/** A placeholder written with a capital ({Num_servicios}) gives its value with a capital. */
function lookUp(vars: ReadonlyMap<string, string>, name: string): string | undefined {
  const exact = vars.get(name)
  if (exact !== undefined) return exact
  const lower = vars.get(name.charAt(0).toLowerCase() + name.slice(1))
  return lower === undefined || name.charAt(0) === name.charAt(0).toLowerCase()
    ? undefined
    : lower.charAt(0).toUpperCase() + lower.slice(1)
}

/**
 * `value` rebuilt with `visit` applied to every node, each with its path (`services[1].price.amount`): what `visit`
 * returns replaces the node; `undefined` keeps it and goes on into its items or fields.
 */
export function mapContent(
  value: unknown,
  visit: (node: unknown, where: string) => unknown,
  where = '',
): unknown {
  const mapped = visit(value, where)
  if (mapped !== undefined) return mapped
  if (Array.isArray(value)) return value.map((item, index) => mapContent(item, visit, `${where}[${index}]`))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        mapContent(item, visit, where ? `${where}.${key}` : key),
      ]),
    )
  return value
}

/** The year texts are written for: the build's (CONTENT_YEAR pins it, for tests of other years). */
const buildYear = () => Number(process.env.CONTENT_YEAR) || new Date().getFullYear()

/** Reads and checks every content file. Never throws for bad content: returns the problems. */
export function loadContent(dir: string = contentDir()): LoadResult {
  const problems: string[] = []
  const raw: Partial<Record<ContentName, unknown>> = {}
  const files = contentNames.map((name) => contentFile(dir, name))
  for (const name of contentNames) {
    const file = `${name}.yaml`
    const full = contentFile(dir, name)
    if (!existsSync(full)) {
      problems.push(`${file}: (file): missing, expected ${full}`)
      continue
    }
    const doc = parseDocument(readFileSync(full, 'utf8'), { prettyErrors: true })
    if (doc.errors.length) {
      for (const error of doc.errors) problems.push(`${file}: ${error.message.split('\n')[0]}`)
      continue
    }
    const result = v.safeParse(contentSchemas[name], doc.toJS())
    if (!result.success) {
      for (const issue of result.issues)
        problems.push(`${file}: ${issuePath(issue)}: ${issueMessage(contentSchemas[name], issue)}`)
      continue
    }
    raw[name] = result.output
  }
  if (problems.length) return { ok: false, problems, files }
  const parsed = raw as LoadedContent

  const services = parsed.servicios.services
  services.forEach(({ id }, index) => {
    if (services.findIndex((other) => other.id === id) < index)
      problems.push(`servicios.yaml: services[${index}].id: expected a unique id, "${id}" is used twice`)
  })

  const { address } = parsed.site
  const vars = new Map<string, string>([
    ['marca', parsed.site.brand],
    ['domicilio', `${address.area}, ${address.locality}, ${address.regionCode}`],
    ['fundacion', String(parsed.site.foundingYear)],
    ['horas_respuesta', String(parsed.promesa.answerHours)],
    ['horas_emergencia', String(parsed.promesa.emergencyHours)],
    ['años_redondeados', String(roundedYears(parsed.site.foundingYear, buildYear()))],
    ['num_servicios', countInWords(services.length)],
    ['num_zonas', countInWords(parsed.site.serviceAreas.length)],
    ['num_pasos', countInWords(parsed.servicios.process.steps.length)],
  ])
  for (const service of services)
    if (service.price.kind === 'from') vars.set(`precio:${service.id}`, formatAmount(service.price.amount))

  // The placeholders filled in every text; an unknown one is a problem.
  const content = {} as Record<ContentName, unknown>
  const known = [...vars.keys()].map((k) => `{${k}}`).join(', ')
  for (const name of contentNames)
    content[name] = mapContent(parsed[name], (value, where) =>
      typeof value !== 'string'
        ? undefined
        : value.replace(TEMPLATE, (whole, placeholder: string) => {
            const filled = lookUp(vars, placeholder.trim())
            if (filled === undefined)
              problems.push(`${name}.yaml: ${where}: unknown placeholder ${whole}, expected one of ${known}`)
            return filled ?? whole
          }),
    )

  // A price typed into a text (not quoted with {precio:…}) must still be one the services have.
  const prices = new Set(
    services.flatMap(({ price }) => (price.kind === 'from' ? [formatAmount(price.amount)] : [])),
  )
  for (const name of contentNames)
    mapContent(content[name], (value, where) => {
      if (typeof value !== 'string') return undefined
      for (const [quoted] of value.matchAll(/\$\s?\d[\d,.]*\d|\$\d/g))
        if (!prices.has(quoted))
          problems.push(
            `${name}.yaml: ${where}: quotes the price ${quoted}, which no service has; write {precio:<service id>} to quote one`,
          )
      return value
    })

  return problems.length
    ? { ok: false, problems, files }
    : { ok: true, content: content as LoadedContent, files }
}

/** Thrown by loadContentOrThrow: its message is the problem lines. */
export class ContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Content check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.join('\n')}`,
    )
    this.name = 'ContentError'
  }
}

export function loadContentOrThrow(dir: string = contentDir()): LoadedContent {
  const result = loadContent(dir)
  if (!result.ok) throw new ContentError(result.problems)
  return result.content
}
