/**
 * Dates as the inbox writes them: the owner's local time (contract/owner-time.ts: UTC−6 computed, never the
 * phone's own time-zone data, which may predate Mexico's end of daylight saving time), in Spanish, 24-hour.
 */
import { ownerFormatter } from '../../contract/owner-time'

const when = ownerFormatter('es-MX', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // 24-hour, as the promise line and the alerts write it (contract/owner-time.ts), in every engine.
  hourCycle: 'h23',
})

const year = ownerFormatter('es-MX', { year: 'numeric' })

/** The day and time, without the year. */
const shortWhen = ownerFormatter('es-MX', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** "25 nov, 09:30" this year (by the server's clock, `now`), "28 dic 2025, 09:30" before. */
export function receivedAt(iso: string, now: number): string {
  const date = new Date(iso)
  return (year.format(date) === year.format(new Date(now)) ? shortWhen : when).format(date)
}

/** "25 nov, 09:30" */
export const shortReceivedAt = (iso: string) => shortWhen.format(new Date(iso))

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
