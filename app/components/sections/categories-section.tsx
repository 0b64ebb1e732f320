import type { Category, HomeContent } from '#common/content/pages.ts'
import type { WithImage } from '#app/lib/media.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

const CATEGORY_ACCENT = ['bg-clay', 'bg-teal', 'bg-plum', 'bg-ink'] as const

type Categories = Omit<HomeContent['categories'], 'cards'> & { cards: WithImage<Category>[] }

/** Home: the four course categories as picture cards. */
export function CategoriesSection({ categories }: { categories: Categories }) {
  return (
    <section
      aria-labelledby="categories-title"
      className="mx-auto max-w-page px-gutter py-section offscreen-180 lg:offscreen-175"
    >
      <SectionHeading
        id="categories-title"
        eyebrow={categories.eyebrow}
        title={categories.heading}
      />
      <ul
        className="mt-12 grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4"
        data-testid="category-cards"
      >
        {categories.cards.map((card, i) => (
          <li key={card.title}>
            {/* docs/requirements.md#home: the cards carry their links but are not active links (those pages are not published). */}
            <a
              href={card.link}
              aria-disabled="true"
              tabIndex={-1}
              className="pointer-events-none relative block overflow-hidden rounded-card text-paper"
            >
              <Picture
                image={card.image}
                sizes="(min-width: 1024px) 18rem, 50vw"
                className="aspect-3/4"
                imgClassName="size-full object-cover"
              />
              <span
                aria-hidden="true"
                className="absolute inset-0 bg-linear-to-t from-ink/90 via-ink/20 to-transparent"
              />
              <span className="absolute inset-x-0 bottom-0 p-5">
                <span
                  className={`mb-3 block h-1 w-10 rounded-full ${CATEGORY_ACCENT[i % 4]}`}
                  aria-hidden="true"
                />
                <span className="block font-display text-3xl font-semibold">{card.title}</span>
                <span className="mt-1 hidden text-sm text-paper/85 sm:block">{card.blurb}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
