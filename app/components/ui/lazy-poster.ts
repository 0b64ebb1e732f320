import { useEffect, type RefObject } from 'react'

/**
 * A still in the picture's own colour, as a `poster` that costs no request: the prerendered
 * documentary clips carry it, so that their posters (about 40 KB each, fetched as soon as the
 * HTML names them, lazy loading does not apply to posters) never compete with the first screen.
 */
export function placeholderPoster(color: string): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 9'><rect width='16' height='9' fill='${color}'/></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
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
