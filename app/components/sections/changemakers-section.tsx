import type { Changemaker, HomeContent } from '#common/content/pages.ts'
import type { WithImage } from '#app/lib/media.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

type Changemakers = Omit<HomeContent['changemakers'], 'cards'> & { cards: WithImage<Changemaker>[] }

/** Home: four changemaker cards, each linking to its article when there is one. */
export function ChangemakersSection({ changemakers }: { changemakers: Changemakers }) {
  return (
    <section
      aria-labelledby="changemakers-title"
      className="mx-auto max-w-page px-gutter py-section offscreen-810 lg:offscreen-270"
    >
      <SectionHeading
        id="changemakers-title"
        eyebrow={changemakers.eyebrow}
        title={changemakers.heading}
        intro={changemakers.intro}
      />
      <ul
        className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="changemaker-cards"
      >
        {changemakers.cards.map((card) => (
          <li
            key={card.id}
            className="group flex flex-col overflow-hidden rounded-card bg-white/60 shadow-card ring-1 ring-ink/5"
          >
            <Picture
              image={card.image}
              sizes="(min-width: 1024px) 18rem, (min-width: 640px) calc(50vw - 2.75rem), calc(100vw - 2.5rem)"
              className="aspect-4/5 overflow-hidden"
              imgClassName="size-full object-cover transition-transform duration-500 group-hover:scale-105"
            />
            <div className="flex flex-1 flex-col p-6">
              <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
                {card.title}
              </p>
              <h3 className="mt-2 text-2xl font-semibold">{card.name}</h3>
              <p className="mt-3 flex-1 text-ink-soft">{card.description}</p>
              {card.article && (
                <a
                  href={`/articles/${card.article}`}
                  className="mt-5 font-semibold text-teal underline-offset-4 hover:underline"
                >
                  Read {card.name.split(' ')[0]}’s story
                  <span className="sr-only"> ({card.name})</span> →
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
