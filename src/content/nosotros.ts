import { BadgeCheck, ClipboardList, Filter, Gem, Handshake, Heart, Lightbulb } from 'lucide-react'
import { paths } from '../config/paths'
import { site } from '../config/site'
import type { CtaContent, IconItem, ImageContent, PageHeadContent, SectionIntro, TeamMember } from './types'

export interface NosotrosContent {
  head: PageHeadContent
  intro: SectionIntro
  story: {
    eyebrow: string
    title: string
    paragraphs: readonly string[]
    certificationNote: string
    image: ImageContent
  }
  mission: { title: string; text: string }
  vision: { title: string; text: string }
  values: SectionIntro & { items: readonly IconItem[] }
  team: SectionIntro & { members: readonly TeamMember[] }
  certifications: SectionIntro & { items: readonly IconItem[] }
  cta: CtaContent
}

export const nosotros = {
  head: {
    title: 'Nosotros: expertos en albercas en Puebla desde 2014',
    description:
      'Conoce a AquaPuebla: empresa poblana fundada en 2014, con certificación ISO 9001, registro CMIC y un equipo especializado en albercas residenciales.',
    keywords: [
      'empresa de albercas Puebla',
      'AquaPuebla',
      'constructora de albercas',
      'ISO 9001 albercas',
      'expertos en albercas',
    ],
    socialTitle: 'Conoce a AquaPuebla',
    socialDescription:
      'Una empresa poblana dedicada a las albercas desde 2014: historia, misión, valores y el equipo que cuida tu alberca.',
    breadcrumb: 'Nosotros',
  },
  intro: {
    eyebrow: 'Sobre nosotros',
    title: 'Pasión por el agua, compromiso con tu hogar',
    lead: 'Somos una empresa poblana dedicada a diseñar, construir y cuidar albercas residenciales con la calidad que tu familia merece.',
  },
  story: {
    eyebrow: 'Nuestra historia',
    title: `Desde ${site.foundingYear}, creando espacios acuáticos en Puebla`,
    paragraphs: [
      `${site.brand} nació en ${site.foundingYear} con una idea sencilla: que tener una alberca en casa fuera un gusto y no una preocupación. Empezamos dando mantenimiento a albercas en el centro de Puebla y pronto nuestros clientes nos pidieron construir las suyas.`,
      'Hoy somos un equipo de arquitectos, ingenieros y técnicos que ha entregado más de 500 proyectos en Puebla, Cholula, Atlixco y toda la zona metropolitana, desde albercas familiares hasta sistemas de filtración de alta eficiencia.',
    ],
    certificationNote:
      'Nuestros procesos de construcción y servicio cuentan con la certificación ISO 9001 de gestión de la calidad.',
    image: {
      photo: '1582268611958-ebfd161ef9cf',
      alt: 'Alberca terminada con iluminación al atardecer en una casa residencial',
      width: 1200,
      height: 800,
    },
  },
  mission: {
    title: 'Misión',
    text: 'Crear y mantener albercas seguras, eficientes y hermosas, con un servicio honesto y cercano que haga disfrutar a cada familia de su espacio acuático.',
  },
  vision: {
    title: 'Visión',
    text: 'Ser la empresa de albercas más confiable de Puebla y la región, reconocida por la calidad de su obra, la innovación de sus equipos y el trato a sus clientes.',
  },
  values: {
    eyebrow: 'Nuestros valores',
    title: 'Lo que guía cada proyecto',
    items: [
      {
        icon: Gem,
        title: 'Excelencia',
        description:
          'Cuidamos cada detalle, del trazo al último azulejo, y no entregamos nada que no usaríamos en nuestra propia casa.',
      },
      {
        icon: Heart,
        title: 'Pasión',
        description: 'Nos encanta lo que hacemos y se nota en el acabado de cada alberca.',
      },
      {
        icon: Handshake,
        title: 'Confianza',
        description: 'Precios claros, contratos por escrito y garantías que cumplimos.',
      },
      {
        icon: Lightbulb,
        title: 'Innovación',
        description:
          'Incorporamos equipos de bajo consumo, automatización y nuevas técnicas de construcción.',
      },
    ],
  },
  team: {
    eyebrow: 'Nuestro equipo',
    title: 'Las personas detrás de tu alberca',
    members: [
      {
        name: 'Ing. Roberto Méndez Ortega',
        position: 'Director general y fundador',
        experience: '15 años de experiencia',
        initials: 'RM',
      },
      {
        name: 'Arq. Mariana López Cabrera',
        position: 'Jefa de diseño y proyectos',
        experience: '12 años de experiencia',
        initials: 'ML',
      },
      {
        name: 'Carlos Hernández Ruiz',
        position: 'Supervisor de mantenimiento y servicio técnico',
        experience: '10 años de experiencia',
        initials: 'CH',
      },
    ],
  },
  certifications: {
    eyebrow: 'Certificaciones',
    title: 'Calidad respaldada',
    items: [
      {
        icon: BadgeCheck,
        title: 'ISO 9001',
        description: 'Sistema de gestión de la calidad certificado en construcción y servicio.',
      },
      {
        icon: ClipboardList,
        title: 'Registro CMIC',
        description: 'Empresa afiliada a la Cámara Mexicana de la Industria de la Construcción.',
      },
      {
        icon: Filter,
        title: 'Certificación avanzada en filtración',
        description: 'Técnicos certificados en diseño e instalación de sistemas de filtración.',
      },
    ],
  },
  cta: {
    title: '¿Hablamos de tu proyecto?',
    text: 'Agenda una visita sin costo: revisamos tu espacio y te proponemos la mejor opción para tu presupuesto.',
    actions: [
      { label: 'Cotizar ahora', to: paths.contacto, variant: 'primary' },
      { label: 'Ver servicios', to: paths.servicios, variant: 'secondary' },
    ],
  },
} as const satisfies NosotrosContent
