import type { AboutContent } from '#common/content/pages.ts'
import type { WithImage } from '#app/lib/media.ts'
import { JoinOrContent } from '#app/components/ui/cta-button.tsx'
import { Picture } from '#app/components/ui/picture.tsx'

/** About: the free membership, on a dark band. */
export function GainInsightSection({
  gainInsight,
}: {
  gainInsight: WithImage<AboutContent['gainInsight']>
}) {
  return (
    <section aria-labelledby="gain-insight-title" className="bg-ink py-section text-paper">
      <div className="mx-auto grid max-w-page items-center gap-12 px-gutter lg:grid-cols-2">
        <Picture
          image={gainInsight.image}
          sizes="(min-width: 1024px) 36rem, 100vw"
          className="overflow-hidden rounded-card"
        />
        <div>
          <h2 id="gain-insight-title" className="text-title font-semibold">
            {gainInsight.heading}
          </h2>
          <p className="mt-5 text-xl font-medium text-gold">{gainInsight.freeMembership}</p>
          <div className="mt-5 space-y-4 text-paper/85">
            {gainInsight.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <div className="mt-8">
            <JoinOrContent variant="primary" context="free membership" />
          </div>
        </div>
      </div>
    </section>
  )
}
