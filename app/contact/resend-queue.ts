/**
 * The browser's resend queue for form submissions that could not be delivered (offline, timeout, 5xx,
 * 429). They wait in localStorage and are sent again on the next page view of the site and when
 * the browser comes back online. Each keeps its submissionId, so a resend the server had in fact
 * already stored is not stored twice.
 */
import { RESEND_QUEUE_KEY } from './submission.ts'
import { sendForm, type SendOutcome } from './send-form.ts'

export interface ResendEntry {
  /** The submission's id (also sent as submissionId). */
  id: string
  endpoint: string
  body: Record<string, unknown>
  queuedAt: number
}

export { RESEND_QUEUE_KEY }
const MAX_ENTRIES = 20
/** Older submissions are dropped rather than sent months late. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    // Storage can be disabled (privacy settings); then nothing can be kept.
    return undefined
  }
}

function isEntry(value: unknown): value is ResendEntry {
  const entry = value as ResendEntry
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.endpoint === 'string' &&
    entry.endpoint.startsWith('/api/') &&
    typeof entry.body === 'object' &&
    entry.body !== null &&
    typeof entry.queuedAt === 'number'
  )
}

export function readResendQueue(now = Date.now()): ResendEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(RESEND_QUEUE_KEY) ?? '[]')
    return Array.isArray(parsed)
      ? parsed.filter(isEntry).filter((e) => now - e.queuedAt < MAX_AGE_MS)
      : []
  } catch {
    return []
  }
}

function writeResendQueue(entries: ResendEntry[]) {
  try {
    const store = storage()
    if (!store) return
    if (entries.length === 0) store.removeItem(RESEND_QUEUE_KEY)
    else store.setItem(RESEND_QUEUE_KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)))
  } catch {
    // Quota exceeded: the submission cannot be kept; nothing else to do.
  }
}

/** Keeps a submission for later; a newer version of the same submission replaces the older. */
export function addToResendQueue(entry: Omit<ResendEntry, 'queuedAt'>, now = Date.now()) {
  writeResendQueue([
    ...readResendQueue(now).filter((e) => e.id !== entry.id),
    { ...entry, queuedAt: now },
  ])
}

export function removeFromResendQueue(id: string) {
  writeResendQueue(readResendQueue().filter((e) => e.id !== id))
}

let flushing: Promise<void> | undefined

/**
 * Sends what the resend queue holds, oldest first. Stops at the first submission that must wait again
 * (the server or the network is still unavailable); drops those the server refuses for good.
 */
export function flushResendQueue(
  send: (endpoint: string, body: Record<string, unknown>) => Promise<SendOutcome> = sendForm,
) {
  flushing ??= (async () => {
    try {
      for (const entry of readResendQueue()) {
        const outcome = await send(entry.endpoint, entry.body)
        if (outcome.kind === 'retry') break
        if (outcome.kind !== 'accepted')
          console.error('A saved form submission was refused by the server', outcome)
        removeFromResendQueue(entry.id)
      }
    } finally {
      flushing = undefined
    }
  })()
  return flushing
}

let listeners = 0
const onOnline = () => void flushResendQueue()

/**
 * Sends the resend queue now and whenever the browser comes back online. Safe to call from several
 * components: the listener is added once. Returns the cleanup for a React effect.
 */
export function startResendQueueSync({ flushNow = true } = {}): () => void {
  if (typeof window === 'undefined') return () => {}
  if (listeners++ === 0) window.addEventListener('online', onOnline)
  if (flushNow && readResendQueue().length > 0) void flushResendQueue()
  return () => {
    if (--listeners === 0) window.removeEventListener('online', onOnline)
  }
}
