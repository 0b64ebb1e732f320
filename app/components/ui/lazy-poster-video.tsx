import { useRef } from 'react'
import type { VideoSource } from '#app/lib/media.ts'
import { placeholderPoster, useLazyPoster } from './lazy-poster.ts'

/**
 * A video with controls whose poster comes when it nears the screen (the HTML names a one-pixel
 * placeholder in the still's colour): an island (app/islands/). The documentaries' clips.
 */
export function LazyPosterVideo({ video, label }: { video: VideoSource; label: string }) {
  const ref = useRef<HTMLVideoElement>(null)
  useLazyPoster(ref, video.posterAvif)
  return (
    <video
      ref={ref}
      controls
      muted
      playsInline
      preload="none"
      // The page names only a placeholder; the real poster comes when the clip is near.
      poster={placeholderPoster(video.poster.color)}
      width={video.width}
      height={video.height}
      className="aspect-video w-full rounded-card bg-ink object-cover shadow-card"
      aria-label={label}
    >
      <source src={video.webm} type="video/webm" />
      <source src={video.mp4} type="video/mp4" />
    </video>
  )
}
