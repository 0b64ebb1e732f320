import { useSyncExternalStore } from 'react'
import type { ConsentPageContent } from '#common/content/pages.ts'
import { cn } from '#app/lib/cn.ts'

type NotSentPage = Extract<ConsentPageContent, { kind: 'not-sent' }>

const noSubscription = () => () => {}

/**
 * What the server named, from the address it redirected to: ?fields=name,email&reason=... The
 * prerendered HTML knows no query, so hydration renders the server snapshot (nothing flagged)
 * and React then renders again with the address's.
 */
function useFlagged() {
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => '',
  )
  const query = new URLSearchParams(search)
  return {
    fields: (query.get('fields') ?? '').split(',').filter(Boolean),
    rateLimited: query.get('reason') === 'rate-limit',
  }
}

/**
 * The rules of a form's fields on its "not sent" page: an island (app/islands/). Without
 * JavaScript every rule is listed; with it, the fields the server refused (and a rate limit) are
 * marked, in words as well as colour.
 */
export function FieldRules({
  heading,
  fields,
  flaggedLabel,
  rateLimit,
}: {
  heading: string
  fields: NotSentPage['fields']
  flaggedLabel: string
  rateLimit: string
}) {
  const flagged = useFlagged()
  return (
    <>
      <h3 className="mt-8 text-2xl font-semibold">{heading}</h3>
      <ul className="mt-5 space-y-3">
        {fields.map((field) => {
          const isFlagged = flagged.fields.includes(field.name)
          return (
            <li
              key={field.name}
              data-field={field.name}
              data-flagged={isFlagged || undefined}
              className={cn(
                'rounded-xl border-l-4 p-4',
                isFlagged
                  ? 'border-danger bg-danger-soft text-danger'
                  : 'border-teal bg-paper-deep text-ink-soft',
              )}
            >
              <span className={cn('block font-semibold', !isFlagged && 'text-ink')}>
                {field.label}
                {isFlagged && <span>: {flaggedLabel}</span>}
              </span>
              <span className="block">{field.rule}</span>
            </li>
          )
        })}
      </ul>
      <p
        data-flagged={flagged.rateLimited || undefined}
        className={cn(
          'mt-5 rounded-xl p-5',
          flagged.rateLimited
            ? 'bg-danger-soft text-danger ring-2 ring-danger'
            : 'bg-paper-deep text-ink-soft',
        )}
      >
        {flagged.rateLimited && <strong className="block">{flaggedLabel}</strong>}
        {rateLimit}
      </p>
    </>
  )
}
