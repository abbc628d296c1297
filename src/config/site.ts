/**
 * Company facts: everything a visitor can call, write to or visit.
 * A real company swaps these values (and SITE_URL at build time) and nothing else.
 */

export interface SiteConfig {
  brand: string
  url: string
  foundingYear: number
  copyrightYear: number
  /** `display` joins its groups with no-break spaces (U+00A0): a phone number never wraps. */
  phone: { display: string; href: string; e164: string }
  whatsapp: { number: string; href: string; greeting: string }
  email: { address: string; href: string }
  address: {
    street: string
    area: string
    locality: string
    region: string
    regionCode: string
    postalCode: string
    country: string
    countryCode: string
    /** Short form shown in the footer. */
    short: string
    /** The entrance on the street, to 6 decimals (Google asks for at least 5). */
    geo: { latitude: number; longitude: number }
  }
  hours: readonly {
    day: string
    hours: string
    days: readonly DayOfWeek[]
    opens?: string
    closes?: string
  }[]
  serviceAreas: readonly string[]
  priceRange: string
  /** Origin of the stock photos; overridable at build time (IMAGE_ORIGIN) for offline benchmarks. */
  imageOrigin: string
}

export type DayOfWeek = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday'

const PHONE_DIGITS = '522221234567'

export const site = {
  brand: 'AquaPuebla',
  url: SITE_URL.replace(/\/+$/, ''),
  foundingYear: 2014,
  copyrightYear: 2024,
  phone: {
    display: '+52\u00a0222\u00a0123\u00a04567',
    href: `tel:+${PHONE_DIGITS}`,
    e164: `+${PHONE_DIGITS}`,
  },
  whatsapp: {
    number: PHONE_DIGITS,
    href: `https://wa.me/${PHONE_DIGITS}`,
    greeting: 'Hola, AquaPuebla. Me gustaría pedir una cotización para mi alberca.',
  },
  email: { address: 'contacto@aquapuebla.mx', href: 'mailto:contacto@aquapuebla.mx' },
  address: {
    street: 'Av. 5 de Mayo 210',
    area: 'Centro Histórico',
    locality: 'Puebla',
    region: 'Puebla',
    regionCode: 'Pue.',
    postalCode: '72000',
    country: 'México',
    countryCode: 'MX',
    short: 'Puebla, Puebla, México',
    geo: { latitude: 19.043624, longitude: -98.197906 },
  },
  hours: [
    {
      day: 'Lunes a Viernes',
      hours: '8:00 AM - 6:00 PM',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '18:00',
    },
    { day: 'Sábado', hours: '9:00 AM - 4:00 PM', days: ['Saturday'], opens: '09:00', closes: '16:00' },
    { day: 'Domingo', hours: 'Solo emergencias', days: ['Sunday'] },
  ],
  serviceAreas: [
    'Puebla Centro',
    'Angelópolis',
    'La Paz',
    'Cholula',
    'Atlixco',
    'Cuautlancingo',
    'San Andrés Cholula',
    'Coronango',
    'Amozoc',
    'Tlaxcalancingo',
  ],
  priceRange: '$$',
  imageOrigin: IMAGE_ORIGIN.replace(/\/+$/, ''),
} as const satisfies SiteConfig

/** One line for the full postal address, as a visitor reads it. */
export const fullAddress = `${site.address.street}, ${site.address.area}, ${site.address.locality}, ${site.address.regionCode}, ${site.address.country}`

/** A maps search for the address: opens the visitor's maps app on phones. */
export const mapsHref = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
  `${site.address.street}, ${site.address.area}, ${site.address.postalCode} ${site.address.locality}, ${site.address.regionCode}, ${site.address.country}`,
)}`

/** A wa.me link with a prefilled message. */
export function whatsappLink(text: string = site.whatsapp.greeting): string {
  return `${site.whatsapp.href}?text=${encodeURIComponent(text)}`
}
