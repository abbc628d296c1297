import { Filter, Hammer, Paintbrush, Siren, Sparkles, Wrench } from 'lucide-react'
import { paths } from '../config/paths'
import type {
  CtaContent,
  ImageContent,
  PageHeadContent,
  Price,
  ProcessStep,
  SectionIntro,
  ServiceOffering,
} from './types'

export interface ServiciosContent {
  head: PageHeadContent
  intro: SectionIntro
  services: readonly ServiceOffering[]
  quoteButton: string
  pricePrefix: string
  process: SectionIntro & { stepLabel: string; steps: readonly ProcessStep[] }
  gallery: SectionIntro & { caption: string; detail: string; image: ImageContent; count: number }
  cta: CtaContent
}

export const servicios = {
  head: {
    title: 'Servicios y precios de albercas en Puebla',
    description:
      'Construcción de albercas desde $150,000, mantenimiento desde $800 al mes, filtración, renovación, reparaciones y emergencias 24/7 en Puebla. Precios claros y garantía.',
    keywords: [
      'construcción de albercas Puebla',
      'mantenimiento de albercas precio',
      'sistema de filtración alberca',
      'remodelación de albercas',
      'reparación de fugas alberca',
      'emergencias albercas Puebla',
    ],
    socialTitle: 'Servicios y precios de AquaPuebla',
    socialDescription:
      'Seis servicios para tu alberca con precios desde y garantía por escrito. Cotización gratis en Puebla.',
    breadcrumb: 'Servicios',
  },
  intro: {
    eyebrow: 'Nuestros servicios',
    title: 'Todo para tu alberca, con precios claros',
    lead: 'Elige el servicio que necesitas. Cada proyecto incluye visita de diagnóstico, cotización por escrito y garantía.',
  },
  quoteButton: 'Solicitar cotización',
  pricePrefix: 'Desde',
  services: [
    {
      id: 'construccion',
      icon: Hammer,
      title: 'Construcción de albercas',
      description:
        'Diseñamos y construimos tu alberca a la medida de tu espacio y tu estilo, con obra terminada en 4 a 8 semanas.',
      features: [
        'Diseño 3D personalizado',
        'Concreto armado de alta resistencia',
        'Acabados en azulejo, venecita o piedra',
        'Sistema hidráulico completo',
        'Iluminación LED subacuática',
        'Garantía de 5 años en estructura',
      ],
      price: { kind: 'from', amount: 150000 },
    },
    {
      id: 'mantenimiento',
      icon: Sparkles,
      title: 'Mantenimiento regular',
      description:
        'Agua limpia y balanceada todo el año con visitas programadas y reportes de cada servicio.',
      features: [
        'Limpieza de fondo y paredes',
        'Balance químico del agua',
        'Revisión de bomba y filtro',
        'Limpieza de skimmers y canastillas',
        'Reporte de cada visita',
        'Visitas semanales o quincenales',
      ],
      price: { kind: 'from', amount: 800, per: 'mes' },
    },
    {
      id: 'filtracion',
      icon: Filter,
      title: 'Sistemas de filtración',
      description: 'Instalamos y modernizamos bombas y filtros eficientes que ahorran hasta 40% de energía.',
      features: [
        'Filtros de arena, cartucho o vidrio',
        'Bombas de velocidad variable',
        'Ahorro de hasta 40% de energía',
        'Cloradores salinos',
        'Automatización y temporizadores',
        'Garantía de 2 años en equipos',
      ],
      price: { kind: 'from', amount: 25000 },
    },
    {
      id: 'renovacion',
      icon: Paintbrush,
      title: 'Renovación y remodelación',
      description:
        'Damos nueva vida a tu alberca con acabados modernos, cambios de forma y equipos actuales.',
      features: [
        'Cambio de acabados y recubrimientos',
        'Modificación de forma y profundidad',
        'Escaleras, bancas y cascadas',
        'Actualización de iluminación',
        'Renovación de andadores',
        'Impermeabilización completa',
      ],
      price: { kind: 'from', amount: 80000 },
    },
    {
      id: 'reparaciones',
      icon: Wrench,
      title: 'Reparaciones',
      description: 'Detectamos y reparamos fugas, grietas y fallas de equipos con diagnóstico preciso.',
      features: [
        'Detección electrónica de fugas',
        'Reparación de grietas',
        'Cambio de tuberías',
        'Reparación de bombas y motores',
        'Reposición de azulejo',
        'Diagnóstico sin costo con tu reparación',
      ],
      price: { kind: 'from', amount: 2500 },
    },
    {
      id: 'emergencias',
      icon: Siren,
      title: 'Servicio de emergencia',
      description:
        'Atención las 24 horas, los 365 días del año, con un técnico en tu domicilio en máximo 2 horas.',
      features: [
        'Disponible 24/7',
        'Respuesta en máximo 2 horas',
        'Fugas y pérdidas de agua',
        'Fallas eléctricas del equipo',
        'Agua turbia o contaminada',
        'Técnicos especializados',
      ],
      price: { kind: 'consult' },
    },
  ],
  process: {
    eyebrow: 'Cómo trabajamos',
    title: 'Nuestro proceso en cuatro pasos',
    stepLabel: 'Paso',
    steps: [
      {
        number: '01',
        title: 'Consulta inicial',
        description: 'Visitamos tu casa sin costo, escuchamos lo que buscas y evaluamos el terreno.',
      },
      {
        number: '02',
        title: 'Diseño y cotización',
        description: 'Te presentamos el diseño, los materiales y una cotización detallada por escrito.',
      },
      {
        number: '03',
        title: 'Construcción',
        description: 'Ejecutamos la obra con supervisión constante y te informamos de cada avance.',
      },
      {
        number: '04',
        title: 'Entrega y garantía',
        description: 'Entregamos tu alberca lista para usar, te enseñamos a cuidarla y firmamos la garantía.',
      },
    ],
  },
  gallery: {
    eyebrow: 'Galería',
    title: 'Proyectos realizados',
    lead: 'Algunas de las albercas que hemos construido y renovado en Puebla.',
    caption: 'Proyecto residencial',
    detail: 'Puebla, Pue.',
    count: 6,
    image: {
      photo: '1576013551627-0cc20b96c2a7',
      alt: 'Alberca residencial terminada por AquaPuebla',
      width: 800,
      height: 600,
    },
  },
  cta: {
    title: '¿No sabes qué servicio necesitas?',
    text: 'Cuéntanos cómo está tu alberca y te recomendamos la mejor solución, sin compromiso.',
    actions: [
      { label: 'Pedir cotización gratis', to: paths.contacto, variant: 'primary' },
      { label: 'Conocer al equipo', to: paths.nosotros, variant: 'secondary' },
    ],
  },
} as const satisfies ServiciosContent

/** Formats prices once, the way Mexican visitors read them: $150,000. */
const priceFormat = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  maximumFractionDigits: 0,
})

/** "Desde $150,000 MXN", "Desde $800 MXN/mes" or "Consultar precio". */
export function formatPrice(price: Price): string {
  if (price.kind === 'consult') return 'Consultar precio'
  const amount = `${servicios.pricePrefix} ${priceFormat.format(price.amount)} MXN`
  return price.per ? `${amount}/${price.per}` : amount
}
