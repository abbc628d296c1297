/**
 * The CMS's configuration (Decap CMS, /admin/config.yml), generated from the content schema
 * (schema/content.ts) by walking it: every field the build knows, with its Spanish label and hint
 * (`v.title`/`v.description`), required or optional, number widgets with their limits, select widgets
 * for picklists, `pattern` for regex-checked text, list minimums and maximums, and Decap's image widget
 * for text marked `v.metadata({ widget: 'image' })`. What the build rejects, the CMS refuses to save
 * wherever Decap can express the rule; what it cannot (a price "per mes" without an amount, a service id
 * used twice, an unknown {placeholder}) the build still stops, with the same one-line messages.
 *
 * Pure: scripts/cms/admin.ts writes it (build: dist/admin/config.yml; `npm run cms`: served by Vite).
 */
import * as v from 'valibot'
import { stringify } from 'yaml'

/* ---------- Decap's field and config shapes (the parts we write) ---------- */

export interface CmsField {
  name: string
  label: string
  widget: 'string' | 'text' | 'number' | 'select' | 'object' | 'list' | 'image'
  required?: false
  hint?: string
  pattern?: [string, string]
  value_type?: 'int' | 'float'
  step?: number
  min?: number
  max?: number
  options?: (string | number)[]
  multiple?: true
  fields?: CmsField[]
  field?: CmsField
  collapsed?: boolean
  summary?: string
  choose_url?: false
}

export interface CmsFile {
  name: string
  label: string
  file: string
  fields: CmsField[]
}

export interface CmsSettings {
  /** The site's canonical origin (SITE_URL). */
  siteUrl: string
  /** GitHub repository the CMS commits to, `owner/name`. */
  repo: string
  branch: string
  /** Where the GitHub OAuth endpoint lives; empty: Netlify's own (its built-in GitHub provider). */
  authBaseUrl: string
  /** decap-server's API on loopback, for `npm run cms` (used only when the admin runs on localhost). */
  localBackendUrl: string
}

/* ---------- Reading a valibot schema ---------- */

type Node = v.GenericSchema & {
  pipe?: readonly (Node | Action)[]
  wrapped?: Node
  entries?: Record<string, Node>
  item?: Node
  options?: readonly unknown[]
}
type Action = { kind: string; type: string; requirement?: unknown; message?: unknown; metadata?: unknown }

/** The schema under its pipes (`v.pipe(v.pipe(v.string(), …), v.title(…))` → the string schema). */
function baseOf(schema: Node): Node {
  let node = schema
  while (node.pipe) node = node.pipe[0] as Node
  return node
}

/** Every action of a schema's pipes, innermost first. */
function actionsOf(schema: Node): Action[] {
  if (!schema.pipe) return []
  return [...actionsOf(schema.pipe[0] as Node), ...(schema.pipe.slice(1) as Action[])]
}

const action = (actions: Action[], type: string) => actions.find((item) => item.type === type)
const numberOf = (actions: Action[], type: string) => {
  const found = action(actions, type)?.requirement
  return typeof found === 'number' ? found : undefined
}
/**
 * What a pattern's error names, in Decap's sentence "Teléfono no coincide con el patrón: <this>.": the
 * first sentence of the field's hint, else a plain description.
 */
function messageFor(hint: string | undefined, fallback: string): string {
  const first = hint?.split(/\.(\s|$)/)[0]?.trim()
  if (!first) return fallback
  // "Con clave…" reads on as "con clave…"; "MX" stays.
  return /^\p{Lu}\p{Ll}/u.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first
}

/**
 * A JavaScript regex as Decap applies it (`RegExp(pattern)`, no flags). `\p{Lu}` needs the `u` flag,
 * which Decap cannot pass: it becomes the Latin capital letters (Spanish accents included), a subset.
 */
export function patternSource(regex: RegExp): string {
  if (!regex.flags.includes('u')) return regex.source
  const source = regex.source.replaceAll('\\p{Lu}', '[A-ZÀ-ÖØ-Þ]')
  if (/\\[pPu]\{/.test(source)) throw new Error(`cannot express /${regex.source}/u without flags`)
  return source
}

/** Keys whose text is a sentence or a paragraph: a multi-line box instead of a one-line field. */
const LONG_TEXT_KEYS = new Set([
  'description',
  'lead',
  'text',
  'answer',
  'quote',
  'footerBlurb',
  'greeting',
  'paragraphs',
  'socialDescription',
  'certificationNote',
  'note',
])

/** The field a collapsed list item is known by, the first of these it has. */
const SUMMARY_KEYS = ['title', 'name', 'question', 'caption', 'day', 'author', 'label', 'number']

/** One schema field as a Decap field. */
export function fieldFor(name: string, schema: v.GenericSchema): CmsField {
  const required = schema.type !== 'optional' && schema.type !== 'nullish'
  let node = (required ? schema : (schema as Node).wrapped) as Node
  // A clearable number (schema/content.ts: the number or '', which Decap saves for a cleared box):
  // the form shows the number's own field.
  const union = baseOf(node)
  if (union.type === 'union') {
    const kept = ((union.options ?? []) as Node[]).filter(
      (option) => !(option.type === 'literal' && (option as { literal?: unknown }).literal === ''),
    )
    if (kept.length === 1) node = kept[0]!
  }
  const actions = actionsOf(node)
  const base = baseOf(node)
  const label = v.getTitle(node as v.GenericSchema) ?? name
  const hint = v.getDescription(node as v.GenericSchema) || undefined
  const field: CmsField = { name, label, widget: 'string' }
  if (!required) field.required = false
  if (hint) field.hint = hint

  switch (base.type) {
    case 'string': {
      const metadata = action(actions, 'metadata')?.metadata as { widget?: string } | undefined
      if (metadata?.widget === 'image') {
        // The value is the uploaded file's path, which Decap writes itself: the file-name pattern (Unicode
        // letters, which Decap's non-Unicode RegExp cannot read) is left to the build's check.
        field.widget = 'image'
        field.choose_url = false
        break
      }
      if (LONG_TEXT_KEYS.has(name)) field.widget = 'text'
      const regex = actions.find((item) => item.type === 'regex' || item.type === 'email')
      const minLength = numberOf(actions, 'min_length')
      if (regex?.requirement instanceof RegExp)
        field.pattern = [
          patternSource(regex.requirement),
          regex.type === 'email' ? 'un correo como nombre@dominio.mx' : messageFor(hint, 'el formato pedido'),
        ]
      else if (minLength !== undefined && minLength > 1)
        field.pattern = [`^[\\s\\S]{${minLength},}$`, `Al menos ${minLength} caracteres.`]
      break
    }
    case 'number': {
      field.widget = 'number'
      field.value_type = action(actions, 'integer') ? 'int' : 'float'
      if (field.value_type === 'float') field.step = 0.000001
      Object.assign(field, { min: numberOf(actions, 'min_value'), max: numberOf(actions, 'max_value') })
      break
    }
    case 'picklist': {
      const options = [...(base.options ?? [])] as (string | number)[]
      const numbers = options.filter((option): option is number => typeof option === 'number')
      const contiguous =
        numbers.length === options.length &&
        numbers.every((option, index) => Number.isInteger(option) && option === numbers[0]! + index)
      if (contiguous) {
        // 1…5 stars: a number box with its limits saves a number, as the schema wants.
        Object.assign(field, { widget: 'number', value_type: 'int', min: numbers[0], max: numbers.at(-1) })
      } else Object.assign(field, { widget: 'select', options })
      break
    }
    case 'object':
    case 'strict_object':
    case 'loose_object':
      field.widget = 'object'
      field.fields = fieldsOf(base)
      if (!required) field.collapsed = true
      break
    case 'array': {
      const min = numberOf(actions, 'min_length')
      const item = fieldFor(name, base.item as v.GenericSchema)
      if (item.widget === 'select') {
        // A list of picklist values: one select with several choices.
        Object.assign(field, { widget: 'select', options: item.options, multiple: true })
      } else {
        field.widget = 'list'
        if (item.widget === 'object') {
          field.fields = item.fields
          // A collapsed item shows its name, not "services 3".
          const named = item.fields?.find((inner) => SUMMARY_KEYS.includes(inner.name))
          if (named) field.summary = `{{fields.${named.name}}}`
          field.collapsed = true
        } else {
          // Short texts, each shown open: a collapsed one would show only the list's name.
          field.field = { ...item, label: field.label, hint: undefined }
          field.collapsed = false
        }
      }
      if (min !== undefined && min > 0) field.min = min
      else field.required = false
      field.max = numberOf(actions, 'max_length')
      break
    }
    default:
      throw new Error(`${name}: no CMS widget for a valibot ${base.type} schema`)
  }
  // Drop keys left undefined (a limit the schema leaves out, a list item's hint), so the YAML has no `null`s.
  return JSON.parse(JSON.stringify(field)) as CmsField
}

/** The fields of an object schema, in the schema's order. */
export function fieldsOf(schema: v.GenericSchema): CmsField[] {
  const entries = baseOf(schema as Node).entries
  if (!entries) throw new Error('expected an object schema')
  return Object.entries(entries).map(([name, entry]) => fieldFor(name, entry))
}

/* ---------- The whole configuration ---------- */

export const MEDIA_FOLDER = 'content/media'
export const PUBLIC_MEDIA_FOLDER = '/media'

/** One file collection, one entry per content file (content/<name>.yaml), in the schema's order. */
export function filesOf(schemas: Readonly<Record<string, v.GenericSchema>>): CmsFile[] {
  return Object.entries(schemas).map(([name, schema]) => ({
    name,
    label: v.getTitle(schema) ?? name,
    file: `content/${name}.yaml`,
    fields: fieldsOf(schema),
  }))
}

/**
 * The admin's configuration. `local`: the one `npm run cms` serves, which also names decap-server on loopback
 * (`local_backend`); a build's config leaves it out, as its policy leaves out the proxy's http: origin.
 */
export function cmsConfig(
  schemas: Readonly<Record<string, v.GenericSchema>>,
  settings: CmsSettings,
  { local = false }: { local?: boolean } = {},
) {
  const { hostname } = new URL(settings.localBackendUrl)
  return {
    locale: 'es',
    backend: {
      name: 'github',
      repo: settings.repo,
      branch: settings.branch,
      commit_messages: {
        update: 'Contenido: actualiza {{path}} desde el CMS',
        uploadMedia: 'Contenido: sube {{path}}',
        deleteMedia: 'Contenido: borra {{path}}',
      },
      ...(settings.authBaseUrl ? { base_url: settings.authBaseUrl, auth_endpoint: 'api/auth' } : {}),
    },
    // `npm run cms`: decap-server on loopback, used only when the admin itself is opened on loopback.
    ...(local ? { local_backend: { url: settings.localBackendUrl, allowed_hosts: [hostname] } } : {}),
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    media_folder: MEDIA_FOLDER,
    public_folder: PUBLIC_MEDIA_FOLDER,
    collections: [
      {
        name: 'files',
        label: 'Contenido del sitio',
        format: 'yml',
        editor: { preview: false },
        files: filesOf(schemas),
      },
    ],
  }
}

export const cmsConfigYaml = (...args: Parameters<typeof cmsConfig>) =>
  `# Written by the build from schema/content.ts (scripts/cms/config.ts): do not edit.\n${stringify(
    cmsConfig(...args),
    { lineWidth: 0 },
  )}`
