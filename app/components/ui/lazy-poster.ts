import { useEffect, type RefObject } from 'react'

/**
 * A still in the picture's own colour, as a `poster` that costs no request: the prerendered
 * documentary clips carry it, so that their posters (about 40 KB each, fetched as soon as the
 * HTML names them, lazy loading does not apply to posters) never compete with the first screen.
 *
 * It is a one-pixel GIF (the video scales it to its box), not an SVG: every SVG image is a
 * document of its own for the browser to parse, style and lay out, and four of them on the home
 * page cost more main-thread time than the rest of its static rendering (measured in Chromium:
 * 302 → 176 ms for the page without scripts, medians of 8 loads).
 */
export function placeholderPoster(color: string): string {
  const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)
  if (!rgb) throw new Error(`placeholderPoster: expected a colour as #rrggbb, got "${color}"`)
  const [red, green, blue] = rgb.slice(1).map((hex) => parseInt(hex, 16))
  // GIF89a, 1×1, a two-colour table (the colour, then black), one image whose pixel is colour 0.
  const bytes = [
    ...[0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0],
    ...[red!, green!, blue!, 0, 0, 0],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b],
  ]
  return `data:image/gif;base64,${btoa(String.fromCharCode(...bytes))}`
}

/** Puts the real poster on the video once it comes within a screen of the viewport. */
export function useLazyPoster(ref: RefObject<HTMLVideoElement | null>, src: string): void {
  useEffect(() => {
    const video = ref.current
    if (!video) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        video.poster = src
      },
      { rootMargin: '100% 0px' },
    )
    observer.observe(video)
    return () => observer.disconnect()
  }, [ref, src])
}
