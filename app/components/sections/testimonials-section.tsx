import type { HomeContent, Testimonial } from '#common/content/pages.ts'
import type { WithImage } from '#app/lib/media.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

type Testimonials = Omit<HomeContent['testimonials'], 'items'> & {
  items: WithImage<Testimonial>[]
}

/** Home: three quotes from people who took part, with their portraits. */
export function TestimonialsSection({ testimonials }: { testimonials: Testimonials }) {
  return (
    <section
      aria-labelledby="testimonials-title"
      className="bg-teal-deep py-section text-paper offscreen-440 lg:offscreen-225"
    >
      <div className="mx-auto max-w-page px-gutter">
        <SectionHeading
          id="testimonials-title"
          eyebrow={testimonials.eyebrow}
          title={testimonials.heading}
          tone="paper"
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3" data-testid="testimonials">
          {testimonials.items.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-card bg-paper p-8 text-ink">
                <svg
                  viewBox="0 0 32 24"
                  className="h-6 w-8 text-clay"
                  aria-hidden="true"
                  fill="currentColor"
                >
                  <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h6v12H0zm19 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h6v12H19z" />
                </svg>
                <blockquote className="mt-5 flex-1 font-display text-xl leading-snug">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="mt-8 flex items-center gap-4">
                  <Picture
                    image={item.image}
                    sizes="4rem"
                    className="size-16 shrink-0 overflow-hidden rounded-full"
                    imgClassName="size-full object-cover"
                  />
                  <span>
                    <span className="block font-semibold">{item.name}</span>
                    <span className="block text-sm text-ink-soft">
                      {item.title}, {item.organization}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
