import { Bus, Car, type LucideIcon } from 'lucide-react'
import { site } from '../config/site'
import type { PageHeadContent, SectionIntro } from './types'

export interface UbicacionContent {
  head: PageHeadContent
  intro: SectionIntro
  office: {
    title: string
    addressLabel: string
    addressZone: string
    phoneLabel: string
    hoursLabel: string
  }
  map: { title: string; text: string }
  areas: SectionIntro & { items: readonly string[]; note: string }
  directions: SectionIntro & {
    routes: readonly { icon: LucideIcon; title: string; steps: readonly string[] }[]
  }
  contact: { title: string; text: string }
}

export const ubicacion = {
  head: {
    title: 'Ubicación y zonas de servicio en Puebla',
    description:
      'Visítanos en el Centro Histórico de Puebla. Damos servicio de albercas en Angelópolis, Cholula, Atlixco, La Paz, Cuautlancingo y toda la zona metropolitana.',
    keywords: [
      'albercas Puebla centro',
      'albercas Cholula',
      'albercas Angelópolis',
      'albercas Atlixco',
      'servicio de albercas zona metropolitana Puebla',
    ],
    socialTitle: 'Dónde estamos y a dónde llegamos',
    socialDescription:
      'Oficina en el Centro Histórico de Puebla y servicio en diez zonas de la región. Horarios y cómo llegar.',
    breadcrumb: 'Ubicación',
  },
  intro: {
    eyebrow: 'Ubicación',
    title: 'Estamos en el corazón de Puebla',
    lead: 'Visítanos en nuestra oficina del Centro Histórico o pide que vayamos a tu casa: atendemos toda la zona metropolitana.',
  },
  office: {
    title: 'Nuestra oficina',
    addressLabel: 'Dirección',
    addressZone: 'Zona Centro Histórico',
    phoneLabel: 'Teléfono',
    hoursLabel: 'Horario de atención',
  },
  map: {
    title: 'Mapa de ubicación',
    text: `${site.address.street}, ${site.address.area}, ${site.address.locality}`,
  },
  areas: {
    eyebrow: 'Cobertura',
    title: 'Zonas de servicio',
    lead: 'Llegamos a tu domicilio en estas zonas de Puebla y sus alrededores.',
    items: site.serviceAreas,
    note: '¿Tu colonia no aparece? Llámanos: es muy probable que también lleguemos.',
  },
  directions: {
    eyebrow: 'Cómo llegar',
    title: 'Indicaciones para visitarnos',
    routes: [
      {
        icon: Car,
        title: 'En automóvil',
        steps: [
          'Desde la autopista México-Puebla, toma el Boulevard Hermanos Serdán hacia el centro.',
          'Continúa por la Avenida Reforma hasta el Centro Histórico.',
          'Gira en la Avenida 5 de Mayo; hay estacionamientos públicos a una cuadra.',
        ],
      },
      {
        icon: Bus,
        title: 'En transporte público',
        steps: [
          'Toma la Línea 2 de RUTA y baja en la estación más cercana al Zócalo.',
          'Camina dos cuadras hacia el norte por la Avenida 5 de Mayo.',
          'También llegan las rutas urbanas que pasan por el Centro Histórico.',
        ],
      },
    ],
  },
  contact: {
    title: '¿Prefieres que vayamos a tu casa?',
    text: 'Llámanos o escríbenos por WhatsApp y agendamos una visita de diagnóstico sin costo.',
  },
} as const satisfies UbicacionContent
