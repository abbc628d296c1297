import type { ComponentType } from 'react'
import { data, type RouteObject } from 'react-router-dom'
import { paths, type PageSlug } from '../schema/paths'
import { LayoutErrorBoundary, RootErrorBoundary } from '../src/layout/error-screen'
import { SiteLayout } from '../src/layout/site-layout'

/** Each page is its own chunk, so a visitor downloads only the page they open. */
const pages: Record<PageSlug, () => Promise<{ default: ComponentType }>> = {
  inicio: () => import('../pages/inicio'),
  nosotros: () => import('../pages/nosotros'),
  servicios: () => import('../pages/servicios'),
  ubicacion: () => import('../pages/ubicacion'),
  contacto: () => import('../pages/contacto'),
}

function pageRoute(slug: PageSlug): RouteObject {
  const lazy = async () => ({ Component: (await pages[slug]()).default })
  return slug === 'inicio' ? { index: true, lazy } : { path: paths[slug].slice(1), lazy }
}

/**
 * The one route table: router (server and browser), prerender, sitemap and tests read it.
 * root (bare fallback) → layout (header/footer, error screen inside the chrome) → pages | 404.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        id: 'layout',
        Component: SiteLayout,
        ErrorBoundary: LayoutErrorBoundary,
        children: [
          ...(Object.keys(pages) as PageSlug[]).map(pageRoute),
          {
            // Unknown paths: a 404 that the layout's error boundary renders (it never renders itself).
            path: '*',
            Component: () => null,
            loader: () => {
              throw data(null, { status: 404, statusText: 'Not Found' })
            },
          },
        ],
      },
    ],
  },
]

/** Module for each path, so the prerender can preload the current page's chunk. */
export const pageModules: Record<string, string> = {
  [paths.inicio]: 'pages/inicio.tsx',
  [paths.nosotros]: 'pages/nosotros.tsx',
  [paths.servicios]: 'pages/servicios.tsx',
  [paths.ubicacion]: 'pages/ubicacion.tsx',
  [paths.contacto]: 'pages/contacto.tsx',
}
