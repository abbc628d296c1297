/**
 * The company facts as the site uses them, derived from the data in content/site.yaml: the links and
 * forms each fact takes (tel:, wa.me, E.164, mailto:, the copyright line) are computed here, never typed
 * beside the fact. Pure: src/config/site.ts applies it to the build's data, scripts to theirs.
 */
import type { Content } from '../../schema/content'

export type SiteFacts = Content<'site'>

export function deriveSite(facts: SiteFacts, url: string, imageOrigin: string) {
  const digits = facts.phone.replace(/\D/g, '')
  const whatsappNumber = facts.whatsapp.number ?? digits
  return {
    ...facts,
    url: url.replace(/\/+$/, ''),
    /** `display` joins its groups with no-break spaces (U+00A0): a phone number never wraps. */
    phone: { display: facts.phone.replace(/ /g, '\u00a0'), href: `tel:+${digits}`, e164: `+${digits}` },
    whatsapp: {
      number: whatsappNumber,
      href: `https://wa.me/${whatsappNumber}`,
      greeting: facts.whatsapp.greeting,
    },
    email: { address: facts.email, href: `mailto:${facts.email}` },
    /** Origin of the stock photos; overridable at build time (IMAGE_ORIGIN) for offline benchmarks. */
    imageOrigin: imageOrigin.replace(/\/+$/, ''),
  }
}

export type SiteConfig = ReturnType<typeof deriveSite>

/** The list's entry at `index`, which the schema's minimum guarantees. */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list[index]
  if (item === undefined) throw new Error(`content list has no item ${index}`)
  return item
}
