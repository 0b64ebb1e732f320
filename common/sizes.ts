/**
 * A size in bytes as a person reads it, in the unit that fits: "812 bytes", "40 KB", "1.5 MB",
 * "2 GB", never "0.0 MB". Binary units (1 KB = 1,024 bytes) written KB, MB, GB, as the site's
 * limits are counted ("up to 20 MB" is 20 × 1,024 × 1,024 bytes), so a file of exactly the limit
 * reads as the limit. One decimal below 10 of a unit ("1.5 MB"), whole numbers above ("40 KB").
 * Shared by the staff app and the server's messages (docs/back-office.md#sizes).
 */
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const
const STEP = 1024

export function formatSize(bytes: number): string {
  const whole = Math.max(0, Math.round(bytes))
  if (whole < STEP) return `${whole.toLocaleString('en-US')} byte${whole === 1 ? '' : 's'}`
  let value = whole / STEP
  let unit = 0
  // Rounded first, then compared: 1,048,575 bytes is "1 MB", not "1,024 KB".
  while (unit < UNITS.length - 1 && rounded(value) >= STEP) {
    value /= STEP
    unit += 1
  }
  return `${rounded(value).toLocaleString('en-US')} ${UNITS[unit]}`
}

const rounded = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value))

/**
 * The size of something refused for being over a limit: its size, or "just over 20 MB" when
 * rounding would say the limit itself ("The picture is 20 MB; the largest accepted is 20 MB").
 */
export function sizeOver(bytes: number, limit: number): string {
  const size = formatSize(bytes)
  return bytes > limit && size === formatSize(limit) ? `just over ${size}` : size
}
