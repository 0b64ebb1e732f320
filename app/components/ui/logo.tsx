import { cn } from '#app/lib/cn.ts'

/** The DocuCommons mark (three arcs: listen, learn, lead) and wordmark. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="size-9 shrink-0">
        <circle cx="20" cy="20" r="20" className={inverted ? 'fill-paper' : 'fill-ink'} />
        <circle cx="14" cy="26" r="3.2" className="fill-clay" />
        <path
          d="M14 17.5a8.5 8.5 0 0 1 8.5 8.5"
          className={cn('fill-none', inverted ? 'stroke-ink' : 'stroke-paper')}
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M14 11a15 15 0 0 1 15 15"
          className="fill-none stroke-gold"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span
        className={cn(
          // Smaller on the narrowest phones, where the header's logo, search and menu button
          // would not fit in 320 px at full size.
          'font-display text-2xl leading-none font-semibold tracking-tight max-[23.25rem]:text-xl max-[21.5rem]:text-base',
          inverted ? 'text-paper' : 'text-ink',
        )}
      >
        Docu<span className={inverted ? 'text-gold' : 'text-clay'}>Commons</span>
      </span>
    </span>
  )
}
