import type { ReactNode } from 'react'
import { preload } from 'react-dom'
import { Island } from '#app/islands/island.tsx'
import type { VideoSource } from '#app/lib/media.ts'

/**
 * The home page's muted background loop (docs/requirements.md#home). A spinner covers it until its data has
 * loaded and comes back whenever loading starts again. A visible pause/play control satisfies
 * WCAG 2.2.2; visitors who prefer reduced motion or save data get the still poster until they
 * press play. The poster is the page's largest paint: preloaded at high priority, while the
 * video itself starts only after the page's load event, once on screen.
 *
 * The section and its text are plain HTML; the video with its spinner and button is an island
 * (HeroVideoPlayer), after the text in the document: it is all positioned behind or over it.
 */
export function HeroVideo({ video, children }: { video: VideoSource; children: ReactNode }) {
  preload(video.posterAvif, { as: 'image', fetchPriority: 'high', type: 'image/avif' })
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-136 items-start overflow-hidden bg-ink text-paper md:min-h-160 lg:min-h-176"
    >
      <div className="mx-auto w-full max-w-page px-gutter pt-32 pb-14 md:pb-20">{children}</div>
      <Island name="hero-video" props={{ video }} />
    </section>
  )
}
