/**
 * Content as data (content/*.yaml, checked by schema/content.ts), from the owner's side:
 * - a bad file or a bad upload stops `npm run build` before anything is written: one line naming the file, the
 *   field (and the image) and what was expected, a non-zero exit code, and the last good build left as it was;
 * - in the edited build (test/helpers/builds.ts), a count written in a text follows the content and the grids hold
 *   counts other than the spec's (seven services, five FAQs, two testimonials, four team members), measured in
 *   Chromium at phone and desktop widths (its new phone number and price everywhere: test/owner/cms.test.ts).
 * Each bad folder is checked by the build's own check, all in one process; one goes through the whole build. The
 * edited build is made once per run.
 * Run: `npx jest test/visitor/content.test.ts --selectProjects chromium`.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ContentCheck } from '../../scripts/build/check-content'
import { uploadTo } from '../../scripts/fixtures/photo-content'
import { samplePhoto } from '../../scripts/fixtures/sample-photos'
import { buildIntoSync, shellEnvironment } from '../../scripts/lib/build-into'
import { openPage, theBrowser } from '../helpers/browser'
import { builtSite, contentCopy, projectRoot, replace } from '../helpers/builds'
import { servicesInJsonLd } from '../helpers/published-facts'
import { theSite } from '../helpers/site'

jest.setTimeout(300_000)

const scratch = mkdtempSync(path.join(tmpdir(), 'content-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A command in the project, with extra env, as a shell runs it (Jest sets NODE_ENV=test). */
const run = (command: string, args: string[], env: Record<string, string>) =>
  spawnSync(command, args, { cwd: projectRoot, env: shellEnvironment(env), encoding: 'utf8' })

/** Every file under `dir` with its bytes: what "left exactly as it was" compares. */
function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()
  return Object.fromEntries(
    files.flatMap((file) => {
      try {
        return [[file, readFileSync(path.join(dir, file)).toString('base64')]]
      } catch {
        return [] // a folder
      }
    }),
  )
}

/** A "last good build" in `<scratch>/<name>/dist`: a page and an asset, as a host would be serving them. */
function lastGoodBuild(name: string): string {
  const dist = path.join(scratch, name, 'dist')
  mkdirSync(path.join(dist, 'assets'), { recursive: true })
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>La última versión buena</title>')
  writeFileSync(path.join(dist, 'assets', 'inicio-good.js'), 'console.log("last good build")')
  return dist
}

type Edits = Record<string, (text: string) => string>

const sevenTestimonials = (text: string) => {
  const start = text.indexOf('    - quote:')
  if (start < 0) throw new Error('inicio.yaml has no testimonials: update this test')
  const end = text.indexOf('\ncta:')
  const one = text.slice(start, text.indexOf('    - quote:', start + 1))
  return `${text.slice(0, end + 1)}${one.repeat(4)}${text.slice(end + 1)}`
}

/** A bad edit of the text files, or an upload (bytes null: named but never uploaded), and the line it gets. */
interface Bad {
  problem: string
  edits?: Edits
  upload?: { file: string; field: (string | number)[]; name: string; bytes: () => Promise<Buffer | null> }
  line: string
}

const badContent: Bad[] = [
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
  {
    problem: 'a damaged photo (cut off halfway)',
    upload: {
      file: 'inicio.yaml',
      field: ['hero', 'image'],
      name: 'portada-rota.jpg',
      bytes: async () => {
        const whole = await samplePhoto({ width: 2000, height: 1500 })
        return whole.subarray(0, Math.floor(whole.length * 0.6))
      },
    },
    line: 'inicio.yaml: hero.image: /media/portada-rota.jpg: the image is damaged and cannot be decoded',
  },
  {
    problem: 'a text file named .jpg',
    upload: {
      file: 'servicios.yaml',
      field: ['gallery', 'items', 2, 'image'],
      name: 'notas.jpg',
      bytes: async () => Buffer.from('Alberca de la familia López: fotos pendientes.\n'),
    },
    line: 'servicios.yaml: gallery.items[2].image: /media/notas.jpg: not an image the build can read',
  },
  {
    problem: 'an iPhone HEIC photo',
    upload: {
      file: 'nosotros.yaml',
      field: ['story', 'image'],
      name: 'IMG_0412.HEIC',
      // The start of an HEIC file (an ISO box "ftyp" of brand heic): sharp's libheif here has no HEVC decoder.
      bytes: async () =>
        Buffer.concat([
          Buffer.from([0, 0, 0, 0x18]),
          Buffer.from('ftypheic\0\0\0\0mif1heic'),
          Buffer.alloc(4096, 7),
        ]),
    },
    line: 'nosotros.yaml: story.image: /media/IMG_0412.HEIC: HEIC photos cannot be read by the build: upload it as JPEG',
  },
  {
    problem: 'a file the content names but nobody uploaded',
    upload: { file: 'contacto.yaml', field: ['image'], name: 'oficina.jpg', bytes: async () => null },
    line: 'contacto.yaml: image: /media/oficina.jpg: file not found',
  },
  {
    problem: 'a photo too small for the home cover',
    upload: {
      file: 'inicio.yaml',
      field: ['hero', 'image'],
      name: 'portada-chica.jpg',
      bytes: () => samplePhoto({ width: 1000, height: 750 }),
    },
    line: 'inicio.yaml: hero.image: /media/portada-chica.jpg: the photo is 1000 px wide; the home cover photo needs at least 1280 px: upload a larger photo',
  },
  {
    problem: 'an image with neither an upload nor a whole stock photo',
    edits: { 'inicio.yaml': (t) => replace(t, '    width: 1600\n    height: 1067\n', '') },
    line: 'inicio.yaml: hero.image: expected an uploaded file (file), or a stock photo with its photo, width and height',
  },
]

/**
 * The content check (scripts/build/check-content.ts, the build's first step) of each folder, in one process for
 * all: what it says of each. Only the first folder goes through the whole `npm run build` (below): that the build
 * stops at the check, before anything is written, is the same for every problem.
 */
function checkFolders(folders: string[], env: Record<string, string>): ContentCheck[] {
  const script = `import { checkContent } from './scripts/build/check-content.ts'
for (const dir of process.argv.slice(1)) console.log(JSON.stringify(await checkContent(dir)))`
  const check = run(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, ...folders],
    env,
  )
  if (check.status !== 0) throw new Error(`the content check did not run:\n${check.stderr}`)
  return check.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ContentCheck)
}

describe('a bad content file or upload stops the build before anything is written', () => {
  const images = { IMAGE_CACHE_DIR: path.join(scratch, 'images') }
  const folders = new Map<string, string>()
  let checks: Map<string, ContentCheck>

  beforeAll(async () => {
    for (const { problem, edits, upload } of badContent) {
      const content = contentCopy(path.join(scratch, problem.replace(/\W+/g, '-'), 'content'), edits)
      if (upload) uploadTo(content, upload.file, upload.field, upload.name, await upload.bytes())
      folders.set(problem, content)
    }
    const results = checkFolders([...folders.values()], images)
    checks = new Map([...folders.keys()].map((problem, i) => [problem, results[i]!]))
  })

  test.each(badContent)(
    '$problem: one line names the file, the field and what was expected',
    ({ problem, line }) => {
      // One problem, one line: no other content line is reported for a single bad edit.
      expect(checks.get(problem)?.problems).toEqual([expect.stringContaining(line)])
    },
  )

  test('npm run build stops at the check with that line and a non-zero exit, and the last good build is left as it was', () => {
    const [{ problem, line }] = badContent as [Bad]
    const dist = lastGoodBuild('npm-run-build')
    const before = snapshot(dist)
    const build = buildIntoSync({
      dist,
      env: { CONTENT_DIR: folders.get(problem)!, ...images },
      cwd: projectRoot,
    })
    expect(build.status).not.toBe(0)
    expect(build.stderr.split('\n').filter((l) => /^\w+\.yaml: /.test(l))).toEqual([
      expect.stringContaining(line),
    ])
    expect(build.stdout).not.toMatch(/vite v\d/)
    expect(snapshot(dist)).toEqual(before)
  })

  test('vite alone (a host that skips the check step) fails the same way and writes nothing', () => {
    const content = contentCopy(path.join(scratch, 'vite-alone', 'content'), badContent[0]!.edits)
    const dist = lastGoodBuild('vite-alone')
    const before = snapshot(dist)
    const build = run('npx', ['vite', 'build'], { CONTENT_DIR: content, DIST_DIR: dist })
    expect(build.status).not.toBe(0)
    expect(`${build.stdout}\n${build.stderr}`).toContain(badContent[0]!.line)
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

describe('the edited build: counts follow the content, grids hold other counts', () => {
  const dist = builtSite('edited')
  const html = (file: string) => readFileSync(path.join(dist, file), 'utf8')

  // The new phone number and price everywhere a visitor meets them, in this same build: test/owner/cms.test.ts
  // (expectPhoneEverywhere, expectMaintenancePrice), after the owner's own edit in the CMS.
  test('the seventh service is in the JSON-LD, and a text that counts the services follows it ({Num_servicios})', () => {
    expect(servicesInJsonLd(html('servicios.html')).map((item) => item.name)).toContain('Climatización')
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

  const site = theSite({ build: 'edited' })
  const browser = theBrowser()
  // [what, path, selector of each item, count]
  const grids: [string, string, string, number][] = [
    ['seven services', '/servicios', 'ul[aria-labelledby="lista-servicios"] > li', 7],
    ['five FAQs', '/contacto', 'section[aria-labelledby="preguntas"] details', 5],
    ['two testimonials', '/', 'section[aria-labelledby="testimonios"] ul > li', 2],
    ['four team members', '/nosotros', 'section[aria-labelledby="equipo"] ul > li', 4],
  ]

  describe.each([375, 1280])('at %i px', (width) => {
    test.each(grids)(
      '%s: all shown, inside the page, none overlapping',
      async (_what, route, selector, count) => {
        const { page, problems } = await openPage(browser, { width })
        try {
          await page.goto(`${site.url}${route}`, { waitUntil: 'load' })
          const layout = await page.$$eval(selector, (items) =>
            items.map((item) => {
              const { left, right, top, bottom, width, height } = item.getBoundingClientRect()
              return { left, right, width, height, top: top + scrollY, bottom: bottom + scrollY }
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
