/**
 * Articles and pages in the back office: read, save a draft, discard it, publish (or schedule),
 * the revisions, restoring and comparing them; an article's creation, unpublishing, address and
 * deletion. The routes themselves are document-routes.ts's, shared with the episodes.
 */
import * as contentApi from '#common/content-contracts.ts'
import type { DocumentContracts } from '#common/content-contracts.ts'
import {
  CompareAnswerSchema,
  DocumentAnswerSchema,
  RevisionAnswerSchema,
  RevisionListAnswerSchema,
} from '#common/content-admin-answers.ts'
import type { z } from 'zod'
import {
  articleIdOf,
  articleKeyOf,
  pageKey,
  type DocumentAnswer,
  type RevisionAnswer,
  type RevisionListAnswer,
} from '#common/content-admin.ts'
import {
  ArticleParams,
  ArticleRevisionParams,
  ChangeSlugRequest,
  CompareQuery,
  CreateArticleRequest,
  PageParams,
  PageRevisionParams,
  PublishRequest,
  SaveDraftRequest,
  VersionQuery,
  VersionRequest,
} from '#common/content-admin-schemas.ts'
import { ContentError } from '#common/content/problems.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { EDITORS, type ContentRoutes } from './context.ts'
import {
  documentCommand,
  documentDelete,
  documentRead,
  ownSources,
  recorder,
  type DocumentKindRoutes,
} from './document-routes.ts'
import {
  auditEntryOf,
  compare,
  documentAnswer,
  orderProblems,
  revisionSummary,
  titleOf,
} from './page-answers.ts'
import type { ManifestCache } from './pictures.ts'

/** Articles and pages as a kind of document of the back office. */
export function pageKind(
  routes: ContentRoutes,
  pictures: ManifestCache,
): DocumentKindRoutes<DocumentAnswer> {
  return {
    routes,
    kind: 'page',
    response: DocumentAnswerSchema,
    respond: (key, now) => documentAnswer(routes, pictures, key, now),
    audit: auditEntryOf,
    // Only an article is named by its title; a page is named by its label.
    title: (key, latest) =>
      !key.startsWith('article/')
        ? ''
        : latest?.data
          ? titleOf(key, latest.data)
          : (latest?.slug ?? articleIdOf(key)),
  }
}

/** The routes every document has (`routes`): articles by id, pages by name. */
function documentRoutes<P, R extends P & { revision: string }>(
  kind: DocumentKindRoutes<DocumentAnswer>,
  spec: {
    routes: DocumentContracts<z.ZodType<P>, z.ZodType<R>>
    params: z.ZodType<P>
    revisionParams: z.ZodType<R>
    keyOf(params: P): string
  },
) {
  const { routes, keyOf, params } = spec
  const { backOffice, repository, db, answer } = kind.routes
  documentRead(kind, { contract: routes.read, params, keyOf })
  documentCommand(kind, {
    contract: routes.saveDraft,
    params,
    body: SaveDraftRequest,
    keyOf,
    live: false,
    change: (key, body, change) =>
      repository.saveDraft(key, { data: body.data, body: body.body ?? null, ...change }),
  })
  documentCommand(kind, {
    contract: routes.discardDraft,
    params,
    body: VersionRequest,
    keyOf,
    live: false,
    change: (key, _body, change) => repository.discardDraft(key, change),
  })
  documentCommand(kind, {
    contract: routes.publish,
    params,
    body: PublishRequest,
    keyOf,
    live: true,
    async change(key, body, change) {
      const current = await repository.getDocument(key)
      const order = await orderProblems(
        kind.routes,
        key,
        (current.draft ?? current.published)?.data,
      )
      if (order.length > 0) throw new ContentError(order)
      await repository.publish(key, {
        ...change,
        ...(body.note && { note: body.note }),
        ...(body.at && { at: new Date(body.at) }),
      })
    },
  })
  backOffice.route(EDITORS, routes.revisions, {
    response: RevisionListAnswerSchema,
    params,
    async handler({ params, reply }) {
      return answer(reply, new Set(), async () => {
        const revisions = await repository.listRevisions(keyOf(params))
        const labels = await staffLabels(
          db,
          revisions.map((r) => r.authorId),
        )
        return {
          revisions: revisions.map((revision) => revisionSummary(labels, revision)),
        } satisfies RevisionListAnswer
      })
    },
  })
  backOffice.route(EDITORS, routes.revision, {
    response: RevisionAnswerSchema,
    params: spec.revisionParams,
    async handler({ params, reply }) {
      return answer(reply, new Set(), async () => {
        const revision = await repository.getRevision(keyOf(params), params.revision)
        const labels = await staffLabels(db, [revision.authorId])
        return {
          ...revisionSummary(labels, revision),
          data: revision.data,
          body: revision.body,
        } satisfies RevisionAnswer
      })
    },
  })
  documentCommand(kind, {
    contract: routes.restore,
    params: spec.revisionParams,
    body: VersionRequest,
    keyOf: (params: R) => keyOf(params),
    live: true,
    change: (key, _body, change, { params }) =>
      repository.restoreRevision(key, params.revision, change),
  })
  backOffice.route(EDITORS, routes.compare, {
    response: CompareAnswerSchema,
    params,
    query: CompareQuery,
    async handler({ params, query, reply }) {
      const key = keyOf(params)
      return answer(reply, new Set(), () => compare(kind.routes, key, query.from, query.to))
    },
  })
}

const keyOfArticle = (params: { id: string }) => articleKeyOf(params.id)

/** A new article, as a draft. */
function articleCreate(kind: DocumentKindRoutes<DocumentAnswer>) {
  const { backOffice, repository, answer } = kind.routes
  backOffice.route(EDITORS, contentApi.createArticle, {
    response: DocumentAnswerSchema,
    body: CreateArticleRequest,
    async handler(context) {
      const { body, staff, reply, now } = context
      return answer(reply, ownSources('', 'article', [body.slug]), async () => {
        const created = await repository.createArticle({
          slug: body.slug,
          data: body.data,
          body: body.body,
          actor: staff.id,
          record: recorder(kind, context),
        })
        reply.code(201)
        return kind.respond(created.document.key, now)
      })
    },
  })
}

/** What only articles have besides: unpublishing, an address of their own, deletion. */
function articleCommands(kind: DocumentKindRoutes<DocumentAnswer>) {
  const { repository } = kind.routes
  const keyOf = keyOfArticle
  documentCommand(kind, {
    contract: contentApi.unpublishArticle,
    params: ArticleParams,
    body: VersionRequest,
    keyOf,
    live: true,
    change: (key, _body, change) => repository.unpublish(key, change),
  })
  documentCommand(kind, {
    contract: contentApi.changeSlug,
    params: ArticleParams,
    body: ChangeSlugRequest,
    keyOf,
    live: true,
    change: (key, body, change) => repository.changeSlug(key, body.slug, change),
  })
  documentDelete(kind, {
    contract: contentApi.deleteArticle,
    params: ArticleParams,
    query: VersionQuery,
    keyOf,
  })
}

export function articleAndPageRoutes(kind: DocumentKindRoutes<DocumentAnswer>) {
  articleCreate(kind)
  documentRoutes(kind, {
    routes: contentApi.article,
    params: ArticleParams,
    revisionParams: ArticleRevisionParams,
    keyOf: keyOfArticle,
  })
  documentRoutes(kind, {
    routes: contentApi.page,
    params: PageParams,
    revisionParams: PageRevisionParams,
    keyOf: (params) => pageKey(params.name),
  })
  articleCommands(kind)
}
