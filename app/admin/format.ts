/** Dates and counts as staff read them: in their own time zone, in English. */
const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
})
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))
export const formatDate = (iso: string) => dateOnly.format(new Date(iso))

/** "5 minutes ago", "yesterday", or the date when it is over a week old. */
export function formatAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  const abs = Math.abs(seconds)
  if (abs < 60) return 'just now'
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute')
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour')
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day')
  return formatDate(iso)
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

/** The podcast's own time zone: a daily show goes out in the morning in Kansas City. */
export const SHOW_TIME_ZONE = 'America/Chicago'

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant))
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  )
  return asUtc - Math.floor(instant / 1000) * 1000
}

/** "2026-11-25T06:00" in the show's time zone, as an ISO time in UTC (a datetime-local value). */
export function zonedToIso(local: string, timeZone = SHOW_TIME_ZONE): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return undefined
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const guess = Date.UTC(y, mo - 1, d, h, mi)
  let instant = guess - zoneOffset(guess, timeZone)
  // Near a change of clocks the offset at the guess and at the answer differ: take the answer's.
  instant = guess - zoneOffset(instant, timeZone)
  return new Date(instant).toISOString().replace('.000Z', 'Z')
}

/** An ISO time as a datetime-local value in the show's time zone ("2026-11-25T06:00"). */
export function isoToZoned(iso: string, timeZone = SHOW_TIME_ZONE): string {
  const instant = new Date(iso).getTime()
  const local = new Date(instant + zoneOffset(instant, timeZone))
  return local.toISOString().slice(0, 16)
}

/** A date and time in the show's time zone, as staff read it: "Wed, Nov 25, 2026, 6:00 AM CST". */
export const formatShowTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: SHOW_TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso))

/** m:ss or h:mm:ss. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** "1:05", "1:05.5", "1:02:03" or "65" as seconds; undefined when it is not a time. */
export function parseClock(text: string): number | undefined {
  const match = /^\s*(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:\.\d{1,3})?)\s*$/.exec(text)
  if (!match) return undefined
  const [, h, m, s] = match
  if ((h !== undefined || m !== undefined) && Number(s) >= 60) return undefined
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s)
}
