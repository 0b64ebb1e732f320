import { useEffect, type RefObject } from 'react'

/** The visitor asked for less data (Chromium's Save-Data, or the media query where supported). */
export function prefersSavedData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  return (
    connection?.saveData === true || window.matchMedia('(prefers-reduced-data: reduce)').matches
  )
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Starts a muted autoplaying video only after the page has loaded and once it is on screen, so
 * that no video byte competes with what the first screen needs. The prerendered element carries
 * `preload="none"` and no `autoplay` attribute (either would start the download while the page
 * is still loading); `allowed` says whether it may start by itself at all (Save-Data, reduced
 * motion): when it returns false the video stays on its poster until the visitor presses play.
 */
export function useDeferredAutoplay(
  ref: RefObject<HTMLVideoElement | null>,
  allowed: () => boolean,
): void {
  useEffect(() => {
    const video = ref.current
    if (!video || !allowed()) return
    let observer: IntersectionObserver | undefined
    const start = () => {
      observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer?.disconnect()
        video.autoplay = true
        video.preload = 'auto'
        // Browsers may refuse to play (a power-saving mode); the controls still work then.
        video.play().catch(() => {})
      })
      observer.observe(video)
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => {
      window.removeEventListener('load', start)
      observer?.disconnect()
    }
    // `allowed` is read once, when the video mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref])
}
