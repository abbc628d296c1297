/**
 * Where an uploaded photo's published copies live, written once for the build that names the files
 * (scripts/build/content/images.ts) and the component that draws them (src/components/ui/stock-image.tsx).
 *
 * Every copy of one photo shares one stem, `/assets/<name>-<hash>`, where the hash is a content hash
 * of all the copies' bytes together: a copy is `<stem>-<width>.<extension>`. The page's JavaScript then
 * carries one hash and a list of widths per photo instead of eighteen URLs with their own hashes
 * (~200 bytes br less per photo on the first load), and a changed photo or encoder setting still
 * changes every name, so every host's year-long immutable caching of /assets/ stays safe.
 */
import type { UploadedImage } from '../../schema/content'

/** The formats written, in the order `<picture>` offers them (the JPEG is the `<img>` fallback). */
export const UPLOADED_FORMATS = [
  { format: 'avif', type: 'image/avif', extension: 'avif' },
  { format: 'webp', type: 'image/webp', extension: 'webp' },
  { format: 'jpeg', type: 'image/jpeg', extension: 'jpg' },
] as const
export type UploadedFormat = (typeof UPLOADED_FORMATS)[number]['format']

/** The fallback `src`: the widest copy no wider than 960 px (what a phone at 2x or a laptop at 1x draws). */
export const FALLBACK_WIDTH = 960

type Copies = Pick<UploadedImage, 'stem' | 'widths'>

const extensionOf = (format: UploadedFormat) => UPLOADED_FORMATS.find((f) => f.format === format)!.extension

/** The site path of one copy: `/assets/alberca-cholula-3f09c1d2ab-960.avif`. */
export const uploadedCopyUrl = (image: Pick<UploadedImage, 'stem'>, width: number, format: UploadedFormat) =>
  `${image.stem}-${width}.${extensionOf(format)}`

/** The `srcset` of one format: every width, narrowest first. */
export const uploadedSrcset = (image: Copies, format: UploadedFormat) =>
  image.widths.map((width) => `${uploadedCopyUrl(image, width, format)} ${width}w`).join(', ')

/** The width of the fallback copy: the widest no wider than FALLBACK_WIDTH, else the narrowest. */
export const fallbackWidth = (image: Copies) =>
  image.widths.filter((width) => width <= FALLBACK_WIDTH).pop() ?? image.widths[0]!
