/** Times in the player: m:ss / h:mm:ss clocks, spoken forms, and the #t= of a share link. */

export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** "2 minutes 41 seconds": what a screen reader says for a slider position or a link. */
export function spokenDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const part = (n: number, unit: string) => (n ? `${n} ${unit}${n === 1 ? '' : 's'}` : '')
  return (
    [part(h, 'hour'), part(m, 'minute'), part(s, 'second')].filter(Boolean).join(' ') || '0 seconds'
  )
}

/**
 * The start time in a URL fragment, as media fragments write it: `#t=90`, `#t=1:30`, `#t=1:02:03`,
 * `#t=npt:90.5` or `#t=90,120` (the end is ignored), also among other `&`-separated parameters.
 * Anything else, or a negative or absurd time, gives null.
 */
export function parseTimeFragment(hash: string): number | null {
  const params = hash.replace(/^#/, '').split('&')
  const value = params.find((p) => p.startsWith('t='))?.slice(2)
  if (!value) return null
  const start = decodeURIComponent(value).replace(/^npt:/, '').split(',')[0]!
  const match = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:\.\d+)?)$/.exec(start)
  if (!match) return null
  const [, h, m, s] = match
  if ((h !== undefined || m !== undefined) && Number(s) >= 60) return null
  const seconds = Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s)
  return Number.isFinite(seconds) && seconds <= 24 * 3600 ? seconds : null
}

/** The fragment a share link carries: whole seconds, as podcast apps and browsers read it. */
export const timeFragment = (seconds: number) => `#t=${Math.max(0, Math.floor(seconds))}`
