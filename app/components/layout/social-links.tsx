import type { SocialIcon as SocialIconName } from '#common/content/site.ts'
import { cn } from '#app/lib/cn.ts'
import { SocialIcon } from '#app/components/ui/social-icon.tsx'

const ORDER: SocialIconName[] = ['Facebook', 'Twitter', 'Instagram', 'LinkedIn', 'YouTube']

/** The site's social links by network (the published settings: app/lib/site-settings.ts). */
export type SocialHrefs = Record<SocialIconName, string>

export function SocialLinks({
  links,
  size = 'md',
  tone = 'ink',
  className,
}: {
  links: SocialHrefs
  size?: 'sm' | 'md'
  tone?: 'ink' | 'paper'
  className?: string
}) {
  const socialLinks = ORDER.map((icon) => ({ icon, label: icon, href: links[icon] }))
  return (
    <ul className={cn('flex items-center gap-1', className)}>
      {socialLinks.map((link) => (
        <li key={link.icon}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener"
            aria-label={`${link.label} (opens in a new tab)`}
            className={cn(
              'inline-flex items-center justify-center rounded-full transition-colors',
              size === 'sm' ? 'size-9' : 'size-11',
              tone === 'ink'
                ? 'text-ink-soft hover:bg-paper-deep hover:text-clay'
                : 'text-paper hover:bg-paper/10 hover:text-gold',
            )}
          >
            <SocialIcon name={link.icon} className={size === 'sm' ? 'size-4.5' : 'size-5'} />
          </a>
        </li>
      ))}
    </ul>
  )
}
