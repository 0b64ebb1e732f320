/**
 * The organisation's clock: it works in Kansas City, so publication times are chosen and shown
 * in Central time (America/Chicago, CST or CDT), whatever the staff member's own computer says.
 * A time is chosen as a date and a wall-clock time there and sent as an ISO instant.
 */
import { TZDate } from '@date-fns/tz'

export const ORGANISATION_TIME_ZONE = 'America/Chicago'
export const ORGANISATION_CLOCK = 'Kansas City time'

const two = (n: number) => String(n).padStart(2, '0')

/** The wall clock in Kansas City at an instant: { date: "2026-05-01", time: "09:00" }. */
export function kansasCityWallClock(instant: Date): { date: string; time: string } {
  const there = new TZDate(instant.getTime(), ORGANISATION_TIME_ZONE)
  return {
    date: `${there.getFullYear()}-${two(there.getMonth() + 1)}-${two(there.getDate())}`,
    time: `${two(there.getHours())}:${two(there.getMinutes())}`,
  }
}

/**
 * The instant of a wall-clock time in Kansas City (the time zone database's rules, through
 * @date-fns/tz). In the hour the clocks skip in March (2:00–2:59 does not exist) the time after
 * the change is meant; in the hour November repeats, the first (daylight) one.
 */
export function fromKansasCity(date: string, time: string): Date | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const clock = /^(\d{2}):(\d{2})$/.exec(time)
  if (!day || !clock) return undefined
  const [year, month, dayOfMonth, hour, minute] = [...day.slice(1), ...clock.slice(1)].map(Number)
  // Refuses days a month does not have, and hours past 23 (a Date would roll them over).
  const calendar = new Date(Date.UTC(year!, month! - 1, dayOfMonth, hour, minute))
  if (calendar.toISOString().slice(0, 16) !== `${date}T${time}`) return undefined
  const there = new TZDate(year!, month! - 1, dayOfMonth!, hour!, minute!, ORGANISATION_TIME_ZONE)
  return new Date(there.getTime())
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
