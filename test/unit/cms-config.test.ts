/**
 * @jest-environment node
 *
 * The CMS's configuration (scripts/cms/config.ts) against the content schema it is generated from:
 * every field the build reads is a form field with its Spanish label, required where the build
 * requires it, with the limits and formats the build checks, as Decap applies them.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import { parse } from 'yaml'
import { cmsConfig, fieldFor, type CmsField } from '../../scripts/cms/config'
import { contentSchemas, iconNames, priceSchema } from '../../schema/content'

const settings = {
  siteUrl: 'https://www.aquapuebla.mx',
  repo: 'aquapuebla/sitio-web',
  branch: 'main',
  authBaseUrl: '',
  localBackendUrl: 'http://127.0.0.1:8081/api/v1',
}
const config = cmsConfig(contentSchemas, settings)
const files = config.collections[0]!.files
const fileOf = (name: string) => files.find((file) => file.name === name)!

/** The form field at a dotted path (`services.price.amount`; list items have no index). */
function fieldAt(fields: CmsField[], dotted: string): CmsField | undefined {
  const [head, ...rest] = dotted.split('.')
  const field = fields.find((item) => item.name === head)
  if (!field || rest.length === 0) return field
  const inner = field.fields ?? (field.field ? [field.field] : [])
  return fieldAt(field.field ? [{ ...field.field, name: rest[0]! }] : inner, rest.join('.'))
}

/** Decap's own check of a pattern (`RegExp(pattern[0]).test(value)`, no flags). */
const decapAccepts = (field: CmsField, value: string) => RegExp(field.pattern![0]).test(value)

/** Every leaf of a parsed YAML document: [dotted path without indexes, value]. */
function* leaves(value: unknown, where = ''): Generator<[string, unknown]> {
  if (Array.isArray(value)) for (const item of value) yield* leaves(item, where)
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* leaves(item, where ? `${where}.${key}` : key)
  else yield [where, value]
}

/** Every leaf of every content file, with its file's name and form fields. */
const contentLeaves = files.flatMap(({ name, fields }) =>
  [...leaves(parse(readFileSync(path.join(__dirname, '../../content', `${name}.yaml`), 'utf8')))].map(
    ([dotted, value]) => [name, fields, dotted, value] as const,
  ),
)

/** Every field of a schema: [dotted path, schema, required], walking objects and list items. */
function* schemaFields(schema: v.GenericSchema, where = ''): Generator<[string, v.GenericSchema, boolean]> {
  const node = schema as { entries?: Record<string, v.GenericSchema>; item?: v.GenericSchema }
  for (const [key, entry] of Object.entries(node.entries ?? {})) {
    const optional = entry.type === 'optional'
    const inner = (optional ? (entry as unknown as { wrapped: v.GenericSchema }).wrapped : entry) as {
      entries?: unknown
      item?: { entries?: unknown }
    }
    const dotted = where ? `${where}.${key}` : key
    yield [dotted, entry, !optional]
    if (inner.entries) yield* schemaFields(inner as v.GenericSchema, dotted)
    if (inner.item?.entries) yield* schemaFields(inner.item as v.GenericSchema, dotted)
  }
}

describe('the CMS configuration generated from the content schema', () => {
  // The build's config.yml without the local proxy, `npm run cms` editing through it, and a photo landing in
  // content/media/ as /media/<name>: in Chromium, test/owner/cms.test.ts and cms-phone.test.ts.
  it('is in Spanish, has one file collection with one entry per content file, and edits those files', () => {
    expect(config.locale).toBe('es')
    expect(config.collections).toHaveLength(1)
    expect(config.collections[0]).toMatchObject({ name: 'files', format: 'yml' })
    expect(files.map((file) => file.file)).toEqual(
      Object.keys(contentSchemas).map((name) => `content/${name}.yaml`),
    )
    expect(files.map((file) => file.label)).toEqual(Object.values(contentSchemas).map(v.getTitle))
  })

  it('has a form field, with the schema’s Spanish label and required flag, for every schema field', () => {
    const wrong = Object.entries(contentSchemas).flatMap(([name, schema]) =>
      [...schemaFields(schema)].flatMap(([dotted, field, required]) => {
        const formField = fieldAt(fileOf(name).fields, dotted)
        if (!formField) return [`${name}.${dotted}: no form field`]
        const title = v.getTitle(
          required ? field : (field as unknown as { wrapped: v.GenericSchema }).wrapped,
        )
        // Decap's default is required; a list that may be empty is optional too.
        const optional = !required || (formField.widget === 'list' && formField.min === undefined)
        return [
          ...(title && formField.label !== title ? [`${name}.${dotted}: label ${formField.label}`] : []),
          ...((formField.required === false) !== optional
            ? [`${name}.${dotted}: required ${!optional}`]
            : []),
        ]
      }),
    )
    expect(wrong).toEqual([])
  })

  it('knows every value the content files hold today and accepts each of them; every image takes an upload beside its required alt', () => {
    const wrong = contentLeaves.flatMap(([name, fields, dotted, value]) => {
      const field = fieldAt(fields, dotted)
      if (!field) return [`${name}.${dotted}: unknown`]
      const upload = dotted.endsWith('image.alt') && fieldAt(fields, dotted.replace(/alt$/, 'file'))
      return [
        field.pattern && !decapAccepts(field, String(value)) && `${name}.${dotted}: refused`,
        field.widget === 'number' && typeof value !== 'number' && `${name}.${dotted}: not a number`,
        upload !== false && field.required !== undefined && `${name}.${dotted}: alt not required`,
        upload !== false &&
          (upload?.widget !== 'image' || upload.required !== false) &&
          `${name}.${dotted}: no optional image widget beside it`,
      ].filter(Boolean)
    })
    expect(wrong).toEqual([])
    expect(contentLeaves.filter(([, , dotted]) => dotted.endsWith('image.alt')).length).toBeGreaterThan(5)
  })

  it('refuses what the build refuses: phone, e-mail, WhatsApp number, postal code, stock-photo id, initials', () => {
    // [file, field, values Decap accepts, values it refuses]
    const cases: [string, string, string[], string[]][] = [
      ['site', 'phone', ['+52 222 987 6543'], ['', '222 123 4567', '+52-222-123-4567', 'llámanos']],
      ['site', 'email', ['hola@aquapuebla.mx'], ['hola', 'hola@', 'hola@aquapuebla', 'ho la@aquapuebla.mx']],
      ['site', 'whatsapp.number', [], ['52 222']],
      ['site', 'address.postalCode', [], ['7200']],
      ['inicio', 'hero.image.photo', ['1576013551627-0cc20b96c2a7'], ['https://example.com/foto.jpg']],
      ['nosotros', 'team.members.initials', ['ÁL'], ['al', 'ABCD']],
    ]
    for (const [file, dotted, good, bad] of cases) {
      const field = fieldAt(fileOf(file).fields, dotted)!
      const accepted = [...good, ...bad].filter((value) => decapAccepts(field, value))
      expect({ dotted, accepted }).toEqual({ dotted, accepted: good })
    }
    const site = fileOf('site').fields
    expect(fieldAt(site, 'phone')).toMatchObject({ label: 'Teléfono', widget: 'string' })
    expect(fieldAt(site, 'whatsapp.number')!.required).toBe(false)
  })

  it('gives numbers number boxes with their limits, picklists selects, lists their minimum and maximum', () => {
    const pages = ['/', '/nosotros', '/servicios', '/ubicacion', '/contacto']
    const cases: [string, string, Partial<CmsField>][] = [
      ['servicios', 'services', { widget: 'list', label: 'Servicios', min: 1, max: 9 }],
      [
        'servicios',
        'services.price.amount',
        { widget: 'number', value_type: 'int', min: 0, required: false, label: 'Precio desde (MXN)' },
      ],
      ['servicios', 'services.price.per', { widget: 'select', options: ['mes'] }],
      ['servicios', 'services.icon', { widget: 'select', options: [...iconNames] }],
      ['servicios', 'services.features', { widget: 'list', min: 1, max: 8 }],
      ['servicios', 'gallery.items', { min: 1, max: 12 }],
      ['inicio', 'testimonials.items.rating', { widget: 'number', value_type: 'int', min: 1, max: 5 }],
      ['inicio', 'hero.primary.to', { widget: 'select', options: pages }],
      ['site', 'hours', { widget: 'list', min: 2, max: 7 }],
      ['site', 'hours.days', { widget: 'select', multiple: true, min: 1, max: 7 }],
      ['site', 'address.geo.latitude', { widget: 'number', min: -90, max: 90 }],
      ['site', 'foundingYear', { widget: 'number', value_type: 'int', min: 1900 }],
      ['inicio', 'head.keywords', { required: false, max: 12 }],
    ]
    for (const [file, dotted, expected] of cases)
      expect({ dotted, field: fieldAt(fileOf(file).fields, dotted) }).toMatchObject({
        dotted,
        field: expected,
      })
  })
})

describe('a price the owner clears in the CMS', () => {
  // Decap's number box saves a cleared box as `amount: ''`; the field hint promises "Consultar precio".
  test('is read as "Consultar precio"; the form still shows an optional number box', () => {
    expect(v.parse(priceSchema, { amount: '' })).toEqual({ kind: 'consult' })
    expect(v.parse(priceSchema, {})).toEqual({ kind: 'consult' })
    expect(v.parse(priceSchema, { amount: 800, per: 'mes' })).toEqual({
      kind: 'from',
      amount: 800,
      per: 'mes',
    })
    expect(fieldFor('amount', priceSchema.pipe[0].entries.amount)).toMatchObject({
      widget: 'number',
      value_type: 'int',
      required: false,
      label: 'Precio desde (MXN)',
    })
  })

  test('any other text is still refused, with the same message', () => {
    const refusal = (price: unknown) => v.safeParse(priceSchema, price).issues?.map((issue) => issue.message)
    expect(refusal({ amount: 'ochocientos' })).toEqual(['expected a number, received "ochocientos"'])
    expect(refusal({ amount: 12.5 })).toEqual(['expected a whole number'])
    expect(refusal({ amount: '', per: 'mes' })).toEqual(['a price "per mes" needs an amount'])
  })
})
