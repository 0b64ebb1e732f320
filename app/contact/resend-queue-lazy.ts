/**
 * The footer's newsletter form is on every page, but the resend queue and the sending code are
 * needed only when a visitor submits or when something is waiting to be sent. This module is
 * the small part every page loads; the rest is imported on demand
 * (docs/decisions/006-javascript-budget.md).
 */
import { RESEND_QUEUE_KEY } from './submission.ts'
import type { SendOutcome } from './send-form.ts'

function resendQueueHasEntries(): boolean {
  try {
    return Boolean(window.localStorage.getItem(RESEND_QUEUE_KEY))
  } catch {
    return false
  }
}

/**
 * Starts sending the resend queue (now, and whenever the browser comes back online) if it holds
 * anything. Returns the cleanup for a React effect.
 */
export function syncResendQueueIfPending(): () => void {
  if (typeof window === 'undefined' || !resendQueueHasEntries()) return () => {}
  let active = true
  let stop: (() => void) | undefined
  void import('./resend-queue.ts').then((resendQueue) => {
    if (active) stop = resendQueue.startResendQueueSync()
  })
  return () => {
    active = false
    stop?.()
  }
}

/** Sends a form's JSON, loading the sender on first use. */
export async function sendLazily(
  endpoint: string,
  body: Record<string, unknown>,
): Promise<SendOutcome> {
  const { sendForm } = await import('./send-form.ts')
  return sendForm(endpoint, body)
}

/** Keeps a submission for later and makes sure the resend queue is being sent. */
export async function queueLazily(entry: {
  id: string
  endpoint: string
  body: Record<string, unknown>
}) {
  const { addToResendQueue, startResendQueueSync } = await import('./resend-queue.ts')
  addToResendQueue(entry)
  // It just failed: wait for the browser to come back online (or the next visit) to resend.
  startResendQueueSync({ flushNow: false })
}
