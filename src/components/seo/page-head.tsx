import { Helmet } from 'react-helmet-async'
import { site } from '../../config/site'
import type { PageHeadContent } from '../../content/types'
import { absoluteUrl, ogImage } from '../../seo/urls'

interface PageHeadProps {
  head: PageHeadContent
  /** The page's path; gives the canonical and og:url. Omitted on the error screen. */
  path?: string
  /** Keep the page out of search results (the 404 and error screens). */
  noindex?: boolean
}

/**
 * Everything a page says about itself in <head>. The only component that renders <Helmet>: on
 * React 19 each tag renders where it stands and React hoists it, so one PageHead per page.
 * Structured data is not here: it only matters in the static HTML, so the prerender writes it
 * (see structuredDataFor) and the browser bundle stays free of it.
 */
export function PageHead({ head, path, noindex = false }: PageHeadProps) {
  const title = `${head.title} | ${site.brand}`
  const socialTitle = head.socialTitle ?? head.title
  const socialDescription = head.socialDescription ?? head.description
  const url = path === undefined ? undefined : absoluteUrl(path)

  return (
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
      <meta name="twitter:image:alt" content={ogImage.alt} />
    </Helmet>
  )
}
