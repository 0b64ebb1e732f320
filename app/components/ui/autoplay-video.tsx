import { useRef } from 'react'
import type { VideoSource } from '#app/lib/media.ts'
import {
  prefersReducedMotion,
  prefersSavedData,
  useDeferredAutoplay,
} from './use-deferred-autoplay.ts'

/**
 * A muted, looping video with controls that starts by itself once the page has loaded and it is
 * on screen, unless the visitor asked for less data (Save-Data) or less motion (then it stays on
 * its poster until they press play, as the home page's video does): an island (app/islands/).
 * The About page's short film.
 */
export function AutoplayVideo({
  video,
  label,
  testId,
}: {
  video: VideoSource
  label: string
  testId?: string
}) {
  const ref = useRef<HTMLVideoElement>(null)
  useDeferredAutoplay(ref, () => !prefersSavedData() && !prefersReducedMotion())
  return (
    <video
      ref={ref}
      muted
      loop
      controls
      playsInline
      preload="none"
      poster={video.posterAvif}
      width={video.width}
      height={video.height}
      className="aspect-video w-full rounded-card bg-ink object-cover shadow-card"
      aria-label={label}
      data-testid={testId}
    >
      <source src={video.webm} type="video/webm" />
      <source src={video.mp4} type="video/mp4" />
    </video>
  )
}
