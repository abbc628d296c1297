/**
 * The company's own photos, as the owner uploads them and as visitors get them. One build of
 * a content copy in which the owner uploaded the home cover, the first two of the gallery's six photos (each
 * with its own caption; the second one a portrait shot stored sideways with an EXIF orientation, as phones do;
 * the other four stay stock photos: GALLERY_UPLOADS says why two) and a huge 12000×9000 photo for /nosotros:
 * phone JPEGs made by the test (scripts/fixtures/sample-photos.ts) with the camera, the date and the GPS
 * position of the house in their EXIF. Then each bad upload stops the build with one line naming the content
 * file, the field and the image, and leaves dist/ as it was.
 * Run alone: `npx jest test/visitor/photos.test.ts --selectProjects chromium --runInBand` (~3 min: the
 * photos are processed cold into a scratch cache).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'puppeteer-core'
import sharp from 'sharp'
import { GALLERY_CAPTIONS, uploadTo, writePhotoContent } from '../../scripts/fixtures/photo-content'
import { samplePhoto } from '../../scripts/fixtures/sample-photos'
import { deployDirFor } from '../../scripts/hosts/host-policy'
import { CACHE_CONTROL } from '../../scripts/hosts/host-rules'
import { hostStarters, type HostServer } from '../../scripts/hosts/servers'
import type { RunningServer } from '../../scripts/serve'
import { site } from '../../src/config/site'
import {
  BUILD_HOOK_MS,
  buildVariant,
  launchBrowser,
  openPage,
  projectRoot,
  removeVariant,
  serveDist,
  type BuiltVariant,
} from '../helpers/browser'
import {
  buildInto,
  contentVariant,
  lastGoodBuild,
  problemLines,
  replace,
  run,
  snapshot,
  type Edits,
} from '../helpers/content-variants'
import { exifTags } from '../helpers/exif'

jest.setTimeout(300_000)

const scratch = mkdtempSync(path.join(tmpdir(), 'photos-test-'))
const cache = path.join(scratch, 'image-cache')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const RED = '#ff0000'
/**
 * Gallery photos the owner uploads: two prove what six did, one landscape and one portrait stored sideways
 * (the two shapes the image step handles apart), each processed alone like any other; every upload costs the
 * build ~4 s of AVIF, WebP and JPEG encoding at six widths, so four more were ~20-30 s of CI for no new proof.
 * The gallery's other four items stay stock photos: a mixed gallery, as after the owner's first uploads.
 */
const GALLERY_UPLOADS = 2
/** Every photo the build processes: the cover, the gallery's uploads and the huge one. */
const PHOTOS = 1 + GALLERY_UPLOADS + 1

/* ---------- reading the build ---------- */

interface Picture {
  sources: { type: string; srcset: string; sizes: string }[]
  img: Record<string, string>
}

const attributes = (tag: string) =>
  Object.fromEntries(
    [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name.toLowerCase(), value]),
  )

function pictures(html: string): Picture[] {
  return [...html.matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>/g)].map(([, inner = '']) => ({
    sources: [...inner.matchAll(/<source\b[^>]*>/g)].map(([tag]) => {
      const { type = '', srcset = '', sizes = '' } = attributes(tag)
      return { type, srcset, sizes }
    }),
    img: attributes(/<img\b[^>]*>/.exec(inner)?.[0] ?? ''),
  }))
}

/** `url 400w, url 640w` → [{ url, width }] */
const candidates = (srcset: string) =>
  srcset.split(', ').map((item) => {
    const [url = '', descriptor = ''] = item.split(' ')
    return { url, width: Number(descriptor.replace(/w$/, '')) }
  })

const FORMAT_OF = { 'image/avif': 'heif', 'image/webp': 'webp', 'image/jpeg': 'jpeg' } as const

describe('a build with uploaded photos', () => {
  let content: string
  let dist: string
  let built: BuiltVariant | undefined
  let browser: Browser | undefined
  let server: RunningServer | undefined
  const html = (file: string) => readFileSync(path.join(dist, file), 'utf8')
  const file = (url: string) => path.join(dist, url)
  /** Every <picture>'s sets, the JPEG one (on the img) included, with their types. */
  const sets = (picture: Picture) => [
    ...picture.sources,
    { type: 'image/jpeg', srcset: picture.img.srcset ?? '', sizes: picture.img.sizes ?? '' },
  ]

  beforeAll(async () => {
    content = path.join(scratch, 'uploads', 'content')
    await writePhotoContent(content, {
      from: path.join(projectRoot, 'content'),
      hero: true,
      gallery: GALLERY_UPLOADS,
      galleryPhoto: { 1: { width: 3000, height: 4000, orientation: 6, topBand: RED } },
    })
    const huge = await sharp({ create: { width: 12000, height: 9000, channels: 3, background: '#3a8fb7' } })
      .jpeg()
      .toBuffer()
    uploadTo(content, 'nosotros.yaml', ['story', 'image'], 'obra-enorme.jpg', huge)
    dist = path.join(scratch, 'uploads', 'dist')
    built = buildVariant(dist, { CONTENT_DIR: content, IMAGE_CACHE_DIR: cache })
  }, BUILD_HOOK_MS)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dist) removeVariant(dist, built)
  })

  test('the uploads carry what a phone writes: camera, date and the GPS position', async () => {
    const phonePhotos = readdirSync(path.join(content, 'media')).filter((name) => name !== 'obra-enorme.jpg')
    expect(phonePhotos).toHaveLength(PHOTOS - 1)
    for (const name of phonePhotos) {
      const tags = exifTags((await sharp(path.join(content, 'media', name)).metadata()).exif)
      expect({ name, gps: tags.gps.length > 0, make: tags.ifd0.includes(0x010f) }).toEqual({
        name,
        gps: true,
        make: true,
      })
    }
  })

  test('the build prints one line per photo: size before and after, formats, time', () => {
    const lines = built!.stdout.split('\n').filter((line) => line.startsWith('image: '))
    expect(lines).toHaveLength(PHOTOS)
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^image: \/media\/alberca-portada\.jpg 4000×3000 JPEG [\d.]+ MB → 2000×1500 \(AVIF \d+ KB, WEBP \d+ KB, JPEG \d+ KB\), 6 widths, [\d.]+ s$/,
      ),
    )
  })

  test('every photo is written as AVIF, WebP and JPEG at each width up to its own, under content-hashed names', async () => {
    const hero = pictures(html('index.html'))
    const gallery = pictures(html('servicios.html'))
    expect(hero).toHaveLength(1)
    expect(gallery).toHaveLength(GALLERY_UPLOADS)
    const photoHashes = new Set<string>()
    for (const picture of [...hero, ...gallery]) {
      expect(sets(picture).map((set) => set.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg'])
      // One hash per photo, of all its files: SHA-256 over each file's SHA-256, by width, then AVIF, WebP, JPEG.
      const byWidth = sets(picture).flatMap((set, order) =>
        candidates(set.srcset).map(({ url, width }) => ({ url, width, order })),
      )
      byWidth.sort((a, b) => a.width - b.width || a.order - b.order)
      const all = createHash('sha256')
      for (const { url } of byWidth)
        all.update(
          createHash('sha256')
            .update(readFileSync(file(url)))
            .digest('hex'),
        )
      const hash = all.digest('hex').slice(0, 10)
      photoHashes.add(hash)
      for (const set of sets(picture)) {
        const list = candidates(set.srcset)
        expect(list.map((c) => c.width)).toEqual([400, 640, 960, 1280, 1600, 2000])
        for (const { url, width } of list) {
          expect(url).toMatch(/^\/assets\/[a-z0-9-]+-[0-9a-f]{10}-\d+\.(avif|webp|jpg)$/)
          expect(url).toContain(`-${hash}-${width}.`)
          const bytes = readFileSync(file(url))
          const metadata = await sharp(bytes).metadata()
          expect({ url, format: metadata.format, width: metadata.width }).toEqual({
            url,
            format: FORMAT_OF[set.type as keyof typeof FORMAT_OF],
            width,
          })
        }
      }
    }
    expect(photoHashes.size).toBe(PHOTOS - 1)
    expect(existsSync(path.join(dist, 'media'))).toBe(false)
  })

  test('no published file carries EXIF, GPS, XMP, IPTC or a colour profile, and no original is published', async () => {
    const originals = new Set(
      readdirSync(path.join(content, 'media')).map((name) =>
        createHash('sha256')
          .update(readFileSync(path.join(content, 'media', name)))
          .digest('hex'),
      ),
    )
    const images = readdirSync(path.join(dist, 'assets')).filter((name) => /\.(avif|webp|jpg)$/.test(name))
    expect(images.length).toBe(PHOTOS * 3 * 6)
    for (const name of images) {
      const bytes = readFileSync(path.join(dist, 'assets', name))
      const { exif, xmp, iptc, icc, orientation } = await sharp(bytes).metadata()
      expect({ name, exif, xmp, iptc, icc, orientation }).toEqual({ name })
      expect(bytes.includes('Fotófono')).toBe(false)
      expect(originals.has(createHash('sha256').update(bytes).digest('hex'))).toBe(false)
    }
  })

  test('a portrait photo stored sideways comes out portrait, its top band on top', async () => {
    const portrait = pictures(html('servicios.html'))[1]!
    expect({ width: portrait.img.width, height: portrait.img.height }).toEqual({
      width: '2000',
      height: '2667',
    })
    const largest = candidates(portrait.img.srcset ?? '').pop()!
    const { data, info } = await sharp(file(largest.url)).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ]
    const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g < 70 && b < 70
    expect(isRed(pixel(info.width / 2, 20))).toBe(true)
    expect(isRed(pixel(20, info.height / 2))).toBe(false)
    expect(isRed(pixel(info.width / 2, info.height - 20))).toBe(false)
  })

  test('each img has the width and height of its largest file, and every file its proportions', async () => {
    for (const page of ['index.html', 'servicios.html', 'nosotros.html'])
      for (const picture of pictures(html(page))) {
        const width = Number(picture.img.width)
        const height = Number(picture.img.height)
        for (const set of sets(picture)) {
          const list = candidates(set.srcset)
          const top = await sharp(file(list.at(-1)!.url)).metadata()
          expect({ width: top.width, height: top.height }).toEqual({ width, height })
          for (const { url } of list) {
            const metadata = await sharp(file(url)).metadata()
            expect(Math.abs(metadata.height! - (metadata.width! * height) / width)).toBeLessThanOrEqual(1)
          }
        }
      }
  })

  test('a 12000×9000 upload is scaled down, not refused', () => {
    const [story] = pictures(html('nosotros.html'))
    expect({ width: story?.img.width, height: story?.img.height }).toEqual({ width: '2000', height: '1500' })
  })

  test('the home page preloads the cover photo (the AVIF set, its sizes, high priority) and opens no stock-host connection', () => {
    const page = html('index.html')
    const head = page.slice(0, page.indexOf('</head>'))
    const [hero] = pictures(page)
    const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([tag]) =>
      attributes(tag),
    )
    expect(preloads).toEqual([
      {
        rel: 'preload',
        as: 'image',
        // The 960 px AVIF, for a browser without imagesrcset; React hoists only a <link> with an href.
        href: candidates(hero!.sources[0]!.srcset).find(({ width }) => width === 960)!.url,
        type: 'image/avif',
        imagesrcset: hero!.sources[0]!.srcset,
        imagesizes: hero!.sources[0]!.sizes,
        fetchpriority: 'high',
      },
    ])
    expect(hero!.img.fetchpriority).toBe('high')
    expect(page).not.toContain(site.imageOrigin)
    // A page that still shows a stock photo keeps its connection to the stock host.
    expect(html('contacto.html')).toContain(`<link rel="preconnect" href="${site.imageOrigin}">`)
  })

  describe.each([390, 1280])('in Chromium at %i px', (width) => {
    test('the cover is the AVIF from our own origin: no CSP violation, no request elsewhere', async () => {
      browser ??= await launchBrowser()
      server ??= await serveDist(dist)
      const { page, problems, external } = await openPage(browser, { width })
      try {
        await page.goto(`${server.url}/`, { waitUntil: 'load' })
        const hero = await page.$eval('#contenido section img', (img) => ({
          src: (img as HTMLImageElement).currentSrc,
          loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        }))
        expect(hero.src).toMatch(
          new RegExp(`^${server.url}/assets/alberca-portada-[0-9a-f]{10}-\\d+\\.avif$`),
        )
        expect(hero.loaded).toBe(true)
        expect(external).toEqual([])
        expect(problems).toEqual([])
      } finally {
        await page.close()
      }
    })

    test.each(['/', '/servicios', '/nosotros'])(
      '%s hydrates onto its prerendered photos: no React error, the same elements before and after',
      async (route) => {
        browser ??= await launchBrowser()
        server ??= await serveDist(dist)
        const { page, problems } = await openPage(browser, { width })
        try {
          // Before any script runs, keep the page's <img> elements; had React found the HTML different
          // from its own render (error 418), it would have replaced them with new ones.
          await page.evaluateOnNewDocument(() =>
            document.addEventListener('DOMContentLoaded', () => {
              ;(window as unknown as { prerendered: Element[] }).prerendered = [
                ...document.querySelectorAll('#root img'),
              ]
            }),
          )
          await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle0' })
          await page.waitForFunction(
            () =>
              Object.keys(document.querySelector('#root') ?? {}).some((key) =>
                key.startsWith('__reactContainer'),
              ) &&
              [...document.querySelectorAll('#root img')].every((img) =>
                Object.keys(img).some((key) => key.startsWith('__reactProps')),
              ),
            { timeout: 15_000 },
          )
          const kept = await page.evaluate(() => {
            const before = (window as unknown as { prerendered: Element[] }).prerendered
            const now = [...document.querySelectorAll('#root img')]
            return {
              before: before.length,
              same: before.every((img, i) => img === now[i] && img.isConnected),
            }
          })
          expect(kept.before).toBeGreaterThan(0)
          expect(kept.same).toBe(true)
          expect(problems).toEqual([])
        } finally {
          await page.close()
        }
      },
    )

    test('the gallery shows each uploaded photo with its own caption; a photo not yet loaded shows its colours', async () => {
      // The first GALLERY_UPLOADS figures are the uploads; the rest, stock photos, are not this test's.
      browser ??= await launchBrowser()
      server ??= await serveDist(dist)
      const { page, problems } = await openPage(browser, { width })
      try {
        await page.goto(`${server.url}/servicios`, { waitUntil: 'load' })
        const waiting = await page.$$eval('section[aria-labelledby="galeria"] figure img', (images) =>
          images.map((img) => getComputedStyle(img).backgroundImage),
        )
        expect(waiting).toHaveLength(6)
        for (const background of waiting.slice(0, GALLERY_UPLOADS))
          expect(background).toMatch(/^linear-gradient\(rgb\(/)
        await page.$eval('#galeria', (heading) => heading.scrollIntoView())
        const figures = await page.$$eval('section[aria-labelledby="galeria"] figure', (items) =>
          items.map((item) => ({
            caption: (item.querySelector('figcaption strong') as HTMLElement).innerText,
            detail: (item.querySelector('figcaption span') as HTMLElement).innerText,
            alt: item.querySelector('img')!.alt,
          })),
        )
        expect(figures.slice(0, GALLERY_UPLOADS).map(({ caption, detail }) => [caption, detail])).toEqual(
          GALLERY_CAPTIONS.slice(0, GALLERY_UPLOADS).map((c) => [...c]),
        )
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll<HTMLImageElement>('figure img')]
              .slice(0, 2)
              .every((img) => img.complete && img.naturalWidth > 0),
          { timeout: 20_000 },
        )
        const sources = await page.$$eval('figure img', (images) =>
          images.slice(0, 2).map((img) => (img as HTMLImageElement).currentSrc),
        )
        for (const src of sources) expect(src).toMatch(/\/assets\/proyecto-\d-[0-9a-f]{10}-\d+\.avif$/)
        expect(problems).toEqual([])
      } finally {
        await page.close()
      }
    })
  })

  // The hosts the site ships configs for: nginx, Apache (.htaccess: shared hosting's mime.types may predate
  // AVIF) and Cloudflare's Pages server.
  describe.each(['nginx', 'apache', 'pages'] as const)('served by %s', (name) => {
    let host: HostServer
    beforeAll(async () => {
      host = await hostStarters[name]({
        root: dist,
        port: 0,
        nginxConf: path.join(deployDirFor(projectRoot, dist), 'nginx.conf'),
      })
    }, 120_000)
    afterAll(() => host?.close())

    test('the cover AVIF is sent as image/avif with immutable caching', async () => {
      const [hero] = pictures(html('index.html'))
      const url = candidates(hero!.sources[0]!.srcset).at(-1)!.url
      const answer = await fetch(`http://127.0.0.1:${host.port}${url}`)
      expect({
        status: answer.status,
        type: answer.headers.get('content-type'),
        cache: answer.headers.get('cache-control'),
        bytes: Buffer.from(await answer.arrayBuffer()).equals(readFileSync(file(url))),
      }).toEqual({ status: 200, type: 'image/avif', cache: CACHE_CONTROL.hashed, bytes: true })
    })
  })

  test('a rebuild with the same photos processes none of them again', () => {
    const entries = () =>
      readdirSync(cache, { recursive: true, encoding: 'utf8' }).map((name) => [
        name,
        statSync(path.join(cache, name)).mtimeMs,
      ])
    const before = entries()
    const check = run('npx', ['tsx', 'scripts/build/check-content.ts'], {
      CONTENT_DIR: content,
      IMAGE_CACHE_DIR: cache,
    })
    expect(check.status).toBe(0)
    const lines = check.stdout.split('\n').filter((line) => line.startsWith('image: '))
    expect(lines).toHaveLength(PHOTOS)
    for (const line of lines) expect(line).toMatch(/, cached, [\d.]+ s$/)
    expect(entries()).toEqual(before)
  })
})

/* ---------- bad uploads ---------- */

interface BadUpload {
  problem: string
  /** Into which file and field, under which name; bytes null: named but never uploaded. */
  file: string
  field: (string | number)[]
  name: string
  bytes: () => Promise<Buffer | null>
  line: string
  edits?: Edits
}

const badUploads: BadUpload[] = [
  {
    problem: 'a damaged photo (cut off halfway)',
    file: 'inicio.yaml',
    field: ['hero', 'image'],
    name: 'portada-rota.jpg',
    bytes: async () => {
      const whole = await samplePhoto({ width: 2000, height: 1500 })
      return whole.subarray(0, Math.floor(whole.length * 0.6))
    },
    line: 'inicio.yaml: hero.image: /media/portada-rota.jpg: the image is damaged and cannot be decoded',
  },
  {
    problem: 'a text file named .jpg',
    file: 'servicios.yaml',
    field: ['gallery', 'items', 2, 'image'],
    name: 'notas.jpg',
    bytes: async () => Buffer.from('Alberca de la familia López: fotos pendientes.\n'),
    line: 'servicios.yaml: gallery.items[2].image: /media/notas.jpg: not an image the build can read',
  },
  {
    problem: 'an iPhone HEIC photo',
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
    line: 'nosotros.yaml: story.image: /media/IMG_0412.HEIC: HEIC photos cannot be read by the build: upload it as JPEG',
  },
  {
    problem: 'a file the content names but nobody uploaded',
    file: 'contacto.yaml',
    field: ['image'],
    name: 'oficina.jpg',
    bytes: async () => null,
    line: 'contacto.yaml: image: /media/oficina.jpg: file not found',
  },
  {
    problem: 'a photo too small for the home cover',
    file: 'inicio.yaml',
    field: ['hero', 'image'],
    name: 'portada-chica.jpg',
    bytes: () => samplePhoto({ width: 1000, height: 750 }),
    line: 'inicio.yaml: hero.image: /media/portada-chica.jpg: the photo is 1000 px wide; the home cover photo needs at least 1280 px: upload a larger photo',
  },
  {
    problem: 'an image with neither an upload nor a whole stock photo',
    file: 'inicio.yaml',
    field: [],
    name: '',
    bytes: async () => null,
    edits: { 'inicio.yaml': (t) => replace(t, '    width: 1600\n    height: 1067\n', '') },
    line: 'inicio.yaml: hero.image: expected an uploaded file (file), or a stock photo with its photo, width and height',
  },
]

describe('a bad upload stops the build before anything is written', () => {
  test.each(badUploads)('$problem', async ({ problem, file, field, name, bytes, line, edits = {} }) => {
    const variant = problem.replace(/\W+/g, '-')
    const dir = contentVariant(scratch, variant, edits)
    if (name) uploadTo(dir, file, field, name, await bytes())
    const dist = lastGoodBuild(scratch, variant)
    const before = snapshot(dist)
    const build = buildInto(dir, dist, { IMAGE_CACHE_DIR: cache })
    expect(build.status).not.toBe(0)
    const lines = problemLines(build.stderr)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(line)
    expect(build.stdout).not.toMatch(/vite v\d/)
    expect(snapshot(dist)).toEqual(before)
  })
})
