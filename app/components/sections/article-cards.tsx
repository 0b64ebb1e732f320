import type { ImageSource } from '#app/lib/media.ts'
import { cn } from '#app/lib/cn.ts'
import { Picture } from '#app/components/ui/picture.tsx'

export interface ArticleCardView {
  slug: string
  name: string
  cardTitle: string
  summary: string
  location: string
  color: 'clay' | 'teal' | 'plum' | 'gold'
  portrait: ImageSource
  /** The link as published: some carry a trailing slash (docs/requirements.md#pages). */
  link: string
}

interface CardProps {
  article: ArticleCardView
  /**
   * The first card of a list at the top of a page: its portrait is the page's largest paint on a
   * phone, fetched at once at high priority; every other waits for layout, so that on a phone (one
   * card a row) none shares its bandwidth.
   */
  first?: boolean
}

const BAR = { clay: 'bg-clay', teal: 'bg-teal', plum: 'bg-plum', gold: 'bg-gold' } as const

function PinIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true" fill="currentColor">
      <path d="M10 1.5a6 6 0 0 0-6 6c0 4.3 6 11 6 11s6-6.7 6-11a6 6 0 0 0-6-6zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4z" />
    </svg>
  )
}

/** Art & Advocacy teaser: title, name, location and Read More. */
export function TeaserCard({ article, first = false }: CardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card bg-white/70 shadow-card ring-1 ring-ink/5">
      <Picture
        image={article.portrait}
        loading={first ? 'priority' : 'lazy'}
        // Three to a row from md (the page's width less its gutters and the two gaps), else one.
        sizes="(min-width: 768px) min(24rem, calc((100vw - 6rem) / 3)), calc(100vw - 2.5rem)"
        className="aspect-4/3 overflow-hidden"
        imgClassName="size-full object-cover object-top transition-transform duration-500 group-hover:scale-105"
      />
      <span className={cn('h-1.5 w-full', BAR[article.color])} aria-hidden="true" />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="line-clamp-2 text-2xl font-semibold">{article.cardTitle}</h3>
        <p className="mt-3 font-semibold">{article.name}</p>
        <Location location={article.location} className="mt-1" />
        <ReadMore to={article.link} label={article.cardTitle} className="mt-6" />
      </div>
    </article>
  )
}

/** People card: photo, full name, short description, location and Read More. */
export function PersonCard({ article, first = false }: CardProps) {
  return (
    <article className="group relative grid h-full overflow-hidden rounded-card bg-white/70 shadow-card ring-1 ring-ink/5 sm:grid-cols-5">
      <Picture
        image={article.portrait}
        loading={first ? 'priority' : 'lazy'}
        // Two fifths of the card from sm; the card is a row's width until lg, half of it from lg.
        sizes="(min-width: 1024px) 14rem, (min-width: 640px) calc((100vw - 4rem) * 0.4), calc(100vw - 2.5rem)"
        className="aspect-4/5 overflow-hidden sm:col-span-2 sm:aspect-auto"
        imgClassName="size-full object-cover object-top"
      />
      <div className="flex flex-col p-6 sm:col-span-3">
        <h3 className="text-2xl font-semibold">{article.name}</h3>
        {/* The clamp on the text, the stretch on its box: a stretched clamp showed a fifth line's top. */}
        <div className="mt-3 flex-1">
          <p className="line-clamp-4 text-ink-soft">{article.summary}</p>
        </div>
        <Location location={article.location} className="mt-4" />
        <ReadMore to={article.link} label={article.name} className="mt-5" />
      </div>
    </article>
  )
}

function Location({ location, className }: { location: string; className: string }) {
  return (
    <p className={cn('flex items-center gap-1.5 text-sm text-ink-soft', className)}>
      <PinIcon />
      {location}
    </p>
  )
}

/** The card's link; its ::after covers the whole card, so the card is one click target. */
function ReadMore({ to, label, className }: { to: string; label: string; className: string }) {
  return (
    <a
      href={to}
      className={cn(
        'font-semibold text-teal underline-offset-4 after:absolute after:inset-0 hover:underline',
        className,
      )}
    >
      Read More<span className="sr-only">: {label}</span>
    </a>
  )
}
