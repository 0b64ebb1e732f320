import { useRef } from 'react'
import type { AboutContent } from '#common/content/pages.ts'
import { siteConfig } from '#app/config.ts'
import type { VideoSource } from '#app/lib/media.ts'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'
import { prefersSavedData, useDeferredAutoplay } from '#app/components/ui/use-deferred-autoplay.ts'

/** About: who we are, beside the short film (it starts by itself once the page has loaded). */
export function AboutIntroSection({
  intro,
  video,
}: {
  intro: AboutContent['intro']
  video: VideoSource
}) {
  const videoRef = useRef<HTMLVideoElement>(null)
  useDeferredAutoplay(videoRef, () => !prefersSavedData())
  return (
    <section
      aria-labelledby="about-intro-title"
      className="mx-auto grid max-w-page items-center gap-12 px-gutter py-section lg:grid-cols-12"
    >
      <div className="lg:col-span-5">
        <SectionHeading id="about-intro-title" eyebrow={intro.eyebrow} title={intro.heading} />
        <div className="mt-6 space-y-4 text-lg text-ink-soft">
          {intro.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <a href={siteConfig.dashboardUrl} className={buttonClass('dark', 'mt-8')}>
          {intro.learnMore}
          <span className="sr-only"> about membership on the dashboard</span>
        </a>
      </div>
      <div className="lg:col-span-7">
        <video
          ref={videoRef}
          muted
          loop
          controls
          playsInline
          preload="none"
          poster={video.posterAvif}
          width={video.width}
          height={video.height}
          className="aspect-video w-full rounded-card bg-ink object-cover shadow-card"
          aria-label="About DocuCommons: a short film"
          data-testid="about-video"
        >
          <source src={video.webm} type="video/webm" />
          <source src={video.mp4} type="video/mp4" />
        </video>
      </div>
    </section>
  )
}
