import type { HomeContent } from '#common/content/pages.ts'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

const PILLAR_ACCENT = { listen: 'bg-clay', learn: 'bg-teal', lead: 'bg-plum' } as const

/** Home: the three pillars, Listen, Learn and Lead, numbered on a dark band. */
export function InspirationSection({ inspiration }: { inspiration: HomeContent['inspiration'] }) {
  return (
    <section
      aria-labelledby="inspiration-title"
      className="bg-ink py-section text-paper offscreen-270 lg:offscreen-160"
    >
      <div className="mx-auto max-w-page px-gutter">
        <SectionHeading
          id="inspiration-title"
          eyebrow={inspiration.eyebrow}
          title={inspiration.heading}
          tone="paper"
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {inspiration.pillars.map((pillar, i) => (
            <li key={pillar.key} className="rounded-card bg-paper/5 p-8 ring-1 ring-paper/10">
              <span
                className={`inline-flex size-11 items-center justify-center rounded-full font-display text-lg font-semibold ${PILLAR_ACCENT[pillar.key]}`}
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-6 text-4xl font-semibold">{pillar.title}</h3>
              <p className="mt-3 text-paper/80">{pillar.body}</p>
              {pillar.link && (
                <a
                  href={pillar.link.to}
                  className="mt-5 inline-flex min-h-11 items-center gap-2 font-semibold text-gold underline underline-offset-4 hover:text-gold-soft focus-visible:outline-gold"
                >
                  {pillar.link.label}
                  <span aria-hidden="true">→</span>
                </a>
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
