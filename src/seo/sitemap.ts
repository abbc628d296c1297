import { pagePaths } from '../../schema/paths'
import { absoluteUrl } from './urls'

/** sitemap.xml for the five public pages. */
export function sitemapXml(lastModified: Date = new Date()): string {
  const day = lastModified.toISOString().slice(0, 10)
  const urls = pagePaths
    .map(
      (path) =>
        `  <url>\n    <loc>${absoluteUrl(path)}</loc>\n    <lastmod>${day}</lastmod>\n    <changefreq>monthly</changefreq>\n    <priority>${path === '/' ? '1.0' : '0.8'}</priority>\n  </url>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`
}
