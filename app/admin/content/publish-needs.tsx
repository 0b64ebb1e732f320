/**
 * What a draft still needs before it can be published (the server's `problems` of a saved draft,
 * or of a refused publish): a list the writer works through, each named by its field (a problem
 * in the text by its line).
 */
import type { ContentProblemAnswer } from '#common/content-admin.ts'
import { fieldLabel } from './field-labels.ts'
import { sentence } from './validation.ts'

function where(
  problem: ContentProblemAnswer,
  own: string | undefined,
  labels: Record<string, string>,
): string {
  const field =
    problem.field === 'body'
      ? `Text${problem.line ? `, line ${problem.line}` : ''}`
      : problem.field
        ? (labels[problem.field] ?? fieldLabel(problem.field))
        : undefined
  const elsewhere = own !== undefined && problem.source !== own ? problem.source : undefined
  return [elsewhere, field].filter(Boolean).join(' › ')
}

/**
 * A problem's message as the writer acts on it: a picture not chosen yet is "Choose a picture",
 * not the media id's format.
 */
function said(problem: ContentProblemAnswer): string {
  const picture = /(^|\.)(image|portrait|poster)$/.test(problem.field ?? '')
  if (picture && /media id/.test(problem.message)) return 'Choose a picture.'
  return sentence(problem.message)
}

/** The first message per field (dotted path), to show next to the fields. */
export function fieldsOf(problems: readonly ContentProblemAnswer[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const problem of problems)
    if (problem.field && problem.field !== 'body') fields[problem.field] ??= said(problem)
  return fields
}

export function PublishNeeds({
  problems,
  source,
  labels = {},
}: {
  problems: readonly ContentProblemAnswer[]
  /** This document's name in the problems, to tell its own from other documents'. */
  source?: string | undefined
  /** What the form calls its fields, where it differs from the usual words (by dotted path). */
  labels?: Record<string, string>
}) {
  const unique = problems.filter(
    (problem, index) =>
      problems.findIndex(
        (other) => other.field === problem.field && other.message === problem.message,
      ) === index,
  )
  if (unique.length === 0) return null
  return (
    <section
      aria-labelledby="publish-needs"
      className="mb-6 rounded-card bg-gold-soft px-4 py-3 sm:px-5 sm:py-4"
    >
      <h2 id="publish-needs" className="font-sans text-base font-semibold">
        Before it can be published
      </h2>
      <ul className="mt-2 list-disc pl-5">
        {unique.map((problem, index) => {
          const place = where(problem, source, labels)
          return (
            <li key={index}>
              {place && <span className="font-semibold">{place}: </span>}
              {said(problem)}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
