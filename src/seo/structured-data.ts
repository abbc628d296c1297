import type {
  BreadcrumbList,
  FAQPage,
  Graph,
  HomeAndConstructionBusinessLeaf,
  Offer,
  Place,
  Service,
  WithContext,
} from 'schema-dts'
import { paths, type PagePath } from '../../schema/paths'
import { site, type SiteConfig } from '../config/site'
import { contacto } from '../content/contacto'
import { inicio } from '../content/inicio'
import { nosotros } from '../content/nosotros'
import type { Price } from '../content/types'
import { servicios } from '../content/servicios'
import { ubicacion } from '../content/ubicacion'
import { absoluteUrl, ogImage } from './urls'

/**
 * schema.org data built from the same modules the pages render. Nothing here is typed twice.
 * Only the prerender uses it (crawlers read the static HTML); it never ships to the browser.
 * Every node is typed with schema-dts (Google's schema.org vocabulary for TypeScript): a property a
 * type does not allow, like `unitText` on a plain `PriceSpecification`, does not compile.
 */

const BUSINESS_ID = `${absoluteUrl('/')}#negocio`

/**
 * A node of the page's graph, one of the types built here; `@context` is added once, by `jsonLdScript`. Not any
 * schema.org `Thing`: `WithContext` of that whole union took the type checker about 30 s, half of `npm run typecheck`.
 */
type Node = HomeAndConstructionBusinessLeaf | BreadcrumbList | Service | FAQPage

const areaServed = (): Place[] =>
  site.serviceAreas.map((name) => ({ '@type': 'Place', name: `${name}, Puebla` }))

export function localBusiness(): HomeAndConstructionBusinessLeaf {
  return {
    '@type': 'HomeAndConstructionBusiness',
    '@id': BUSINESS_ID,
    name: site.brand,
    description: inicio.head.description,
    url: absoluteUrl('/'),
    telephone: site.phone.e164,
    email: site.email.address,
    image: ogImage.url,
    logo: absoluteUrl('/icon-512.png'),
    foundingDate: String(site.foundingYear),
    priceRange: site.priceRange,
    currenciesAccepted: 'MXN',
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.countryCode,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: site.address.geo.latitude,
      longitude: site.address.geo.longitude,
    },
    areaServed: areaServed(),
    openingHoursSpecification: (site.hours as SiteConfig['hours'])
      .filter((entry) => entry.opens && entry.closes)
      .map((entry) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: entry.days.map((day) => `https://schema.org/${day}` as const),
        opens: entry.opens,
        closes: entry.closes,
      })),
  }
}

export function breadcrumbs(path: PagePath, label: string): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: inicio.head.breadcrumb, item: absoluteUrl(paths.inicio) },
      { '@type': 'ListItem', position: 2, name: label, item: absoluteUrl(path) },
    ],
  }
}

/**
 * What the services page says about a price, and no more: "Desde $800 MXN/mes" is a minimum price
 * per month (UN/CEFACT unit code MON), "Desde $150,000 MXN" a minimum price, "Consultar precio" no
 * offer at all. `Offer.price` would claim a fixed price, so it is never set.
 */
function offerFor(price: Price): Offer | undefined {
  if (price.kind !== 'from') return undefined
  return {
    '@type': 'Offer',
    url: absoluteUrl(paths.contacto),
    priceSpecification: price.per
      ? {
          '@type': 'UnitPriceSpecification',
          minPrice: price.amount,
          priceCurrency: 'MXN',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
        }
      : { '@type': 'PriceSpecification', minPrice: price.amount, priceCurrency: 'MXN' },
  }
}

export function serviceCatalog(): Service[] {
  return servicios.services.map((service) => {
    const offers = offerFor(service.price)
    return {
      '@type': 'Service',
      '@id': `${absoluteUrl(paths.servicios)}#${service.id}`,
      name: service.title,
      description: service.description,
      serviceType: service.title,
      provider: { '@id': BUSINESS_ID },
      areaServed: areaServed(),
      ...(offers ? { offers } : {}),
    }
  })
}

export function faqPage(): FAQPage {
  return {
    '@type': 'FAQPage',
    mainEntity: contacto.faq.items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

/** Every page's JSON-LD nodes, by path. */
export function structuredDataFor(path: string): Node[] {
  switch (path) {
    case paths.inicio:
      return [localBusiness()]
    case paths.nosotros:
      return [localBusiness(), breadcrumbs(paths.nosotros, nosotros.head.breadcrumb)]
    case paths.servicios:
      return [localBusiness(), ...serviceCatalog(), breadcrumbs(paths.servicios, servicios.head.breadcrumb)]
    case paths.ubicacion:
      return [localBusiness(), breadcrumbs(paths.ubicacion, ubicacion.head.breadcrumb)]
    case paths.contacto:
      return [localBusiness(), faqPage(), breadcrumbs(paths.contacto, contacto.head.breadcrumb)]
    default:
      return []
  }
}

/** The document a page carries: its one node, or all of them in an `@graph`. */
export function jsonLdDocument(nodes: readonly Node[]): WithContext<Node> | Graph | undefined {
  if (nodes.length === 0) return undefined
  if (nodes.length === 1) return { '@context': 'https://schema.org', ...nodes[0]! }
  return { '@context': 'https://schema.org', '@graph': nodes }
}

/** One `<script type="application/ld+json">`; `<` is escaped so no text can close the element. */
export function jsonLdScript(nodes: readonly Node[]): string {
  const document = jsonLdDocument(nodes)
  if (!document) return ''
  return `<script type="application/ld+json">${JSON.stringify(document).replace(/</g, '\\u003c')}</script>`
}
