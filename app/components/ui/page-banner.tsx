import type { ReactNode } from 'react'

/** The title banner at the top of About, Articles, Contact and article pages. */
export function PageBanner({
  title,
  eyebrow,
  children,
  titleIsHeading = true,
}: {
  title: string
  eyebrow?: string
  children?: ReactNode
  /** False where the page's h1 comes later (an article's headline). */
  titleIsHeading?: boolean
}) {
  const Title = titleIsHeading ? 'h1' : 'p'
  return (
    <div className="relative overflow-hidden bg-ink text-paper">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-16 size-72 rounded-full bg-plum/70 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute top-48 left-1/3 size-64 rounded-full bg-teal/50 blur-2xl md:top-64"
      />
      <div className="relative mx-auto max-w-page px-gutter py-16 md:py-24">
        {eyebrow && (
          <p className="text-xs font-semibold tracking-eyebrow text-gold uppercase">{eyebrow}</p>
        )}
        <Title className="mt-3 font-display text-display font-semibold">{title}</Title>
        {children && <div className="mt-6 max-w-2xl text-lg text-paper/85">{children}</div>}
      </div>
    </div>
  )
}
