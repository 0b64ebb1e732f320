import type { Route } from './+types/home'
import { CategoriesSection } from '#app/components/sections/categories-section.tsx'
import { ChangemakersSection } from '#app/components/sections/changemakers-section.tsx'
import { DocumentariesSection } from '#app/components/sections/documentaries-section.tsx'
import { GetInTouchSection } from '#app/components/sections/get-in-touch-section.tsx'
import { HeroVideo } from '#app/components/sections/hero-video.tsx'
import { InspirationSection } from '#app/components/sections/inspiration-section.tsx'
import { MissionSection } from '#app/components/sections/mission-section.tsx'
import { TestimonialsSection } from '#app/components/sections/testimonials-section.tsx'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { siteConfig } from '#app/config.ts'
import { Island } from '#app/islands/island.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { homeView } from '#app/lib/page-views.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return homeView(snapshotOf(context))
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

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
      <MissionSection mission={home.mission} />
      <InspirationSection inspiration={home.inspiration} />
      <Island name="award-strip" props={{ awards, heading: home.awardsHeading }} />
      <ChangemakersSection changemakers={home.changemakers} />
      <DocumentariesSection documentaries={home.documentaries} />
      <CategoriesSection categories={home.categories} />
      <TestimonialsSection testimonials={home.testimonials} />
      <GetInTouchSection getInTouch={home.getInTouch} />
    </>
  )
}
