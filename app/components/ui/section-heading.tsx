import { cn } from '#app/lib/cn.ts'

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  align = 'left',
  tone = 'ink',
}: {
  eyebrow?: string
  title: string
  intro?: string
  id?: string
  align?: 'left' | 'center'
  tone?: 'ink' | 'paper'
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && (
        <p
          className={cn(
            'text-xs font-semibold tracking-eyebrow uppercase',
            tone === 'ink' ? 'text-clay-deep' : 'text-gold-soft',
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="mt-3 text-title font-semibold">
        {title}
      </h2>
      {intro && (
        <p className={cn('mt-4 text-lg', tone === 'ink' ? 'text-ink-soft' : 'text-paper/80')}>
          {intro}
        </p>
      )}
    </div>
  )
}
