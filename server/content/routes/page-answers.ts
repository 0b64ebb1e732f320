/**
 * How the back office answers about articles and pages: a document with its revisions, pictures
 * and problems; a comparison of two versions; its audit log entries.
 */
import {
  articleIdOf,
  pageKey,
  pageNameOf,
  publicPagePath,
  PAGE_LABELS,
  previewPath,
  type CompareAnswer,
  type CompareSide,
  type DocumentAnswer,
  type DocumentRef,
  type RevisionSummaryAnswer,
} from '#common/content-admin.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import type { ContentProblem } from '#common/content/problems.ts'
import type { AuditEntry } from '#server/back-office/audit.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { problemAnswer, staffRef } from '../answers.ts'
import { diffData, diffLines } from '../compare.ts'
import { ContentNotFoundError } from '../errors.ts'
import type { ContentChange, DocumentState, RevisionSummary } from '../repository.ts'
import type { ContentRoutes } from './context.ts'
import { isLive } from './document-routes.ts'
import { pictureIds, picturePreviews, type ManifestCache } from './pictures.ts'

export const refOf = (key: string): DocumentRef => {
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

/** The headline of an article, the label of a page. */
export function titleOf(key: string, data: unknown): string {
  const name = pageNameOf(key)
  if (name) return PAGE_LABELS[name]
  const headline = (data as Partial<ArticleFrontmatter> | null)?.headline
  return typeof headline === 'string' && headline.trim() ? headline : articleIdOf(key)
}

export function revisionSummary(
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

function publicUrl(state: DocumentState, now: Date): string | null {
  const name = pageNameOf(state.key)
  if (name) return publicPagePath(name, state.published?.data)
  return isLive(state, now) && state.slug ? `/articles/${state.slug}` : null
}

/** Every slug of the articles page's `order` must be an article's (any state) or a former one. */
export async function orderProblems(
  { repository }: ContentRoutes,
  key: string,
  data: unknown,
): Promise<ContentProblem[]> {
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

/** An article or a page as its editor shows it. */
export async function documentAnswer(
  routes: ContentRoutes,
  pictures: ManifestCache,
  key: string,
  now: Date,
): Promise<DocumentAnswer> {
  const { repository, db } = routes
  const ref = refOf(key)
  const state = await repository.getDocument(key)
  const revisions = await repository.listRevisions(key)
  const formerSlugs = state.kind === 'article' ? await repository.formerSlugs(key) : []
  const labels = await staffLabels(db, [state.updatedBy, ...revisions.map((r) => r.authorId)])
  const latest = state.draft ?? state.published
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
    pictures: await picturePreviews(routes, pictures, [
      ...pictureIds(state.published),
      ...pictureIds(state.draft),
    ]),
    problems: state.draft
      ? [
          ...(await repository.draftProblems(key)),
          ...(await orderProblems(routes, key, state.draft.data)),
        ].map(problemAnswer)
      : [],
    contentVersion: await repository.contentVersion(),
  }
}

/** One side of a comparison: the draft (or the current content) or a revision. */
async function side(
  { repository, db }: ContentRoutes,
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

/** What changed between two versions of a document, field by field and line by line. */
export async function compare(
  routes: ContentRoutes,
  key: string,
  from: string,
  to: string,
): Promise<CompareAnswer> {
  const before = await side(routes, key, from)
  const after = await side(routes, key, to)
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
