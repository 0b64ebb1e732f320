import type { HomeContent } from '#common/content/pages.ts'
import { buttonClass } from '#app/components/ui/button-styles.ts'

/** Home: the closing invitation to the contact page. */
export function GetInTouchSection({ getInTouch }: { getInTouch: HomeContent['getInTouch'] }) {
  return (
    <section
      aria-labelledby="get-in-touch-title"
      className="mx-auto max-w-page px-gutter py-section offscreen-130 lg:offscreen-145"
    >
      <div className="relative overflow-hidden rounded-card bg-clay px-8 py-14 text-paper md:px-16">
        <div
          aria-hidden="true"
          className="absolute -top-20 -right-20 size-72 rounded-full bg-gold/30"
        />
        <h2 id="get-in-touch-title" className="relative max-w-2xl text-title font-semibold">
          {getInTouch.heading}
        </h2>
        <p className="relative mt-4 max-w-xl text-lg text-paper">{getInTouch.body}</p>
        <a href="/contact" className={buttonClass('light', 'relative mt-8')}>
          {getInTouch.cta}
        </a>
      </div>
    </section>
  )
}
