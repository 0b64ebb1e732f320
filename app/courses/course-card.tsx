import { useId } from 'react'
import type { Course } from '#common/course-schemas.ts'
import { DEFAULT_COURSE_DESCRIPTION, MOST_POPULAR_TITLE } from '#common/course.ts'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { cn } from '#app/lib/cn.ts'
import { CourseImage } from './course-image.tsx'
import { formatUsd } from './format.ts'

/**
 * One offering of the catalogue (docs/requirements.md#courses). Everything from the store is rendered as text:
 * React escapes it, and nothing here sets HTML.
 */
export function CourseCard({ course }: { course: Course }) {
  const popular = course.title === MOST_POPULAR_TITLE
  // Not derived from the course id: a store id may hold spaces, which would split an IDREF.
  const titleId = useId()
  const newTab = <span className="sr-only"> {course.title} (opens in a new tab)</span>
  return (
    <article
      aria-labelledby={titleId}
      data-testid="course-card"
      className={cn(
        'relative flex w-full flex-col overflow-hidden rounded-card bg-white shadow-card',
        popular ? 'border-4 border-gold' : 'border border-ink/10',
      )}
    >
      <div className="relative">
        <CourseImage
          src={course.image_url}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 flex items-end bg-linear-to-t from-ink/80 via-ink/25 to-transparent p-5"
        >
          <p className="line-clamp-2 font-display text-xl leading-tight font-semibold tracking-wide text-paper uppercase">
            {course.title}
          </p>
        </div>
        {popular && (
          <p className="absolute top-4 left-0 rounded-r-full bg-gold py-1.5 pr-4 pl-5 text-xs font-bold tracking-eyebrow text-ink uppercase shadow-card">
            Most Popular
          </p>
        )}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 id={titleId} className="line-clamp-2 text-xl leading-snug font-semibold">
          {course.title}
        </h3>
        <p className="mt-2 line-clamp-2 text-ink-soft">
          {course.description || DEFAULT_COURSE_DESCRIPTION}
        </p>
        {/* Price and buttons sit at the bottom, so they line up across a row of cards. */}
        <div className="mt-auto pt-5">
          <p className="font-display text-2xl font-semibold text-teal-deep">
            <span className="sr-only">Price: </span>
            {formatUsd(course.price)}
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <a
              href={course.url}
              target="_blank"
              rel="noopener"
              className={buttonClass('primary', 'flex-1 tracking-wide whitespace-nowrap')}
            >
              PURCHASE{newTab}
            </a>
            <a
              href={course.url}
              target="_blank"
              rel="noopener"
              className={buttonClass('outline', 'flex-1 whitespace-nowrap')}
            >
              View Details{newTab}
            </a>
          </div>
        </div>
      </div>
    </article>
  )
}
