/**
 * The content routes of the back office's API (common/content-admin.ts), as the staff app calls
 * them: articles and pages by their DocumentRef, revisions, pictures and the media library. Every
 * change sends the version the editor opened; a 409 is an ApiError whose `conflict` says who
 * changed the document and when (`conflictOf`).
 */
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import {
  documentPath,
  type CompareAnswer,
  type ConflictAnswer,
  type ContentOverviewAnswer,
  type ContentProblemAnswer,
  type DeletedAnswer,
  type DocumentAnswer,
  type DocumentRef,
  type LiveAnswer,
  type MediaItemAnswer,
  type MediaListAnswer,
  type PicturesAnswer,
  type RevisionAnswer,
  type RevisionListAnswer,
} from '#common/content-admin.ts'
import { api, ApiError, get, post, query } from '#app/admin/api.ts'

export const contentOverview = () => get<ContentOverviewAnswer>('/content')
export const liveState = () => get<LiveAnswer>('/content/live')
export const findPictures = (q: string) =>
  get<PicturesAnswer>(`/content/pictures${query({ q: q.trim() })}`)

export const getDocument = <D>(ref: DocumentRef) => get<DocumentAnswer<D>>(documentPath(ref))

export const createArticle = (slug: string, data: ArticleFrontmatter, body: string) =>
  post<DocumentAnswer<ArticleFrontmatter>>('/articles', { slug, data, body })

export const saveDraft = <D>(ref: DocumentRef, baseVersion: number, data: D, body?: string) =>
  post<DocumentAnswer<D>>(`${documentPath(ref)}/draft`, {
    baseVersion,
    data,
    ...(body !== undefined ? { body } : {}),
  })

export const discardDraft = <D>(ref: DocumentRef, baseVersion: number) =>
  post<DocumentAnswer<D>>(`${documentPath(ref)}/discard-draft`, { baseVersion })

/** Live now, or at `at` (an ISO instant) for an article that is not live yet. */
export const publish = <D>(ref: DocumentRef, baseVersion: number, at?: string) =>
  post<DocumentAnswer<D>>(`${documentPath(ref)}/publish`, {
    baseVersion,
    ...(at ? { at } : {}),
  })

export const unpublish = <D>(ref: DocumentRef, baseVersion: number) =>
  post<DocumentAnswer<D>>(`${documentPath(ref)}/unpublish`, { baseVersion })

export const changeSlug = <D>(ref: DocumentRef, baseVersion: number, slug: string) =>
  post<DocumentAnswer<D>>(`${documentPath(ref)}/slug`, { baseVersion, slug })

export const deleteArticle = (ref: DocumentRef, baseVersion: number) =>
  api<DeletedAnswer>('DELETE', `${documentPath(ref)}${query({ baseVersion: String(baseVersion) })}`)

export const revisions = (ref: DocumentRef) =>
  get<RevisionListAnswer>(`${documentPath(ref)}/revisions`)

export const revision = <D>(ref: DocumentRef, id: string) =>
  get<RevisionAnswer<D>>(`${documentPath(ref)}/revisions/${encodeURIComponent(id)}`)

export const compare = (ref: DocumentRef, from: string, to: string) =>
  get<CompareAnswer>(`${documentPath(ref)}/compare${query({ from, to })}`)

export const restoreRevision = <D>(ref: DocumentRef, id: string, baseVersion: number) =>
  post<DocumentAnswer<D>>(`${documentPath(ref)}/revisions/${encodeURIComponent(id)}/restore`, {
    baseVersion,
  })

export const mediaList = (q: string, after?: string) =>
  get<MediaListAnswer>(`/media${query({ q: q.trim(), kind: 'image', after })}`)
export const mediaItem = (id: string) => get<MediaItemAnswer>(`/media/${encodeURIComponent(id)}`)
export const updateMedia = (
  id: string,
  change: { alt?: string; focalX?: number; focalY?: number },
) => api<MediaItemAnswer>('PATCH', `/media/${encodeURIComponent(id)}`, change)
export const deleteMedia = (id: string) =>
  api<undefined>('DELETE', `/media/${encodeURIComponent(id)}`)

/** The who and when of a 409, or undefined for any other error. */
export function conflictOf(error: unknown): ConflictAnswer['conflict'] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const conflict = error.answer['conflict'] as ConflictAnswer['conflict'] | undefined
  return conflict?.updatedAt ? conflict : undefined
}

/** Every content problem of a 400 (other documents' included), or an empty list. */
export function problemsOf(error: unknown): ContentProblemAnswer[] {
  if (!(error instanceof ApiError)) return []
  const problems = error.answer['problems']
  return Array.isArray(problems) ? (problems as ContentProblemAnswer[]) : []
}
