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
  /**
   * A value of another type than its field's (a number where the schema has text, a list where
   * it has one picture): never stored either, so that an editor can read every draft it opens.
   * A field that is missing, null or empty is unfinished, not of another shape; data that is not
   * an object at all is.
   */
  shape?: true
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

/** The value at a path inside some data (undefined where the path leads nowhere). */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = Object.entries(value).find(([name]) => name === String(key))?.[1]
  }
  return value
}

/** Given, but of another type than the schema's: not merely unfinished. */
const ofAnotherShape = (issue: z.core.$ZodIssue, data: unknown) => {
  if (issue.code !== 'invalid_type') return false
  if (issue.path.length === 0) return true
  const value = valueAt(data, issue.path)
  return value !== undefined && value !== null && value !== ''
}

/**
 * A zod failure as problems, one per field (an unknown field is named as such). With the data
 * that was parsed, a value of another type is marked `shape`.
 */
export function zodProblems(
  source: string,
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
  data?: unknown,
): ContentProblem[] {
  return issues.flatMap((issue): ContentProblem[] => {
    const path = [...prefix, ...issue.path].map(String)
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        source,
        field: [...path, key].join('.'),
        message: 'unknown field (check its spelling, or remove it)',
      }))
    const field = path.join('.') || undefined
    return [
      {
        source,
        field,
        message: issue.message,
        ...(ofAnotherShape(issue, data) && { shape: true }),
      },
    ]
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
    : { data: undefined, problems: zodProblems(source, result.error.issues, [], value) }
}
