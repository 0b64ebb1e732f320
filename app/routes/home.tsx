import { Link } from 'react-router'
import type { Route } from './+types/home'
import { AwardStrip } from '#app/components/sections/award-strip.tsx'
import { DocumentaryBlock } from '#app/components/sections/documentary-block.tsx'
import { HeroVideo } from '#app/components/sections/hero-video.tsx'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'
import { siteConfig } from '#app/config.ts'
import { awards, getHome, ogImage, resolveImage, resolveVideo } from '#app/lib/content.server.ts'
import { brand } from '#content/site.ts'
import { seo } from '#app/lib/seo.server.ts'

const FILE = 'content/home.ts'

export async function loader() {
  const home = getHome()
  return {
    home: {
      hero: home.hero,
      mission: { ...home.mission, image: resolveImage(home.mission.image, FILE) },
      inspiration: home.inspiration,
      changemakers: {
        ...home.changemakers,
        cards: home.changemakers.cards.map((card) => ({
          ...card,
          image: resolveImage(card.image, FILE),
        })),
      },
      documentaries: {
        ...home.documentaries,
        blocks: home.documentaries.blocks.map((block) => ({
          ...block,
          video: resolveVideo(block.video, FILE, `${block.title} poster`),
          images: block.images.map((image) => resolveImage(image, FILE)),
        })),
      },
      categories: {
        ...home.categories,
        cards: home.categories.cards.map((card) => ({
          ...card,
          image: resolveImage(card.image, FILE),
        })),
      },
      testimonials: {
        ...home.testimonials,
        items: home.testimonials.items.map((item) => ({
          ...item,
          image: resolveImage(item.image, FILE),
        })),
      },
      getInTouch: home.getInTouch,
      awardsHeading: home.awards.heading,
    },
    awards: awards(),
    heroVideo: resolveVideo('video/hero', FILE, ''),
    meta: seo({
      title: `${brand.name}: ${brand.tagline}`,
      description: brand.description,
      path: '/',
      image: ogImage('home'),
    }),
  }
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

const PILLAR_ACCENT = { listen: 'bg-clay', learn: 'bg-teal', lead: 'bg-plum' } as const
const CATEGORY_ACCENT = ['bg-clay', 'bg-teal', 'bg-plum', 'bg-ink'] as const

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, awards, heroVideo } = loaderData
  return (
    <>
      <HeroVideo video={heroVideo}>
        <p className="inline-block rounded-full bg-ink/90 px-3 py-1 text-xs font-semibold tracking-eyebrow text-gold uppercase">
          {home.hero.eyebrow}
        </p>
        <h1 id="hero-title" className="mt-4 max-w-4xl text-display font-semibold">
          {home.hero.heading}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-paper/85 md:text-xl">{home.hero.body}</p>
        <a
          href={siteConfig.signupUrl}
          className={buttonClass('primary', 'mt-8', 'lg')}
          data-testid="hero-get-access"
        >
          {home.hero.cta}
          <span aria-hidden="true">→</span>
        </a>
      </HeroVideo>

      <section
        aria-labelledby="mission-title"
        className="mx-auto grid max-w-page items-center gap-12 px-gutter py-section lg:grid-cols-2"
      >
        <div>
          <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
            {home.mission.eyebrow}
          </p>
          <h2 id="mission-title" className="mt-3 text-title font-semibold">
            {home.mission.heading}
          </h2>
          <div className="mt-6 space-y-4 text-lg text-ink-soft">
            {home.mission.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
        <Picture
          image={home.mission.image}
          sizes="(min-width: 1024px) 36rem, 100vw"
          className="overflow-hidden rounded-card shadow-card"
        />
      </section>

      <section aria-labelledby="inspiration-title" className="bg-ink py-section text-paper">
        <div className="mx-auto max-w-page px-gutter">
          <SectionHeading
            id="inspiration-title"
            eyebrow={home.inspiration.eyebrow}
            title={home.inspiration.heading}
            tone="paper"
          />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {home.inspiration.pillars.map((pillar, i) => (
              <li key={pillar.key} className="rounded-card bg-paper/5 p-8 ring-1 ring-paper/10">
                <span
                  className={`inline-flex size-11 items-center justify-center rounded-full font-display text-lg font-semibold ${PILLAR_ACCENT[pillar.key]}`}
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-6 text-4xl font-semibold">{pillar.title}</h3>
                <p className="mt-3 text-paper/80">{pillar.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <AwardStrip awards={awards} heading={home.awardsHeading} />

      <section
        aria-labelledby="changemakers-title"
        className="mx-auto max-w-page px-gutter py-section"
      >
        <SectionHeading
          id="changemakers-title"
          eyebrow={home.changemakers.eyebrow}
          title={home.changemakers.heading}
          intro={home.changemakers.intro}
        />
        <ul
          className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          data-testid="changemaker-cards"
        >
          {home.changemakers.cards.map((card) => (
            <li
              key={card.id}
              className="group flex flex-col overflow-hidden rounded-card bg-white/60 shadow-card ring-1 ring-ink/5"
            >
              <Picture
                image={card.image}
                sizes="(min-width: 1024px) 18rem, (min-width: 640px) 45vw, 100vw"
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
                  <Link
                    to={`/articles/${card.article}`}
                    prefetch="intent"
                    className="mt-5 font-semibold text-teal underline-offset-4 hover:underline"
                  >
                    Read {card.name.split(' ')[0]}’s story
                    <span className="sr-only"> ({card.name})</span> →
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="documentaries-title"
        className="bg-paper-deep py-section"
        data-testid="documentaries"
      >
        <div className="mx-auto max-w-page px-gutter">
          <SectionHeading
            id="documentaries-title"
            eyebrow={home.documentaries.eyebrow}
            title={home.documentaries.heading}
            intro={home.documentaries.intro}
          />
          <div className="mt-14 space-y-20 lg:space-y-28">
            {home.documentaries.blocks.map((block, i) => (
              <DocumentaryBlock key={block.id} documentary={block} index={i} />
            ))}
          </div>
        </div>
      </section>

      <section
        aria-labelledby="categories-title"
        className="mx-auto max-w-page px-gutter py-section"
      >
        <SectionHeading
          id="categories-title"
          eyebrow={home.categories.eyebrow}
          title={home.categories.heading}
        />
        <ul
          className="mt-12 grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-4"
          data-testid="category-cards"
        >
          {home.categories.cards.map((card, i) => (
            <li key={card.title}>
              {/* SPEC: the cards carry their links but are not active links (those pages are not published). */}
              <a
                href={card.link}
                aria-disabled="true"
                tabIndex={-1}
                onClick={(event) => event.preventDefault()}
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

      <section aria-labelledby="testimonials-title" className="bg-teal-deep py-section text-paper">
        <div className="mx-auto max-w-page px-gutter">
          <SectionHeading
            id="testimonials-title"
            eyebrow={home.testimonials.eyebrow}
            title={home.testimonials.heading}
            tone="paper"
          />
          <ul className="mt-12 grid gap-6 lg:grid-cols-3" data-testid="testimonials">
            {home.testimonials.items.map((item) => (
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

      <section
        aria-labelledby="get-in-touch-title"
        className="mx-auto max-w-page px-gutter py-section"
      >
        <div className="relative overflow-hidden rounded-card bg-clay px-8 py-14 text-paper md:px-16">
          <div
            aria-hidden="true"
            className="absolute -top-20 -right-20 size-72 rounded-full bg-gold/30"
          />
          <h2 id="get-in-touch-title" className="relative max-w-2xl text-title font-semibold">
            {home.getInTouch.heading}
          </h2>
          <p className="relative mt-4 max-w-xl text-lg text-paper">{home.getInTouch.body}</p>
          <Link to="/contact" prefetch="intent" className={buttonClass('light', 'relative mt-8')}>
            {home.getInTouch.cta}
          </Link>
        </div>
      </section>
    </>
  )
}
