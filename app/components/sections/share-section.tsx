import type { AboutContent } from '#common/content/pages.ts'
import { siteConfig } from '#app/config.ts'
import { SocialIcon } from '#app/components/ui/social-icon.tsx'

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

/** About: share the page on three networks. */
export function ShareSection({ share }: { share: AboutContent['share'] }) {
  return (
    <section
      aria-labelledby="share-title"
      className="mx-auto max-w-page px-gutter py-section text-center"
    >
      <h2 id="share-title" className="text-title font-semibold">
        {share.heading}
      </h2>
      <p className="mt-3 text-lg text-ink-soft">{share.body}</p>
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
  )
}
