/**
 * Company facts: everything a visitor can call, write to or visit. The owner edits content/site.yaml
 * (checked at build time by schema/content.ts); this module derives links from it and the site URL.
 */
import facts from 'content:site'
import { deriveSite } from './company'

export type { SiteConfig } from './company'
export type { DayOfWeek } from '../../schema/content'

export const site = deriveSite(facts, SITE_URL, IMAGE_ORIGIN)

/** One line for the full postal address, as a visitor reads it. */
export const fullAddress = `${site.address.street}, ${site.address.area}, ${site.address.locality}, ${site.address.regionCode}, ${site.address.country}`

/** A maps search for the address: opens the visitor's maps app on phones. */
export const mapsHref = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
  `${site.address.street}, ${site.address.area}, ${site.address.postalCode} ${site.address.locality}, ${site.address.regionCode}, ${site.address.country}`,
)}`

/** A wa.me link with a prefilled message. */
export function whatsappLink(text: string = site.whatsapp.greeting): string {
  return `${site.whatsapp.href}?text=${encodeURIComponent(text)}`
}
