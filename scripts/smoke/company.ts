/**
 * What the smoke kit expects to find on a deployment: the company's facts from content/site.yaml (the
 * one source a real company edits, read and derived as the build does) and the strings the product fixes (docs/product.md), spelled
 * out here so a deployment built from wrong copy fails.
 */
import { deriveSite } from '../../src/config/company'
import { loadContentOrThrow } from '../build/content/load'

const site = deriveSite(loadContentOrThrow().site, '', '')

export const company = {
  brand: site.brand,
  phoneHref: site.phone.href,
  phoneDisplay: site.phone.display,
  whatsappNumber: site.whatsapp.number,
  emailHref: site.email.href,
  emailAddress: site.email.address,
} as const

/** Spec, "Layout": the header's links, in order, and its call to action. */
export const headerLinks = [
  { label: 'Inicio', path: '/' },
  { label: 'Nosotros', path: '/nosotros' },
  { label: 'Servicios', path: '/servicios' },
  { label: 'Ubicación', path: '/ubicacion' },
  { label: 'Contacto', path: '/contacto' },
] as const
export const headerCta = { label: 'Cotizar Ahora', path: '/contacto' } as const

/** Spec, "Validation rules": the quote form's fields by label, with the control each must be. */
export const CONTACT_PATH = '/contacto'
export const formFields = [
  { key: 'name', label: 'Nombre Completo', control: 'input', type: 'text' },
  { key: 'phone', label: 'Teléfono', control: 'input', type: 'tel' },
  { key: 'email', label: 'Email', control: 'input', type: 'email' },
  { key: 'service', label: 'Servicio de Interés', control: 'select', type: 'select-one' },
  { key: 'message', label: 'Mensaje', control: 'textarea', type: 'textarea' },
] as const
export type FieldKey = (typeof formFields)[number]['key']

/** Spec, "Error catalogue". */
export const SUCCESS_TOAST = '¡Mensaje Enviado!'
export const ERROR_HEADING = 'Unexpected Application Error!'
/** One of the spec's seven service options. */
export const TEST_SERVICE = 'Consulta General'
