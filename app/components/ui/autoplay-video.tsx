import { useRef } from 'react'
import type { VideoSource } from '#app/lib/media.ts'
import { prefersSavedData, useDeferredAutoplay } from './use-deferred-autoplay.ts'

/**
 * A muted, looping video with controls that starts by itself once the page has loaded and it is
 * on screen (not under Save-Data): an island (app/islands/). The About page's short film.
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
  useDeferredAutoplay(ref, () => !prefersSavedData())
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
