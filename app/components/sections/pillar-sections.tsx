import type { AboutContent } from '#common/content/pages.ts'
import { cn } from '#app/lib/cn.ts'
import type { WithImage } from '#app/lib/media.ts'
import { JoinOrContent } from '#app/components/ui/cta-button.tsx'
import { Picture } from '#app/components/ui/picture.tsx'

const SECTION_ACCENT = { listen: 'text-clay', learn: 'text-teal', lead: 'text-plum' } as const

/** About: Listen, Learn and Lead, one section each, the picture alternating sides. */
export function PillarSections({
  sections,
}: {
  sections: WithImage<AboutContent['sections'][number]>[]
}) {
  return (
    <div className="mx-auto max-w-page space-y-section px-gutter py-section">
      {sections.map((section, i) => (
        <section
          key={section.key}
          aria-labelledby={`about-${section.key}`}
          className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16"
        >
          <Picture
            image={section.image}
            sizes="(min-width: 1024px) 36rem, 100vw"
            className={cn('overflow-hidden rounded-card shadow-card', i % 2 === 1 && 'lg:order-2')}
          />
          <div>
            <p
              className={cn(
                'font-display text-5xl font-semibold md:text-6xl',
                SECTION_ACCENT[section.key],
              )}
            >
              {section.title}
            </p>
            <h2 id={`about-${section.key}`} className="mt-3 text-3xl font-semibold">
              {section.heading}
            </h2>
            <div className="mt-5 space-y-4 text-lg text-ink-soft">
              {section.body.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
            <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
              <JoinOrContent variant="dark" context={section.title} />
              {section.link && (
                <a
                  href={section.link.to}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-teal underline underline-offset-4 hover:text-clay"
                >
                  {section.link.label}
                  <span aria-hidden="true">→</span>
                </a>
              )}
            </div>
          </div>
        </section>
      ))}
    </div>
  )
}
