/**
 * Where a listener stopped, per episode, in localStorage (`podcast-position:<guid>`), so a reload
 * picks up there. Only the position is kept, on this device; nothing is sent anywhere. Storage
 * can be full, blocked or absent: then the player simply starts at the beginning.
 */
/** The storage key's prefix, which the privacy notice names. */
export const POSITION_KEY_PREFIX = 'podcast-position:'
const key = (guid: string) => `${POSITION_KEY_PREFIX}${guid}`

/** Near the start or the end there is nothing worth resuming. */
export const RESUME_MARGIN_SECONDS = 5

export function loadPosition(guid: string, duration: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(key(guid)))
    if (!Number.isFinite(value) || value < RESUME_MARGIN_SECONDS) return null
    if (duration > 0 && value > duration - RESUME_MARGIN_SECONDS) return null
    return value
  } catch {
    return null
  }
}

export function savePosition(guid: string, seconds: number): void {
  try {
    if (seconds < RESUME_MARGIN_SECONDS) window.localStorage.removeItem(key(guid))
    else window.localStorage.setItem(key(guid), String(Math.floor(seconds)))
  } catch {
    // private browsing or a full storage: resuming is a convenience, never an error
  }
}

export function forgetPosition(guid: string): void {
  try {
    window.localStorage.removeItem(key(guid))
  } catch {
    // as above
  }
}
