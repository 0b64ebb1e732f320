import type { AboutContent } from '#common/content/pages.ts'
import { siteConfig } from '#app/config.ts'
import type { VideoSource } from '#app/lib/media.ts'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'
import { Island } from '#app/islands/island.tsx'

/** About: who we are, beside the short film (it starts by itself once the page has loaded). */
export function AboutIntroSection({
  intro,
  video,
}: {
  intro: AboutContent['intro']
  video: VideoSource
}) {
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
        <Island
          name="autoplay-video"
          props={{ video, label: 'About DocuCommons: a short film', testId: 'about-video' }}
        />
      </div>
    </section>
  )
}
