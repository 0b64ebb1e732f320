/**
 * How the content routes of the back office answer a refusal, the same for articles, pages and
 * episodes: 400 with the problems by field (ContentProblemsAnswer), 404, 409 with who changed the
 * document and when (ConflictAnswer), 422 for an action the document cannot take.
 */
import type { FastifyReply } from 'fastify'
import type {
  ConflictAnswer,
  ContentProblemAnswer,
  ContentProblemsAnswer,
  StaffRef,
} from '#common/content-admin.ts'
import { ContentError, describeProblem, type ContentProblem } from '#common/content/problems.ts'
import type { Database } from '#server/db/index.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { ContentActionError, ContentConflictError, ContentNotFoundError } from './errors.ts'

export const staffRef = (labels: Map<string, string>, id: string | null): StaffRef | null =>
  id ? { id, label: labels.get(id) ?? 'a former staff member' } : null

/** A content problem as the API answers it. */
export function problemAnswer(problem: ContentProblem): ContentProblemAnswer {
  return {
    source: problem.source,
    ...(problem.field !== undefined && { field: problem.field }),
    ...(problem.line !== undefined && { line: problem.line, column: problem.column ?? 1 }),
    message: problem.message,
  }
}

export function contentAnswers(db: Database['db']) {
  /**
   * 400 naming each field of the document's own problems (`own`: the sources its problems carry);
   * `field` renames a problem's field to the form's (an episode's "files.transcript" is its
   * form's "transcript").
   */
  function sendProblems(
    reply: FastifyReply,
    problems: readonly ContentProblem[],
    own: Set<string>,
    field: (name: string) => string = (name) => name,
  ) {
    const fields: Record<string, string> = {}
    for (const problem of problems) {
      if (!own.has(problem.source)) continue
      const name = field(problem.field ?? '_')
      fields[name] ??=
        problem.line !== undefined
          ? `line ${problem.line}, column ${problem.column ?? 1}: ${problem.message}`
          : problem.message
    }
    const first = problems[0]
    const elsewhere = first && !own.has(first.source) ? `${first.source}: ` : ''
    const answer: ContentProblemsAnswer = {
      error: 'Bad Request',
      message: first
        ? `Nothing was saved. ${elsewhere}${describeProblem(first)}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`
        : 'Nothing was saved: the content does not pass its checks.',
      fields,
      problems: problems.map(problemAnswer),
    }
    return reply.code(400).header('cache-control', 'no-store').send(answer)
  }

  async function sendConflict(reply: FastifyReply, error: ContentConflictError) {
    const labels = await staffLabels(db, [error.updatedBy])
    const who = error.updatedBy ? (labels.get(error.updatedBy) ?? 'someone') : 'the importer'
    const answer: ConflictAnswer = {
      error: 'Conflict',
      message: `${who} changed this at ${error.updatedAt}, after you opened it. Nothing was saved: reload to see their change, then make yours again.`,
      conflict: {
        key: error.key,
        currentVersion: error.currentVersion,
        updatedBy: staffRef(labels, error.updatedBy),
        updatedAt: error.updatedAt,
      },
    }
    return reply.code(409).header('cache-control', 'no-store').send(answer)
  }

  /** Runs a content call and answers its refusals: 400 by field, 404, 409 who and when, 422. */
  async function answer<T>(
    reply: FastifyReply,
    own: Set<string>,
    work: () => Promise<T>,
    field?: (name: string) => string,
  ): Promise<T | FastifyReply> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof ContentError) return sendProblems(reply, error.problems, own, field)
      if (error instanceof ContentConflictError) return sendConflict(reply, error)
      if (error instanceof ContentNotFoundError) return sendApiError(reply, 404, error.message)
      if (error instanceof ContentActionError) return sendApiError(reply, 422, error.message)
      throw error
    }
  }

  return { answer, sendProblems, sendConflict }
}
