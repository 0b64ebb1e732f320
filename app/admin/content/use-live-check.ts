/**
 * After a publish: ask the server once a second whether the pages it serves have caught up with
 * the new content version, and say so when they have (or, after 20 tries, that it is taking
 * longer, with the server's last render failure if there was one).
 */
import { useCallback, useEffect, useRef } from 'react'
import { useToast } from '../components/toast.tsx'
import { liveState } from './content-api.ts'

const TRIES = 20
const EVERY_MS = 1000

export function useLiveCheck() {
  const notify = useToast()
  const watching = useRef(0)
  useEffect(
    () => () => {
      watching.current++
    },
    [],
  )
  return useCallback(
    (version: number, done = 'The change is live on the site.') => {
      const run = ++watching.current
      void (async () => {
        for (let attempt = 0; attempt < TRIES; attempt++) {
          if (run !== watching.current) return
          try {
            const live = await liveState()
            if (live.servedVersion >= version) return notify(done)
            if (attempt === TRIES - 1)
              notify(
                live.lastFailure
                  ? `The site has not shown the change yet: ${live.lastFailure.message}`
                  : 'The site is taking longer than usual to show the change.',
                'error',
              )
          } catch {
            // A missed answer is tried again with the next one.
          }
          await new Promise((resolve) => setTimeout(resolve, EVERY_MS))
        }
      })()
    },
    [notify],
  )
}
