/**
 * The company's own photos, as the owner uploads them and as visitors get them, in the edited build
 * (test/helpers/builds.ts): the owner uploaded the home cover, the first two of the gallery's six photos (each
 * with its own caption; the second one a portrait shot stored sideways with an EXIF orientation, as phones do;
 * the other four stay stock photos) and a huge 12000×9000 photo for /nosotros: phone JPEGs made by
 * scripts/fixtures/sample-photos.ts with the camera, the date and the GPS position of the house in their EXIF.
 * The bad uploads that stop the build are content.test.ts's.
 * Run alone: `npx jest test/visitor/photos.test.ts --selectProjects chromium`.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { GALLERY_CAPTIONS } from '../../scripts/fixtures/photo-content'
import { shellEnvironment } from '../../scripts/lib/build-into'
import { CACHE_CONTROL } from '../../scripts/hosts/host-rules'
import { site } from '../../src/config/site'
import { openPage, theBrowser } from '../helpers/browser'
import { buildLog, builtSite, EDITED, projectRoot, variantPaths } from '../helpers/builds'
import { exifTags } from '../helpers/exif'
import { serveSite, theSite, type ServedSite } from '../helpers/site'
import { spawnSync } from 'node:child_process'

jest.setTimeout(300_000)

const GALLERY_UPLOADS = EDITED.galleryUploads
/** Every photo the build processes: the cover, the gallery's uploads and the huge one. */
const PHOTOS = EDITED.photos

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

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

const FORMAT_OF = { 'image/avif': 'heif', 'image/webp': 'webp', 'image/jpeg': 'jpeg' } as const

describe('a build with uploaded photos', () => {
  const { content, images: cache } = variantPaths('edited')
  const dist = builtSite('edited')
  const server = theSite({ build: 'edited' })
  const browser = theBrowser()
  const html = (file: string) => readFileSync(path.join(dist, file), 'utf8')
  const file = (url: string) => path.join(dist, url)
  /** Every <picture>'s sets, the JPEG one (on the img) included, with their types. */
  const sets = (picture: Picture) => [
    ...picture.sources,
    { type: 'image/jpeg', srcset: picture.img.srcset ?? '', sizes: picture.img.sizes ?? '' },
  ]

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
    const lines = buildLog('edited')
      .split('\n')
      .filter((line) => line.startsWith('image: '))
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
      const hash = sha256(byWidth.map(({ url }) => sha256(readFileSync(file(url)))).join('')).slice(0, 10)
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
    const media = path.join(content, 'media')
    const originals = new Set(readdirSync(media).map((name) => sha256(readFileSync(path.join(media, name)))))
    const images = readdirSync(path.join(dist, 'assets')).filter((name) => /\.(avif|webp|jpg)$/.test(name))
    expect(images.length).toBe(PHOTOS * 3 * 6)
    for (const name of images) {
      const bytes = readFileSync(path.join(dist, 'assets', name))
      const { exif, xmp, iptc, icc, orientation } = await sharp(bytes).metadata()
      expect({ name, exif, xmp, iptc, icc, orientation }).toEqual({ name })
      expect(bytes.includes('Fotófono')).toBe(false)
      expect(originals.has(sha256(bytes))).toBe(false)
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
    test.each([
      ['/', '; the cover is the AVIF from our own origin'],
      ['/servicios', ''],
      ['/nosotros', ''],
    ])(
      '%s hydrates onto its prerendered photos: no React error or CSP violation, the same elements before and after%s',
      async (route) => {
        const { page, problems, external } = await openPage(browser, { width })
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
            { timeout: 15_000, polling: 100 },
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
          if (route === '/') {
            const hero = await page.$eval('#contenido section img', (img) => ({
              src: (img as HTMLImageElement).currentSrc,
              loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            }))
            expect(hero).toEqual({
              src: expect.stringMatching(
                new RegExp(`^${server.url}/assets/alberca-portada-[0-9a-f]{10}-\\d+\\.avif$`),
              ),
              loaded: true,
            })
            expect(external.filter((url) => url.startsWith(site.imageOrigin))).toEqual([])
          }
          expect(problems).toEqual([])
        } finally {
          await page.close()
        }
      },
    )

    test('the gallery shows each uploaded photo with its own caption; a photo not yet loaded shows its colours', async () => {
      // The first GALLERY_UPLOADS figures are the uploads; the rest, stock photos, are not this test's.
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
          { timeout: 20_000, polling: 100 },
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
    let host: ServedSite
    beforeAll(async () => {
      host = await serveSite({ build: 'edited', host: name })
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
    const check = spawnSync('npx', ['tsx', 'scripts/build/check-content.ts'], {
      cwd: projectRoot,
      env: shellEnvironment({ CONTENT_DIR: content, IMAGE_CACHE_DIR: cache }),
      encoding: 'utf8',
    })
    expect(check.status).toBe(0)
    const lines = check.stdout.split('\n').filter((line) => line.startsWith('image: '))
    expect(lines).toHaveLength(PHOTOS)
    for (const line of lines) expect(line).toMatch(/, cached, [\d.]+ s$/)
    expect(entries()).toEqual(before)
  })
})
