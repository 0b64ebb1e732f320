/**
 * The content routes of the back office's API (common/content-contracts.ts), as the staff app
 * calls them: articles and pages by their DocumentRef, revisions, pictures and the media library. Every
 * change sends the version the editor opened; a 409 is an ApiError whose `conflict` says who
 * changed the document and when (`conflictOf`).
 */
import type { ArticleDraft } from '#common/content/article-draft.ts'
import type { ConflictAnswer, ContentProblemAnswer, DocumentRef } from '#common/content-admin.ts'
import * as contentApi from '#common/content-contracts.ts'
import { ApiError, call } from '#app/admin/api.ts'

export const contentOverview = () => call(contentApi.contentOverview)
export const liveState = () => call(contentApi.liveState)
export const findPictures = (q: string) => call(contentApi.pictures, { query: { q: q.trim() } })

/** A document's routes and params: an article's by its id, a page's by its name. */
const routesOf = (ref: DocumentRef) =>
  ref.kind === 'article'
    ? { routes: contentApi.article, params: { id: ref.id } }
    : { routes: contentApi.page, params: { name: ref.name } }

/** The routes only an article has. */
function articleId(ref: DocumentRef): { id: string } {
  if (ref.kind !== 'article') throw new Error('Only an article can do this.')
  return { id: ref.id }
}

/*
 * A document's answer leaves its data unknown: a draft may be unfinished. Each editor reads it
 * into the form it holds (articleDraftOf for an article) with useDocumentDraft's `read`.
 */

export const getDocument = (ref: DocumentRef) => {
  const { routes, params } = routesOf(ref)
  return call(routes.read, { params })
}

export const createArticle = (slug: string, data: ArticleDraft, body: string) =>
  call(contentApi.createArticle, { body: { slug, data, body } })

export const saveDraft = (ref: DocumentRef, baseVersion: number, data: unknown, body?: string) => {
  const { routes, params } = routesOf(ref)
  const draft = { baseVersion, data, ...(body !== undefined ? { body } : {}) }
  return call(routes.saveDraft, { params, body: draft })
}

export const discardDraft = (ref: DocumentRef, baseVersion: number) => {
  const { routes, params } = routesOf(ref)
  return call(routes.discardDraft, { params, body: { baseVersion } })
}

/** Live now, or at `at` (an ISO instant) for an article that is not live yet. */
export const publish = (ref: DocumentRef, baseVersion: number, at?: string) => {
  const { routes, params } = routesOf(ref)
  const body = { baseVersion, ...(at ? { at } : {}) }
  return call(routes.publish, { params, body })
}

export const unpublish = (ref: DocumentRef, baseVersion: number) =>
  call(contentApi.unpublishArticle, { params: articleId(ref), body: { baseVersion } })

export const changeSlug = (ref: DocumentRef, baseVersion: number, slug: string) =>
  call(contentApi.changeSlug, { params: articleId(ref), body: { baseVersion, slug } })

export const deleteArticle = (ref: DocumentRef, baseVersion: number) =>
  call(contentApi.deleteArticle, { params: articleId(ref), query: { baseVersion } })

export const revisions = (ref: DocumentRef) => {
  const { routes, params } = routesOf(ref)
  return call(routes.revisions, { params })
}

export const revision = (ref: DocumentRef, id: string) => {
  const { routes, params } = routesOf(ref)
  return call(routes.revision, { params: { ...params, revision: id } })
}

export const compare = (ref: DocumentRef, from: string, to: string) => {
  const { routes, params } = routesOf(ref)
  return call(routes.compare, { params, query: { from, to } })
}

export const restoreRevision = (ref: DocumentRef, id: string, baseVersion: number) => {
  const { routes, params } = routesOf(ref)
  return call(routes.restore, { params: { ...params, revision: id }, body: { baseVersion } })
}

export const mediaList = (q: string, after?: string) =>
  call(contentApi.media.list, { query: { q: q.trim(), kind: 'image', after } })
export const updateMedia = (
  id: string,
  change: { alt?: string; focalX?: number; focalY?: number },
) => call(contentApi.media.update, { params: { id }, body: change })

/** A JSON object's fields, read one by one below (an error's answer is whatever was sent). */
const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : undefined

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined)
const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined)

/** The who and when of a 409, or undefined for any other error (or a 409 that does not say). */
export function conflictOf(error: unknown): ConflictAnswer['conflict'] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const conflict = objectOf(error.answer['conflict'])
  const key = stringOf(conflict?.['key'])
  const currentVersion = numberOf(conflict?.['currentVersion'])
  const updatedAt = stringOf(conflict?.['updatedAt'])
  if (key === undefined || currentVersion === undefined || !updatedAt) return undefined
  const by = objectOf(conflict?.['updatedBy'])
  const [id, label] = [stringOf(by?.['id']), stringOf(by?.['label'])]
  const updatedBy = id !== undefined && label !== undefined ? { id, label } : null
  return { key, currentVersion, updatedAt, updatedBy }
}

/** One content problem as the server sent it, or undefined when it is not one. */
function problemOf(value: unknown): ContentProblemAnswer | undefined {
  const problem = objectOf(value)
  const [source, message] = [stringOf(problem?.['source']), stringOf(problem?.['message'])]
  if (source === undefined || message === undefined) return undefined
  const [field, line, column] = [
    stringOf(problem?.['field']),
    numberOf(problem?.['line']),
    numberOf(problem?.['column']),
  ]
  return {
    source,
    message,
    ...(field !== undefined && { field }),
    ...(line !== undefined && { line }),
    ...(column !== undefined && { column }),
  }
}

/** Every content problem of a 400 (other documents' included), or an empty list. */
export function problemsOf(error: unknown): ContentProblemAnswer[] {
  if (!(error instanceof ApiError)) return []
  const problems = error.answer['problems']
  return Array.isArray(problems) ? problems.flatMap((problem) => problemOf(problem) ?? []) : []
}
