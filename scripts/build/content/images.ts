/**
 * The image pipeline (what it writes, its names and its cache: docs/photos.md): every uploaded file the content
 * names becomes AVIF, WebP and JPEG copies, checked and processed into the cache by `npm run check:content`
 * before anything is written; the Vite plugin then reads the cache and emits the files.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata, type OutputInfo } from 'sharp'
import {
  MEDIA_PREFIX,
  type ContentName,
  type UploadedImage,
  type UploadedImageRef,
} from '../../../schema/content'
import { UPLOADED_FORMATS, uploadedCopyUrl } from '../../../src/content/uploaded-image'
import { contentDir, contentNames, loadContent, mapContent, projectRoot, type LoadedContent } from './load'

/** Widths written (px), capped at the photo's own width; the largest is the photo's own when narrower than 2000. */
export const OUTPUT_WIDTHS = [400, 640, 960, 1280, 1600, 2000] as const

/** Encoder settings: part of the cache key, so changing one reprocesses every photo. */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true },
} as const
type Format = keyof typeof ENCODERS
const FORMATS = UPLOADED_FORMATS.map((entry) => entry.format)
/** Part of the cache key: a new sharp/libvips or a new setting reprocesses every photo. */
const PIPELINE_VERSION = JSON.stringify({ v: 2, OUTPUT_WIDTHS, ENCODERS, sharp: sharp.versions })

/** Formats a photo may arrive in (sharp's names; `heif` only with AV1, i.e. AVIF). */
const READABLE = new Set(['jpeg', 'png', 'webp', 'heif', 'tiff', 'gif'])

/**
 * The narrowest upload each use accepts, after orientation: about the widest it is drawn at on a
 * 2x screen. The first rule whose file and field match applies.
 */
export const MIN_WIDTHS: readonly { content: ContentName; field: RegExp; use: string; min: number }[] = [
  { content: 'inicio', field: /^hero\.image$/, use: 'the home cover photo', min: 1280 },
  { content: 'servicios', field: /^gallery\.items\[\d+\]\.image$/, use: 'a gallery photo', min: 640 },
]
export const DEFAULT_MIN_WIDTH = { use: 'a section photo', min: 800 }

export function minWidthFor(content: ContentName, field: string): { use: string; min: number } {
  return MIN_WIDTHS.find((rule) => rule.content === content && rule.field.test(field)) ?? DEFAULT_MIN_WIDTH
}

/** Where an uploaded file is named: `inicio.yaml`, `hero.image`, `/media/x.jpg`. */
export interface ImageUse {
  content: ContentName
  field: string
  file: string
}

const isUploadRef = (value: unknown): value is UploadedImageRef =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as UploadedImageRef).file === 'string' &&
  typeof (value as UploadedImageRef).alt === 'string'

/** `value` with every uploaded-image reference replaced by what `visit` returns for it. */
const mapUploads = (value: unknown, visit: (ref: UploadedImageRef, field: string) => unknown) =>
  mapContent(value, (node, where) => (isUploadRef(node) ? visit(node, where) : undefined))

/** Every uploaded file the content names, in file order. */
export function findUploads(content: LoadedContent): ImageUse[] {
  const uses: ImageUse[] = []
  for (const name of contentNames)
    mapUploads(content[name], (ref, field) => uses.push({ content: name, field, file: ref.file }))
  return uses
}

/* ---------- processing one file ---------- */

interface Output {
  format: Format
  width: number
  height: number
  bytes: number
  /** SHA-256 of the copy's bytes (hex). */
  hash: string
}

/** What the cache keeps per source file (meta.json beside the outputs). */
interface Processed {
  source: { format: string; width: number; height: number; bytes: number }
  width: number
  height: number
  placeholder: string
  /** Short content hash of every copy together, in `outputs` order: part of each published name. */
  hash: string
  outputs: Output[]
}

const cacheFileName = (output: Pick<Output, 'format' | 'width'>) => `${output.width}.${output.format}`

export function imageCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectRoot, env.IMAGE_CACHE_DIR || 'node_modules/.cache/aquapuebla-images')
}

/** A problem with the file itself, whatever field names it. */
class UnusableImage extends Error {}

const HEIC_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/

function looksLikeHeic(bytes: Buffer, file: string): boolean {
  const brand =
    bytes.subarray(4, 8).toString('latin1') === 'ftyp' ? bytes.subarray(8, 12).toString('latin1') : ''
  return HEIC_BRANDS.test(brand) || /\.hei[cf]$/i.test(file)
}

const HEIC_ADVICE =
  'HEIC photos cannot be read by the build: upload it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible, or share it as JPEG)'

async function readableMetadata(bytes: Buffer, file: string): Promise<Metadata> {
  let metadata: Metadata
  try {
    metadata = await sharp(bytes).metadata()
  } catch {
    if (looksLikeHeic(bytes, file)) throw new UnusableImage(HEIC_ADVICE)
    throw new UnusableImage(
      'not an image the build can read: the file is damaged or is not a JPEG, PNG, WebP or AVIF photo whatever its name says',
    )
  }
  if (metadata.format === 'heif' && metadata.compression !== 'av1') throw new UnusableImage(HEIC_ADVICE)
  if (!READABLE.has(metadata.format ?? ''))
    throw new UnusableImage(
      `is a ${String(metadata.format).toUpperCase()} file, not a photo: upload a JPEG, PNG, WebP or AVIF`,
    )
  return metadata
}

/** The width/height after the EXIF orientation. */
const orientedSize = (metadata: Metadata) =>
  metadata.autoOrient ?? { width: metadata.width!, height: metadata.height! }

const hex = (channel: number) => channel.toString(16).padStart(2, '0')

/**
 * The photo's published hash: SHA-256 over its copies' own hashes, widths ascending and, per width,
 * AVIF, WebP, JPEG (the order processImage writes them); 10 hex digits.
 */
export function photoHash(outputs: readonly Pick<Output, 'hash'>[]): string {
  const all = createHash('sha256')
  for (const output of outputs) all.update(output.hash)
  return all.digest('hex').slice(0, 10)
}

async function processImage(bytes: Buffer, file: string, dir: string): Promise<Processed> {
  const metadata = await readableMetadata(bytes, file)
  const oriented = orientedSize(metadata)
  const largest = Math.min(oriented.width, OUTPUT_WIDTHS[OUTPUT_WIDTHS.length - 1]!)
  const widths = [...OUTPUT_WIDTHS.filter((width) => width < largest), largest]
  let base: { data: Buffer; info: OutputInfo }
  try {
    // Decoded once at the largest width, oriented, in sRGB; every copy is made from these pixels.
    base = await sharp(bytes)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw new UnusableImage(
      `the image is damaged and cannot be decoded (${(error as Error).message.split('\n')[0]}): upload it again`,
    )
  }
  const raw = (pixels: Buffer, info: OutputInfo) =>
    sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })

  const stops = await raw(base.data, base.info).resize(1, 3, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  const colours = [0, 1, 2].map(
    (i) => `#${hex(stops[i * 3]!)}${hex(stops[i * 3 + 1]!)}${hex(stops[i * 3 + 2]!)}`,
  )

  const outputs: Output[] = []
  for (const width of widths) {
    const sized =
      width === base.info.width
        ? base
        : await raw(base.data, base.info).resize({ width }).raw().toBuffer({ resolveWithObject: true })
    const written = await Promise.all(
      FORMATS.map(async (format) => {
        let pipeline = raw(sized.data, sized.info)
        if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' })
        const data = await pipeline[format](ENCODERS[format]).toBuffer()
        await writeFile(path.join(dir, cacheFileName({ format, width })), data)
        return {
          format,
          width,
          height: sized.info.height,
          bytes: data.length,
          hash: createHash('sha256').update(data).digest('hex'),
        }
      }),
    )
    outputs.push(...written)
  }
  const top = outputs.find((output) => output.width === largest)!
  return {
    source: { format: metadata.format!, ...oriented, bytes: bytes.length },
    width: largest,
    height: top.height,
    placeholder: `linear-gradient(${colours.join(', ')})`,
    hash: photoHash(outputs),
    outputs,
  }
}

/** The cached result for these bytes, or a fresh one written to the cache. */
async function processedFor(
  bytes: Buffer,
  file: string,
  cacheDir: string,
): Promise<{ processed: Processed; dir: string; cached: boolean }> {
  const key = createHash('sha256').update(PIPELINE_VERSION).update(bytes).digest('hex')
  const dir = path.join(cacheDir, key)
  const metaFile = path.join(dir, 'meta.json')
  if (existsSync(metaFile)) {
    const processed = JSON.parse(await readFile(metaFile, 'utf8')) as Processed
    if (processed.outputs.every((output) => existsSync(path.join(dir, cacheFileName(output)))))
      return { processed, dir, cached: true }
  }
  // Written into a scratch folder and moved into place whole: an interrupted build leaves no half entry.
  const scratch = `${dir}.tmp-${process.pid}`
  await rm(scratch, { recursive: true, force: true })
  await mkdir(scratch, { recursive: true })
  try {
    const processed = await processImage(bytes, file, scratch)
    await writeFile(path.join(scratch, 'meta.json'), JSON.stringify(processed))
    await rm(dir, { recursive: true, force: true })
    await rename(scratch, dir)
    return { processed, dir, cached: false }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/* ---------- the content's images ---------- */

/** A file to publish: `assets/<name>` in dist/, copied from the cache. */
export interface ImageAsset {
  fileName: string
  source: string
}

export type ImagesResult = {
  lines: string[]
  /** The uploaded files read (for the dev server to watch). */ media: string[]
} & ({ ok: true; content: LoadedContent; assets: ImageAsset[] } | { ok: false; problems: string[] })

/** The start of a published name: the upload's own name, in safe letters. */
function stemOf(file: string): string {
  const stem = path
    .basename(file, path.extname(file))
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return stem || 'foto'
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`

/** The image as components receive it (less its alt), its copies added to `assets`. */
function describe(file: string, processed: Processed, assets: Map<string, ImageAsset>, dir: string) {
  const stem = `/assets/${stemOf(file)}-${processed.hash}`
  for (const output of processed.outputs) {
    const fileName = uploadedCopyUrl({ stem }, output.width, output.format).slice(1)
    assets.set(fileName, { fileName, source: path.join(dir, cacheFileName(output)) })
  }
  return {
    width: processed.width,
    height: processed.height,
    stem,
    widths: processed.outputs.filter((output) => output.format === 'jpeg').map((output) => output.width),
    placeholder: processed.placeholder,
  }
}

/**
 * Validates and processes (or reads from the cache) every uploaded file the content names, and returns
 * the content with each reference filled in (UploadedImage), the files to publish and one log line per
 * image. Problems name the content file, the field and the image; nothing outside the cache is written.
 */
export async function resolveImages(
  content: LoadedContent,
  contentDir: string,
  cacheDir: string = imageCacheDir(),
): Promise<ImagesResult> {
  const uses = findUploads(content)
  const problems: string[] = []
  const lines: string[] = []
  const assets = new Map<string, ImageAsset>()
  const media = new Set<string>()
  const byFile = new Map<string, Awaited<ReturnType<typeof processUpload>>>()
  if (uses.length) await mkdir(cacheDir, { recursive: true })

  /** One uploaded file, processed (or read from the cache) once however many fields name it. */
  async function processUpload(file: string) {
    const started = performance.now()
    const full = path.join(contentDir, 'media', file.slice(MEDIA_PREFIX.length))
    media.add(full)
    if (!existsSync(full)) return new UnusableImage(`file not found: expected ${full}`)
    try {
      const { processed, dir, cached } = await processedFor(await readFile(full), file, cacheDir)
      const image = describe(file, processed, assets, dir)
      const { source } = processed
      const largest = processed.outputs.filter((output) => output.width === processed.width)
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      lines.push(
        `image: ${file} ${source.width}×${source.height} ${source.format.toUpperCase()} ${kb(source.bytes)} → ${processed.width}×${processed.height} ` +
          `(${largest.map((output) => `${output.format.toUpperCase()} ${kb(output.bytes)}`).join(', ')}), ` +
          `${processed.outputs.length / FORMATS.length} widths, ${cached ? `cached, ${seconds} s` : `${seconds} s`}`,
      )
      return { image, sourceWidth: source.width }
    } catch (error) {
      if (error instanceof UnusableImage) return error
      throw error
    }
  }

  for (const use of uses) {
    if (!byFile.has(use.file)) byFile.set(use.file, await processUpload(use.file))
    const result = byFile.get(use.file)!
    const where = `${use.content}.yaml: ${use.field}: ${use.file}`
    const { use: what, min } = minWidthFor(use.content, use.field)
    if (result instanceof UnusableImage) problems.push(`${where}: ${result.message}`)
    // Compared with the photo as uploaded (its width after orientation), not with the capped copies.
    else if (result.sourceWidth < min)
      problems.push(
        `${where}: the photo is ${result.sourceWidth} px wide; ${what} needs at least ${min} px: upload a larger photo`,
      )
  }
  if (problems.length) return { ok: false, problems, lines, media: [...media] }

  const filled = {} as Record<ContentName, unknown>
  for (const name of contentNames)
    filled[name] = mapUploads(content[name], (ref): UploadedImage => {
      const { image } = byFile.get(ref.file) as { image: ReturnType<typeof describe> }
      return { alt: ref.alt, ...image }
    })
  return {
    ok: true,
    content: filled as LoadedContent,
    assets: [...assets.values()],
    lines,
    media: [...media],
  }
}

export type ContentWithImages =
  | { ok: true; content: LoadedContent; assets: ImageAsset[]; files: string[] }
  | { ok: false; problems: string[]; files: string[] }

/** The content with its uploaded photos filled in (processed, or read from the image cache). */
export async function loadContentWithImages(dir: string = contentDir()): Promise<ContentWithImages> {
  const result = loadContent(dir)
  if (!result.ok) return result
  const images = await resolveImages(result.content, dir)
  const files = [...result.files, ...images.media]
  return images.ok
    ? { ok: true, content: images.content, assets: images.assets, files }
    : { ok: false, problems: images.problems, files }
}
