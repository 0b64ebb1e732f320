import type { AboutContent } from '#common/content/pages.ts'
import type { LogoSource } from '#app/lib/media.ts'

export type PartnerLink = LogoSource & { id: string; href: string }

/** About: who brings the platform to you, and with whom; the first partner leads. */
export function PartnersSection({
  partners: text,
  logos,
}: {
  partners: AboutContent['partners']
  logos: PartnerLink[]
}) {
  const [broughtBy, ...partnersWith] = logos
  return (
    <section
      aria-labelledby="partners-title"
      className="border-y border-ink/10 bg-paper-deep py-section"
    >
      <div className="mx-auto max-w-page px-gutter text-center">
        <h2 id="partners-title" className="sr-only">
          Our partners
        </h2>
        <p className="mx-auto max-w-2xl text-lg text-ink-soft">{text.body}</p>
        <div className="mt-12 grid gap-12 md:grid-cols-3 md:items-end">
          {broughtBy && (
            <div>
              <h3 className="font-sans text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
                {text.broughtToYouBy}
              </h3>
              <PartnerLogo partner={broughtBy} />
            </div>
          )}
          <div className="md:col-span-2">
            <h3 className="font-sans text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
              {text.inPartnershipWith}
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
  )
}

function PartnerLogo({ partner }: { partner: PartnerLink }) {
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
