/**
 * The content files in the CMS's own YAML layout. Decap rewrites a whole file when it saves one (its
 * YAML writer: the `yaml` 1.x package with its defaults, long texts folded at 80 columns, top-level
 * keys in the form's order, no comments). Nested maps come out in the order of Decap's Immutable.js
 * entry data (`entry.get('data').toJS()`): insertion order up to 8 keys, Immutable's hash order beyond
 * (site.yaml's `address`), so the data takes the same round trip here. Kept in that layout, a save in the admin changes only the
 * lines of the fields the owner changed, so the Git history reads as the edits and undoing one is a
 * one-line revert. `npm run cms:format` rewrites content/ so (after a hand edit);
 * test/unit/cms-format.test.ts checks the files are in it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parse } from 'yaml'
import { contentSchemas, type ContentName } from '../../schema/content'

interface YamlV1 {
  createNode(value: unknown): { items: { key?: { toString(): string } }[] }
  Document: new () => { contents: unknown; toString(): string }
}

interface ImmutableJs {
  fromJS(value: unknown): { toJS(): unknown }
}

/** A package as decap-cms-core resolves it: the YAML writer and the Immutable.js its bundle was built with. */
function decapDependency<T>(name: 'yaml' | 'immutable'): T {
  const fromProject = createRequire(path.join(process.cwd(), 'package.json'))
  const core = fromProject.resolve('decap-cms-core/package.json')
  return createRequire(core)(name) as T
}

/** `text` (a content file) as Decap writes it: same data, Decap's layout. */
export function formatLikeTheCms(name: ContentName, text: string): string {
  const yaml = decapDependency<YamlV1>('yaml')
  const { fromJS } = decapDependency<ImmutableJs>('immutable')
  const schema = contentSchemas[name] as unknown as { entries: Record<string, unknown> }
  const order = Object.keys(schema.entries)
  const contents = yaml.createNode(fromJS(parse(text)).toJS())
  const rank = (key: string | undefined) => (key === undefined ? -1 : order.indexOf(key))
  contents.items.sort((a, b) => {
    const [x, y] = [rank(a.key?.toString()), rank(b.key?.toString())]
    return x === -1 || y === -1 ? 0 : x - y
  })
  const doc = new yaml.Document()
  doc.contents = contents
  return doc.toString()
}

if (process.argv[1] && /format-content\.ts$/.test(process.argv[1])) {
  const dir = path.resolve(process.env.CONTENT_DIR || 'content')
  for (const name of Object.keys(contentSchemas) as ContentName[]) {
    const file = path.join(dir, `${name}.yaml`)
    const text = readFileSync(file, 'utf8')
    const formatted = formatLikeTheCms(name, text)
    if (formatted !== text) {
      writeFileSync(file, formatted)
      console.log(`cms:format: ${path.relative(process.cwd(), file)} rewritten in the CMS's layout`)
    }
  }
}
