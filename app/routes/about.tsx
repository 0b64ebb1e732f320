import { useRef } from 'react'
import type { Route } from './+types/about'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { JoinOrContent } from '#app/components/ui/cta-button.tsx'
import { PageBanner } from '#app/components/ui/page-banner.tsx'
import { Picture } from '#app/components/ui/picture.tsx'
import { SocialIcon } from '#app/components/ui/social-icon.tsx'
import { prefersSavedData, useDeferredAutoplay } from '#app/components/ui/use-deferred-autoplay.ts'
import { siteConfig } from '#app/config.ts'
import { getAbout, ogImage, partners, resolveImage, resolveVideo } from '#app/lib/content.server.ts'
import { cn } from '#app/lib/cn.ts'
import { breadcrumbs, seo } from '#app/lib/seo.server.ts'

const FILE = 'content/about.ts'

export async function loader() {
  const about = getAbout()
  const partnerLogos = partners().map((p) => ({
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

const SECTION_ACCENT = { listen: 'text-clay', learn: 'text-teal', lead: 'text-plum' } as const

function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(text)
  return [
    {
      icon: 'Facebook',
      label: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    },
    {
      icon: 'Twitter',
      label: 'Share on Twitter',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    },
    {
      icon: 'LinkedIn',
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    },
  ] as const
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, video, partners } = loaderData
  const [broughtBy, ...partnersWith] = partners
  const videoRef = useRef<HTMLVideoElement>(null)
  useDeferredAutoplay(videoRef, () => !prefersSavedData())
  return (
    <>
      <PageBanner title={about.banner} eyebrow="Listen, Learn, Lead" />

      <section
        aria-labelledby="about-intro-title"
        className="mx-auto grid max-w-page items-center gap-12 px-gutter py-section lg:grid-cols-12"
      >
        <div className="lg:col-span-5">
          <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
            {about.intro.eyebrow}
          </p>
          <h2 id="about-intro-title" className="mt-3 text-title font-semibold">
            {about.intro.heading}
          </h2>
          <div className="mt-6 space-y-4 text-lg text-ink-soft">
            {about.intro.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <a href={siteConfig.dashboardUrl} className={buttonClass('dark', 'mt-8')}>
            {about.intro.learnMore}
            <span className="sr-only"> about membership on the dashboard</span>
          </a>
        </div>
        <div className="lg:col-span-7">
          <video
            ref={videoRef}
            muted
            loop
            controls
            playsInline
            preload="none"
            poster={video.poster.src}
            width={video.width}
            height={video.height}
            className="aspect-video w-full rounded-card bg-ink object-cover shadow-card"
            aria-label="About DocuCommons: a short film"
            data-testid="about-video"
          >
            <source src={video.webm} type="video/webm" />
            <source src={video.mp4} type="video/mp4" />
          </video>
        </div>
      </section>

      <section aria-labelledby="gain-insight-title" className="bg-ink py-section text-paper">
        <div className="mx-auto grid max-w-page items-center gap-12 px-gutter lg:grid-cols-2">
          <Picture
            image={about.gainInsight.image}
            sizes="(min-width: 1024px) 36rem, 100vw"
            className="overflow-hidden rounded-card"
          />
          <div>
            <h2 id="gain-insight-title" className="text-title font-semibold">
              {about.gainInsight.heading}
            </h2>
            <p className="mt-5 text-xl font-medium text-gold">{about.gainInsight.freeMembership}</p>
            <div className="mt-5 space-y-4 text-paper/85">
              {about.gainInsight.body.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
            <div className="mt-8">
              <JoinOrContent variant="primary" context="free membership" />
            </div>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-page space-y-section px-gutter py-section">
        {about.sections.map((section, i) => (
          <section
            key={section.key}
            aria-labelledby={`about-${section.key}`}
            className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16"
          >
            <Picture
              image={section.image}
              sizes="(min-width: 1024px) 36rem, 100vw"
              className={cn(
                'overflow-hidden rounded-card shadow-card',
                i % 2 === 1 && 'lg:order-2',
              )}
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
              <div className="mt-8">
                <JoinOrContent variant="dark" context={section.title} />
              </div>
            </div>
          </section>
        ))}
      </div>

      <section
        aria-labelledby="partners-title"
        className="border-y border-ink/10 bg-paper-deep py-section"
      >
        <div className="mx-auto max-w-page px-gutter text-center">
          <h2 id="partners-title" className="sr-only">
            Our partners
          </h2>
          <p className="mx-auto max-w-2xl text-lg text-ink-soft">{about.partners.body}</p>
          <div className="mt-12 grid gap-12 md:grid-cols-3 md:items-end">
            {broughtBy && (
              <div>
                <h3 className="font-sans text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
                  {about.partners.broughtToYouBy}
                </h3>
                <PartnerLogo partner={broughtBy} />
              </div>
            )}
            <div className="md:col-span-2">
              <h3 className="font-sans text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
                {about.partners.inPartnershipWith}
              </h3>
              <div className="mt-0 grid gap-8 sm:grid-cols-2">
                {partnersWith.map((partner) => (
                  <PartnerLogo key={partner.id} partner={partner} />
                ))}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="share-title"
        className="mx-auto max-w-page px-gutter py-section text-center"
      >
        <h2 id="share-title" className="text-title font-semibold">
          {about.share.heading}
        </h2>
        <p className="mt-3 text-lg text-ink-soft">{about.share.body}</p>
        <ul className="mt-8 flex justify-center gap-3">
          {shareLinks(`${siteConfig.siteUrl}/about`, 'DocuCommons: Listen, Learn, Lead').map(
            (link) => (
              <li key={link.icon}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${link.label} (opens in a new tab)`}
                  className="inline-flex size-12 items-center justify-center rounded-full bg-ink text-paper transition-colors hover:bg-clay"
                >
                  <SocialIcon name={link.icon} className="size-5" />
                </a>
              </li>
            ),
          )}
        </ul>
      </section>
    </>
  )
}

function PartnerLogo({
  partner,
}: {
  partner: { href: string; src: string; name: string; width: number; height: number }
}) {
  return (
    <a
      href={partner.href}
      target="_blank"
      rel="noopener"
      className="mt-5 inline-block rounded-lg p-2 transition-opacity hover:opacity-80"
    >
      <img
        src={partner.src}
        alt={`${partner.name} (opens in a new tab)`}
        width={partner.width}
        height={partner.height}
        loading="lazy"
        className="mx-auto h-20 w-auto"
      />
    </a>
  )
}
