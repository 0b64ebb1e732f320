/**
 * The contracts (common/api-contract.ts) of the content routes: the overview, articles and pages
 * (the same routes under /articles/:id and /pages/:name), their revisions, pictures and the media
 * library. Served by server/content/routes/ and server/media/routes.ts.
 */
import type { z } from 'zod'
import { contract } from './api-contract.ts'
import type {
  CompareAnswerSchema,
  ContentOverviewAnswerSchema,
  DeletedAnswerSchema,
  DocumentAnswerSchema,
  LiveAnswerSchema,
  MediaItemAnswerSchema,
  MediaListAnswerSchema,
  PicturesAnswerSchema,
  RevisionAnswerSchema,
  RevisionListAnswerSchema,
} from './content-admin-answers.ts'
import type {
  ArticleParams,
  ArticleRevisionParams,
  ChangeSlugRequest,
  CompareQuery,
  CreateArticleRequest,
  PageParams,
  PageRevisionParams,
  PicturesQuery,
  PublishRequest,
  SaveDraftRequest,
  VersionQuery,
  VersionRequest,
} from './content-admin-schemas.ts'
import type { mediaIdParams, mediaListQuery, mediaUpdate } from './media.ts'

type Document = typeof DocumentAnswerSchema

export const contentOverview = contract<{ response: typeof ContentOverviewAnswerSchema }>(
  'GET',
  '/content',
)
export const liveState = contract<{ response: typeof LiveAnswerSchema }>('GET', '/content/live')
export const pictures = contract<{
  query: typeof PicturesQuery
  response: typeof PicturesAnswerSchema
}>('GET', '/content/pictures')

/** The routes every document has, under its `base` ("/articles/:id", "/pages/:name"). */
const documentContracts = <Params extends z.ZodType, RevisionParams extends z.ZodType>(
  base: string,
) => ({
  read: contract<{ params: Params; response: Document }>('GET', base),
  saveDraft: contract<{ params: Params; body: typeof SaveDraftRequest; response: Document }>(
    'POST',
    `${base}/draft`,
  ),
  discardDraft: contract<{ params: Params; body: typeof VersionRequest; response: Document }>(
    'POST',
    `${base}/discard-draft`,
  ),
  publish: contract<{ params: Params; body: typeof PublishRequest; response: Document }>(
    'POST',
    `${base}/publish`,
  ),
  revisions: contract<{ params: Params; response: typeof RevisionListAnswerSchema }>(
    'GET',
    `${base}/revisions`,
  ),
  revision: contract<{ params: RevisionParams; response: typeof RevisionAnswerSchema }>(
    'GET',
    `${base}/revisions/:revision`,
  ),
  restore: contract<{ params: RevisionParams; body: typeof VersionRequest; response: Document }>(
    'POST',
    `${base}/revisions/:revision/restore`,
  ),
  compare: contract<{
    params: Params
    query: typeof CompareQuery
    response: typeof CompareAnswerSchema
  }>('GET', `${base}/compare`),
})

export type DocumentContracts<
  Params extends z.ZodType = z.ZodType,
  RevisionParams extends z.ZodType = z.ZodType,
> = ReturnType<typeof documentContracts<Params, RevisionParams>>

export const article = documentContracts<typeof ArticleParams, typeof ArticleRevisionParams>(
  '/articles/:id',
)
export const page = documentContracts<typeof PageParams, typeof PageRevisionParams>('/pages/:name')

export const createArticle = contract<{ body: typeof CreateArticleRequest; response: Document }>(
  'POST',
  '/articles',
)
export const unpublishArticle = contract<{
  params: typeof ArticleParams
  body: typeof VersionRequest
  response: Document
}>('POST', '/articles/:id/unpublish')
export const changeSlug = contract<{
  params: typeof ArticleParams
  body: typeof ChangeSlugRequest
  response: Document
}>('POST', '/articles/:id/slug')
export const deleteArticle = contract<{
  params: typeof ArticleParams
  query: typeof VersionQuery
  response: typeof DeletedAnswerSchema
}>('DELETE', '/articles/:id')

/** The media library's routes, under MEDIA_PREFIX; uploads are multipart forms. */
export const MEDIA_PREFIX = '/media'
type MediaItem = typeof MediaItemAnswerSchema
type MediaId = typeof mediaIdParams
export const media = {
  upload: contract<{ response: MediaItem }>('POST', MEDIA_PREFIX),
  list: contract<{ query: typeof mediaListQuery; response: typeof MediaListAnswerSchema }>(
    'GET',
    MEDIA_PREFIX,
  ),
  read: contract<{ params: MediaId; response: MediaItem }>('GET', `${MEDIA_PREFIX}/:id`),
  update: contract<{ params: MediaId; body: typeof mediaUpdate; response: MediaItem }>(
    'PATCH',
    `${MEDIA_PREFIX}/:id`,
  ),
  remove: contract<{
    params: MediaId
    response: { contentType: null; description: 'Deleted; no content.' }
  }>('DELETE', `${MEDIA_PREFIX}/:id`),
}
