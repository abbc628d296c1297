/**
 * Where a client came from (issue 43, decision 047): the facts a lead keeps about the visit that brought it
 * (migration 0007), and the one Spanish label the owner reads, from a small table of rules. The endpoint bounds
 * and stores the facts (edge/leads/source.ts); the alerts, the inbox's cards, its month figures and the CSV all
 * label them here, so every place says the same. Plain data and functions, no imports.
 *
 * The table, in order: the first rule that matches names the source (docs/leads.md "Where clients come from").
 *   1. a Google Ads click id in the landing address (gclid, or its iOS forms gbraid / wbraid)  «Google (anuncio)»
 *   2. utm_source names Google, Facebook, Instagram or WhatsApp (FAMILIES)                     that family's label,
 *      «(anuncio)» beside it when utm_medium is a paid one (PAID_MEDIUM: cpc, ppc, paid …)
 *   3. any other utm_source                                                                    its own name: volante → «Volante»
 *   4. the referring site is one of the four families (google.com.mx, l.facebook.com …)        that family's label
 *   5. a Facebook click id (fbclid: Facebook and Instagram add it to every outbound link)      «Facebook»
 *   6. any other referring site                                                                «Otro sitio: ejemplo.com»
 *   7. the page saw the visitor land with no referrer and no tags                              «Directo»
 *   8. anything else: the landing was not seen (the form sent without scripts, a page reached  «Sin datos»
 *      from another page of the site, a lead stored before migration 0007)
 * utm_campaign never changes the label: it is shown beside it («Facebook · campaña «verano»»).
 */

/**
 * How the facts were learnt:
 *   page: the page's script noted them on the visitor's first load (src/leads/landing.ts);
 *   site: that first load came from another page of this site (a page opened in a new tab, the no-JavaScript
 *         answer's link back): where the visitor first came from was not seen; the tags of that load's address
 *         and its path are kept;
 *   post: no page noted anything (the form sent before or without its scripts): only what the endpoint sees
 *         itself, the tags and click ids in the address of the page that sent the form (its Referer).
 * null: a lead stored before migration 0007.
 */
export const SOURCE_VIAS = ['page', 'site', 'post'] as const
export type SourceVia = (typeof SOURCE_VIAS)[number]

/** The facts, as the leads table keeps them (migration 0007). Never a click id's value, never a referrer's path. */
export interface SourceColumns {
  source_via: SourceVia | null
  /** The path of the first page loaded ('' when not seen). */
  source_landing: string
  /** The referring site's host, lowercase ('' for none, for this site's own, or not seen). */
  source_referrer: string
  source_utm_source: string
  source_utm_medium: string
  source_utm_campaign: string
  /** 1: the landing address carried a Google Ads click id (gclid, gbraid or wbraid). */
  source_gclid: number
  /** 1: the landing address carried a Facebook click id (fbclid). */
  source_fbclid: number
}

/** The columns, in one order: what stores and reads them lists them from here. */
export const SOURCE_COLUMNS = [
  'source_via',
  'source_landing',
  'source_referrer',
  'source_utm_source',
  'source_utm_medium',
  'source_utm_campaign',
  'source_gclid',
  'source_fbclid',
] as const satisfies readonly (keyof SourceColumns)[]

/** The facts of a lead whose source nobody saw (before migration 0007, or relayed without storing). */
export const NO_SOURCE: SourceColumns = {
  source_via: null,
  source_landing: '',
  source_referrer: '',
  source_utm_source: '',
  source_utm_medium: '',
  source_utm_campaign: '',
  source_gclid: 0,
  source_fbclid: 0,
}

export const SOURCE_LABELS = {
  direct: 'Directo',
  unknown: 'Sin datos',
  otherSite: (host: string) => `Otro sitio: ${host}`,
  /** The month figures' line for what is not listed one by one. */
  others: 'Otras fuentes',
  campaign: (name: string) => `campaña «${name}»`,
} as const

/** The sources an owner pays for or shares on, by the tag they would write and the sites that link to us. */
export const FAMILIES = [
  {
    label: 'Google (búsqueda)',
    paid: 'Google (anuncio)',
    tags: /^google$/,
    // google.com, www.google.com.mx, news.google.es; the Android search app (android-app://…googlequicksearchbox).
    hosts: /(^|\.)google(\.[a-z]{2,3}){1,2}$|^com\.google\.android\.googlequicksearchbox$/,
  },
  {
    label: 'Facebook',
    paid: 'Facebook (anuncio)',
    tags: /^(facebook|fb)$/,
    hosts: /(^|\.)(facebook\.com|fb\.com|fb\.me)$|^com\.facebook\./,
  },
  {
    label: 'Instagram',
    paid: 'Instagram (anuncio)',
    tags: /^(instagram|ig)$/,
    hosts: /(^|\.)instagram\.com$|^com\.instagram\./,
  },
  {
    label: 'WhatsApp',
    paid: 'WhatsApp',
    tags: /^(whatsapp|wa)$/,
    hosts: /(^|\.)(whatsapp\.com|whatsapp\.net|wa\.me)$|^com\.whatsapp/,
  },
] as const

/** utm_medium values that mean a paid ad (Google's and Meta's own conventions, and the Spanish word). */
export const PAID_MEDIUM = /^(cpc|ppc|cpm|cpv|paid([ _-]?(search|social|media))?|ads?|anuncios?)$/

/** What a tag is matched by: lowercase, without `www.`, `m.`, `l.`, `lm.` and whatever follows a dot or separator. */
const tagWord = (tag: string) =>
  tag
    .trim()
    .toLowerCase()
    .replace(/^(www|m|l|lm)\./, '')
    .split(/[.\s_+-]/)[0] ?? ''

/** A tag the owner wrote, as a name: `lona_av-juarez` → «Lona av juarez». */
export function tagName(tag: string): string {
  const words = tag
    .replace(/[_+-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return words.charAt(0).toLocaleUpperCase('es-MX') + words.slice(1)
}

/** The owner's label of a lead's source (the table above). Missing facts count as not seen. */
export function sourceLabel(facts: Partial<SourceColumns>): string {
  const paid = PAID_MEDIUM.test((facts.source_utm_medium ?? '').trim().toLowerCase())
  const named = (family: (typeof FAMILIES)[number]) => (paid ? family.paid : family.label)
  if (facts.source_gclid) return FAMILIES[0].paid
  const tag = facts.source_utm_source ?? ''
  const word = tagWord(tag)
  if (word) {
    const family = FAMILIES.find(({ tags }) => tags.test(word))
    return family ? named(family) : tagName(tag)
  }
  const host = (facts.source_referrer ?? '').toLowerCase()
  const linked = host ? FAMILIES.find(({ hosts }) => hosts.test(host)) : undefined
  if (linked) return named(linked)
  if (facts.source_fbclid) return FAMILIES[1].label
  if (host) return SOURCE_LABELS.otherSite(host.replace(/^www\./, ''))
  return facts.source_via === 'page' ? SOURCE_LABELS.direct : SOURCE_LABELS.unknown
}

/** The label and, when tagged, the campaign: «Facebook · campaña «verano»». One line. */
export function sourceText(facts: Partial<SourceColumns>): string {
  const campaign = (facts.source_utm_campaign ?? '').trim()
  return `${sourceLabel(facts)}${campaign ? ` · ${SOURCE_LABELS.campaign(campaign)}` : ''}`
}
