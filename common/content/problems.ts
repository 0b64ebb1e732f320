/**
 * What is wrong with some content, said so that a person can act on it: where (a file such as
 * content/home.yaml, or a document key such as page/home), which field, and for Markdown the line
 * and column.
 */
import type { z } from 'zod'

export interface ContentProblem {
  /** The file (content/home.yaml) or document (page/home) the problem is in. */
  source: string
  /** The field, dotted: "documentaries.blocks.2.images"; "body" for an article's Markdown. */
  field?: string
  line?: number
  column?: number
  message: string
  /** Never stored, not even in a draft (raw HTML, a link to a script): see markdown.ts. */
  unsafe?: true
}

export function describeProblem(problem: ContentProblem): string {
  const where = [
    problem.field,
    problem.line !== undefined ? `line ${problem.line}, column ${problem.column ?? 1}` : undefined,
  ]
    .filter(Boolean)
    .join(', ')
  return `${where || '(whole file)'}: ${problem.message}`
}

/** One block per source: "Invalid content in content/home.yaml:\n  hero.heading: must not be empty". */
export function describeProblems(problems: readonly ContentProblem[]): string {
  const bySource = new Map<string, ContentProblem[]>()
  for (const problem of problems) {
    const list = bySource.get(problem.source) ?? []
    list.push(problem)
    bySource.set(problem.source, list)
  }
  return [...bySource]
    .map(
      ([source, list]) =>
        `Invalid content in ${source}:\n${list.map((p) => `  ${describeProblem(p)}`).join('\n')}`,
    )
    .join('\n')
}

/** Content that cannot be published; `problems` lists every reason, for a form or a log. */
export class ContentError extends Error {
  override name = 'ContentError'
  readonly problems: readonly ContentProblem[]
  constructor(problems: readonly ContentProblem[]) {
    super(describeProblems(problems))
    this.problems = problems
  }
}

/** A zod failure as problems, one per field (an unknown field is named as such). */
export function zodProblems(
  source: string,
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): ContentProblem[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path].map(String)
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        source,
        field: [...path, key].join('.'),
        message: 'unknown field (check its spelling, or remove it)',
      }))
    return [{ source, field: path.join('.') || undefined, message: issue.message }]
  })
}

/** Parses with a schema, or returns the problems. */
export function parseWith<T>(
  schema: z.ZodType<T>,
  source: string,
  value: unknown,
): { data: T; problems: [] } | { data: undefined; problems: ContentProblem[] } {
  const result = schema.safeParse(value)
  return result.success
    ? { data: result.data, problems: [] }
    : { data: undefined, problems: zodProblems(source, result.error.issues) }
}
