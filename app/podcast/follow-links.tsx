import { cn } from '#app/lib/cn.ts'

export interface FollowLink {
  label: string
  href: string
  /** Another site (a podcast directory): opens in a new tab. */
  external: boolean
}

/** Where to follow the show: its RSS feed, and the directories it is listed in (when set). */
export function FollowLinks({
  links,
  className,
}: {
  links: readonly FollowLink[]
  className?: string
}) {
  return (
    <div className={className}>
      <p className="text-sm font-semibold text-paper/85">Follow the show</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              {...(link.external && { target: '_blank', rel: 'noopener' })}
              className={cn(
                'inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold ring-1 focus-visible:outline-gold',
                link.external
                  ? 'text-paper ring-paper/35 hover:bg-paper/10'
                  : 'bg-gold text-ink ring-gold hover:bg-gold-soft',
              )}
            >
              {!link.external && <RssIcon />}
              {link.label}
              {link.external && <span className="sr-only"> (opens in a new tab)</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

const RssIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="currentColor">
    <circle cx="5.5" cy="18.5" r="2.5" />
    <path d="M3 10.5a10.5 10.5 0 0 1 10.5 10.5h-3A7.5 7.5 0 0 0 3 13.5v-3Z" />
    <path d="M3 3.5A17.5 17.5 0 0 1 20.5 21h-3A14.5 14.5 0 0 0 3 6.5v-3Z" />
  </svg>
)
