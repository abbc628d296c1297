/**
 * The company's phone and WhatsApp links for the pages a browser without JavaScript gets when its request
 * could not be stored: read from the site's own built contact page (Pages' ASSETS binding), so they are the
 * facts content/site.yaml gives the pages, written once. The edge cannot import the content (wrangler's
 * bundler reads no YAML and has no alias for `content:site` on Pages), and the built page is what the visitor
 * was just shown. Read once per isolate; null when there is no built page (a unit test, a missing asset): the
 * answer then links back to the form, which shows both.
 */
import type { LeadEnv } from './env'

export interface CompanyLinks {
  phone: { href: string; display: string }
  whatsapp: { href: string }
}

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  )

/** The first phone link that shows a number, and the first WhatsApp chat link, of a page's HTML. */
export function linksInPage(html: string): CompanyLinks | null {
  const phone = /<a[^>]*\shref="(tel:\+?[0-9]{8,15})"[^>]*>([+0-9\s\u00a0().-]{8,30})<\/a>/.exec(html)
  const whatsapp = /\shref="(https:\/\/wa\.me\/[0-9]{8,15}(?:\?text=[^"]*)?)"/.exec(html)
  if (!phone?.[1] || !phone[2] || !whatsapp?.[1]) return null
  return {
    phone: { href: phone[1], display: phone[2].trim() },
    whatsapp: { href: unescape(whatsapp[1]) },
  }
}

let cached: Promise<CompanyLinks | null> | undefined

export function companyLinks(env: LeadEnv, request: Request): Promise<CompanyLinks | null> {
  if (!env.ASSETS) return Promise.resolve(null)
  if (!cached) {
    const assets = env.ASSETS
    cached = (async () => {
      try {
        const response = await assets.fetch(new Request(new URL('/contacto', request.url)))
        if (!response.ok) return null
        return linksInPage(await response.text())
      } catch (error) {
        console.error('the contact page could not be read for its links', error)
        return null
      }
    })()
    // A failed read is tried again by the next request.
    void cached.then((links) => {
      if (!links) cached = undefined
    })
  }
  return cached
}
