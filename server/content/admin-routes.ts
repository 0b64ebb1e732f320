/**
 * The back office's content routes (common/content-admin.ts, docs/back-office.md "Content: the
 * API"): articles, pages and settings, their drafts, publishing and scheduling, revisions,
 * comparing and restoring, slugs, and the private preview of a draft. Editors and administrators
 * may edit and publish; only administrators delete. Every change is checked by the content
 * schemas (server/content/repository.ts) and recorded in the audit log in the same transaction.
 */
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import {
  articleIdOf,
  articleKeyOf,
  documentPath,
  pageKey,
  pageNameOf,
  publicPagePath,
  PAGE_LABELS,
  PAGE_NAMES,
  previewPath,
  type ArticleListItem,
  type CompareAnswer,
  type CompareSide,
  type ContentOverviewAnswer,
  type DeletedAnswer,
  type DocumentAnswer,
  type DocumentRef,
  type LiveAnswer,
  type PageListItem,
  type PicturePreview,
  type PicturesAnswer,
  type RevisionAnswer,
  type RevisionListAnswer,
  type RevisionSummaryAnswer,
} from '#common/content-admin.ts'
import {
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
} from '#common/content-admin-schemas.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import {
  imageSource,
  mediaManifest,
  type ImageEntry,
  type MediaManifest,
} from '#common/content/media.ts'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import { byKey, mediaReferences, type DocumentKind } from '#common/content/snapshot.ts'
import { UPLOADED_ID_PREFIX } from '#common/media.ts'
import type { Database } from '#server/db/index.ts'
import { contentSecurityPolicy, ERROR_PAGE_CSP } from '#server/http/security-headers.ts'
import { uploadedImageEntries } from '#server/media/content-pictures.ts'
import type { MediaLibrary } from '#server/media/media-library.ts'
import type { FinishedPage } from '#server/render/renderer.ts'
import type { AuditEntry } from '#server/staff/audit.ts'
import type { BackOffice, RouteContext, SignedInStaff } from '#server/staff/back-office.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { ADMIN_ONLY, SIGNED_IN } from '#server/staff/roles.ts'
import { contentAnswers, problemAnswer, staffRef } from './answers.ts'
import { diffData, diffLines } from './compare.ts'
import { ContentNotFoundError } from './errors.ts'
import {
  createContentRepository,
  type ContentChange,
  type ContentRepository,
  type DocumentState,
  type RecordChange,
  type RevisionSummary,
} from './repository.ts'

/** Who may edit and publish content: every role; deleting articles is the administrators'. */
export const EDITORS = SIGNED_IN

/** What the running site offers the content routes (server/content/live-site.ts). */
export interface ContentSite {
  /** The content version this process serves, and its last failure. */
  status(): Promise<LiveAnswer>
  /**
   * A document's unpublished changes as its page, rendered off the request path (never served to
   * visitors), or why it cannot be (the problems of the draft).
   */
  preview(key: string): Promise<{ page: FinishedPage } | { problems: string[] }>
  /** A change was committed by this process: look for it now rather than at the next poll. */
  changed(): void
}

export interface ContentAdminOptions {
  database: Database
  /** The content repository (tests give one with a clock of theirs). */
  repository?: ContentRepository
  /** The media library, when uploads are on: its "used by" learns which documents use a picture. */
  media?: MediaLibrary | undefined
  /** The running site, when there is one (a server with a site build). */
  site?: ContentSite | undefined
  /** The back office's clock: when a publish happens, whether a scheduled one is due. */
  clock?: () => Date
}

const refOf = (key: string): DocumentRef => {
  const name = pageNameOf(key)
  return name ? { kind: 'page', name } : { kind: 'article', id: articleIdOf(key) }
}

const ACTIONS: Record<ContentChange['action'], string> = {
  imported: 'content.import',
  created: 'content.create',
  'draft-saved': 'content.draft',
  'draft-discarded': 'content.discard-draft',
  published: 'content.publish',
  scheduled: 'content.schedule',
  restored: 'content.restore',
  unpublished: 'content.unpublish',
  'slug-changed': 'content.slug',
  deleted: 'content.delete',
}

/** The audit log's entry for a change: who is added by the route's context. */
export function auditEntryOf(change: ContentChange, title: string): AuditEntry {
  const what =
    change.kind === 'article'
      ? `article "${title}"`
      : (PAGE_LABELS[pageNameOf(change.key)!] ?? title)
  const revision = change.revisionNumber ? ` (revision ${change.revisionNumber})` : ''
  const summary = {
    imported: `imported all content`,
    created: `created ${what} as a draft`,
    'draft-saved': `saved a draft of ${what}`,
    'draft-discarded': `discarded the unpublished changes of ${what}`,
    published: `published ${what}${revision}`,
    scheduled: `scheduled ${what}${revision} for ${change.at}`,
    restored: `restored ${what}: ${change.note ?? ''}${revision}`,
    unpublished: `unpublished ${what}`,
    'slug-changed': `changed the address of ${what} from /articles/${change.from} to /articles/${change.to}`,
    deleted: `deleted ${what}`,
  }[change.action]
  const { actor: _actor, ...details } = change
  return {
    action: ACTIONS[change.action],
    summary,
    target: { type: change.kind === 'article' ? 'article' : 'page', id: change.key },
    details,
  }
}

/** The Markdown photos' media ids in a body (::photo[…]{image=…}). */
function photoIds(body: string | null): string[] {
  if (!body) return []
  return [...body.matchAll(/\bimage=["']?([a-z0-9][a-z0-9/-]*)/g)].map((match) => match[1]!)
}

/** Every media id a document's content names. */
function pictureIds(content: { data: unknown; body: string | null } | null): string[] {
  if (!content) return []
  return [
    ...mediaReferences(content.data)
      .filter((reference) => reference.kind === 'image')
      .map((reference) => reference.id),
    ...photoIds(content.body),
  ]
}

/** The headline of an article, the label of a page. */
function titleOf(key: string, data: unknown): string {
  const name = pageNameOf(key)
  if (name) return PAGE_LABELS[name]
  const headline = (data as Partial<ArticleFrontmatter> | null)?.headline
  return typeof headline === 'string' && headline.trim() ? headline : articleIdOf(key)
}

export function contentAdminRoutes(backOffice: BackOffice, options: ContentAdminOptions) {
  const { database, media, site } = options
  const db = database.db
  const repository =
    options.repository ?? createContentRepository(database, { clock: options.clock })

  // After the administrators' Messages, Subscribers and Forget a person, before Staff (70).
  backOffice.page({ path: '/articles', access: EDITORS, label: 'Articles', order: 40 })
  backOffice.page({ path: '/pages', access: EDITORS, label: 'Pages and settings', order: 50 })
  backOffice.page({ path: '/media', access: EDITORS, label: 'Media library', order: 60 })

  // ── Reading ─────────────────────────────────────────────────────────────────────────────────

  /** The build's manifest, as published (cached by content version). */
  let manifestCache: { version: number; manifest: MediaManifest } | undefined
  async function manifest(): Promise<MediaManifest> {
    const version = await repository.contentVersion()
    if (manifestCache?.version === version) return manifestCache.manifest
    const state = await repository.getDocument('media').catch(() => undefined)
    const parsed = mediaManifest.safeParse(state?.published?.data)
    const value = parsed.success
      ? parsed.data
      : { images: {}, videos: {}, awards: [], partners: [], og: {} }
    manifestCache = { version, manifest: value }
    return value
  }

  async function picturePreviews(ids: string[]): Promise<Record<string, PicturePreview>> {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return {}
    const built = await manifest()
    const uploads = await uploadedImageEntries(db, unique)
    const assets = await uploadAssets(Object.keys(uploads))
    const previews: Record<string, PicturePreview> = {}
    for (const id of unique) {
      const entry: ImageEntry | undefined = uploads[id] ?? built.images[id]
      if (!entry) continue
      const asset = assets.get(id)
      previews[id] = preview(id, entry, asset ?? null)
    }
    return previews
  }

  function preview(
    id: string,
    entry: ImageEntry,
    asset: { id: string; alt: string | null } | null,
  ) {
    const source = imageSource(
      { images: { [id]: entry }, videos: {}, awards: [], partners: [], og: {} },
      id,
      '',
    )!
    return {
      id,
      src: source.src,
      width: entry.width,
      height: entry.height,
      color: entry.color,
      uploaded: asset !== null,
      focalPoint: entry.focal ?? null,
      alt: asset?.alt ?? null,
      mediaId: asset?.id ?? null,
    } satisfies PicturePreview
  }

  /** The library items of uploaded pictures, by content id. */
  async function uploadAssets(
    contentIds: string[],
  ): Promise<Map<string, { id: string; alt: string | null }>> {
    const keys = contentIds.map((id) => id.slice(UPLOADED_ID_PREFIX.length))
    if (keys.length === 0) return new Map()
    const rows = await db
      .selectFrom('media_asset')
      .select(['id', 'key', 'alt'])
      .where('key', 'in', keys)
      .execute()
    return new Map(
      rows.map((row) => [`${UPLOADED_ID_PREFIX}${row.key}`, { id: row.id, alt: row.alt }]),
    )
  }

  function revisionSummary(
    labels: Map<string, string>,
    revision: RevisionSummary,
  ): RevisionSummaryAnswer {
    return {
      id: revision.id,
      number: revision.number,
      author: staffRef(labels, revision.authorId),
      createdAt: revision.createdAt,
      note: revision.note,
      current: revision.current,
    }
  }

  /** Whether visitors see a document now. */
  const isLive = (state: Pick<DocumentState, 'status' | 'publishAt'>, now: Date) =>
    state.status === 'published' ||
    (state.status === 'scheduled' &&
      state.publishAt !== null &&
      state.publishAt <= now.toISOString())

  function publicUrl(state: DocumentState, now: Date): string | null {
    const name = pageNameOf(state.key)
    if (name) return publicPagePath(name, state.published?.data)
    return isLive(state, now) && state.slug ? `/articles/${state.slug}` : null
  }

  async function documentAnswer(key: string, now: Date): Promise<DocumentAnswer> {
    const state = await repository.getDocument(key)
    const revisions = await repository.listRevisions(key)
    const formerSlugs = state.kind === 'article' ? await repository.formerSlugs(key) : []
    const labels = await staffLabels(db, [state.updatedBy, ...revisions.map((r) => r.authorId)])
    const latest = state.draft ?? state.published
    const ref = refOf(key)
    return {
      ref,
      key,
      kind:
        state.kind === 'article'
          ? 'article'
          : state.kind === 'page'
            ? 'page'
            : (state.kind as 'site' | 'settings'),
      label: titleOf(key, latest?.data),
      slug: state.slug,
      status: state.status,
      publishAt: state.publishAt,
      version: state.version,
      createdAt: state.createdAt,
      updatedAt: state.updatedAt,
      updatedBy: staffRef(labels, state.updatedBy),
      url: publicUrl(state, now),
      previewUrl: previewPath(ref),
      published: state.published,
      draft: state.draft,
      revisions: revisions.map((revision) => revisionSummary(labels, revision)),
      formerSlugs,
      pictures: await picturePreviews([...pictureIds(state.published), ...pictureIds(state.draft)]),
      problems: state.draft
        ? [
            ...(await repository.draftProblems(key)),
            ...(await orderProblems(key, state.draft.data)),
          ].map(problemAnswer)
        : [],
      contentVersion: await repository.contentVersion(),
    }
  }

  // ── Errors ──────────────────────────────────────────────────────────────────────────────────

  /** The labels problems of this document carry (its key, its label by slug). */
  function ownSources(key: string, kind: DocumentKind, slugs: (string | null)[]) {
    return new Set([key, ...slugs.map((slug) => byKey({ key, kind, slug }))])
  }

  const { answer } = contentAnswers(db)

  /** Records a change in the audit log, inside its transaction. */
  const recorder =
    (context: RouteContext<unknown, unknown, unknown, SignedInStaff>): RecordChange =>
    async (change, trx) => {
      const title = change.kind === 'article' ? await articleTitle(change.key, trx) : ''
      await context.audit(auditEntryOf(change, title), trx)
    }

  async function articleTitle(key: string, trx: Database['db']): Promise<string> {
    const row = await trx
      .selectFrom('content_document as d')
      .leftJoin('content_revision as r', 'r.id', 'd.published_revision_id')
      .select(['d.draft_data', 'r.data', 'd.slug'])
      .where('d.key', '=', key)
      .executeTakeFirst()
    const data = row ? (JSON.parse(row.draft_data ?? row.data ?? 'null') as unknown) : null
    return data ? titleOf(key, data) : (row?.slug ?? articleIdOf(key))
  }

  /** An existing document's own problem sources. */
  async function ownOf(key: string): Promise<Set<string>> {
    const state = await repository.getDocument(key).catch(() => undefined)
    return ownSources(key, state?.kind ?? 'page', [state?.slug ?? null])
  }

  // ── Overview ────────────────────────────────────────────────────────────────────────────────

  backOffice.route(EDITORS, {
    method: 'GET',
    url: '/content',
    async handler({ now }) {
      const documents = await repository.listDocuments()
      const data = await repository.latestData()
      const labels = await staffLabels(
        db,
        documents.map((document) => document.updatedBy),
      )
      const articlesPage = (data.get(pageKey('articles')) ?? {}) as {
        series?: { id: ArticleFrontmatter['series']; title1: string; title2: string }[]
        order?: string[]
      }
      const order = articlesPage.order ?? []
      const articles: ArticleListItem[] = documents
        .filter((document) => document.kind === 'article')
        .map((document) => {
          const fm = (data.get(document.key) ?? {}) as Partial<ArticleFrontmatter>
          const position = order.indexOf(document.slug ?? '')
          return {
            id: articleIdOf(document.key),
            key: document.key,
            slug: document.slug ?? '',
            status: document.status,
            publishAt: document.publishAt,
            hasDraft: document.hasDraft,
            headline: fm.headline ?? '',
            cardTitle: fm.cardTitle ?? '',
            name: fm.name ?? '',
            series: fm.series ?? 'art-advocacy',
            date: fm.date ?? '',
            portrait: fm.portrait ?? '',
            position: position >= 0 ? position + 1 : null,
            version: document.version,
            updatedAt: document.updatedAt,
            updatedBy: staffRef(labels, document.updatedBy),
            url: isLive(document, now) && document.slug ? `/articles/${document.slug}` : null,
          }
        })
        .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
      const pages: PageListItem[] = PAGE_NAMES.flatMap((name) => {
        const document = documents.find((d) => d.key === pageKey(name))
        if (!document) return []
        return [
          {
            name,
            key: document.key,
            label: PAGE_LABELS[name],
            hasDraft: document.hasDraft,
            version: document.version,
            updatedAt: document.updatedAt,
            updatedBy: staffRef(labels, document.updatedBy),
            url: publicPagePath(name, data.get(document.key)),
          },
        ]
      })
      return {
        contentVersion: await repository.contentVersion(),
        articles,
        pages,
        series: (articlesPage.series ?? []).map((s) => ({
          id: s.id,
          title: `${s.title1} ${s.title2}`,
        })),
      } satisfies ContentOverviewAnswer
    },
  })

  backOffice.route(EDITORS, {
    method: 'GET',
    url: '/content/live',
    async handler() {
      if (site) return site.status()
      return {
        contentVersion: await repository.contentVersion(),
        servedVersion: 0,
        renderedAt: null,
        lastFailure: null,
      } satisfies LiveAnswer
    },
  })

  backOffice.route(EDITORS, {
    method: 'GET',
    url: '/content/pictures',
    query: PicturesQuery,
    async handler({ query }) {
      const built = await manifest()
      const q = query.q?.toLowerCase()
      const pictures: PicturePreview[] = Object.entries(built.images)
        .filter(([id]) => !q || id.includes(q))
        .map(([id, entry]) => preview(id, entry, null))
      if (media) {
        const uploads = await media.list({ kind: 'image', q: query.q || undefined, limit: 100 })
        const entries = await uploadedImageEntries(
          db,
          uploads.items.map((item) => item.contentId),
        )
        for (const item of uploads.items) {
          const entry = entries[item.contentId]
          if (entry)
            pictures.unshift(preview(item.contentId, entry, { id: item.id, alt: item.alt }))
        }
      }
      return { pictures } satisfies PicturesAnswer
    },
  })

  // ── Articles ────────────────────────────────────────────────────────────────────────────────

  backOffice.route(EDITORS, {
    method: 'POST',
    url: '/articles',
    body: CreateArticleRequest,
    async handler(context) {
      const { body, staff, reply, now } = context
      const own = ownSources('', 'article', [body.slug])
      return answer(reply, own, async () => {
        const created = await repository.createArticle({
          slug: body.slug,
          data: body.data,
          body: body.body,
          actor: staff.id,
          record: recorder(context),
        })
        reply.code(201)
        return documentAnswer(created.document.key, now)
      })
    },
  })

  /** What every change to a document hands the repository: the version opened, who, the log. */
  interface Change {
    baseVersion: number
    actor: string
    record: RecordChange
  }

  /**
   * A route that changes one document: the repository call, with the version the editor opened,
   * who they are and the audit log; then the document as it now is. `live`: a change visitors
   * see, so this process looks for it at once.
   */
  function changeRoute<Params, Body extends { baseVersion: number }>(definition: {
    url: string
    params: z.ZodType<Params>
    body: z.ZodType<Body>
    keyOf(params: Params): string
    live: boolean
    change(key: string, body: Body, change: Change, params: Params): Promise<unknown>
  }) {
    backOffice.route(EDITORS, {
      method: 'POST',
      url: definition.url,
      params: definition.params,
      body: definition.body,
      async handler(context) {
        const { params, body, staff, reply, now } = context
        const key = definition.keyOf(params)
        return answer(reply, await ownOf(key), async () => {
          await definition.change(
            key,
            body,
            { baseVersion: body.baseVersion, actor: staff.id, record: recorder(context) },
            params,
          )
          if (definition.live) site?.changed()
          return documentAnswer(key, now)
        })
      },
    })
  }

  // ── Every document: articles by id, pages by name ───────────────────────────────────────────

  interface DocumentRoutes<P, R> {
    base: string
    params: z.ZodType<P>
    revisionParams: z.ZodType<R>
    keyOf(params: P): string
    kind: 'article' | 'page'
  }

  function documentRoutes<P, R extends P & { revision: string }>(spec: DocumentRoutes<P, R>) {
    const { base, keyOf } = spec

    backOffice.route(EDITORS, {
      method: 'GET',
      url: base,
      params: spec.params,
      async handler({ params, reply, now }) {
        const key = keyOf(params)
        return answer(reply, new Set(), () => documentAnswer(key, now))
      },
    })

    changeRoute({
      url: `${base}/draft`,
      params: spec.params,
      body: SaveDraftRequest,
      keyOf,
      live: false,
      change: (key, body, change) =>
        repository.saveDraft(key, { data: body.data, body: body.body ?? null, ...change }),
    })

    changeRoute({
      url: `${base}/discard-draft`,
      params: spec.params,
      body: VersionRequest,
      keyOf,
      live: false,
      change: (key, _body, change) => repository.discardDraft(key, change),
    })

    changeRoute({
      url: `${base}/publish`,
      params: spec.params,
      body: PublishRequest,
      keyOf,
      live: true,
      async change(key, body, change) {
        const current = await repository.getDocument(key)
        const order = await orderProblems(key, (current.draft ?? current.published)?.data)
        if (order.length > 0) throw new ContentError(order)
        await repository.publish(key, {
          ...change,
          ...(body.note && { note: body.note }),
          ...(body.at && { at: new Date(body.at) }),
        })
      },
    })

    backOffice.route(EDITORS, {
      method: 'GET',
      url: `${base}/revisions`,
      params: spec.params,
      async handler({ params, reply }) {
        const key = keyOf(params)
        return answer(reply, new Set(), async () => {
          const revisions = await repository.listRevisions(key)
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

    backOffice.route(EDITORS, {
      method: 'GET',
      url: `${base}/revisions/:revision`,
      params: spec.revisionParams,
      async handler({ params, reply }) {
        const key = keyOf(params)
        return answer(reply, new Set(), async () => {
          const revision = await repository.getRevision(key, params.revision)
          const labels = await staffLabels(db, [revision.authorId])
          return {
            ...revisionSummary(labels, revision),
            data: revision.data,
            body: revision.body,
          } satisfies RevisionAnswer
        })
      },
    })

    changeRoute({
      url: `${base}/revisions/:revision/restore`,
      params: spec.revisionParams,
      body: VersionRequest,
      keyOf: (params: R) => keyOf(params),
      live: true,
      change: (key, _body, change, params) =>
        repository.restoreRevision(key, params.revision, change),
    })

    backOffice.route(EDITORS, {
      method: 'GET',
      url: `${base}/compare`,
      params: spec.params,
      query: CompareQuery,
      async handler({ params, query, reply }) {
        const key = keyOf(params)
        return answer(reply, new Set(), () => compare(key, query.from, query.to))
      },
    })
  }

  documentRoutes({
    base: '/articles/:id',
    params: ArticleParams,
    revisionParams: ArticleRevisionParams,
    keyOf: (params) => articleKeyOf(params.id),
    kind: 'article',
  })
  documentRoutes({
    base: '/pages/:name',
    params: PageParams,
    revisionParams: PageRevisionParams,
    keyOf: (params) => pageKey(params.name),
    kind: 'page',
  })

  changeRoute({
    url: '/articles/:id/unpublish',
    params: ArticleParams,
    body: VersionRequest,
    keyOf: (params) => articleKeyOf(params.id),
    live: true,
    change: (key, _body, change) => repository.unpublish(key, change),
  })

  changeRoute({
    url: '/articles/:id/slug',
    params: ArticleParams,
    body: ChangeSlugRequest,
    keyOf: (params) => articleKeyOf(params.id),
    live: true,
    change: (key, body, change) => repository.changeSlug(key, body.slug, change),
  })

  backOffice.route(ADMIN_ONLY, {
    method: 'DELETE',
    url: '/articles/:id',
    params: ArticleParams,
    query: VersionQuery,
    async handler(context) {
      const { params, query, staff, reply } = context
      const key = articleKeyOf(params.id)
      return answer(reply, await ownOf(key), async () => {
        const title = await articleTitle(key, db)
        await repository.deleteArticle(key, {
          baseVersion: query.baseVersion,
          actor: staff.id,
          record: (change, trx) => context.audit(auditEntryOf(change, title), trx),
        })
        site?.changed()
        return {
          deleted: key,
          contentVersion: await repository.contentVersion(),
        } satisfies DeletedAnswer
      })
    },
  })

  // ── Comparing ───────────────────────────────────────────────────────────────────────────────

  async function side(
    key: string,
    id: string,
  ): Promise<{ side: CompareSide; content: { data: unknown; body: string | null } }> {
    if (id === 'draft') {
      const state = await repository.getDocument(key)
      const content = state.draft ?? state.published
      if (!content) throw new ContentNotFoundError(`${key} has no content yet.`)
      return {
        side: {
          id: 'draft',
          label: state.draft ? 'Unpublished changes' : 'Current (no unpublished changes)',
          number: null,
          author: null,
          createdAt: null,
        },
        content,
      }
    }
    const revision = await repository.getRevision(key, id)
    const labels = await staffLabels(db, [revision.authorId])
    return {
      side: {
        id: revision.id,
        label: `Revision ${revision.number}${revision.current ? ' (current)' : ''}`,
        number: revision.number,
        author: staffRef(labels, revision.authorId),
        createdAt: revision.createdAt,
      },
      content: { data: revision.data, body: revision.body },
    }
  }

  async function compare(key: string, from: string, to: string): Promise<CompareAnswer> {
    const before = await side(key, from)
    const after = await side(key, to)
    const fields = diffData(before.content.data, after.content.data)
    const bodyChanged =
      (before.content.body ?? '') !== (after.content.body ?? '') &&
      (before.content.body !== null || after.content.body !== null)
    const body = bodyChanged ? diffLines(before.content.body ?? '', after.content.body ?? '') : null
    return {
      from: before.side,
      to: after.side,
      identical: fields.length === 0 && body === null,
      fields,
      body,
    }
  }

  // ── The articles page's order ───────────────────────────────────────────────────────────────

  /** Every slug of the articles page's `order` must be an article's (any state) or a former one. */
  async function orderProblems(key: string, data: unknown): Promise<ContentProblem[]> {
    const order = (data as { order?: unknown } | null)?.order
    if (key !== pageKey('articles') || !Array.isArray(order)) return []
    const documents = await repository.listDocuments()
    const known = new Set(documents.map((d) => d.slug).filter((slug) => slug !== null))
    const former = new Set(await repository.allFormerSlugs())
    const problems: ContentProblem[] = []
    order.forEach((slug, i) => {
      if (typeof slug === 'string' && !known.has(slug) && !former.has(slug))
        problems.push({
          source: pageKey('articles'),
          field: `order.${i}`,
          message: `there is no article "${slug}"`,
        })
    })
    return problems
  }

  // ── Preview ─────────────────────────────────────────────────────────────────────────────────

  async function sendPreview(
    context: RouteContext<unknown, unknown, unknown, SignedInStaff>,
    key: string,
  ) {
    const { reply } = context
    if (!site)
      return sendPreviewProblem(reply, 503, [
        'This server has no site build to render a preview with (npm run build).',
      ])
    let previewed: Awaited<ReturnType<ContentSite['preview']>>
    try {
      previewed = await site.preview(key)
    } catch (error) {
      if (error instanceof ContentNotFoundError)
        return sendPreviewProblem(reply, 404, [error.message])
      throw error
    }
    if ('problems' in previewed) return sendPreviewProblem(reply, 422, previewed.problems)
    const { page } = previewed
    return reply
      .code(200)
      .header('content-type', page.contentType)
      .header('content-security-policy', contentSecurityPolicy(page.scriptHashes))
      .send(page.body)
  }

  backOffice.view(EDITORS, {
    url: '/preview/articles/:id',
    params: ArticleParams,
    handler: (context) => sendPreview(context, articleKeyOf(context.params.id)),
  })
  backOffice.view(EDITORS, {
    url: '/preview/pages/:name',
    params: PageParams,
    handler: (context) => sendPreview(context, pageKey(context.params.name)),
  })

  // ── The media library's "used by" ───────────────────────────────────────────────────────────

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

/** A problem as the API answers it. */
/** A small page of the back office saying why a preview cannot be shown. */
function sendPreviewProblem(reply: FastifyReply, status: number, lines: string[]) {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Preview not available · DocuCommons</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1.25rem;line-height:1.6;color:#1f2937}li{margin:.5rem 0}</style>
</head>
<body><main><h1>This preview cannot be shown</h1><ul>${lines.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>
<p>Fix it in the editor, save, and open the preview again.</p></main></body>
</html>
`
  return reply
    .code(status)
    .header('content-security-policy', ERROR_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(html)
}
