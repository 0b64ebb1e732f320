import { useEffect, useRef, useState } from 'react'
import type { VideoSource } from '#app/lib/media.ts'
import { cn } from '#app/lib/cn.ts'
import { Spinner } from '#app/components/ui/spinner.tsx'
import {
  prefersReducedMotion,
  prefersSavedData,
  useDeferredAutoplay,
} from '#app/components/ui/use-deferred-autoplay.ts'

const mayAutoplay = () => !prefersReducedMotion() && !prefersSavedData()

/**
 * The hero's video with its loading spinner and its pause/play button: an island
 * (app/islands/), placed by HeroVideo (hero-video.tsx).
 */
export function HeroVideoPlayer({ video }: { video: VideoSource }) {
  const ref = useRef<HTMLVideoElement>(null)
  const [loading, setLoading] = useState(true)
  const [playing, setPlaying] = useState(false)
  useDeferredAutoplay(ref, mayAutoplay)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const show = () => setLoading(true)
    const hide = () => setLoading(false)
    const onPlay = () => setPlaying(true)
    const onPause = () => setPlaying(false)
    element.addEventListener('loadstart', show)
    element.addEventListener('waiting', show)
    element.addEventListener('loadeddata', hide)
    element.addEventListener('canplay', hide)
    element.addEventListener('playing', hide)
    element.addEventListener('play', onPlay)
    element.addEventListener('pause', onPause)
    // A video that will not start by itself shows its poster, not a spinner that never ends.
    if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA || !mayAutoplay()) hide()
    setPlaying(!element.paused)
    return () => {
      element.removeEventListener('loadstart', show)
      element.removeEventListener('waiting', show)
      element.removeEventListener('loadeddata', hide)
      element.removeEventListener('canplay', hide)
      element.removeEventListener('playing', hide)
      element.removeEventListener('play', onPlay)
      element.removeEventListener('pause', onPause)
    }
  }, [])

  const toggle = () => {
    const element = ref.current
    if (!element) return
    if (element.paused) void element.play()
    else element.pause()
  }

  return (
    <>
      <video
        ref={ref}
        className="absolute inset-0 -z-20 size-full object-cover"
        muted
        loop
        playsInline
        preload="none"
        poster={video.posterAvif}
        width={video.width}
        height={video.height}
        aria-hidden="true"
        tabIndex={-1}
        data-testid="hero-video"
      >
        <source src={video.webm} type="video/webm" />
        <source src={video.mp4} type="video/mp4" />
      </video>
      {/* The scrim keeps hero text readable on every frame, even the palest: at least 55 % ink
          at the top (large text 3:1 on white) and 82 % from the middle down (body text 4.5:1). */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-ink/55 bg-linear-to-t from-ink via-ink/60 to-transparent"
      />
      {loading && (
        <div
          className="js-only absolute inset-0 -z-10 flex items-center justify-center"
          data-testid="hero-video-loading"
        >
          <Spinner label="Loading video" className="size-12 text-paper" />
        </div>
      )}
      <button
        type="button"
        onClick={toggle}
        className="js-only absolute right-gutter bottom-6 inline-flex items-center gap-2 rounded-full bg-paper/15 px-4 py-2 text-sm font-semibold text-paper backdrop-blur hover:bg-paper/25"
        aria-pressed={!playing}
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="currentColor">
          {playing ? (
            <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
          ) : (
            <path d="M8 5.5v13l10.5-6.5z" />
          )}
        </svg>
        {/* Both labels take the same cell, so the button keeps its width (and the page does
            not shift) when the video starts after the page has loaded. */}
        <span className="grid">
          <span className={cn('col-start-1 row-start-1', !playing && 'invisible')}>
            Pause background video
          </span>
          <span className={cn('col-start-1 row-start-1', playing && 'invisible')}>
            Play background video
          </span>
        </span>
      </button>
    </>
  )
}
