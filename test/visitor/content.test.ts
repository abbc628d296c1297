/**
 * Content as data (content/*.yaml, checked by schema/content.ts), from the owner's side:
 * - a bad file stops `npm run build` before anything is written: one line naming the file, the field and
 *   what was expected, a non-zero exit code, and the last good build left exactly as it was;
 * - a fact written once (the phone) and a price reach every place that shows them;
 * - the grids hold for counts other than the spec's (seven services, five FAQs, two testimonials, four
 *   team members), measured in Chromium at phone and desktop widths.
 * Each variant is a copy of content/ with a few edits, built through CONTENT_DIR into its own DIST_DIR.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'puppeteer-core'
import type { RunningServer } from '../../scripts/serve'
import { expectMaintenancePrice, expectPhoneEverywhere, servicesInJsonLd } from '../helpers/published-facts'
import {
  buildInto,
  contentVariant as contentVariantIn,
  lastGoodBuild as lastGoodBuildIn,
  problemLines,
  replace,
  run,
  snapshot,
  type Edits,
} from '../helpers/content-variants'
import {
  buildVariant,
  launchBrowser,
  openPage,
  removeVariant,
  serveDist,
  type BuiltVariant,
} from '../helpers/browser'

jest.setTimeout(300_000)

const scratch = mkdtempSync(path.join(tmpdir(), 'content-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const contentVariant = (name: string, edits: Edits) => contentVariantIn(scratch, name, edits)
const lastGoodBuild = (name: string) => lastGoodBuildIn(scratch, name)

const sevenTestimonials = (text: string) => {
  const start = text.indexOf('    - quote:')
  if (start < 0) throw new Error('inicio.yaml has no testimonials: update this test')
  const end = text.indexOf('\ncta:')
  const one = text.slice(start, text.indexOf('    - quote:', start + 1))
  return `${text.slice(0, end + 1)}${one.repeat(4)}${text.slice(end + 1)}`
}

const badInputs: { problem: string; edits: Edits; line: string }[] = [
  {
    problem: 'a price in words',
    edits: { 'servicios.yaml': (t) => replace(t, 'amount: 800\n', 'amount: ochocientos\n') },
    line: 'servicios.yaml: services[1].price.amount: expected a number, received "ochocientos"',
  },
  {
    problem: 'an empty phone',
    edits: { 'site.yaml': (t) => replace(t, 'phone: +52 222 123 4567\n', 'phone: ""\n') },
    line: 'site.yaml: phone: expected a phone number like +52 222 123 4567, received ""',
  },
  {
    problem: 'a malformed e-mail',
    edits: { 'site.yaml': (t) => replace(t, 'email: contacto@aquapuebla.mx', 'email: contacto@@aquapuebla') },
    line: 'site.yaml: email: expected an e-mail address, received "contacto@@aquapuebla"',
  },
  {
    problem: 'an unknown icon name',
    edits: { 'servicios.yaml': (t) => replace(t, 'icon: Hammer', 'icon: Martillo') },
    line: 'servicios.yaml: services[0].icon: expected an icon name (Award, BadgeCheck,',
  },
  {
    problem: 'an image without alt text',
    edits: {
      'inicio.yaml': (t) =>
        replace(t, '    alt: Alberca residencial de agua cristalina junto a un jardín con camastros\n', ''),
    },
    line: 'inicio.yaml: hero.image.alt: missing, expected text (Texto alternativo)',
  },
  {
    problem: 'a list over its maximum (seven testimonials)',
    edits: { 'inicio.yaml': sevenTestimonials },
    line: 'inicio.yaml: testimonials.items: expected at most 6 testimonials, received 7',
  },
  {
    problem: 'a description quoting a price no service has',
    edits: {
      'servicios.yaml': (t) => replace(t, 'desde {precio:mantenimiento} al mes', 'desde $750 al mes'),
    },
    line: 'servicios.yaml: head.description: quotes the price $750, which no service has',
  },
]

describe('a bad content file stops the build before anything is written', () => {
  test.each(badInputs)('$problem', ({ problem, edits, line }) => {
    const name = problem.replace(/\W+/g, '-')
    const content = contentVariant(name, edits)
    const dist = lastGoodBuild(name)
    const before = snapshot(dist)
    const build = buildInto(content, dist)
    expect(build.status).not.toBe(0)
    const lines = problemLines(build.stderr)
    expect(lines.filter((l) => l.startsWith(line))).toHaveLength(1)
    // One problem, one line: no other content line is reported for a single bad edit.
    expect(lines).toHaveLength(1)
    expect(build.stdout).not.toMatch(/vite v\d/)
    expect(snapshot(dist)).toEqual(before)
  })

  test('vite alone (a host that skips the check step) fails the same way and writes nothing', () => {
    const content = contentVariant('vite-alone', badInputs[0]!.edits)
    const dist = lastGoodBuild('vite-alone')
    const before = snapshot(dist)
    const build = run('npx', ['vite', 'build'], { CONTENT_DIR: content, DIST_DIR: dist })
    expect(build.status).not.toBe(0)
    expect(`${build.stdout}\n${build.stderr}`).toContain(badInputs[0]!.line)
    expect(snapshot(dist)).toEqual(before)
  })

  test('the check passes on the real content and says so', () => {
    const check = run('npx', ['tsx', 'scripts/build/check-content.ts'], {})
    expect(check.status).toBe(0)
    // Every content file is checked: the five pages, the site's facts and the answer promise.
    const files = readdirSync(path.resolve('content')).filter((name) => name.endsWith('.yaml')).length
    expect(files).toBe(7)
    expect(check.stdout).toMatch(new RegExp(`^Content check passed \\(${files} files`))
  })
})

describe('an edited variant: facts and prices change everywhere, grids hold other counts', () => {
  const NEW_PHONE = '+52 222 987 6543'
  let dist: string
  let built: BuiltVariant | undefined
  let browser: Browser
  let server: RunningServer

  const seventhService = [
    '  - id: climatizacion',
    '    icon: Sun',
    '    title: Climatización',
    '    description: Calentamos tu alberca con bombas de calor y paneles solares para nadar todo el año.',
    '    features:',
    '      - Bombas de calor',
    '      - Paneles solares',
    '    price:',
    '      amount: 30000',
    '',
  ].join('\n')

  beforeAll(() => {
    const content = contentVariant('edited', {
      'site.yaml': (t) => replace(t, 'phone: +52 222 123 4567', `phone: ${NEW_PHONE}`),
      'servicios.yaml': (t) =>
        replace(
          replace(t, 'amount: 800\n', 'amount: 950\n'),
          '\nprocess:\n',
          `\n${seventhService}process:\n`,
        ),
      'contacto.yaml': (t) =>
        replace(
          t,
          '  items:\n    - question:',
          '  items:\n    - question: ¿Trabajan fuera de Puebla?\n      answer: Sí, en toda la zona metropolitana y en Tlaxcala.\n    - question:',
        ),
      // Two testimonials: the first one goes.
      'inicio.yaml': (t) => {
        const start = t.indexOf('    - quote:')
        return t.slice(0, start) + t.slice(t.indexOf('    - quote:', start + 1))
      },
      'nosotros.yaml': (t) =>
        replace(
          t,
          '  members:\n',
          '  members:\n    - name: Lucía Torres Vega\n      position: Atención a clientes\n      experience: 6 años de experiencia\n      initials: LT\n',
        ),
    })
    dist = path.join(scratch, 'edited', 'dist')
    built = buildVariant(dist, { CONTENT_DIR: content })
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    removeVariant(dist, built)
  })

  const html = (file: string) => readFileSync(path.join(dist, file), 'utf8')

  test('the new phone number is in the footer, every tel:/wa.me link and the JSON-LD of every page', () => {
    expectPhoneEverywhere(dist, NEW_PHONE)
  })

  test('the new price is on its card, in its JSON-LD offer and in the description that quotes it', () => {
    expectMaintenancePrice(dist, 950)
    expect(servicesInJsonLd(html('servicios.html')).map((item) => item.name)).toContain('Climatización')
  })

  test('a text that counts the services follows the seventh one ({Num_servicios})', () => {
    expect(html('servicios.html')).toMatch(
      /<meta property="og:description" content="Siete servicios para tu alberca/,
    )
    expect(html('servicios.html')).not.toContain('Seis servicios')
  })

  test("a newly chosen icon ships in its page's chunk only", () => {
    const chunks = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'))
    const pageChunk = (page: string) => {
      const file = chunks.find((name) => name.startsWith(`${page}-`))
      if (!file) throw new Error(`no chunk for ${page} in ${chunks.join(', ')}`)
      return readFileSync(path.join(dist, 'assets', file), 'utf8')
    }
    // lucide names each icon in kebab case inside its definition: Sun is "sun".
    expect(pageChunk('servicios')).toContain('"sun"')
    for (const page of ['inicio', 'nosotros', 'ubicacion', 'contacto'])
      expect(pageChunk(page)).not.toContain('"sun"')
    for (const file of chunks.filter(
      (name) => !/^(servicios|inicio|nosotros|ubicacion|contacto)-/.test(name),
    ))
      expect(readFileSync(path.join(dist, 'assets', file), 'utf8')).not.toContain('"sun"')
  })

  const grids = [
    {
      path: '/servicios',
      what: 'seven services',
      selector: 'ul[aria-labelledby="lista-servicios"] > li',
      count: 7,
    },
    {
      path: '/contacto',
      what: 'five FAQs',
      selector: 'section[aria-labelledby="preguntas"] details',
      count: 5,
    },
    {
      path: '/',
      what: 'two testimonials',
      selector: 'section[aria-labelledby="testimonios"] ul > li',
      count: 2,
    },
    {
      path: '/nosotros',
      what: 'four team members',
      selector: 'section[aria-labelledby="equipo"] ul > li',
      count: 4,
    },
  ]

  describe.each([375, 1280])('at %i px', (width) => {
    test.each(grids)(
      '$what: all shown, inside the page, none overlapping',
      async ({ path: route, selector, count }) => {
        browser ??= await launchBrowser()
        server ??= await serveDist(dist)
        const { page, problems } = await openPage(browser, { width })
        try {
          await page.goto(`${server.url}${route}`, { waitUntil: 'load' })
          const layout = await page.$$eval(selector, (items) =>
            items.map((item) => {
              const box = item.getBoundingClientRect()
              return {
                left: box.left,
                right: box.right,
                top: box.top + window.scrollY,
                bottom: box.bottom + window.scrollY,
                width: box.width,
                height: box.height,
              }
            }),
          )
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(layout).toHaveLength(count)
          expect(overflow).toBeLessThanOrEqual(0)
          for (const box of layout) {
            expect(box.left).toBeGreaterThanOrEqual(0)
            expect(box.right).toBeLessThanOrEqual(width)
            expect(box.width).toBeGreaterThan(Math.min(250, width / 2))
            expect(box.height).toBeGreaterThan(40)
          }
          for (const [i, a] of layout.entries())
            for (const b of layout.slice(i + 1)) {
              const apart =
                a.right <= b.left + 0.5 ||
                b.right <= a.left + 0.5 ||
                a.bottom <= b.top + 0.5 ||
                b.bottom <= a.top + 0.5
              expect(apart).toBe(true)
            }
          if (process.env.CONTENT_SCREENSHOTS)
            await page.screenshot({
              path: path.join(process.env.CONTENT_SCREENSHOTS, `${route.slice(1) || 'inicio'}-${width}.png`),
              fullPage: true,
            })
          expect(problems).toEqual([])
        } finally {
          await page.close()
        }
      },
    )
  })
})
