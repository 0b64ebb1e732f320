/**
 * One document being edited (an article or a page): the working copy, saved as a draft by itself
 * a moment after the writer stops typing, with what the save status line says ("Saved at 3:04
 * PM", "Saving…", what to fix), and the refused second save: when someone else changed the
 * document since it was opened, the server answers 409 and nothing is written until the writer
 * chooses. The working copy is also kept in this browser until the server has it, so a closed
 * tab, a lost connection or a refused save loses nothing.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ConflictAnswer, ContentProblemAnswer, DocumentAnswer } from '#common/content-admin.ts'
import { ApiError } from '#app/admin/api.ts'
import { conflictOf, getDocument, problemsOf, saveDraft } from './content-api.ts'

export const AUTOSAVE_MS = 1200

export type Conflict = ConflictAnswer['conflict']

export type SaveState =
  /** `at`: when this page last saved it (undefined: nothing saved from this page yet). */
  | { kind: 'saved'; at?: string }
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** The server refused the content: the messages are next to the fields. */
  | { kind: 'invalid'; message: string }
  /** It could not be reached, or failed: tried again at the next change, or by the button. */
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; conflict: Conflict }

export interface Working<D> {
  data: D
  body: string | null
}

/** How an editor reads a document's data into the form it holds (articleDraftOf, …). */
export type ReadData<D> = (data: unknown) => D

/** What the server holds as the newest content: the draft, else what is published. */
export function contentOf<D>(answer: DocumentAnswer, read: ReadData<D>): Working<D> {
  const content = answer.draft ?? answer.published
  return { data: read(content?.data), body: content?.body ?? null }
}

const same = <D>(a: Working<D>, b: Working<D>) => JSON.stringify(a) === JSON.stringify(b)

interface Kept<D> extends Working<D> {
  version: number
  at: string
}

const storageKey = (key: string) => `docucommons:unsaved:${key}`

/** What this browser kept for a document, if it holds a version, a time and the content. */
function readKept<D>(key: string, read: ReadData<D>): Kept<D> | undefined {
  let kept: unknown
  try {
    const text = localStorage.getItem(storageKey(key))
    kept = text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
  if (typeof kept !== 'object' || kept === null) return undefined
  const { version, at, data, body } = { ...kept } as Record<string, unknown>
  if (typeof version !== 'number' || typeof at !== 'string') return undefined
  return { version, at, data: read(data), body: typeof body === 'string' ? body : null }
}

function keep<D>(key: string, working: Working<D>, version: number) {
  try {
    const kept: Kept<D> = { ...working, version, at: new Date().toISOString() }
    localStorage.setItem(storageKey(key), JSON.stringify(kept))
  } catch {
    // Storage full or refused: the server copy and the open page still hold the work.
  }
}

function forget(key: string) {
  try {
    localStorage.removeItem(storageKey(key))
  } catch {
    // As above.
  }
}

export interface DocumentDraft<D> {
  answer: DocumentAnswer
  working: Working<D>
  /** The working copy differs from what the server holds. */
  dirty: boolean
  state: SaveState
  /** The server's message per field (dotted paths), from the last refused save. */
  fieldErrors: Record<string, string>
  problems: ContentProblemAnswer[]
  /** Unsaved work this browser kept from an earlier visit, if it differs from the server's. */
  recovered: Kept<D> | undefined
  setData: (update: (data: D) => D) => void
  setBody: (body: string) => void
  /** Saves now if needed; the answer the document then has. Rejects when it cannot save. */
  flush: () => Promise<DocumentAnswer>
  /** A new answer from the server (after a publish, a restore…): it becomes the working copy. */
  adopt: (answer: DocumentAnswer) => void
  /** Conflict: take the other person's version, dropping this working copy. */
  reloadTheirs: () => Promise<void>
  /** Conflict: save this working copy over theirs, knowingly (pages). */
  saveOverTheirs: () => Promise<void>
  restoreRecovered: () => void
  discardRecovered: () => void
  /** Saves now, after a failure ("Try again"). */
  retry: () => void
  /**
   * Shows another call's refusal as a save's would be shown (a 409 as the conflict, a 400's
   * messages next to the fields); false for any other error.
   */
  refused: (error: unknown) => boolean
}

/** `read`: how the editor reads the document's data (a module-level function: it never changes). */
export function useDocumentDraft<D>(
  initial: DocumentAnswer,
  read: ReadData<D>,
  { autosaveMs = AUTOSAVE_MS }: { autosaveMs?: number } = {},
): DocumentDraft<D> {
  const [answer, setAnswer] = useState(initial)
  const [working, setWorking] = useState<Working<D>>(() => contentOf(initial, read))
  // What the server acknowledged last: the working copy as sent (the server may store it
  // normalised, e.g. trimmed, which must not count as a change of the writer's).
  const [baseline, setBaseline] = useState<Working<D>>(working)
  const [state, setState] = useState<SaveState>({ kind: 'saved' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [problems, setProblems] = useState<ContentProblemAnswer[]>([])
  const [recovered, setRecovered] = useState<Kept<D> | undefined>(() => {
    const kept = readKept(initial.key, read)
    if (kept && !same({ data: kept.data, body: kept.body }, contentOf(initial, read))) return kept
    if (kept) forget(initial.key)
    return undefined
  })

  // The latest values for the save loop, which runs outside React's render.
  const latest = useRef({ answer, working, baseline, state })
  useLayoutEffect(() => {
    latest.current = { answer, working, baseline, state }
  })
  const saving = useRef<Promise<DocumentAnswer> | undefined>(undefined)

  const dirty = useMemo(() => !same(working, baseline), [working, baseline])

  const save = useCallback(async (base?: number): Promise<DocumentAnswer> => {
    while (saving.current) await saving.current.catch(() => undefined)
    const { answer: current, working: sent, baseline: acknowledged } = latest.current
    if (base === undefined && same(sent, acknowledged)) return current
    const run = (async () => {
      setState({ kind: 'saving' })
      try {
        const saved = await saveDraft(
          current.ref,
          base ?? current.version,
          sent.data,
          sent.body ?? undefined,
        )
        setAnswer(saved)
        setBaseline(sent)
        latest.current.answer = saved
        latest.current.baseline = sent
        setFieldErrors({})
        setProblems([])
        const changedSince = !same(latest.current.working, sent)
        setState(changedSince ? { kind: 'pending' } : { kind: 'saved', at: saved.updatedAt })
        if (!changedSince) forget(saved.key)
        return saved
      } catch (error) {
        keep(current.key, sent, current.version)
        const conflict = conflictOf(error)
        if (conflict) setState({ kind: 'conflict', conflict })
        else if (error instanceof ApiError && error.status === 400) {
          setFieldErrors(error.fields)
          setProblems(problemsOf(error))
          setState({ kind: 'invalid', message: error.message })
        } else setState({ kind: 'failed', message: (error as Error).message })
        throw error
      }
    })()
    saving.current = run
    try {
      return await run
    } finally {
      saving.current = undefined
    }
  }, [])

  // Autosave: a moment after the last change, unless a conflict waits for the writer.
  useEffect(() => {
    if (!dirty) return
    const kind = latest.current.state.kind
    if (kind === 'conflict') return
    if (kind === 'saved') setState({ kind: 'pending' })
    keep(answer.key, working, answer.version)
    const timer = setTimeout(() => void save().catch(() => undefined), autosaveMs)
    return () => clearTimeout(timer)
  }, [working, dirty, answer.key, answer.version, autosaveMs, save])

  const adopt = useCallback(
    (next: DocumentAnswer) => {
      const { working: now, baseline: before } = latest.current
      setAnswer(next)
      setBaseline(contentOf(next, read))
      // What the writer typed while the change was on its way stays, and is saved as a draft.
      if (same(now, before)) setWorking(contentOf(next, read))
      setState({ kind: 'saved' })
      setFieldErrors({})
      setProblems([])
      forget(next.key)
    },
    [read],
  )

  return {
    answer,
    working,
    dirty,
    state,
    fieldErrors,
    problems,
    recovered,
    setData: (update) => setWorking((now) => ({ ...now, data: update(now.data) })),
    setBody: (body) => setWorking((now) => (now.body === body ? now : { ...now, body })),
    flush: () => save(),
    adopt,
    async reloadTheirs() {
      const theirs = await getDocument(latest.current.answer.ref)
      setWorking(contentOf(theirs, read))
      latest.current.working = latest.current.baseline
      adopt(theirs)
    },
    async saveOverTheirs() {
      const { state: now } = latest.current
      if (now.kind !== 'conflict') return
      await save(now.conflict.currentVersion)
    },
    restoreRecovered() {
      if (recovered) setWorking({ data: recovered.data, body: recovered.body })
      setRecovered(undefined)
    },
    discardRecovered() {
      forget(answer.key)
      setRecovered(undefined)
    },
    retry: () => void save().catch(() => undefined),
    refused(error) {
      const conflict = conflictOf(error)
      if (conflict) {
        setState({ kind: 'conflict', conflict })
        return true
      }
      if (error instanceof ApiError && error.status === 400) {
        setFieldErrors(error.fields)
        setProblems(problemsOf(error))
        setState({ kind: 'invalid', message: error.message })
        return true
      }
      return false
    },
  }
}
