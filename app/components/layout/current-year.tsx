import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * The year the page is read in: an island (app/islands/). The HTML carries the year it was
 * rendered in; after hydration React renders again with the visitor's clock, so a page rendered
 * last year still shows this year.
 */
export function CurrentYear({ renderedYear }: { renderedYear: number }) {
  const year = useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => renderedYear,
  )
  return <>{year}</>
}
