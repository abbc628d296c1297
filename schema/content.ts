/**
 * The one description of the content files in content/ (YAML the owner edits): the build's validator
 * (scripts/build/content/), the TypeScript types the components use (inferred below) and, with each field's
 * Spanish title and hint, the CMS's forms. Add a field here and in the YAML; nothing else describes it.
 *
 * Only types leave this module for src/: components never import the validator (it runs at build time).
 * It stands in schema/, below its three users (the build, the CMS, the site), and imports none of them
 * (decision 038): of the project, only the page paths beside it and the form's services (contract/).
 */
import * as v from 'valibot'
import type { LucideIcon } from 'lucide-react'
import { pagePaths, type PagePath } from './paths'
import { SERVICE_OPTIONS } from '../contract/lead-rules'

/* ---------- building blocks ---------- */

/** A field's Spanish label and hint, for the CMS (and for people reading this file). */
function label<const S extends v.GenericSchema>(schema: S, title: string, hint = '') {
  return v.pipe(
    schema,
    v.title<v.InferOutput<S>, string>(title),
    v.description<v.InferOutput<S>, string>(hint),
  )
}

const textOf = (min: number) =>
  v.pipe(
    v.string('expected text'),
    v.trim(),
    v.minLength(
      min,
      min === 1 ? 'expected text, received an empty value' : `expected at least ${min} characters`,
    ),
  )

/**
 * Visitor-facing text: never empty. May quote facts with {marca}, {fundacion}, {precio:<service id>}, {horas_respuesta}
 * or {horas_emergencia} (scripts/build/content/load.ts).
 */
const text = (title: string, hint = '') => label(textOf(1), title, hint)
const optionalText = (title: string, hint = '') => v.optional(text(title, hint))

/** A list with the limits the design carries; the message says them. */
function list<const S extends v.GenericSchema>(
  item: S,
  min: number,
  max: number,
  what: string,
  title: string,
  hint = '',
) {
  return label(
    v.pipe(
      v.array(item, 'expected a list'),
      v.minLength(min, (issue) => `expected at least ${min} ${what}, received ${issue.input.length}`),
      v.maxLength(max, (issue) => `expected at most ${max} ${what}, received ${issue.input.length}`),
    ),
    title,
    hint || `Entre ${min} y ${max}.`,
  )
}

const wholeNumber = (title: string, hint = '', min = 0) =>
  label(
    v.pipe(
      v.number('expected a number'),
      v.integer('expected a whole number'),
      v.minValue(min, `expected ${min} or more`),
    ),
    title,
    hint,
  )

/** A latitude or longitude in degrees, at most `limit` either way, as the map pin's entrance gives it. */
const coordinate = (what: 'latitude' | 'longitude', limit: number, title: string) => {
  const message = `expected a ${what} from -${limit} to ${limit}`
  return label(
    v.pipe(v.number('expected a number'), v.minValue(-limit, message), v.maxValue(limit, message)),
    title,
    'De la entrada, con 6 decimales.',
  )
}

/**
 * An optional number the owner may clear in the CMS: Decap's number box saves a cleared box as '' rather
 * than leaving the key out, so '' is read as "not given" (the CMS form still shows a number box:
 * scripts/cms/config.ts looks through the union). Any other text is refused as before.
 */
const clearableNumber = (schema: ReturnType<typeof wholeNumber>) =>
  v.optional(
    v.pipe(
      v.union([schema, v.literal('')], (issue) => `expected a number, received ${issue.received}`),
      v.transform((value): number | undefined => (value === '' ? undefined : value)),
    ),
  )

/**
 * The lucide icons an owner can choose, by name. Each page's chunk imports only the names its file
 * uses (scripts/build/content/emit.ts), so adding a name here costs nothing until a page shows it.
 */
export const iconNames = [
  'Award',
  'BadgeCheck',
  'Bus',
  'CalendarCheck',
  'Car',
  'ClipboardList',
  'Clock',
  'Droplets',
  'Filter',
  'Gem',
  'Hammer',
  'Handshake',
  'HardHat',
  'Heart',
  'Leaf',
  'Lightbulb',
  'Paintbrush',
  'ShieldCheck',
  'Siren',
  'Sparkles',
  'Star',
  'Sun',
  'Thermometer',
  'Truck',
  'Users',
  'Waves',
  'Wrench',
  'Zap',
] as const
export type IconName = (typeof iconNames)[number]

const icon = label(
  v.picklist(
    iconNames,
    (issue) => `expected an icon name (${iconNames.join(', ')}), received ${issue.received}`,
  ),
  'Icono',
  'Nombre de un icono de la lista.',
)

const path = label(
  v.picklist(
    pagePaths as [PagePath, ...PagePath[]],
    (issue) => `expected a page path (${pagePaths.join(', ')}), received ${issue.received}`,
  ),
  'Página',
)

/** An uploaded file as the content names it: `/media/<file name>` (content/media/, never published as it is). */
export const MEDIA_PREFIX = '/media/'

/**
 * A photo: an uploaded file (`file`, processed at build time by scripts/build/content/images.ts into AVIF,
 * WebP and JPEG at several widths) or a stock photo (`photo` with its `width` and `height`, the spec's
 * placeholder). When both are given the uploaded file wins, so the owner who uploads over a stock photo
 * need not clear its id.
 */
export const imageSchema = label(
  v.pipe(
    v.strictObject({
      alt: text('Texto alternativo', 'Qué muestra la foto, para quien no puede verla. Obligatorio.'),
      photo: v.optional(
        label(
          v.pipe(
            v.string('expected text'),
            v.regex(/^\d{10,13}-[0-9a-f]{12}$/, 'expected a stock-photo id like 1576013551627-0cc20b96c2a7'),
          ),
          'Foto del banco de imágenes',
          'Identificador de la foto en el banco de imágenes (lo que sigue a /photo- en su dirección). Solo se usa si no hay foto subida.',
        ),
      ),
      width: v.optional(wholeNumber('Ancho (px)', 'Ancho original de la foto del banco de imágenes.', 1)),
      height: v.optional(wholeNumber('Alto (px)', 'Alto original de la foto del banco de imágenes.', 1)),
      file: v.optional(
        label(
          v.pipe(
            v.string('expected text'),
            v.regex(
              /^\/media\/[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u,
              'expected an uploaded file like /media/alberca-cholula.jpg (letters, digits, - _ . and no folders)',
            ),
            v.metadata({ widget: 'image' }),
          ),
          'Foto subida',
          'Sube la foto tal como sale del teléfono o la cámara (JPEG, PNG, WebP o AVIF), de 2000 px de ancho o más: el sitio la recorta a los tamaños que necesita, la gira si hace falta y le quita la ubicación y los datos de la cámara. Si hay foto subida, se muestra ella y no la del banco de imágenes: no hace falta borrar el identificador.',
        ),
      ),
    }),
    v.check(
      (image) =>
        image.file !== undefined ||
        (image.photo !== undefined && image.width !== undefined && image.height !== undefined),
      'expected an uploaded file (file), or a stock photo with its photo, width and height',
    ),
    v.transform((image): ImageRef =>
      image.file !== undefined
        ? { alt: image.alt, file: image.file }
        : { photo: image.photo!, alt: image.alt, width: image.width!, height: image.height! },
    ),
  ),
  'Imagen',
)

/** A stock photo, as today: drawn from the stock-photo host (IMAGE_ORIGIN) at the declared size. */
export interface StockImageRef {
  photo: string
  alt: string
  width: number
  height: number
}
/** An uploaded file before the build has processed it. */
export interface UploadedImageRef {
  alt: string
  file: string
}
export type ImageRef = StockImageRef | UploadedImageRef

/**
 * An uploaded file as components receive it (scripts/build/content/images.ts fills it in): its processed
 * copies under /assets/, named from `stem` and `widths` (src/content/uploaded-image.ts); `width`/`height`
 * of the largest copy (after the EXIF orientation); `placeholder`, a CSS background drawn while the
 * photo loads (colours of the photo's top, middle and bottom).
 */
export interface UploadedImage {
  alt: string
  width: number
  height: number
  /** `/assets/<name>-<hash>`: every copy is `<stem>-<width>.<avif|webp|jpg>`. */
  stem: string
  /** The widths written, narrowest first; the last is `width`. */
  widths: readonly number[]
  placeholder: string
}

export const headSchema = label(
  v.strictObject({
    title: text('Título de la página', 'Lo que muestran la pestaña y Google; se le añade " | AquaPuebla".'),
    description: text('Descripción', 'Una o dos frases para Google y los enlaces compartidos.'),
    keywords: list(textOf(1), 0, 12, 'keywords', 'Palabras clave'),
    socialTitle: optionalText('Título para redes sociales', 'Opcional: si falta, se usa el título.'),
    socialDescription: optionalText('Descripción para redes sociales', 'Opcional.'),
    breadcrumb: text('Nombre en la ruta de navegación'),
  }),
  'Encabezado de la página (buscadores y redes)',
)

const linkSchema = v.strictObject({ label: text('Texto del botón'), to: path })

const sectionIntro = {
  eyebrow: optionalText('Antetítulo'),
  title: text('Título'),
  lead: optionalText('Entrada', 'Opcional: una frase bajo el título.'),
}
export const sectionIntroSchema = v.strictObject(sectionIntro)

export const ctaSchema = label(
  v.strictObject({
    title: text('Título'),
    text: text('Texto'),
    actions: list(
      v.strictObject({
        ...linkSchema.entries,
        variant: label(
          v.picklist(
            ['primary', 'secondary'],
            (issue) => `expected primary or secondary, received ${issue.received}`,
          ),
          'Estilo',
          'primary: botón lleno; secondary: contorno.',
        ),
      }),
      1,
      2,
      'buttons',
      'Botones',
    ),
  }),
  'Llamada a la acción',
)

export const iconItemSchema = v.strictObject({
  icon,
  title: text('Título'),
  description: text('Descripción'),
})

export const statisticSchema = v.strictObject({
  number: text('Cifra', 'Tal como se lee: 500+, 24/7…'),
  label: text('Qué cuenta'),
})

export const testimonialSchema = v.strictObject({
  quote: text('Testimonio'),
  author: text('Autor'),
  place: text('Lugar'),
  rating: label(
    v.picklist([1, 2, 3, 4, 5], (issue) => `expected a rating from 1 to 5, received ${issue.received}`),
    'Estrellas',
    'De 1 a 5.',
  ),
})

/** Written flat for the CMS (an empty amount means "Consultar precio"), read as a tagged union. */
export const priceSchema = label(
  v.pipe(
    v.strictObject({
      amount: clearableNumber(
        wholeNumber('Precio desde (MXN)', 'Solo el número, sin $ ni comas. Vacío: "Consultar precio".'),
      ),
      per: v.optional(
        label(
          v.picklist(['mes'], (issue) => `expected mes, received ${issue.received}`),
          'Por',
          'mes: precio mensual.',
        ),
      ),
    }),
    v.check(
      (price) => price.amount !== undefined || price.per === undefined,
      'a price "per mes" needs an amount',
    ),
    v.transform((price): Price =>
      price.amount === undefined
        ? { kind: 'consult' }
        : price.per
          ? { kind: 'from', amount: price.amount, per: price.per }
          : { kind: 'from', amount: price.amount },
    ),
  ),
  'Precio',
)
export type Price = { kind: 'from'; amount: number; per?: 'mes' } | { kind: 'consult' }

export const serviceSchema = v.strictObject({
  id: label(
    v.pipe(
      v.string('expected text'),
      v.regex(
        /^[a-z][a-z0-9-]*$/,
        'expected a short id in lowercase letters, digits and hyphens (mantenimiento)',
      ),
    ),
    'Identificador',
    'Corto, en minúsculas: forma parte de la dirección (#mantenimiento) y de {precio:…}.',
  ),
  icon,
  title: text('Nombre del servicio'),
  description: text('Descripción'),
  features: list(textOf(1), 1, 8, 'features', 'Qué incluye'),
  price: priceSchema,
})

export const processStepSchema = v.strictObject({
  number: text('Número', '01, 02…'),
  title: text('Título'),
  description: text('Descripción'),
})

export const teamMemberSchema = v.strictObject({
  name: text('Nombre'),
  position: text('Puesto'),
  experience: text('Experiencia'),
  initials: label(
    v.pipe(v.string('expected text'), v.regex(/^\p{Lu}{1,3}$/u, 'expected 1 to 3 capital letters')),
    'Iniciales',
    'De 1 a 3 letras mayúsculas, como AL. Se muestran en lugar de la foto.',
  ),
})

export const faqSchema = v.strictObject({ question: text('Pregunta'), answer: text('Respuesta') })

export const galleryItemSchema = v.strictObject({
  image: imageSchema,
  caption: text('Título de la foto'),
  detail: text('Detalle', 'Lugar o tipo de proyecto.'),
})

/* ---------- the files ---------- */

const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export type DayOfWeek = (typeof days)[number]
const clock = (title: string) =>
  v.optional(
    label(
      v.pipe(
        v.string('expected text'),
        v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a 24-hour time like 08:00'),
      ),
      title,
      'Hora de 24 h, como 08:00. Vacío si no abre a una hora fija.',
    ),
  )

export const siteSchema = v.strictObject({
  brand: text('Nombre de la empresa'),
  foundingYear: wholeNumber('Año de fundación', 'Los textos con {fundacion} lo muestran.', 1900),
  copyrightYear: wholeNumber('Año del aviso de derechos', 'El del pie de página: © 2024 …', 1900),
  phone: label(
    v.pipe(
      v.string('expected text'),
      v.trim(),
      v.regex(
        /^\+\d{1,3}( \d{1,4}){2,5}$/,
        (issue) => `expected a phone number like +52 222 123 4567, received ${issue.received}`,
      ),
    ),
    'Teléfono',
    'Con clave de país y espacios entre grupos: +52 222 123 4567. Llega a todos los botones de llamada, a WhatsApp y a Google.',
  ),
  whatsapp: label(
    v.strictObject({
      number: v.optional(
        label(
          v.pipe(
            v.string('expected text'),
            v.regex(/^\d{10,15}$/, 'expected only digits with the country code, like 522221234567'),
          ),
          'Número de WhatsApp',
          'Solo dígitos con clave de país. Vacío: el mismo del teléfono.',
        ),
      ),
      greeting: text('Mensaje inicial', 'Lo que aparece escrito al abrir el chat.'),
    }),
    'WhatsApp',
  ),
  email: label(
    v.pipe(
      v.string('expected text'),
      v.trim(),
      v.email((issue) => `expected an e-mail address, received ${issue.received}`),
    ),
    'Correo electrónico',
  ),
  address: label(
    v.strictObject({
      street: text('Calle y número'),
      area: text('Colonia'),
      locality: text('Ciudad'),
      region: text('Estado'),
      regionCode: text('Abreviatura del estado', 'Pue.'),
      postalCode: label(
        v.pipe(v.string('expected text'), v.regex(/^\d{5}$/, 'expected a 5-digit postal code')),
        'Código postal',
        'Cinco dígitos: 72000.',
      ),
      country: text('País'),
      countryCode: label(
        v.pipe(v.string('expected text'), v.regex(/^[A-Z]{2}$/, 'expected a 2-letter country code like MX')),
        'Código de país',
        'Dos letras mayúsculas: MX.',
      ),
      short: text('Forma corta', 'La del pie de página.'),
      geo: label(
        v.strictObject({
          latitude: coordinate('latitude', 90, 'Latitud'),
          longitude: coordinate('longitude', 180, 'Longitud'),
        }),
        'Punto en el mapa',
      ),
    }),
    'Dirección',
  ),
  hours: list(
    v.strictObject({
      day: text('Días', 'Como se leen: Lunes a Viernes.'),
      hours: text('Horario', 'Como se lee: 8:00 AM - 6:00 PM, o Solo emergencias.'),
      days: list(
        v.picklist(
          days,
          (issue) => `expected a day name in English (${days.join(', ')}), received ${issue.received}`,
        ),
        1,
        7,
        'days',
        'Días (para Google)',
      ),
      opens: clock('Abre'),
      closes: clock('Cierra'),
    }),
    2,
    7,
    'rows',
    'Horario de atención',
    'La primera fila son los días entre semana y la segunda el sábado: las tarjetas de contacto las citan.',
  ),
  serviceAreas: list(textOf(1), 1, 16, 'areas', 'Zonas de servicio'),
  priceRange: label(
    v.picklist(
      ['$', '$$', '$$$', '$$$$'],
      (issue) => `expected $, $$, $$$ or $$$$, received ${issue.received}`,
    ),
    'Rango de precios (Google)',
  ),
  footerBlurb: text('Texto del pie de página'),
})

export const inicioSchema = v.strictObject({
  head: headSchema,
  hero: label(
    v.strictObject({
      eyebrow: text('Antetítulo'),
      title: text('Título principal'),
      lead: text('Entrada'),
      primary: label(linkSchema, 'Botón principal'),
      secondary: label(linkSchema, 'Botón secundario'),
      highlights: list(textOf(1), 1, 4, 'highlights', 'Puntos destacados'),
      image: imageSchema,
    }),
    'Portada',
  ),
  benefits: label(
    v.strictObject({ ...sectionIntro, items: list(iconItemSchema, 1, 9, 'benefits', 'Beneficios') }),
    'Por qué elegirnos',
  ),
  stats: list(statisticSchema, 1, 4, 'statistics', 'Cifras'),
  statsLabel: text('Nombre de la banda de cifras', 'Para lectores de pantalla.'),
  testimonials: label(
    v.strictObject({
      ...sectionIntro,
      ratingLabel: text('Texto tras las estrellas', '"de 5 estrellas"'),
      items: list(testimonialSchema, 1, 6, 'testimonials', 'Testimonios'),
    }),
    'Testimonios',
  ),
  cta: ctaSchema,
})

export const nosotrosSchema = v.strictObject({
  head: headSchema,
  intro: label(sectionIntroSchema, 'Introducción'),
  story: label(
    v.strictObject({
      eyebrow: text('Antetítulo'),
      title: text('Título'),
      paragraphs: list(textOf(1), 1, 4, 'paragraphs', 'Párrafos'),
      certificationNote: text('Nota de certificación'),
      image: imageSchema,
    }),
    'Historia',
  ),
  mission: label(v.strictObject({ title: text('Título'), text: text('Texto') }), 'Misión'),
  vision: label(v.strictObject({ title: text('Título'), text: text('Texto') }), 'Visión'),
  values: label(
    v.strictObject({ ...sectionIntro, items: list(iconItemSchema, 1, 8, 'values', 'Valores') }),
    'Valores',
  ),
  team: label(
    v.strictObject({ ...sectionIntro, members: list(teamMemberSchema, 1, 6, 'team members', 'Personas') }),
    'Equipo',
  ),
  certifications: label(
    v.strictObject({
      ...sectionIntro,
      items: list(iconItemSchema, 1, 6, 'certifications', 'Certificaciones'),
    }),
    'Certificaciones',
  ),
  cta: ctaSchema,
})

export const serviciosSchema = v.strictObject({
  head: headSchema,
  intro: label(sectionIntroSchema, 'Introducción'),
  quoteButton: text('Botón de cada servicio'),
  pricePrefix: text('Palabra antes del precio', 'Desde'),
  services: list(serviceSchema, 1, 9, 'services', 'Servicios'),
  process: label(
    v.strictObject({
      ...sectionIntro,
      stepLabel: text('Palabra antes del número', 'Paso'),
      steps: list(processStepSchema, 1, 6, 'steps', 'Pasos'),
    }),
    'Proceso',
  ),
  gallery: label(
    v.strictObject({ ...sectionIntro, items: list(galleryItemSchema, 1, 12, 'photos', 'Fotos') }),
    'Galería',
  ),
  cta: ctaSchema,
})

export const ubicacionSchema = v.strictObject({
  head: headSchema,
  intro: label(sectionIntroSchema, 'Introducción'),
  office: label(
    v.strictObject({
      title: text('Título'),
      addressLabel: text('Etiqueta de la dirección'),
      addressZone: text('Zona'),
      phoneLabel: text('Etiqueta del teléfono'),
      hoursLabel: text('Etiqueta del horario'),
    }),
    'Oficina',
  ),
  map: label(v.strictObject({ title: text('Título del mapa') }), 'Mapa'),
  areas: label(
    v.strictObject({ ...sectionIntro, note: text('Nota bajo la lista') }),
    'Zonas de servicio',
    'Las zonas se editan en los datos de la empresa.',
  ),
  directions: label(
    v.strictObject({
      ...sectionIntro,
      routes: list(
        v.strictObject({
          icon,
          title: text('Título'),
          steps: list(textOf(1), 1, 6, 'steps', 'Indicaciones'),
        }),
        1,
        3,
        'routes',
        'Rutas',
      ),
    }),
    'Cómo llegar',
  ),
  contact: label(v.strictObject({ title: text('Título'), text: text('Texto') }), 'Visita a domicilio'),
})

export const contactoSchema = v.strictObject({
  head: headSchema,
  intro: label(sectionIntroSchema, 'Introducción'),
  cards: label(
    v.strictObject({
      phone: v.strictObject({ title: text('Título'), text: text('Texto') }),
      email: v.strictObject({ title: text('Título'), text: text('Texto') }),
      location: v.strictObject({ title: text('Título') }),
      hours: v.strictObject({
        title: text('Título'),
        weekdays: text(
          'Días entre semana, en corto',
          'Lun a Vie: se le añade el horario de la primera fila.',
        ),
      }),
    }),
    'Tarjetas de contacto',
  ),
  whyUs: label(
    v.strictObject({ title: text('Título'), items: list(textOf(1), 1, 8, 'reasons', 'Razones') }),
    '¿Por qué elegirnos?',
  ),
  emergency: label(
    v.strictObject({ title: text('Título'), text: text('Texto'), link: text('Texto del enlace') }),
    'Emergencias',
  ),
  hoursTitle: text('Título del horario'),
  privacy: label(
    v.strictObject({
      title: text('Título'),
      text: text('Aviso simplificado', 'Debajo del formulario. {domicilio} cita la dirección de la empresa.'),
      storage: text(
        'Dónde y cuánto tiempo se guardan las solicitudes',
        'Si cambias el plazo, cambia también LEAD_RETENTION_DAYS (docs/leads.md).',
      ),
      rights: text('Derechos ARCO', 'Le sigue el correo de la empresa.'),
      fullTitle: text('Título del aviso integral', 'El aviso completo se abre debajo del simplificado.'),
      full: list(textOf(1), 1, 12, 'paragraphs', 'Aviso integral (párrafos)'),
    }),
    'Aviso de privacidad',
  ),
  image: imageSchema,
  faq: label(
    v.strictObject({ ...sectionIntro, items: list(faqSchema, 1, 8, 'questions', 'Preguntas') }),
    'Preguntas frecuentes',
  ),
})

/**
 * What the site promises its clients about answering (content/promesa.yaml): the public pages quote it
 * ({horas_respuesta}, {horas_emergencia}) and every lead's deadline in the owner's inbox and reminders counts
 * with it (edge/leads/promise.ts). A file of its own so the public pages' bundles never carry it.
 */
export const promesaSchema = v.strictObject({
  answerHours: wholeNumber(
    'Horas para responder una solicitud',
    'Lo que prometen las páginas ({horas_respuesta}) y el plazo de cada solicitud en tu bandeja.',
    1,
  ),
  emergencyHours: wholeNumber(
    'Horas para atender una emergencia',
    'Lo que prometen las páginas ({horas_emergencia}) y el plazo de las solicitudes del servicio de emergencia.',
    1,
  ),
  emergencyService: label(
    v.picklist(
      SERVICE_OPTIONS,
      (issue) =>
        `expected one of the form's services (${SERVICE_OPTIONS.join(', ')}), received ${issue.received}`,
    ),
    'Servicio de emergencia',
    'Las solicitudes de este servicio tienen el plazo de emergencia y te llegan marcadas como urgentes.',
  ),
})

/** Every content file, by name (content/<name>.yaml), with its schema. */
export const contentSchemas = {
  site: label(siteSchema, 'Datos de la empresa', 'Teléfono, WhatsApp, correo, dirección, horario y zonas.'),
  inicio: label(inicioSchema, 'Página de inicio'),
  nosotros: label(nosotrosSchema, 'Página Nosotros'),
  servicios: label(serviciosSchema, 'Página Servicios', 'Servicios y precios, proceso y galería.'),
  ubicacion: label(ubicacionSchema, 'Página Ubicación'),
  contacto: label(contactoSchema, 'Página Contacto', 'Tarjetas de contacto y preguntas frecuentes.'),
  promesa: label(
    promesaSchema,
    'Tiempos de respuesta',
    'Lo que el sitio promete a tus clientes; tu bandeja y tus avisos cuentan con estos plazos.',
  ),
} as const
export type ContentName = keyof typeof contentSchemas

/* ---------- the types components use ---------- */

/**
 * Icon names become lucide components in the loaded data (scripts/build/content/emit.ts), and uploaded files
 * their processed copies (scripts/build/content/images.ts).
 */
export type WithIcons<T> = T extends IconName
  ? LucideIcon
  : T extends UploadedImageRef
    ? UploadedImage
    : T extends readonly (infer U)[]
      ? readonly WithIcons<U>[]
      : T extends object
        ? { readonly [K in keyof T]: WithIcons<T[K]> }
        : T

/** What `import data from 'content:<name>'` gives: validated, templates filled in, icons resolved, frozen. */
export type Content<N extends ContentName> = WithIcons<v.InferOutput<(typeof contentSchemas)[N]>>
