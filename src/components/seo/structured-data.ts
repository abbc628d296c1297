import { paths, type PagePath } from '../../config/paths'
import { nosotros } from '../../content/nosotros'
import { ubicacion } from '../../content/ubicacion'
import { site, type SiteConfig } from '../../config/site'
import { contacto } from '../../content/contacto'
import { inicio } from '../../content/inicio'
import { servicios } from '../../content/servicios'
import { absoluteUrl, ogImage } from './urls'

/**
 * schema.org data built from the same modules the pages render. Nothing here is typed twice.
 * Only the prerender uses it (crawlers read the static HTML); it never ships to the browser.
 */

const BUSINESS_ID = `${absoluteUrl('/')}#negocio`

export function localBusiness() {
  return {
    '@context': 'https://schema.org',
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
    areaServed: site.serviceAreas.map((name) => ({ '@type': 'Place', name: `${name}, Puebla` })),
    openingHoursSpecification: (site.hours as SiteConfig['hours'])
      .filter((entry) => entry.opens && entry.closes)
      .map((entry) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: entry.days.map((day) => `https://schema.org/${day}`),
        opens: entry.opens,
        closes: entry.closes,
      })),
  }
}

export function breadcrumbs(path: PagePath, label: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: inicio.head.breadcrumb, item: absoluteUrl(paths.inicio) },
      { '@type': 'ListItem', position: 2, name: label, item: absoluteUrl(path) },
    ],
  }
}

export function serviceCatalog() {
  return servicios.services.map((service) => ({
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${absoluteUrl(paths.servicios)}#${service.id}`,
    name: service.title,
    description: service.description,
    serviceType: service.title,
    provider: { '@id': BUSINESS_ID },
    areaServed: site.serviceAreas.map((name) => ({ '@type': 'Place', name: `${name}, Puebla` })),
    ...(service.price.kind === 'from'
      ? {
          offers: {
            '@type': 'Offer',
            priceCurrency: 'MXN',
            price: service.price.amount,
            priceSpecification: {
              '@type': 'PriceSpecification',
              priceCurrency: 'MXN',
              minPrice: service.price.amount,
              ...('per' in service.price ? { unitText: 'MONTH' } : {}),
            },
            url: absoluteUrl(paths.contacto),
          },
        }
      : {}),
  }))
}

export function faqPage() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: contacto.faq.items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

/** Every page's JSON-LD, by path. */
export function structuredDataFor(path: string): object[] {
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

/** One `<script type="application/ld+json">`; `<` is escaped so no text can close the element. */
export function jsonLdScript(data: readonly object[]): string {
  if (data.length === 0) return ''
  const graph = data.length === 1 ? data[0] : { '@context': 'https://schema.org', '@graph': data }
  return `<script type="application/ld+json">${JSON.stringify(graph).replace(/</g, '\\u003c')}</script>`
}
