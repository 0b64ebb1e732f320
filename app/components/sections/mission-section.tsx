import type { HomeContent } from '#common/content/pages.ts'
import type { WithImage } from '#app/lib/media.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

/** Home: what DocuCommons is for, in a few paragraphs beside a picture. */
export function MissionSection({ mission }: { mission: WithImage<HomeContent['mission']> }) {
  return (
    <section
      aria-labelledby="mission-title"
      className="mx-auto grid max-w-page items-center gap-12 px-gutter py-section lg:grid-cols-2"
    >
      <div>
        <SectionHeading id="mission-title" eyebrow={mission.eyebrow} title={mission.heading} />
        <div className="mt-6 space-y-4 text-lg text-ink-soft">
          {mission.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </div>
      <Picture
        image={mission.image}
        sizes="(min-width: 1024px) 36rem, 100vw"
        className="overflow-hidden rounded-card shadow-card"
      />
    </section>
  )
}
