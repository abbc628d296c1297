import { site } from '../config/site'

/** Absolute URL on the site: `SITE_URL` + path, no trailing slash except for the home page. */
export function absoluteUrl(path: string): string {
  if (path === '/' || path === '') return `${site.url}/`
  return `${site.url}${path.startsWith('/') ? path : `/${path}`}`.replace(/\/+$/, '')
}

/** The social-sharing card (drawn for the brand, 1200×630, in public/). */
export const ogImage = {
  url: absoluteUrl('/og-image.jpg'),
  width: 1200,
  height: 630,
  alt: 'AquaPuebla: construcción y mantenimiento de albercas en Puebla',
} as const
