import type { LucideIcon } from 'lucide-react'
import type { PagePath } from '../config/paths'

/** What every page says about itself to browsers, crawlers and link previews. */
export interface PageHeadContent {
  title: string
  description: string
  keywords: readonly string[]
  /** Shorter title for social cards; falls back to `title`. */
  socialTitle?: string
  socialDescription?: string
  /** Breadcrumb label for inner pages. */
  breadcrumb: string
}

export interface LinkContent {
  label: string
  to: PagePath
}

export interface ImageContent {
  /** Stock-photo id on the image host (the part after `/photo-`). */
  photo: string
  alt: string
  width: number
  height: number
}

export interface IconItem {
  /** A lucide icon, imported where the content is, so each page ships only its own icons. */
  icon: LucideIcon
  title: string
  description: string
}

export interface Statistic {
  number: string
  label: string
}

export interface Testimonial {
  quote: string
  author: string
  place: string
  rating: 1 | 2 | 3 | 4 | 5
}

export interface CtaContent {
  title: string
  text: string
  actions: readonly (LinkContent & { variant: 'primary' | 'secondary' })[]
}

export interface SectionIntro {
  eyebrow?: string
  title: string
  lead?: string
}

export type Price = { kind: 'from'; amount: number; per?: 'mes' } | { kind: 'consult' }

export interface ServiceOffering {
  id: string
  icon: LucideIcon
  title: string
  description: string
  features: readonly string[]
  price: Price
}

export interface ProcessStep {
  number: string
  title: string
  description: string
}

export interface TeamMember {
  name: string
  position: string
  experience: string
  initials: string
}

export interface Faq {
  question: string
  answer: string
}
