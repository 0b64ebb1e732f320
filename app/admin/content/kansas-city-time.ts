/**
 * The organisation's clock: it works in Kansas City, so publication times are chosen and shown
 * in Central time (America/Chicago, CST or CDT), whatever the staff member's own computer says.
 * A time is chosen as a date and a wall-clock time there and sent as an ISO instant.
 */
export const ORGANISATION_TIME_ZONE = 'America/Chicago'
export const ORGANISATION_CLOCK = 'Kansas City time'

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ORGANISATION_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** The wall clock in Kansas City at an instant: { date: "2026-05-01", time: "09:00" }. */
export function kansasCityWallClock(instant: Date): { date: string; time: string } {
  const value = Object.fromEntries(
    parts.formatToParts(instant).map((part) => [part.type, part.value]),
  ) as Record<string, string>
  return {
    date: `${value['year']}-${value['month']}-${value['day']}`,
    time: `${value['hour']}:${value['minute']}`,
  }
}

/** Minutes Kansas City is ahead of UTC at an instant (−300 in summer, −360 in winter). */
function offsetMinutes(instant: Date): number {
  const { date, time } = kansasCityWallClock(instant)
  const seconds = instant.getUTCSeconds()
  const wall = Date.parse(`${date}T${time}:${String(seconds).padStart(2, '0')}Z`)
  return Math.round((wall - (instant.getTime() - instant.getUTCMilliseconds())) / 60_000)
}

/**
 * The instant of a wall-clock time in Kansas City. In the hour the clocks skip in March
 * (2:00–2:59 does not exist) the time after the change is meant; in the hour November repeats,
 * the first (daylight) one.
 */
export function fromKansasCity(date: string, time: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined
  const wall = Date.parse(`${date}T${time}:00Z`)
  // Also refuses days a month does not have (Date.parse reads "02-30" as March 2).
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== `${date}T${time}`)
    return undefined
  // Try both offsets around that day; keep the one whose wall clock reads back as asked.
  const candidates = [
    ...new Set([
      offsetMinutes(new Date(wall - 86_400_000)),
      offsetMinutes(new Date(wall + 86_400_000)),
    ]),
  ].sort((a, b) => b - a)
  for (const offset of candidates) {
    const instant = new Date(wall - offset * 60_000)
    const back = kansasCityWallClock(instant)
    if (back.date === date && back.time === time) return instant
  }
  // Skipped by the clocks: the same wall-clock minutes after the change.
  return new Date(wall - Math.min(...candidates) * 60_000)
}

const shown = new Intl.DateTimeFormat('en-US', {
  timeZone: ORGANISATION_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
})
const zoneName = new Intl.DateTimeFormat('en-US', {
  timeZone: ORGANISATION_TIME_ZONE,
  timeZoneName: 'short',
})

/** "Friday, May 1, 2026 at 9:00 AM CDT (Kansas City time)" */
export function formatKansasCity(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant
  const zone = zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value
  return `${shown.format(date)} ${zone ?? ''} (${ORGANISATION_CLOCK})`.replace(/\s+\(/, ' (')
}

const FULL: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}

/**
 * The same instant on this computer's clock ("Friday, May 1, 2026 at 4:00 PM GMT+2"), when that
 * clock is not Kansas City's; else undefined. `timeZone` is for tests.
 */
export function formatLocalIfDifferent(
  instant: Date | string,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string | undefined {
  const date = typeof instant === 'string' ? new Date(instant) : instant
  const wallClock = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { ...FULL, timeZoneName: undefined, timeZone: zone }).format(
      date,
    )
  if (wallClock(timeZone) === wallClock(ORGANISATION_TIME_ZONE)) return undefined
  return new Intl.DateTimeFormat('en-US', { ...FULL, timeZone }).format(date)
}
