import { styled } from 'styled-components'
import { site } from '../../config/site'
import type { ImageContent, StockImageContent, UploadedImageContent } from '../../content/types'
import {
  UPLOADED_FORMATS,
  fallbackWidth,
  uploadedCopyUrl,
  uploadedSrcset,
} from '../../content/uploaded-image'

const WIDTHS = [400, 640, 800, 960, 1280, 1600] as const

/** URL of a stock photo at a given width, cropped to the image's declared aspect ratio. */
export function stockPhotoUrl(image: Pick<StockImageContent, 'photo' | 'width' | 'height'>, width: number) {
  const height = Math.round((width * image.height) / image.width)
  return `${site.imageOrigin}/photo-${image.photo}?auto=format&fit=crop&w=${width}&h=${height}&q=70`
}

interface StockImageProps {
  image: ImageContent
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string
  /** Above the fold: load eagerly with high priority (the LCP image). */
  priority?: boolean
  className?: string
}

const loading = (priority: boolean) =>
  ({
    loading: priority ? 'eager' : 'lazy',
    decoding: priority ? 'auto' : 'async',
    fetchPriority: priority ? 'high' : 'auto',
  }) as const

/**
 * A responsive photo with explicit dimensions (no layout shift), lazy unless it is the page's priority
 * image. A stock photo: one `<img>` whose srcset uses the stock host's width parameter. An uploaded
 * photo (processed at build time, scripts/build/content/images.ts): see UploadedImage.
 */
export function StockImage({ image, sizes, priority = false, className }: StockImageProps) {
  if ('stem' in image)
    return <UploadedImage image={image} sizes={sizes} priority={priority} className={className} />
  const widths = WIDTHS.filter((w) => w <= image.width)
  return (
    <img
      className={className}
      src={stockPhotoUrl(image, Math.min(960, image.width))}
      srcSet={widths.map((w) => `${stockPhotoUrl(image, w)} ${w}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      {...loading(priority)}
    />
  )
}

/**
 * An uploaded photo from our own origin: AVIF, then WebP, then the JPEG fallback, each at every width
 * written. While it loads, the `<img>` box shows the photo's colours (top, middle, bottom) as its
 * background, a rule in the page's own CSS: no inline style, no data: URL, no CSP exception.
 *
 * The priority photo is preloaded (the AVIF set), so the browser fetches it with the HTML, before any
 * script or stylesheet. The `<link>` has an `href` (the fallback width) besides its `imagesrcset`:
 * React 19 hoists a `<link>` into <head> only when it has one, and the prerender lifts it there too
 * (renderer/entry-server.tsx); without it React rendered the link in place and found it missing when
 * hydrating, threw away the server HTML and rendered the page again (React error 418).
 */
function UploadedImage({
  image,
  sizes,
  priority,
  className,
}: Required<Omit<StockImageProps, 'image' | 'className'>> & {
  image: UploadedImageContent
  className?: string
}) {
  const fallback = fallbackWidth(image)
  return (
    <>
      {priority && (
        <link
          rel="preload"
          as="image"
          href={uploadedCopyUrl(image, fallback, 'avif')}
          type="image/avif"
          imageSrcSet={uploadedSrcset(image, 'avif')}
          imageSizes={sizes}
          fetchPriority="high"
        />
      )}
      <Picture>
        {UPLOADED_FORMATS.filter(({ format }) => format !== 'jpeg').map(({ format, type }) => (
          <source key={type} type={type} srcSet={uploadedSrcset(image, format)} sizes={sizes} />
        ))}
        <Placeheld
          className={className}
          $placeholder={image.placeholder}
          src={uploadedCopyUrl(image, fallback, 'jpeg')}
          srcSet={uploadedSrcset(image, 'jpeg')}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={image.alt}
          {...loading(priority)}
        />
      </Picture>
    </>
  )
}

/** The `<img>` keeps the layout it has without the wrapper (the pages style the img itself). */
const Picture = styled.picture`
  display: contents;
`

/** Doubled class: the photo's colours win over a page's plain background for the box. */
const Placeheld = styled.img<{ $placeholder: string }>`
  && {
    background: ${({ $placeholder }) => $placeholder};
  }
`
