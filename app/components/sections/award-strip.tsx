import { useState } from 'react'
import type { LogoSource } from '#app/lib/media.ts'
import { cn } from '#app/lib/cn.ts'

/**
 * A continuously scrolling strip of award logos. The list is drawn twice so the loop is
 * seamless; the copy is hidden from assistive technology. It pauses on hover, on focus and with
 * its button, and stands still for visitors who prefer reduced motion.
 */
export function AwardStrip({ awards, heading }: { awards: LogoSource[]; heading: string }) {
  const [paused, setPaused] = useState(false)
  const row = (copy: boolean) => (
    <ul
      className="flex shrink-0 items-center gap-14 pr-14 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-10"
      aria-hidden={copy || undefined}
      data-copy={copy || undefined}
    >
      {awards.map((award) => (
        <li key={award.src} className="shrink-0">
          <img
            src={award.src}
            alt={copy ? '' : award.name}
            width={award.width}
            height={award.height}
            loading="lazy"
            className="h-16 w-auto md:h-20"
          />
        </li>
      ))}
    </ul>
  )
  return (
    <section
      aria-labelledby="awards-title"
      className="group border-y border-ink/10 bg-paper-deep py-12 offscreen-60"
    >
      <div className="mx-auto flex max-w-page items-center justify-between gap-4 px-gutter">
        <h2
          id="awards-title"
          className="font-sans text-xs font-semibold tracking-eyebrow text-ink-soft uppercase"
        >
          {heading}
        </h2>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          className="js-only rounded-full border border-ink/20 px-3 py-1 text-xs font-semibold text-ink-soft hover:bg-paper motion-reduce:hidden"
        >
          {paused ? 'Play awards' : 'Pause awards'}
        </button>
      </div>
      <div className="mt-8 overflow-hidden mask-x-from-90% mask-x-to-100% motion-reduce:mask-none">
        <div
          className={cn(
            'flex w-max animate-marquee group-focus-within:animation-paused group-hover:animation-paused motion-reduce:w-full motion-reduce:animate-none',
            paused && 'animation-paused',
          )}
          data-testid="award-track"
        >
          {row(false)}
          <div className="contents motion-reduce:hidden">{row(true)}</div>
        </div>
      </div>
    </section>
  )
}
