/**
 * Markdown rendered once per render worker, not once per page: the feed shows the notes of every
 * episode (about 4 ms each through the Markdown pipeline, 15 s at 3,650 episodes, all of it
 * holding the worker), and from one content version to the next nearly all of them are the same.
 * An entry is keyed by its source and by the media manifest it was rendered against, so a new
 * picture or a changed focal point renders it again. Bounded by the characters held (sources and
 * HTML), the least recently used dropped first; the worker's memory goes with the worker when it
 * stops idle.
 */
import { createHash } from 'node:crypto'
import type { MediaManifest } from '#common/content/media.ts'

/** About 48 MB of UTF-16 at most: the notes of ten years of the daily show fit with room. */
export const RENDERED_MARKDOWN_MAX_CHARS = 24_000_000

const mediaKeys = new WeakMap<MediaManifest, string>()
const rendered = new Map<string, string>()
let held = 0

/** The manifest's fingerprint, once per snapshot (a new load is a new object). */
function mediaKey(media: MediaManifest): string {
  let key = mediaKeys.get(media)
  if (key === undefined) {
    key = createHash('sha256').update(JSON.stringify(media)).digest('base64url')
    mediaKeys.set(media, key)
  }
  return key
}

/** The HTML of `source` rendered against `media`, by `render` only when not held already. */
export function renderedMarkdown(
  media: MediaManifest,
  source: string,
  render: () => string,
  maxChars = RENDERED_MARKDOWN_MAX_CHARS,
): string {
  const key = `${mediaKey(media)}\n${source}`
  const hit = rendered.get(key)
  if (hit !== undefined) {
    rendered.delete(key)
    rendered.set(key, hit)
    return hit
  }
  const html = render()
  rendered.set(key, html)
  held += key.length + html.length
  for (const [oldest, value] of rendered) {
    if (held <= maxChars) break
    rendered.delete(oldest)
    held -= oldest.length + value.length
  }
  return html
}

/** What is held now: entries and characters (for tests). */
export function renderedMarkdownHeld(): { entries: number; chars: number } {
  return { entries: rendered.size, chars: held }
}
