/**
 * The five pages as a visitor meets them, for the suites that walk all of them in a browser (site.test.ts in
 * every engine): path, the header link that leads there, the head the content gives it and its h1, all read
 * from the content, never typed twice.
 */
import { paths, type PagePath } from '../../schema/paths'
import { contacto } from '../../src/content/contacto'
import { inicio } from '../../src/content/inicio'
import { nosotros } from '../../src/content/nosotros'
import { servicios } from '../../src/content/servicios'
import type { PageHeadContent } from '../../src/content/types'
import { ubicacion } from '../../src/content/ubicacion'

export interface Route {
  path: PagePath
  /** Label of the route's link in the header navigation. */
  nav: string
  head: PageHeadContent
  h1: string
}

export const ROUTES: readonly Route[] = [
  { path: paths.inicio, nav: 'Inicio', head: inicio.head, h1: inicio.hero.title },
  { path: paths.nosotros, nav: 'Nosotros', head: nosotros.head, h1: nosotros.intro.title },
  { path: paths.servicios, nav: 'Servicios', head: servicios.head, h1: servicios.intro.title },
  { path: paths.ubicacion, nav: 'Ubicación', head: ubicacion.head, h1: ubicacion.intro.title },
  { path: paths.contacto, nav: 'Contacto', head: contacto.head, h1: contacto.intro.title },
]
