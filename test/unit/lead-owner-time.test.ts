/**
 * @jest-environment node
 *
 * Times as the owner reads them (contract/owner-time.ts) do not depend on the device's time-zone data (issue 41,
 * 7): a phone whose data is older than October 2022 still applies daylight saving time to America/Mexico_City and
 * would show an hour too late half the year. Here the zone's rules are swapped for such data
 * (America/Matamoros keeps the old rules: UTC−5 in summer), and the owner's times stay UTC−6.
 */
type Formatter = typeof Intl.DateTimeFormat

/** Runs `run` with such old zone data, the modules it imports loaded afresh (they make formatters as they load). */
async function withOldZoneData(run: () => Promise<void>): Promise<void> {
  const Real: Formatter = Intl.DateTimeFormat
  const Old = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    const timeZone = options?.timeZone === 'America/Mexico_City' ? 'America/Matamoros' : options?.timeZone
    return new Real(locales, { ...options, timeZone })
  } as unknown as Formatter
  Intl.DateTimeFormat = Old
  try {
    await jest.isolateModulesAsync(run)
  } finally {
    Intl.DateTimeFormat = Real
  }
}

test('with time-zone data from before Mexico ended daylight saving time, the owner still reads UTC−6', async () => {
  await withOldZoneData(async () => {
    const zoned = new Intl.DateTimeFormat('es-MX', {
      timeZone: 'America/Mexico_City',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(new Date('2026-07-15T15:00:00.000Z'))
    // What such a phone shows for the zone itself: an hour late.
    expect(zoned).toBe('10')
    const time = await import('../../contract/owner-time')
    const summer = new Date('2026-07-15T15:00:00.000Z')
    expect(time.ownerTime(summer)).toBe('miércoles 15 de julio, 9:00')
    expect(time.ownerNumeric(summer)).toBe('2026-07-15 09:00')
    expect(time.ownerDate(summer)).toEqual({ day: '2026-07-15', hour: 9 })
    expect(time.ownerDayStart('2026-07-15').toISOString()).toBe('2026-07-15T06:00:00.000Z')
    // Winter was never in doubt; and before the change, the zone's own rules (UTC−5 that summer).
    expect(time.ownerTime(new Date('2026-11-25T15:15:00.000Z'))).toBe('miércoles 25 de noviembre, 9:15')
    expect(time.ownerNumeric(new Date('2022-07-15T15:00:00.000Z'))).toBe('2022-07-15 10:00')
  })
})

test('the inbox writes its dates in UTC−6 too, whatever the phone’s zone data (src/inbox/format.ts)', async () => {
  await withOldZoneData(async () => {
    const { receivedAt, shortReceivedAt } = await import('../../src/inbox/format')
    const now = Date.parse('2026-11-25T15:00:00.000Z')
    expect(shortReceivedAt('2026-07-15T15:00:00.000Z')).toBe('15 jul, 09:00')
    // 23:30 in Puebla, not 0:30 of the next day (as the old rules would have it).
    expect(receivedAt('2026-07-16T05:30:00.000Z', now)).toBe('15 jul, 23:30')
    expect(receivedAt('2025-07-15T15:00:00.000Z', now)).toBe('15 jul 2025, 09:00')
  })
})
