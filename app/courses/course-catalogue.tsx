import { Spinner } from '#app/components/ui/spinner.tsx'
import { buttonClass } from '#app/components/ui/button-styles.ts'
import { siteConfig } from '#app/config.ts'
import { CatalogueBreadcrumb } from './catalogue-breadcrumb.tsx'
import { catalogueCopy as copy } from './catalogue-copy.ts'
import { CourseCard } from './course-card.tsx'
import type { CourseService } from './course-service.ts'
import { RefreshIcon } from './refresh-icon.tsx'
import { useCourseCatalogue } from './use-course-catalogue.ts'

/**
 * The interactive part of the Courses page (docs/requirements.md#courses, docs/requirements.md#page-states): product description and
 * Refresh, breadcrumb, heading, and the grid in its three states. The page is prerendered in
 * its loading state; the list loads in the browser once the page opens.
 */
export function CourseCatalogue({
  service,
}: {
  service?: Pick<CourseService, 'getCourses' | 'refreshCourses'>
}) {
  const { state, reload, refresh } = useCourseCatalogue(service)
  const loading = state.status === 'loading'

  return (
    <div className="mx-auto max-w-page px-gutter py-section">
      <section
        aria-labelledby="product-title"
        className="grid gap-8 lg:grid-cols-12 lg:items-start"
      >
        <div className="lg:col-span-8">
          <p className="text-xs font-semibold tracking-eyebrow text-clay-deep uppercase">
            {copy.product.eyebrow}
          </p>
          <h2 id="product-title" className="mt-3 text-title font-semibold">
            {copy.product.title}
          </h2>
          <div className="mt-5 max-w-reading space-y-4 text-lg text-ink-soft">
            {copy.product.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-6 flex flex-wrap gap-3">
            {copy.product.highlights.map((highlight) => (
              <li
                key={highlight}
                className="rounded-full bg-paper-deep px-4 py-2 text-sm font-medium text-ink"
              >
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col items-start gap-3 lg:col-span-4 lg:items-end">
          <button
            type="button"
            onClick={refresh}
            disabled={loading}
            className={buttonClass('dark', 'js-only')}
          >
            <RefreshIcon spinning={loading} />
            Refresh courses
          </button>
          <p aria-live="polite" className="min-h-6 text-sm text-ink-soft lg:text-right">
            {state.status === 'loaded' ? state.message : null}
          </p>
        </div>
      </section>

      <section aria-labelledby="catalog-heading" className="mt-16 border-t border-ink/10 pt-10">
        <CatalogueBreadcrumb items={copy.breadcrumb} />
        <h2 id="catalog-heading" className="mt-4 text-title font-semibold">
          {copy.heading}
        </h2>

        <div className="mt-10" aria-busy={loading}>
          {state.status === 'loading' && (
            <div className="flex justify-center py-16 text-teal">
              {/* Without JavaScript the list never loads: say so instead of spinning forever. */}
              <div className="js-only">
                <Spinner label="Loading courses..." showLabel className="size-12" />
              </div>
              <noscript>
                <p className="text-lg text-ink-soft">{copy.noscript}</p>
              </noscript>
            </div>
          )}

          {state.status === 'error' && (
            <div
              role="alert"
              className="mx-auto max-w-2xl rounded-card border border-danger/40 bg-danger-soft p-6 text-danger"
            >
              <p className="font-semibold">{state.error}</p>
              <div className="mt-5 flex flex-wrap gap-3">
                <button type="button" onClick={reload} className={buttonClass('dark')}>
                  Try Again
                </button>
                <button type="button" onClick={refresh} className={buttonClass('danger')}>
                  <RefreshIcon spinning={false} />
                  Refresh
                </button>
              </div>
            </div>
          )}

          {state.status === 'loaded' &&
            (state.courses.length > 0 ? (
              <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3" aria-label="Courses">
                {state.courses.map((course) => (
                  <li key={course.id} className="flex">
                    <CourseCard course={course} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="py-10 text-center text-lg text-ink-soft">{copy.empty}</p>
            ))}
        </div>

        <div className="mt-14 flex justify-center">
          <a
            href={siteConfig.storeUrl}
            target="_blank"
            rel="noopener"
            className={buttonClass('primary', undefined, 'wide')}
          >
            {copy.continueLabel}
            <span className="sr-only"> (opens in a new tab)</span>
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="currentColor">
              <path d="M11 3h6v6h-2V6.4l-6.3 6.3-1.4-1.4L13.6 5H11V3zM4 5h5v2H5v8h8v-4h2v6H3V5h1z" />
            </svg>
          </a>
        </div>
      </section>
    </div>
  )
}
