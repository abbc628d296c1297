/**
 * @jest-environment node
 */
import { render } from '../../renderer/entry-server'
import { pagePaths } from '../../schema/paths'
import { site } from '../../src/config/site'
import { contacto } from '../../src/content/contacto'
import { servicios } from '../../src/content/servicios'

/** Reads what a crawler reads: the prerendered head, as a document. */
function headOf(html: string) {
  const attr = (pattern: RegExp) => html.match(pattern)?.[1]
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    keywords: attr(/<meta name="keywords" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    og: (property: string) => attr(new RegExp(`<meta property="og:${property}" content="([^"]*)"`)),
    twitter: (name: string) => attr(new RegExp(`<meta name="twitter:${name}" content="([^"]*)"`)),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    ),
  }
}

type Node = Record<string, unknown>
const graphOf = (data: Node): Node[] => (Array.isArray(data['@graph']) ? (data['@graph'] as Node[]) : [data])

/** Every page rendered once, as the prerender does, and read again by each test that needs it. */
const rendered = new Map<string, ReturnType<typeof render>>()
const page = (path: string) => {
  if (!rendered.has(path)) rendered.set(path, render(path))
  return rendered.get(path)!
}

describe('head tags of every page', () => {
  test.each(pagePaths)(
    // Its one title and canonical, as served: test/visitor/site.test.ts «$path serves its head…»; og:title and
    // og:description present: test/validators/structured-data-tool.test.ts (its Facebook preset).
    '%s has a description, keywords, Open Graph, Twitter and the business as a LocalBusiness',
    async (path) => {
      const { head, status } = await page(path)
      expect(status).toBe(200)
      const tags = headOf(head)
      const url = path === '/' ? `${site.url}/` : `${site.url}${path}`
      expect(tags.description!.length).toBeGreaterThan(70)
      expect(tags.description!.length).toBeLessThanOrEqual(170)
      expect(tags.keywords).toBeTruthy()
      expect(tags.og('url')).toBe(url)
      expect(tags.og('type')).toBe('website')
      expect(tags.og('locale')).toBe('es_MX')
      expect(tags.og('image')).toBe(`${site.url}/og-image.jpg`)
      expect(tags.og('image:width')).toBe('1200')
      expect(tags.og('image:height')).toBe('630')
      expect(tags.twitter('card')).toBe('summary_large_image')
      expect(tags.twitter('title')).toBe(tags.og('title'))
      expect(tags.twitter('image')).toBe(tags.og('image'))
      // Regression: a summary_large_image card without twitter:image:alt leaves screen-reader users
      // of the shared post with nothing; both alts describe the card in Spanish.
      expect(tags.og('image:alt')).toBe('AquaPuebla: construcción y mantenimiento de albercas en Puebla')
      expect(tags.twitter('image:alt')).toBe(tags.og('image:alt'))
      expect(tags.robots).toBeUndefined()
      const graph = graphOf(tags.jsonLd[0]!)
      const business = graph.find((node) => node['@type'] === 'HomeAndConstructionBusiness')!
      expect(business).toMatchObject({
        name: 'AquaPuebla',
        url: `${site.url}/`,
        telephone: '+522221234567',
        email: 'contacto@aquapuebla.mx',
        foundingDate: '2014',
        priceRange: expect.any(String),
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Puebla',
          addressRegion: 'Puebla',
          addressCountry: 'MX',
        },
        geo: { '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) },
      })
      expect((business.areaServed as Node[]).map((place) => place.name)).toEqual(
        site.serviceAreas.map((area) => `${area}, Puebla`),
      )
      expect(business.openingHoursSpecification).toEqual([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(
            (day) => `https://schema.org/${day}`,
          ),
          opens: '08:00',
          closes: '18:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['https://schema.org/Saturday'],
          opens: '09:00',
          closes: '16:00',
        },
      ])
      // Google asks for at least five decimals; four (about 11 m) was not the real point.
      const geo = business.geo as { latitude: number; longitude: number }
      const decimals = (value: number) => String(value).split('.')[1]?.length ?? 0
      expect([decimals(geo.latitude), decimals(geo.longitude)].every((count) => count >= 5)).toBe(true)
      expect(geo.latitude).toBeCloseTo(19.0436, 2)
      expect(geo.longitude).toBeCloseTo(-98.1979, 2)
      // Every page but home: a two-step BreadcrumbList.
      const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')
      expect(
        (crumbs?.itemListElement as Node[] | undefined)?.map((item) => [item.position, item.item]),
      ).toEqual(
        path === '/'
          ? undefined
          : [
              [1, `${site.url}/`],
              [2, `${site.url}${path}`],
            ],
      )
    },
  )

  test('titles and descriptions are all different', async () => {
    const heads = await Promise.all(pagePaths.map(async (path) => headOf((await page(path)).head)))
    expect(new Set(heads.map((tags) => tags.title)).size).toBe(pagePaths.length)
    expect(new Set(heads.map((tags) => tags.description)).size).toBe(pagePaths.length)
  })

  test('the not-found page answers 404 and asks not to be indexed, without a canonical', async () => {
    const { head, status } = await render('/pagina-que-no-existe')
    expect(status).toBe(404)
    const tags = headOf(head)
    expect(tags.robots).toBe('noindex, follow')
    expect(tags.canonical).toBeUndefined()
    expect(tags.jsonLd).toEqual([])
  })
})

describe('structured data', () => {
  // Regression: Offer.price repeated the "desde" amount (a fixed price the page never states) and
  // unitText sat on a PriceSpecification, where schema.org does not allow it.
  test('the services page lists six Services whose offers state starting prices, emergency without a price', async () => {
    const [data] = headOf((await page('/servicios')).head).jsonLd
    const services = graphOf(data!).filter((node) => node['@type'] === 'Service')
    expect(services.map((service) => service.name)).toEqual(
      servicios.services.map((service) => service.title),
    )
    const offers = services.map((service) => service.offers as Node | undefined)
    for (const offer of offers.slice(0, 5)) {
      expect(offer).toMatchObject({ '@type': 'Offer', url: `${site.url}/contacto` })
      expect(offer).not.toHaveProperty('price')
    }
    expect(offers.map((offer) => offer?.priceSpecification)).toEqual([
      { '@type': 'PriceSpecification', minPrice: 150000, priceCurrency: 'MXN' },
      {
        '@type': 'UnitPriceSpecification',
        minPrice: 800,
        priceCurrency: 'MXN',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
      { '@type': 'PriceSpecification', minPrice: 25000, priceCurrency: 'MXN' },
      { '@type': 'PriceSpecification', minPrice: 80000, priceCurrency: 'MXN' },
      { '@type': 'PriceSpecification', minPrice: 2500, priceCurrency: 'MXN' },
      undefined,
    ])
    // "Consultar precio": the emergency service claims no price at all.
    expect(services[5]).not.toHaveProperty('offers')
    expect(JSON.stringify(data)).not.toMatch(/"price"\s*:/)
  })

  test('the contact page has a FAQPage with the four questions and answers; text that looks like markup cannot close its script', async () => {
    const { head } = await page('/contacto')
    expect(head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]).not.toMatch(/</)
    const [data] = headOf(head).jsonLd
    const faq = graphOf(data!).find((node) => node['@type'] === 'FAQPage')!
    expect(faq.mainEntity).toEqual(
      contacto.faq.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    )
  })
})
