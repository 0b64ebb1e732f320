import type { Route } from './+types/about'
import { AboutIntroSection } from '#app/components/sections/about-intro-section.tsx'
import { GainInsightSection } from '#app/components/sections/gain-insight-section.tsx'
import { PartnersSection } from '#app/components/sections/partners-section.tsx'
import { PillarSections } from '#app/components/sections/pillar-sections.tsx'
import { ShareSection } from '#app/components/sections/share-section.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { snapshotOf } from '#app/lib/content.server.ts'
import { aboutView } from '#app/lib/page-views.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return aboutView(snapshotOf(context))
}

// Title, description, canonical URL, social cards and JSON-LD are built at build time in the
// loader, so none of that code ships to the browser.
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? []

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, video, partners } = loaderData
  return (
    <>
      <PageBanner title={about.banner} eyebrow="Listen, Learn, Lead" />
      <AboutIntroSection intro={about.intro} video={video} />
      <GainInsightSection gainInsight={about.gainInsight} />
      <PillarSections sections={about.sections} />
      <PartnersSection partners={about.partners} logos={partners} />
      <ShareSection share={about.share} />
    </>
  )
}
