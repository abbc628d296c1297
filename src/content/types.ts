/**
 * The content types components use, all inferred from the one schema (schema/content.ts), with icon names
 * turned into lucide components as the loader delivers them.
 */
import type * as v from 'valibot'
import type { PagePath } from '../../schema/paths'
import type {
  ctaSchema,
  faqSchema,
  galleryItemSchema,
  headSchema,
  iconItemSchema,
  imageSchema,
  processStepSchema,
  sectionIntroSchema,
  serviceSchema,
  statisticSchema,
  teamMemberSchema,
  testimonialSchema,
  StockImageRef,
  UploadedImage,
  WithIcons,
} from '../../schema/content'

export type { Price } from '../../schema/content'

type Loaded<S extends v.GenericSchema> = WithIcons<v.InferOutput<S>>

/** What every page says about itself to browsers, crawlers and link previews. */
export type PageHeadContent = Loaded<typeof headSchema>
export interface LinkContent {
  label: string
  to: PagePath
}
/** A photo field as components receive it: a stock photo or an uploaded file, processed. */
export type ImageContent = Loaded<typeof imageSchema>
export type StockImageContent = StockImageRef
export type UploadedImageContent = UploadedImage
export type IconItem = Loaded<typeof iconItemSchema>
export type Statistic = Loaded<typeof statisticSchema>
export type Testimonial = Loaded<typeof testimonialSchema>
export type CtaContent = Loaded<typeof ctaSchema>
export type SectionIntro = Loaded<typeof sectionIntroSchema>
export type ServiceOffering = Loaded<typeof serviceSchema>
export type ProcessStep = Loaded<typeof processStepSchema>
export type TeamMember = Loaded<typeof teamMemberSchema>
export type Faq = Loaded<typeof faqSchema>
export type GalleryItem = Loaded<typeof galleryItemSchema>
