import { site } from '../config/site'
import type { Faq, ImageContent, PageHeadContent, SectionIntro } from './types'

export interface ContactoContent {
  head: PageHeadContent
  intro: SectionIntro
  cards: {
    phone: { title: string; text: string }
    email: { title: string; text: string }
    location: { title: string; text: string }
    hours: { title: string; text: string; saturday: string }
  }
  form: {
    title: string
    lead: string
    fields: {
      name: { label: string; placeholder: string }
      phone: { label: string; placeholder: string }
      email: { label: string; placeholder: string }
      service: { label: string; placeholder: string; options: readonly string[] }
      message: { label: string; placeholder: string }
    }
    submit: string
    sending: string
    success: { title: string; description: string }
    failure: { title: string; description: string; action: string; call: string }
    honeypot: string
    noscript: { before: string; between: string; whatsapp: string; after: string }
    privacy: { title: string; text: string; rights: string }
  }
  whyUs: { title: string; items: readonly string[] }
  emergency: { title: string; text: string; link: string }
  hoursTitle: string
  image: ImageContent
  faq: SectionIntro & { items: readonly Faq[] }
}

export const contacto = {
  head: {
    title: 'Contacto: cotización gratis para tu alberca',
    description:
      'Pide tu cotización gratis de construcción, mantenimiento o reparación de albercas en Puebla. Te respondemos en menos de 24 horas por teléfono, WhatsApp o correo.',
    keywords: [
      'cotización alberca Puebla',
      'presupuesto alberca',
      'contacto AquaPuebla',
      'emergencia alberca Puebla',
      'precio construcción alberca',
    ],
    socialTitle: 'Pide tu cotización gratis',
    socialDescription: 'Escríbenos, llámanos o mándanos un WhatsApp: respondemos en menos de 24 horas.',
    breadcrumb: 'Contacto',
  },
  intro: {
    eyebrow: 'Contacto',
    title: 'Pide tu cotización gratis',
    lead: 'Cuéntanos sobre tu proyecto y te respondemos en menos de 24 horas. Sin costo y sin compromiso.',
  },
  cards: {
    phone: { title: 'Teléfono', text: 'Llámanos de lunes a sábado' },
    email: { title: 'Correo electrónico', text: 'Te respondemos en menos de 24 horas' },
    location: { title: 'Ubicación', text: `${site.address.area}, ${site.address.locality}` },
    hours: {
      title: 'Horario',
      text: `Lun a Vie ${site.hours[0].hours}`,
      saturday: `${site.hours[1].day} ${site.hours[1].hours}`,
    },
  },
  form: {
    title: 'Solicita tu cotización',
    lead: 'Todos los campos son obligatorios.',
    fields: {
      name: { label: 'Nombre Completo', placeholder: 'Tu nombre' },
      phone: { label: 'Teléfono', placeholder: '222 123 4567' },
      email: { label: 'Email', placeholder: 'tu@correo.com' },
      service: {
        label: 'Servicio de Interés',
        placeholder: 'Selecciona un servicio',
        options: [
          'Construcción de Alberca Nueva',
          'Mantenimiento Regular',
          'Reparación de Alberca',
          'Sistema de Filtración',
          'Renovación/Remodelación',
          'Servicio de Emergencia',
          'Consulta General',
        ],
      },
      message: {
        label: 'Mensaje',
        placeholder: 'Cuéntanos sobre tu proyecto: medidas aproximadas, ubicación, lo que te gustaría…',
      },
    },
    submit: 'Enviar Mensaje',
    sending: 'Enviando...',
    success: {
      title: '¡Mensaje Enviado!',
      description: 'Gracias por contactarnos. Te responderemos en menos de 24 horas.',
    },
    failure: {
      title: 'No pudimos enviar tu mensaje',
      description:
        'Tus datos siguen en el formulario: vuelve a intentarlo en un momento o mándanos tu solicitud por WhatsApp.',
      action: 'Enviar por WhatsApp',
      call: 'o llámanos al',
    },
    honeypot: 'Deja este campo vacío',
    noscript: {
      before: 'Tu navegador no ejecuta JavaScript, así que este formulario no puede enviarse. Llámanos al',
      between: 'o escríbenos por',
      whatsapp: 'WhatsApp',
      after: 'y te atendemos de inmediato.',
    },
    privacy: {
      title: 'Aviso de privacidad simplificado',
      text: `${site.brand}, con domicilio en ${site.address.area}, ${site.address.locality}, ${site.address.regionCode}, es responsable del tratamiento de los datos personales que nos proporcionas en este formulario. Los usamos únicamente para atender y dar seguimiento a tu solicitud de cotización; no los vendemos ni los compartimos con terceros.`,
      rights:
        'Para ejercer tus derechos de acceso, rectificación, cancelación u oposición (ARCO), escríbenos a',
    },
  },
  whyUs: {
    title: '¿Por qué elegirnos?',
    items: [
      'Cotización y visita de diagnóstico sin costo',
      'Más de 10 años de experiencia en Puebla',
      'Garantía de 5 años en estructura y 2 en equipos',
      'Respuesta en menos de 24 horas',
      'Atención de emergencias 24/7',
    ],
  },
  emergency: {
    title: '¿Tienes una emergencia?',
    text: 'Fugas, fallas del equipo o agua contaminada: un técnico llega en máximo 2 horas.',
    link: 'Llamar a emergencias',
  },
  hoursTitle: 'Horario de atención',
  image: {
    photo: '1613977257363-707ba9348227',
    alt: 'Casa moderna con alberca iluminada al anochecer',
    width: 800,
    height: 533,
  },
  faq: {
    eyebrow: 'Preguntas frecuentes',
    title: 'Resolvemos tus dudas',
    items: [
      {
        question: '¿Cuánto tiempo tarda la construcción de una alberca?',
        answer:
          'Una alberca residencial tarda entre 4 y 8 semanas, según el tamaño, el diseño y el tipo de terreno. Te entregamos un calendario de obra por escrito antes de empezar.',
      },
      {
        question: '¿La cotización tiene algún costo?',
        answer:
          'No. La visita de diagnóstico y la cotización son gratuitas y sin compromiso. Te enviamos el presupuesto detallado por escrito.',
      },
      {
        question: '¿Qué garantía ofrecen?',
        answer:
          'Ofrecemos 5 años de garantía en la estructura, 2 años en los equipos y garantía de por vida en nuestro servicio de mano de obra.',
      },
      {
        question: '¿Atienden emergencias en fin de semana?',
        answer:
          'Sí. El servicio de emergencia funciona las 24 horas, todos los días del año, y un técnico llega a tu domicilio en un máximo de 2 horas.',
      },
    ],
  },
} as const satisfies ContactoContent

/**
 * What the privacy notice under the quote form adds when analytics is configured
 * (src/analytics/privacy-note.ts picks the sentences for the build's providers). A separate export,
 * so that a build without analytics leaves it out of the page's chunk.
 */
export const analyticsPrivacy = {
  measured:
    'Para mejorar el sitio medimos cómo se usa, sin datos personales: páginas vistas, sitio de procedencia, tipo de dispositivo, país, qué botones de contacto se usan, si una solicitud se envió (nunca su contenido) y la velocidad de carga.',
  plausible: 'Lo hacemos de forma anónima y sin cookies con Plausible Analytics.',
  ga4: 'Con Google Analytics, solo si lo aceptas en el aviso de cookies: guarda cookies en tu navegador y, si lo rechazas, no se envía nada a Google.',
} as const
