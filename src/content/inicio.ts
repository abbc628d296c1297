import { Award, Clock, HardHat, Leaf, ShieldCheck, Siren } from 'lucide-react'
import { paths } from '../config/paths'
import type {
  CtaContent,
  IconItem,
  ImageContent,
  LinkContent,
  PageHeadContent,
  SectionIntro,
  Statistic,
  Testimonial,
} from './types'

export interface InicioContent {
  head: PageHeadContent
  hero: {
    eyebrow: string
    title: string
    lead: string
    primary: LinkContent
    secondary: LinkContent
    highlights: readonly string[]
    image: ImageContent
  }
  benefits: SectionIntro & { items: readonly IconItem[] }
  stats: readonly Statistic[]
  statsLabel: string
  testimonials: SectionIntro & { items: readonly Testimonial[]; ratingLabel: string }
  cta: CtaContent
}

/** The four claims of the spec, shown on the home page and reused in structured data. */
const stats = [
  { number: '500+', label: 'Clientes satisfechos' },
  { number: '10+', label: 'Años de experiencia' },
  { number: '100%', label: 'Trabajo garantizado' },
  { number: '24/7', label: 'Soporte técnico' },
] as const satisfies readonly Statistic[]

const quoteCta = {
  title: '¿Listo para disfrutar la alberca de tus sueños?',
  text: 'Cuéntanos qué necesitas y te enviamos una cotización sin costo ni compromiso. Respondemos en menos de 24 horas.',
  actions: [{ label: 'Solicitar cotización gratis', to: paths.contacto, variant: 'primary' }],
} as const satisfies CtaContent

const testimonial: Testimonial = {
  quote:
    'Desde la primera visita nos explicaron todo con claridad, cumplieron el calendario y la alberca quedó mejor de lo que imaginábamos. Muy recomendables.',
  author: 'Cliente satisfecho',
  place: 'Puebla, Pue.',
  rating: 5,
}

export const inicio = {
  head: {
    title: 'Construcción y mantenimiento de albercas en Puebla',
    description:
      'Construimos, mantenemos y reparamos albercas en Puebla y su zona metropolitana. Más de 10 años de experiencia, trabajo garantizado y soporte 24/7. Cotización gratis.',
    keywords: [
      'albercas Puebla',
      'construcción de albercas',
      'mantenimiento de albercas',
      'reparación de albercas',
      'filtración de albercas',
      'AquaPuebla',
    ],
    socialTitle: 'AquaPuebla: albercas en Puebla, de la obra al mantenimiento',
    socialDescription:
      'Construcción, mantenimiento, filtración, renovación y reparación de albercas en Puebla. Pide tu cotización gratis.',
    breadcrumb: 'Inicio',
  },
  hero: {
    eyebrow: 'Albercas en Puebla desde 2014',
    title: 'La alberca que imaginas, construida y cuidada por expertos',
    lead: 'Diseñamos, construimos y damos mantenimiento a albercas residenciales en Puebla y su zona metropolitana. Agua limpia, equipos eficientes y un equipo que responde cuando lo necesitas.',
    primary: { label: 'Cotización gratis', to: paths.contacto },
    secondary: { label: 'Ver servicios', to: paths.servicios },
    highlights: ['Garantía por escrito', 'Respuesta en menos de 24 h', 'Emergencias 24/7'],
    image: {
      photo: '1576013551627-0cc20b96c2a7',
      alt: 'Alberca residencial de agua cristalina junto a un jardín con camastros',
      width: 1600,
      height: 1067,
    },
  },
  benefits: {
    eyebrow: 'Por qué elegirnos',
    title: 'Un solo equipo para todo lo que tu alberca necesita',
    lead: 'Desde el primer trazo hasta el mantenimiento de cada semana, trabajamos con materiales certificados y procesos claros.',
    items: [
      {
        icon: Award,
        title: 'Experiencia comprobada',
        description: 'Más de 10 años y cientos de albercas entregadas en Puebla y sus alrededores.',
      },
      {
        icon: ShieldCheck,
        title: 'Garantía real',
        description: '5 años en estructura, 2 años en equipos y garantía de por vida en nuestro servicio.',
      },
      {
        icon: HardHat,
        title: 'Personal certificado',
        description: 'Técnicos capacitados en construcción, hidráulica y sistemas de filtración.',
      },
      {
        icon: Clock,
        title: 'Puntualidad',
        description: 'Calendario de obra por escrito y avances que puedes revisar en cada etapa.',
      },
      {
        icon: Leaf,
        title: 'Equipos eficientes',
        description: 'Bombas y filtros que ahorran hasta 40% de energía y cuidan el agua.',
      },
      {
        icon: Siren,
        title: 'Atención de emergencia',
        description: 'Un técnico en tu domicilio en un máximo de 2 horas, cualquier día del año.',
      },
    ],
  },
  stats,
  statsLabel: 'AquaPuebla en cifras',
  testimonials: {
    eyebrow: 'Testimonios',
    title: 'Lo que dicen nuestros clientes',
    /** Read after the number of stars: "5 de 5 estrellas". */
    ratingLabel: 'de 5 estrellas',
    items: [testimonial, testimonial, testimonial],
  },
  cta: quoteCta,
} as const satisfies InicioContent
