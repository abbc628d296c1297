import data from 'content:contacto'
import { answerHours } from 'content:promesa'
import { nth } from '../config/company'
import { site } from '../config/site'
import { SERVICE_OPTIONS } from '../../contract/lead-rules'

/** The quote form's button. */
const SUBMIT = 'Enviar Mensaje'

/**
 * The contact page: its copy from content/contacto.yaml, the texts that quote company facts, and the
 * quote form's labels and messages, which the spec fixes (they stay here, not in the owner's file).
 */
export const contacto = {
  ...data,
  cards: {
    ...data.cards,
    location: { ...data.cards.location, text: `${site.address.area}, ${site.address.locality}` },
    hours: {
      title: data.cards.hours.title,
      text: `${data.cards.hours.weekdays} ${nth(site.hours, 0).hours}`,
      saturday: `${nth(site.hours, 1).day} ${nth(site.hours, 1).hours}`,
    },
  },
  form: {
    title: 'Solicita tu cotización',
    lead: 'Todos los campos son obligatorios.',
    fields: {
      name: { label: 'Nombre Completo', placeholder: 'Tu nombre' },
      phone: { label: 'Teléfono', placeholder: '221 000 0000' },
      email: { label: 'Email', placeholder: 'tu@correo.com' },
      service: {
        label: 'Servicio de Interés',
        placeholder: 'Selecciona un servicio',
        options: SERVICE_OPTIONS,
      },
      message: {
        label: 'Mensaje',
        placeholder: 'Cuéntanos sobre tu proyecto: medidas aproximadas, ubicación, lo que te gustaría…',
      },
    },
    submit: SUBMIT,
    sending: 'Enviando...',
    success: {
      title: '¡Mensaje Enviado!',
      // The promise of content/promesa.yaml; the build inlines the number, so this ships as one string.
      description: `Gracias por contactarnos. Te responderemos en menos de ${answerHours} horas.`,
    },
    failure: {
      title: 'No pudimos enviar tu mensaje',
      description:
        'Tus datos siguen en el formulario: vuelve a intentarlo en un momento o mándanos tu solicitud por WhatsApp.',
      action: 'Enviar por WhatsApp',
      call: 'O llámanos al',
    },
    honeypot: 'Deja este campo vacío',
    /** The owner's text (content/contacto.yaml): the simplified notice and the full one. */
    privacy: data.privacy,
  },
} as const
export type ContactoContent = typeof contacto

/** A sentence that ends with the phone number and a WhatsApp link, said where the form cannot send. */
const orCallUs = { between: 'o escríbenos por', whatsapp: 'WhatsApp', after: 'y te atendemos de inmediato.' }

/**
 * What the quote form says where it cannot send (a build that simulates sending; decision 026): without
 * JavaScript, above the fields and under the button; and to a visitor who presses the button before the page's
 * scripts have run (a slow phone). Only the prerender writes these (src/components/quote-form-prerendered.tsx): a
 * separate export, so the page's chunk leaves them out.
 */
export const quoteFormWithoutScripts = {
  noscript: {
    before: 'Tu navegador no ejecuta JavaScript, así que este formulario no puede enviarse. Llámanos al',
    ...orCallUs,
  },
  button: { before: 'Sin JavaScript este botón no envía tu mensaje: llámanos al', ...orCallUs },
  early: {
    before: `Tu mensaje aún no se ha enviado: la página sigue cargando. Espera unos segundos y vuelve a pulsar “${SUBMIT}”, o llámanos al`,
    ...orCallUs,
  },
} as const

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
