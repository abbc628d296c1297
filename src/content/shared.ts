import { paths } from '../../schema/paths'
import { site } from '../config/site'
import type { LinkContent } from './types'

/** Main navigation: header, mobile menu and tests read this list. */
export const mainNav = [
  { label: 'Inicio', to: paths.inicio },
  { label: 'Nosotros', to: paths.nosotros },
  { label: 'Servicios', to: paths.servicios },
  { label: 'Ubicación', to: paths.ubicacion },
  { label: 'Contacto', to: paths.contacto },
] as const satisfies readonly LinkContent[]

export const header = {
  homeLabel: `${site.brand}, ir al inicio`,
  navLabel: 'Navegación principal',
  cta: { label: 'Cotizar Ahora', to: paths.contacto },
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  skipLink: 'Saltar al contenido principal',
} as const

export const footer = {
  blurb: site.footerBlurb,
  socialTitle: 'Síguenos',
  social: ['Facebook', 'Instagram', 'YouTube'] as const,
  quickLinksTitle: 'Enlaces rápidos',
  quickLinks: [
    { label: 'Inicio', to: paths.inicio },
    { label: 'Nosotros', to: paths.nosotros },
    { label: 'Servicios', to: paths.servicios },
    { label: 'Contacto', to: paths.contacto },
  ] as const satisfies readonly LinkContent[],
  contactTitle: 'Contacto',
  phoneLabel: 'Teléfono',
  emailLabel: 'Correo electrónico',
  locationLabel: 'Ubicación',
  copyright: `© ${site.copyrightYear} ${site.brand}. Todos los derechos reservados.`,
} as const

export const contactLabels = {
  callNow: 'Llamar ahora',
  whatsapp: 'Escribir por WhatsApp',
  whatsappFloating: 'Escríbenos por WhatsApp',
  openMaps: 'Abrir en Mapas',
  newTab: '(se abre en una pestaña nueva)',
} as const

export const toastLabels = {
  close: 'Cerrar notificación',
} as const

export const errorScreen = {
  head: {
    title: 'Página no encontrada',
    description: `La página que buscas no existe o cambió de dirección. Vuelve al inicio de ${site.brand}.`,
    keywords: [],
    breadcrumb: 'Error',
  },
  heading: 'Unexpected Application Error!',
  homeLink: 'Volver al inicio',
  help: 'Si llegaste aquí desde un enlace, puedes volver al inicio o llamarnos al',
} as const
