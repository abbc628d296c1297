/**
 * Times as the owner reads them: in the company's zone (America/Mexico_City) and in Spanish,
 * "miércoles 25 de noviembre, 9:15"; the owner's calendar day ("2026-11-24") and the UTC hour
 * ("2026-11-25T10") the counts are kept by. ISO 8601 in UTC stays for machines (the webhook's `lead`).
 *
 * Mexico City has kept UTC−6 all year since Mexico ended daylight saving time (30 October 2022, 2:00 → 1:00). A
 * phone whose time-zone data is older than that would show America/Mexico_City an hour off half the year, so from
 * then on the offset is computed here, not looked up: the date is shifted by six hours and formatted as UTC (the
 * weekday and month names are locale data, not time-zone data). Only an instant before the change asks the
 * zone's rules, where old data is right anyway.
 */

export const OWNER_ZONE = 'America/Mexico_City'
/** The first instant of Mexico City's fixed UTC−6 (30 October 2022, 2:00 CDT = 7:00 UTC). */
export const FIXED_OFFSET_SINCE = Date.UTC(2022, 9, 30, 7)
const OFFSET_MS = -6 * 3_600_000

const WORDS = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
} as const
const NUMBERS = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const

/**
 * `Intl.DateTimeFormat(locale, options)` in the owner's zone without the device's zone data: from
 * FIXED_OFFSET_SINCE the instant is shifted by UTC−6 and formatted as UTC; before it, the zone's own rules
 * (that formatter made only if ever needed). Any options but `timeZone`: the inbox's own date styles use it too.
 */
export function ownerFormatter(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>) {
  const fixed = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
  let zoned: Intl.DateTimeFormat | undefined
  const shown = (date: Date): [Intl.DateTimeFormat, Date] =>
    date.getTime() >= FIXED_OFFSET_SINCE
      ? [fixed, new Date(date.getTime() + OFFSET_MS)]
      : [(zoned ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: OWNER_ZONE })), date]
  return {
    format: (date: Date) => {
      const [format, instant] = shown(date)
      return format.format(instant)
    },
    formatToParts: (date: Date) => {
      const [format, instant] = shown(date)
      return format.formatToParts(instant)
    },
  }
}

const FORMATS = {
  words: ownerFormatter('es-MX', WORDS),
  numbers: ownerFormatter('en-CA', NUMBERS),
}

function parts(kind: keyof typeof FORMATS, date: Date): Record<string, string> {
  return Object.fromEntries(FORMATS[kind].formatToParts(date).map((part) => [part.type, part.value]))
}

/** "9:15", "18:05": the hour without a leading zero, as a clock reads. */
export function ownerClock(date: Date): string {
  const { hour = '0', minute = '00' } = parts('words', date)
  return `${Number(hour)}:${minute}`
}

/** "martes 24 de noviembre" */
export function ownerDay(date: Date): string {
  const { weekday = '', day = '', month = '' } = parts('words', date)
  return `${weekday} ${day} de ${month}`
}

/** "miércoles 25 de noviembre, 9:15" */
export function ownerTime(date: Date): string {
  return `${ownerDay(date)}, ${ownerClock(date)}`
}

/** `2026-11-25 09:15`: the owner's local date and time in numbers (the CSV's dates, which Excel reads as dates). */
export function ownerNumeric(date: Date): string {
  const { year, month, day, hour, minute } = parts('numbers', date)
  return `${year}-${month}-${day} ${hour}:${minute}`
}

/** The owner's calendar date and hour at this instant. */
export function ownerDate(date: Date): { day: string; hour: number } {
  const { year, month, day, hour } = parts('numbers', date)
  return { day: `${year}-${month}-${day}`, hour: Number(hour) % 24 }
}

/** The instant the owner's day `YYYY-MM-DD` begins (their midnight), in UTC. */
export function ownerDayStart(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const target = Date.UTC(year, month - 1, date)
  if (target - OFFSET_MS >= FIXED_OFFSET_SINCE) return new Date(target - OFFSET_MS)
  // The zone's offset at that moment, found from what its clock reads; twice, in case the guess crossed a change.
  let guess = target
  for (let i = 0; i < 2; i += 1) {
    const { year: y, month: m, day: d, hour: h, minute: min } = parts('numbers', new Date(guess))
    const read = Date.UTC(Number(y), Number(m) - 1, Number(d), Number(h) % 24, Number(min))
    guess += target - read
  }
  return new Date(guess)
}

/** The day before `day` (`YYYY-MM-DD`). */
export function previousDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10)
}

/** The UTC hour an instant falls in, as the counts are kept: "2026-11-25T10". */
export function utcHour(date: Date): string {
  return date.toISOString().slice(0, 13)
}

/** The instant a UTC hour key begins. */
export function hourStart(hour: string): Date {
  return new Date(`${hour}:00:00.000Z`)
}

/** "hoy a las 11:15", "mañana a las 9:00", or the day: "jueves 26 de noviembre a las 9:00" (seen from `from`). */
export function ownerWhen(date: Date, from: Date = date): string {
  const day = ownerDate(date).day
  const today = ownerDate(from).day
  const tomorrow = ownerDate(new Date(ownerDayStart(today).getTime() + 36 * 3_600_000)).day
  const name = day === today ? 'hoy' : day === tomorrow ? 'mañana' : ownerDay(date)
  return `${name} a las ${ownerClock(date)}`
}

/** A span as the owner says it: "45 min", "3 h", "2 h 15 min", "2 días". */
export function spanishDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours < 48) return rest && hours < 10 ? `${hours} h ${rest} min` : `${Math.round(minutes / 60)} h`
  const days = Math.round(hours / 24)
  return `${days} días`
}
