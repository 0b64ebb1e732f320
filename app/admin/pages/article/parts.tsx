/**
 * The article editor's small parts, shared by a new article and a saved one: the headline field,
 * which messages to show, and the body's problems as a writer finds them.
 */
import { useState } from 'react'
import type { SeriesId } from '#common/content/pages.ts'
import type { ContentProblemAnswer } from '#common/content-admin.ts'
import { BackLink } from '#app/admin/components/list-controls.tsx'
import type { ArticleData } from '#app/admin/content/article-fields.tsx'

/** The series an article can be in, as the content overview lists them. */
export type Series = { id: SeriesId; title: string }[]

export const backLink = <BackLink to="/articles">All articles</BackLink>

/** Which messages to show: a field's once it was touched, every one after a refused save. */
export function useShownProblems(showAll: boolean) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  return {
    shown: (field: string) => showAll || touched.has(field) || touched.has(field.split('.')[0]!),
    touch: (fields: string[]) =>
      setTouched((now) => (fields.every((f) => now.has(f)) ? now : new Set([...now, ...fields]))),
  }
}

/** The fields that differ between two versions of the data (top level), to mark them touched. */
export function changedFields(before: ArticleData, after: ArticleData): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter(
    (key) =>
      JSON.stringify(before[key as keyof ArticleData]) !==
      JSON.stringify(after[key as keyof ArticleData]),
  )
}

/** The body's problems as the writer finds them: "Line 12, column 3: …". */
export function bodyProblemText(problems: ContentProblemAnswer[]): string | undefined {
  const body = problems.filter((problem) => problem.field === 'body')
  if (body.length === 0) return undefined
  return body
    .map((problem) =>
      problem.line
        ? `Line ${problem.line}, column ${problem.column ?? 1}: ${problem.message}`
        : problem.message,
    )
    .join(' ')
}

export function HeadlineField({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="headline" className="font-semibold">
        Headline
      </label>
      <textarea
        id="headline"
        rows={2}
        maxLength={120}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'headline-error' : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\s*\n\s*/g, ' '))}
        placeholder="The headline of the article"
        className="rounded-card border border-ink/25 bg-white px-4 py-3 font-display text-3xl leading-tight font-semibold text-ink sm:text-4xl"
      />
      {error && (
        <p id="headline-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
