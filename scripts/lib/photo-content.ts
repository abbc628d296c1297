/**
 * A copy of content/ in which the owner has uploaded photos, for CONTENT_DIR: the home cover and
 * any of the gallery's photos become files in <dir>/media/ (sample-photos.ts: 4000×3000 phone JPEGs
 * with GPS), each gallery photo with its own caption. The stock photo ids stay in the YAML, as they
 * would after an upload through the CMS: the uploaded file wins. Used by the tests, by
 * `npm run bench:compare -- --uploaded-hero` and by `scripts/time-images.ts`.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseDocument } from 'yaml'
import { samplePhoto, type SamplePhoto } from './sample-photos'

export interface PhotoContentOptions {
  /** The content folder to copy (default: content/ of this checkout). */
  from: string
  /** Upload the home cover photo. */
  hero?: boolean
  /** How many of the gallery's photos to upload (from the first). */
  gallery?: number
  /** Size of every photo (default 4000×3000, a 12 MP phone photo). */
  photo?: Partial<SamplePhoto>
  /** Other settings for some gallery photos, by index (a portrait shot stored sideways …). */
  galleryPhoto?: Record<number, Partial<SamplePhoto>>
}

/** Captions a pool company would write, one per gallery photo. */
export const GALLERY_CAPTIONS = [
  ['Alberca familiar en Cholula', 'Construcción, 2025'],
  ['Renovación con venecita', 'Lomas de Angelópolis'],
  ['Alberca con cascada', 'San Andrés Cholula'],
  ['Jacuzzi integrado', 'Atlixco'],
  ['Filtración nueva', 'La Paz, Puebla'],
  ['Carril de nado', 'Zavaleta'],
] as const

function edit(file: string, change: (doc: ReturnType<typeof parseDocument>) => void): void {
  const doc = parseDocument(readFileSync(file, 'utf8'))
  change(doc)
  writeFileSync(file, doc.toString({ lineWidth: 0 }))
}

/**
 * One upload into a content copy: `bytes` saved as <dir>/media/<name> and named by the image field at
 * `field` of <dir>/<file> (e.g. 'nosotros.yaml', ['story', 'image']). `bytes` null: named, never saved.
 */
export function uploadTo(
  dir: string,
  file: string,
  field: (string | number)[],
  name: string,
  bytes: Buffer | null,
) {
  mkdirSync(path.join(dir, 'media'), { recursive: true })
  if (bytes) writeFileSync(path.join(dir, 'media', name), bytes)
  edit(path.join(dir, file), (doc) => doc.setIn([...field, 'file'], `/media/${name}`))
}

/** Writes the copy into `dir` (created), with its photos; returns the media files written. */
export async function writePhotoContent(dir: string, options: PhotoContentOptions): Promise<string[]> {
  cpSync(options.from, dir, { recursive: true })
  const media = path.join(dir, 'media')
  mkdirSync(media, { recursive: true })
  const written: string[] = []
  const upload = async (name: string, seed: number, photo?: Partial<SamplePhoto>) => {
    const bytes = await samplePhoto({ width: 4000, height: 3000, seed, ...options.photo, ...photo })
    writeFileSync(path.join(media, name), bytes)
    written.push(name)
    return `/media/${name}`
  }
  if (options.hero) {
    const file = await upload('alberca-portada.jpg', 0)
    edit(path.join(dir, 'inicio.yaml'), (doc) => doc.setIn(['hero', 'image', 'file'], file))
  }
  const count = options.gallery ?? 0
  if (count) {
    const files: string[] = []
    for (let i = 0; i < count; i++)
      files.push(await upload(`proyecto-${i + 1}.jpg`, i + 1, options.galleryPhoto?.[i]))
    edit(path.join(dir, 'servicios.yaml'), (doc) =>
      files.forEach((file, i) => {
        const [caption, detail] = GALLERY_CAPTIONS[i % GALLERY_CAPTIONS.length]!
        doc.setIn(['gallery', 'items', i, 'image', 'file'], file)
        doc.setIn(['gallery', 'items', i, 'caption'], caption)
        doc.setIn(['gallery', 'items', i, 'detail'], detail)
      }),
    )
  }
  return written
}
