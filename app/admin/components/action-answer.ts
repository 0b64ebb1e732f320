/**
 * What a page does with each new answer of its route's action (a fetcher's `data`, ADR 026):
 * `follow` runs while rendering, as React advises for state that follows a new value (a row
 * replaced, a question closed, a refusal shown by its field), so no frame shows the old state
 * beside the new answer; `say` names the toast that tells the person, and `then` anything else
 * that must happen once the answer is drawn (going back to the editor). Each runs once per answer.
 */
import { useEffect, useState } from 'react'
import { useToast } from './toast.tsx'

/** A toast's words and tone (a success unless it says 'error'), or nothing to say. */
export type Said = readonly [message: string, tone?: 'success' | 'error'] | undefined

export interface AnswerHandlers<T> {
  follow?: (answer: T) => void
  say?: (answer: T) => Said
  then?: (answer: T) => void
}

/** A refusal's message as an error toast, and a success's `notice` as it is. */
export const sayNotice = (answer: { ok: true; notice: string } | { ok: false; message: string }) =>
  answer.ok ? ([answer.notice] as const) : ([answer.message, 'error'] as const)

export function useActionAnswer<T>(
  answer: T | undefined,
  { follow, say, then }: AnswerHandlers<T>,
) {
  const notify = useToast()
  const [followed, setFollowed] = useState(answer)
  if (answer !== followed) {
    setFollowed(answer)
    if (answer !== undefined) follow?.(answer)
  }
  useEffect(() => {
    if (answer === undefined) return
    const said = say?.(answer)
    if (said) notify(said[0], said[1] ?? 'success')
    then?.(answer)
    // Only a new answer: `say` and `then` are made afresh on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, notify])
}
