/**
 * @jest-environment node
 *
 * The content files are kept in the layout the CMS writes (scripts/cms/format-content.ts), so a save in
 * the admin changes only the lines of the fields the owner changed. After a hand edit that breaks it:
 * `npm run cms:format`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { formatLikeTheCms } from '../../scripts/cms/format-content'
import { contentSchemas, type ContentName } from '../../schema/content'

test.each(Object.keys(contentSchemas) as ContentName[])(
  'content/%s.yaml is in the CMS’s layout (else run npm run cms:format)',
  (name) => {
    const text = readFileSync(path.join(__dirname, '../../content', `${name}.yaml`), 'utf8')
    expect(formatLikeTheCms(name, text)).toBe(text)
  },
)

test('a hand-written file (comments, flow lists, long lines) is not, and becomes so without losing data', () => {
  const hand = '# a note\nphone: +52 222 123 4567\nbrand: AquaPuebla\nhours:\n  - days: [Monday, Friday]\n'
  const formatted = formatLikeTheCms('site', hand)
  expect(formatted).not.toBe(hand)
  // The form's order (brand before phone), block lists, no comments.
  expect(formatted).toBe(
    'brand: AquaPuebla\nphone: +52 222 123 4567\nhours:\n  - days:\n      - Monday\n      - Friday\n',
  )
  expect(formatLikeTheCms('site', formatted)).toBe(formatted)
})
