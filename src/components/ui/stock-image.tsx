import { site } from '../../config/site'
import type { ImageContent } from '../../content/types'

const WIDTHS = [400, 640, 800, 960, 1280, 1600] as const

/** URL of a stock photo at a given width, cropped to the image's declared aspect ratio. */
export function stockPhotoUrl(image: Pick<ImageContent, 'photo' | 'width' | 'height'>, width: number) {
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

/**
 * A responsive stock photo with explicit dimensions (no layout shift), a srcset built from the
 * host's width parameter, and lazy loading unless it is the page's priority image.
 */
export function StockImage({ image, sizes, priority = false, className }: StockImageProps) {
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
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  )
}
