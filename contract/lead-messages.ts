/**
 * What the lead endpoint (edge/leads/) answers a visitor, in Spanish: one message per field the form shows
 * under that field, and the short pages a browser without JavaScript gets after posting the form. Plain
 * data with no imports: the edge bundle and the site share it.
 */
export const leadFieldMessages = {
  name: {
    missing: 'Escribe tu nombre.',
    tooLong: 'Tu nombre es demasiado largo (máximo 120 caracteres).',
  },
  email: {
    missing: 'Escribe tu correo electrónico.',
    invalid: 'Escribe un correo válido, por ejemplo nombre@correo.com.',
    tooLong: 'Tu correo es demasiado largo (máximo 254 caracteres).',
  },
  phone: {
    missing: 'Escribe tu teléfono.',
    invalid: 'Escribe un teléfono válido, con al menos 10 dígitos.',
    tooLong: 'Tu teléfono es demasiado largo (máximo 30 caracteres).',
  },
  service: {
    missing: 'Selecciona un servicio.',
    invalid: 'Selecciona uno de los servicios de la lista.',
  },
  message: {
    missing: 'Escribe tu mensaje.',
    tooLong: 'Tu mensaje es demasiado largo (máximo 5000 caracteres).',
  },
} as const

export const leadAnswers = {
  /** 400: the body could not be read as text or as the form's fields. */
  malformed: 'No pudimos leer tu solicitud. Vuelve a intentarlo desde el formulario.',
  /** 413 */
  tooLarge: 'Tu solicitud es demasiado grande. Acorta el mensaje y vuelve a intentarlo.',
  /** 415 */
  unsupported: 'Envía tu solicitud desde el formulario del sitio.',
  /** 422 */
  invalid: 'Revisa los campos marcados.',
  /** 429 */
  tooMany: 'Recibimos muchas solicitudes desde tu conexión. Espera unos minutos y vuelve a intentarlo.',
  /**
   * 403: Turnstile is on and the send carried no token it takes (none: no JavaScript, a network that blocks the
   * challenge; or an expired one). Nothing was stored (decision 040).
   */
  turnstile:
    'Tu mensaje no se envió: no pudimos comprobar que no eres un robot. Vuelve a intentarlo, o llámanos o escríbenos por WhatsApp y te atendemos de inmediato.',
  /** 503: the database failed and the message could not be stored nor sent to the company. */
  unavailable:
    'No pudimos guardar tu solicitud en este momento. Llámanos o escríbenos por WhatsApp y te atendemos de inmediato.',
  /** 503: the database failed, but the message reached the company by e-mail or chat (edge/leads/relay.ts). */
  relayed:
    'Tu mensaje nos llegó, pero no pudimos guardarlo en nuestro sistema. Para que te atendamos cuanto antes, llámanos o escríbenos por WhatsApp.',
  /**
   * 503 with Retry-After: the site took all the requests it keeps in an hour (edge/leads/store.ts). Stored
   * nothing; the form keeps what was typed and shows the phone and WhatsApp.
   */
  busy: 'En este momento recibimos demasiadas solicitudes y no pudimos guardar la tuya. Llámanos o escríbenos por WhatsApp y te atendemos de inmediato.',
  /** The page a browser without JavaScript gets. */
  page: {
    sentTitle: '¡Mensaje Enviado!',
    /**
     * The promise of content/promesa.yaml, as the endpoint reads it (edge/leads/promise.ts); the same sentence as
     * the form's success toast (src/content/contacto.ts). Without the file, no number is made up.
     */
    sentText: (answerHours: number | undefined) =>
      answerHours
        ? `Gracias por contactarnos. Te responderemos en menos de ${answerHours} horas.`
        : 'Gracias por contactarnos. Te responderemos lo antes posible.',
    errorTitle: 'No pudimos enviar tu mensaje',
    back: 'Volver al formulario',
    home: 'Volver al sitio',
    /** The links of an error page, from the site's own contact page (edge/leads/contact.ts). */
    call: 'Llamar al',
    whatsapp: 'Escribir por WhatsApp',
  },
} as const

/**
 * What the quote form says in a build with Turnstile while the widget has no token yet, and when it cannot get one
 * (decision 040). Apart from leadAnswers, so a build without Turnstile leaves it out of the page's chunk.
 */
export const turnstileNotes = {
  verifying:
    'Estamos comprobando que no eres un robot. Si aparece una casilla de verificación, márcala: tu mensaje se enviará en cuanto termine.',
  notVerified:
    'No pudimos comprobar que no eres un robot, así que tu mensaje no se envió. Tus datos siguen en el formulario: vuelve a intentarlo o mándanos tu solicitud por WhatsApp.',
} as const
