import { Helmet } from 'react-helmet-async'
import { site } from '../../config/site'
import type { PageHeadContent } from '../../content/types'
import { absoluteUrl, ogImage } from './urls'

interface PageHeadProps {
  head: PageHeadContent
  /** The page's path; gives the canonical and og:url. Omitted on the error screen. */
  path?: string
  /** Keep the page out of search results (the 404 and error screens). */
  noindex?: boolean
  /** schema.org objects for this page, printed as one JSON-LD block. */
  structuredData?: readonly object[]
}

/**
 * Everything a page says about itself in <head>. The only component that renders <Helmet>: on
 * React 19 each tag renders where it stands and React hoists it, so one PageHead per page.
 */
export function PageHead({ head, path, noindex = false, structuredData }: PageHeadProps) {
  const title = `${head.title} | ${site.brand}`
  const socialTitle = head.socialTitle ?? head.title
  const socialDescription = head.socialDescription ?? head.description
  const url = path === undefined ? undefined : absoluteUrl(path)

  return (
    <>
      <Helmet>
        <title>{title}</title>
        <meta name="description" content={head.description} />
        {head.keywords.length > 0 ? <meta name="keywords" content={head.keywords.join(', ')} /> : null}
        {noindex ? <meta name="robots" content="noindex, follow" /> : null}
        {url ? <link rel="canonical" href={url} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.brand} />
        <meta property="og:locale" content="es_MX" />
        <meta property="og:title" content={socialTitle} />
        <meta property="og:description" content={socialDescription} />
        {url ? <meta property="og:url" content={url} /> : null}
        <meta property="og:image" content={ogImage.url} />
        <meta property="og:image:width" content={String(ogImage.width)} />
        <meta property="og:image:height" content={String(ogImage.height)} />
        <meta property="og:image:alt" content={ogImage.alt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={socialTitle} />
        <meta name="twitter:description" content={socialDescription} />
        <meta name="twitter:image" content={ogImage.url} />
      </Helmet>
      {structuredData && structuredData.length > 0 ? (
        <script
          type="application/ld+json"
          // JSON-LD must be raw JSON; `<` is escaped so no content can close the script element.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(structuredData) }}
        />
      ) : null}
    </>
  )
}

export function serializeJsonLd(data: readonly object[]): string {
  const graph = data.length === 1 ? data[0] : { '@context': 'https://schema.org', '@graph': data }
  return JSON.stringify(graph).replace(/</g, '\\u003c')
}
