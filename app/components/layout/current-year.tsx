import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * The year the page is read in. The prerendered HTML carries the build year; after hydration
 * React re-renders with the visitor's clock, so a page built last year still shows this year.
 */
export function CurrentYear({ buildYear }: { buildYear: number }) {
  const year = useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => buildYear,
  )
  return <>{year}</>
}
