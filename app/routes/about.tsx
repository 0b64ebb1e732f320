import type { Route } from './+types/about'
import { AboutIntroSection } from '#app/components/sections/about-intro-section.tsx'
import { GainInsightSection } from '#app/components/sections/gain-insight-section.tsx'
import { PartnersSection, type PartnerLink } from '#app/components/sections/partners-section.tsx'
import { PillarSections } from '#app/components/sections/pillar-sections.tsx'
import { ShareSection } from '#app/components/sections/share-section.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { siteConfig } from '#app/config.ts'
import { getAbout, ogImage, partners, resolveImage, resolveVideo } from '#app/lib/content.server.ts'
import { breadcrumbs, seo } from '#app/lib/seo.server.ts'

const FILE = 'content/about.ts'

export async function loader() {
  const about = getAbout()
  const partnerLogos: PartnerLink[] = partners().map((p) => ({
    ...p,
    href: siteConfig.partners[p.id as keyof typeof siteConfig.partners] ?? siteConfig.siteUrl,
  }))
  return {
    about: {
      ...about,
      gainInsight: { ...about.gainInsight, image: resolveImage(about.gainInsight.image, FILE) },
      sections: about.sections.map((s) => ({ ...s, image: resolveImage(s.image, FILE) })),
    },
    video: resolveVideo('video/about', FILE, ''),
    partners: partnerLogos,
    meta: seo({
      title: 'About',
      description:
        'Who we are: a nonprofit learning platform with a daily news podcast, documentary courses and consulting for people who lead change in their communities.',
      path: '/about',
      image: ogImage('about'),
      jsonLd: [
        breadcrumbs([
          { name: 'Home', path: '/' },
          { name: 'About', path: '/about' },
        ]),
      ],
    }),
  }
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
