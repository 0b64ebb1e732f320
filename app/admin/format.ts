import {
  fromKansasCity,
  kansasCityWallClock,
  ORGANISATION_TIME_ZONE,
} from './content/kansas-city-time.ts'

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

/** A file's size in the unit that fits ("812 bytes", "40 KB", "1.5 MB"), as the server says it. */
export { formatSize, sizeOver } from '#common/sizes.ts'

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

/**
 * An episode's publication time in the form's datetime-local field: the wall clock in Kansas
 * City (the organisation's clock, app/admin/content/kansas-city-time.ts), "2026-11-25T06:00".
 */
export function zonedToIso(local: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local)
  const instant = match && fromKansasCity(match[1]!, match[2]!)
  return instant ? instant.toISOString().replace('.000Z', 'Z') : undefined
}

/** An ISO time as the form's datetime-local value, in Kansas City ("2026-11-25T06:00"). */
export function isoToZoned(iso: string): string {
  const { date, time } = kansasCityWallClock(new Date(iso))
  return `${date}T${time}`
}

/** A date and time in the show's time zone, as staff read it: "Wed, Nov 25, 2026, 6:00 AM CST". */
export const formatShowTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: ORGANISATION_TIME_ZONE,
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
