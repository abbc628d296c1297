/**
 * The five public paths, named once. Router, navigation, prerender, sitemap, the content schema's links (./content.ts)
 * and tests read this.
 */
export const paths = {
  inicio: '/',
  nosotros: '/nosotros',
  servicios: '/servicios',
  ubicacion: '/ubicacion',
  contacto: '/contacto',
} as const

export type PageSlug = keyof typeof paths
export type PagePath = (typeof paths)[PageSlug]

export const pagePaths: readonly PagePath[] = Object.values(paths)
