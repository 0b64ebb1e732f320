/**
 * A document's history (an article or a page): every published revision with who and when,
 * two of them (or the unpublished changes) compared field by field and the body line by line,
 * and any earlier one restored, after a confirmation, as a new revision (a post to the route's
 * action, ADR 026).
 */
import { useState, type FormEvent } from 'react'
import {
  useFetcher,
  useLoaderData,
  useNavigate,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import {
  documentPath,
  PAGE_NAMES,
  type CompareAnswer,
  type DiffHunk,
  type DocumentAnswer,
  type DocumentRef,
  type PageName,
  type RevisionSummaryAnswer,
} from '#common/content-admin.ts'
import { cn } from '#app/lib/cn.ts'
import { formText, query } from '#app/admin/api.ts'
import { useActionAnswer } from '#app/admin/components/action-answer.ts'
import { ConfirmDialog } from '#app/admin/components/confirm-dialog.tsx'
import { BackLink } from '#app/admin/components/list-controls.tsx'
import {
  Alert,
  Badge,
  buttonClass,
  Card,
  EmptyState,
  PageHeader,
  SelectField,
} from '#app/admin/components/ui.tsx'
import * as content from '#app/admin/content/content-api.ts'
import { conflictSentence } from '#app/admin/content/draft-status.tsx'
import { fieldLabel } from '#app/admin/content/field-labels.ts'
import { formatDateTime } from '#app/admin/format.ts'

interface Loaded {
  answer: DocumentAnswer
  comparison: CompareAnswer | undefined
}

function refOf(params: LoaderFunctionArgs['params']): DocumentRef {
  if (params['name'] !== undefined) {
    const name = params['name']
    if (!(PAGE_NAMES as readonly string[]).includes(name))
      throw new Response('No such page', { status: 404 })
    return { kind: 'page', name: name as PageName }
  }
  return { kind: 'article', id: params['id'] ?? '' }
}

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  const ref = refOf(params)
  const search = new URL(request.url).searchParams
  const [from, to] = [search.get('from'), search.get('to')]
  const [answer, comparison] = await Promise.all([
    content.getDocument(ref),
    from && to ? content.compare(ref, from, to) : undefined,
  ])
  return { answer, comparison }
}

export type RestoreResult = { ok: true } | { ok: false; message: string }

/** Publishes the posted revision again, over the version the page was read at. */
export async function action({
  params,
  request,
}: Pick<ActionFunctionArgs, 'params' | 'request'>): Promise<RestoreResult> {
  const ref = refOf(params)
  const form = await request.formData()
  try {
    const revision = formText(form, 'revision')
    await content.restoreRevision(ref, revision, Number(form.get('version')))
    return { ok: true }
  } catch (error) {
    const conflict = content.conflictOf(error)
    return {
      ok: false,
      message: conflict
        ? `${conflictSentence(conflict)} Reload this page to see their change, then choose again.`
        : (error as Error).message,
    }
  }
}

/** Where the document is edited, in the staff app. */
const editorPath = (ref: DocumentRef) => documentPath(ref)

export function Component() {
  const { answer, comparison } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const current = answer.revisions.find((revision) => revision.current)
  const [from, setFrom] = useState(
    comparison?.from.id ?? answer.revisions[1]?.id ?? current?.id ?? '',
  )
  const [to, setTo] = useState(comparison?.to.id ?? (answer.draft ? 'draft' : (current?.id ?? '')))
  const [restoring, setRestoring] = useState<RevisionSummaryAnswer>()
  const [refusal, setRefusal] = useState<string>()
  const fetcher = useFetcher<RestoreResult>()

  function compare(event: FormEvent) {
    event.preventDefault()
    navigate(`${documentPath(answer.ref)}/history${query({ from, to })}`)
  }

  // Refused: said in the question, which stays open. Restored: said, and back to the editor.
  useActionAnswer(fetcher.data, {
    follow(result) {
      if (!result.ok) setRefusal(result.message)
    },
    say: (result) =>
      result.ok
        ? [`Revision ${restoring?.number ?? ''} is published again, as a new revision.`]
        : undefined,
    then(result) {
      if (result.ok) navigate(editorPath(answer.ref))
    },
  })

  const options = [
    ...(answer.draft ? [{ id: 'draft', label: 'Unpublished changes' }] : []),
    ...answer.revisions.map((revision) => ({
      id: revision.id,
      label: `Revision ${revision.number}${revision.current ? ' (live)' : ''} · ${formatDateTime(revision.createdAt)}`,
    })),
  ]

  return (
    <>
      <PageHeader
        back={
          <BackLink to={editorPath(answer.ref)}>
            Back to {answer.kind === 'article' ? 'the article' : answer.label}
          </BackLink>
        }
        title={`History: ${answer.label}`}
        lead="Every publish is a revision. Compare two, or publish an earlier one again."
      />

      {answer.revisions.length === 0 ? (
        <EmptyState title="Not published yet">
          Its first revision is made when it is published.
        </EmptyState>
      ) : (
        <ol aria-label="Revisions, newest first" className="flex flex-col gap-3">
          {answer.revisions.map((revision) => (
            <li
              key={revision.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-white/70 p-4 shadow-card ring-1 ring-ink/5"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  Revision {revision.number}
                  {revision.current && <Badge tone="good">Live</Badge>}
                </p>
                <p className="text-sm text-ink-soft">
                  <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
                  {' · '}
                  {revision.author?.label ?? 'the sample content'}
                  {revision.note ? ` · ${revision.note}` : ''}
                </p>
              </div>
              {!revision.current && (
                <button
                  type="button"
                  className={buttonClass('outline')}
                  onClick={() => {
                    setRefusal(undefined)
                    setRestoring(revision)
                  }}
                >
                  Restore<span className="sr-only"> revision {revision.number}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}

      {options.length > 1 && (
        <Card aria-labelledby="compare-title" className="mt-10">
          <h2 id="compare-title" className="mb-4 font-display text-2xl font-semibold">
            Compare
          </h2>
          <form onSubmit={compare} className="grid items-end gap-4 sm:grid-cols-3">
            <SelectField
              label="Older"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            >
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            <SelectField label="Newer" value={to} onChange={(event) => setTo(event.target.value)}>
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            <button type="submit" className={buttonClass('dark')}>
              Compare
            </button>
          </form>
          {comparison && <Comparison comparison={comparison} />}
        </Card>
      )}

      <ConfirmDialog
        open={restoring !== undefined}
        title={`Restore revision ${restoring?.number ?? ''}?`}
        confirmLabel="Restore and publish"
        onConfirm={() =>
          fetcher.submit(
            { revision: restoring?.id ?? '', version: String(answer.version) },
            { method: 'post' },
          )
        }
        onClose={() => setRestoring(undefined)}
      >
        <p>
          Its content is published again as a new revision, live within seconds. The current
          revision stays in the history.
        </p>
        {answer.draft && <p className="font-semibold">The unpublished changes are discarded.</p>}
        {refusal && <Alert>{refusal}</Alert>}
      </ConfirmDialog>
    </>
  )
}

function Comparison({ comparison }: { comparison: CompareAnswer }) {
  const side = (s: CompareAnswer['from']) =>
    `${s.label}${s.author ? `, ${s.author.label}` : ''}${s.createdAt ? `, ${formatDateTime(s.createdAt)}` : ''}`
  return (
    <section aria-labelledby="comparison-title" className="mt-6">
      <h3 id="comparison-title" className="font-display text-xl font-semibold">
        {comparison.from.label} → {comparison.to.label}
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        From {side(comparison.from)} to {side(comparison.to)}.
      </p>
      {comparison.identical ? (
        <p className="mt-4 rounded-xl bg-paper-deep px-4 py-3">They are the same.</p>
      ) : (
        <>
          {comparison.fields.length > 0 && (
            <ul aria-label="Changed fields" className="mt-4 flex flex-col gap-3">
              {comparison.fields.map((change) => (
                <li key={change.field} className="rounded-xl border border-ink/15 p-3">
                  <p className="font-semibold break-words">{fieldLabel(change.field)}</p>
                  <div className="mt-2 grid gap-2 md:grid-cols-2">
                    <p className="rounded-lg bg-danger-soft px-3 py-2 break-words whitespace-pre-wrap">
                      <span className="block text-xs font-semibold text-danger uppercase">
                        Before
                      </span>
                      {change.before ?? <em>(not there)</em>}
                    </p>
                    <p className="rounded-lg bg-teal/10 px-3 py-2 break-words whitespace-pre-wrap">
                      <span className="block text-xs font-semibold text-teal-deep uppercase">
                        After
                      </span>
                      {change.after ?? <em>(removed)</em>}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {comparison.body && comparison.body.length > 0 && <BodyDiff hunks={comparison.body} />}
        </>
      )}
    </section>
  )
}

function BodyDiff({ hunks }: { hunks: DiffHunk[] }) {
  return (
    <div className="mt-6">
      <h4 className="font-semibold">The text</h4>
      {hunks.map((hunk) => (
        <div
          key={`${hunk.beforeLine}-${hunk.afterLine}`}
          className="mt-3 overflow-hidden rounded-xl border border-ink/15"
        >
          <p className="bg-paper-deep px-3 py-1.5 text-xs font-semibold text-ink-soft">
            From line {hunk.afterLine}
          </p>
          <ul>
            {hunk.lines.map((line, index) => (
              <li
                key={index}
                className={cn(
                  'flex gap-2 px-3 py-1 text-sm break-words whitespace-pre-wrap',
                  line.kind === 'added' && 'bg-teal/10',
                  line.kind === 'removed' && 'bg-danger-soft',
                )}
              >
                <span aria-hidden="true" className="w-3 shrink-0 font-mono font-semibold">
                  {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ''}
                </span>
                <span className="min-w-0">
                  {line.kind !== 'same' && (
                    <span className="sr-only">
                      {line.kind === 'added' ? 'Added: ' : 'Removed: '}
                    </span>
                  )}
                  {line.text || ' '}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}
