import { paths } from '../../schema/paths'

/**
 * The Google Analytics consent notice (shown only when GA4_ID is set). Its own module, imported by
 * the notice's lazy chunk alone, so no page's first load carries it. The privacy notice's sentences
 * about measurement are in ./contacto.ts (`analyticsPrivacy`).
 */
export const consentNotice = {
  label: 'Aviso de cookies',
  title: '¿Nos ayudas a mejorar el sitio?',
  text: 'Con tu permiso usamos Google Analytics, que guarda cookies en tu navegador, para saber cuántas personas nos visitan y qué páginas leen. Si lo rechazas, el sitio funciona igual.',
  privacy: { label: 'Aviso de privacidad', href: `${paths.contacto}#privacidad` },
  accept: 'Aceptar',
  reject: 'Rechazar',
} as const
