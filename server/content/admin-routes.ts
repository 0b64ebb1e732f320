/**
 * The back office's content routes (common/content-admin.ts, docs/back-office.md "Content: the
 * API"): articles, pages and settings, their drafts, publishing and scheduling, revisions,
 * comparing and restoring, slugs, and the private preview of a draft. Editors and administrators
 * may edit and publish; only administrators delete. Every change is checked by the content
 * schemas (server/content/repository.ts) and recorded in the audit log in the same transaction.
 *
 * One module per resource in routes/ (ADR 020): overview.ts, pictures.ts, articles.ts (articles
 * and pages, through document-routes.ts, which the episodes share), preview.ts.
 */
import { documentPath } from '#common/content-admin.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { articleAndPageRoutes, pageKind } from './routes/articles.ts'
import {
  contentRoutes,
  EDITORS,
  type ContentRouteOptions,
  type ContentRoutes,
  type ContentSite,
} from './routes/context.ts'
import { overviewRoutes } from './routes/overview.ts'
import { refOf, titleOf } from './routes/page-answers.ts'
import { pictureRoutes, type ManifestCache } from './routes/pictures.ts'
import { previewRoutes } from './routes/preview.ts'

export { EDITORS, type ContentSite }
export { auditEntryOf } from './routes/page-answers.ts'

/** What the content routes are given (the same as the episodes'). */
export type ContentAdminOptions = ContentRouteOptions

/** The media library's "used by", and pages rendered again when a picture they show changes. */
function mediaUsage({ media, repository, site }: ContentRoutes) {
  // A picture's focal point (or alt text) changed: the pages that show it render again.
  media?.onChange('content', async (item) => {
    const documents = await repository.documentsUsing(item.contentId)
    if (documents.length === 0) return
    await repository.raiseVersion()
    site?.changed()
  })

  media?.registerUsage('content', async (assetId) => {
    const item = await media.get(assetId)
    if (!item) return []
    const documents = await repository.documentsUsing(item.contentId)
    return documents.map((document) => {
      const ref = refOf(document.key)
      return {
        kind: ref.kind === 'article' ? 'article' : 'page',
        id: document.key,
        title: titleOf(document.key, document.data),
        href: `/admin${documentPath(ref)}`,
      }
    })
  })
}

export function contentAdminRoutes(backOffice: BackOffice, options: ContentAdminOptions) {
  const routes = contentRoutes(backOffice, options)
  // After the administrators' Messages, Subscribers and Forget a person, before Staff (70).
  backOffice.page({ path: '/articles', access: EDITORS, label: 'Articles', order: 40 })
  backOffice.page({ path: '/pages', access: EDITORS, label: 'Pages and settings', order: 50 })
  backOffice.page({ path: '/media', access: EDITORS, label: 'Media library', order: 60 })

  const pictures: ManifestCache = { version: -1 }
  overviewRoutes(routes)
  pictureRoutes(routes, pictures)
  articleAndPageRoutes(pageKind(routes, pictures))
  previewRoutes(routes)
  mediaUsage(routes)
}
