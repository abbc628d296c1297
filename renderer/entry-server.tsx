import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { ServerStyleSheet } from 'styled-components'
import { AppProviders } from '../src/app-providers'
import { quoteFormPrerendered } from '../src/components/quote-form-prerendered'
import { Prerendered } from '../src/components/ui/prerendered'
import { serverStyleTag } from '../src/theme/server-styles'
import { pagePaths } from '../schema/paths'
import { site } from '../src/config/site'
import { robotsTxt, sitemapXml } from '../src/seo/sitemap'
import { jsonLdScript, structuredDataFor } from '../src/seo/structured-data'
import { pageModules, routes } from './routes'

export { pagePaths as paths, pageModules, robotsTxt, sitemapXml }
export const leadEndpoint = LEAD_ENDPOINT

// 1. One static handler for every render; the parts only the prerender writes (decision 026).
const handler = createStaticHandler(routes)
const prerendered = { quoteForm: quoteFormPrerendered }

export interface RenderResult {
  head: string
  html: string
  status: number
  /** What a route threw, when the status is 500 (the prerender reports it). */
  errors?: unknown[]
}

export async function render(path: string): Promise<RenderResult> {
  // 2. Run the router for the path; a Response back (a redirect) is not a page: stop.
  const context = await handler.query(new Request(new URL(path, site.url)))
  if (context instanceof Response) throw context

  // 3. Render the app inside a fresh style sheet.
  const router = createStaticRouter(handler.dataRoutes, context)
  const sheet = new ServerStyleSheet()
  try {
    const markup = renderToString(
      sheet.collectStyles(
        <Prerendered.Provider value={prerendered}>
          <AppProviders>
            <StaticRouterProvider router={router} context={context} />
          </AppProviders>
        </Prerendered.Provider>,
      ),
    )
    // 4. React 19 emits the hoisted <title>/<meta>/<link> first: that run is the head, plus the
    //    page's JSON-LD (static HTML only) and the collected CSS (src/theme/server-styles.ts).
    const { head, body } = liftImagePreloads(splitHoistedHead(markup))
    const jsonLd = context.statusCode === 200 ? jsonLdScript(structuredDataFor(path)) : ''
    // The stock-photo host only where the page draws a stock photo: a page whose photos are all uploaded
    // (served from our own origin) opens no third-party connection.
    const preconnect = body.includes(`${site.imageOrigin}/`)
      ? `<link rel="preconnect" href="${site.imageOrigin}">`
      : ''
    const errors = context.statusCode >= 500 ? Object.values(context.errors ?? {}) : undefined
    return {
      head: preconnect + head + jsonLd + serverStyleTag(sheet),
      html: body,
      status: context.statusCode,
      errors,
    }
  } finally {
    sheet.seal()
  }
}

const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)/

/**
 * The preload of an uploaded priority photo (src/components/ui/stock-image.tsx) renders where the photo
 * is; React hoists it into <head> in the browser, but renderToString leaves it in place. It belongs at
 * the top of <head>, so the browser starts the photo with the HTML.
 */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g

export function liftImagePreloads({ head, body }: { head: string; body: string }) {
  const preloads = body.match(IMAGE_PRELOAD) ?? []
  return { head: preloads.join('') + head, body: body.replace(IMAGE_PRELOAD, '') }
}

export function splitHoistedHead(markup: string): { head: string; body: string } {
  let rest = markup
  const tags: string[] = []
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    tags.push(match[0])
    rest = rest.slice(match[0].length)
  }
  return { head: tags.join(''), body: rest }
}
