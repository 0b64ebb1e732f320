/**
 * After a publish: ask the server once a second whether the pages it serves have caught up with
 * the new content version, and say so when they have. After 20 s without it, say that it is
 * taking longer (with the server's last render failure if there was one) and keep asking, every
 * 2 s, for three minutes more: a busy server still shows the change, and staff are told when.
 */
import { useCallback, useEffect, useRef } from 'react'
import type { LiveAnswer } from '#common/content-admin.ts'
import { useToast } from '#app/admin/components/toast.tsx'
import { liveState } from './content-api.ts'

export const SLOW_AFTER_TRIES = 20
export const MORE_TRIES = 90
const FIRST_EVERY_MS = 1000
const THEN_EVERY_MS = 2000

export interface LiveWatch {
  ask: () => Promise<Pick<LiveAnswer, 'servedVersion' | 'lastFailure'>>
  notify: (message: string, tone?: 'error') => void
  wait: (ms: number) => Promise<void>
  /** True once the page that asked is gone or asked again. */
  stopped: () => boolean
}

const failureOf = (live: Pick<LiveAnswer, 'lastFailure'> | undefined) =>
  live?.lastFailure ? `: ${live.lastFailure.message}` : '.'

/** Asks until the site serves `version` (or gives up), telling staff what it sees. */
export async function watchUntilLive(version: number, done: string, watch: LiveWatch) {
  let last: Pick<LiveAnswer, 'servedVersion' | 'lastFailure'> | undefined
  for (let attempt = 0; attempt < SLOW_AFTER_TRIES + MORE_TRIES; attempt++) {
    if (watch.stopped()) return
    try {
      last = await watch.ask()
      if (last.servedVersion >= version) return watch.notify(done)
    } catch {
      // A missed answer is tried again with the next one.
    }
    if (attempt === SLOW_AFTER_TRIES - 1)
      watch.notify(
        last?.lastFailure
          ? `The site has not shown the change yet${failureOf(last)} We keep checking.`
          : 'The site is taking longer than usual to show the change. We keep checking.',
        'error',
      )
    await watch.wait(attempt < SLOW_AFTER_TRIES ? FIRST_EVERY_MS : THEN_EVERY_MS)
  }
  if (!watch.stopped())
    watch.notify(
      `The site has still not shown the change after 3 minutes${failureOf(last)}`,
      'error',
    )
}

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
      void watchUntilLive(version, done, {
        ask: liveState,
        notify,
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        stopped: () => run !== watching.current,
      })
    },
    [notify],
  )
}
