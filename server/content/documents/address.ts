/** A document's address: the slug rules, and changing the slug with a redirect from the old. */
import { ContentError } from '#common/content/problems.ts'
import { slugProblem } from '#common/content/slug.ts'
import { byKey, type DocumentKind } from '#common/content/snapshot.ts'
import { ContentActionError } from '../errors.ts'
import { assertArticle, checkCandidate } from './candidate.ts'
import { documentState } from './queries.ts'
import { bumpContentVersion, changeOf, writeDocument } from './transaction.ts'
import {
  nowIso,
  type ContentStore,
  type Db,
  type DocumentChanged,
  type DocumentWrite,
} from './types.ts'

/** Problems with a slug that is not this document's: its form, another article, a redirect. */
export async function slugProblems(
  trx: Db,
  slug: string,
  documentId: string | null,
  source: string,
) {
  const reason = slugProblem(slug)
  if (reason) return [{ source, field: 'slug', message: reason }]
  const taken = await trx
    .selectFrom('content_document')
    .select(['key', 'id'])
    .where('slug', '=', slug)
    .executeTakeFirst()
  if (taken && taken.id !== documentId)
    return [
      {
        source,
        field: 'slug',
        message: `another ${taken.key.startsWith('episode/') ? 'episode' : 'article'} (${taken.key}) has this slug`,
      },
    ]
  const redirect = await trx
    .selectFrom('content_redirect')
    .select('document_id')
    .where('from_slug', '=', slug)
    .executeTakeFirst()
  if (redirect && redirect.document_id !== documentId)
    return [
      {
        source,
        field: 'slug',
        message:
          'this was the address of another article, which it still redirects to: choose another slug',
      },
    ]
  return []
}

/**
 * Gives an article a new slug. Once it has been published, the former slug keeps answering
 * with a redirect to the new one. Refuses a slug that is not lower-case words joined by
 * hyphens, that the site reserves, or that another article has or had.
 */
export function changeSlug(
  store: ContentStore,
  key: string,
  slug: string,
  input: DocumentWrite,
): Promise<DocumentChanged> {
  return writeDocument(store, key, input, async (trx, row) => {
    assertArticle(row, 'given a new slug')
    // Podcast apps and shared links point at an episode's page: once out, it stays there.
    if (row.kind === 'episode' && row.published_revision_id !== null)
      throw new ContentActionError(
        'An episode keeps its address once it has been published: podcast apps and shared links point at it.',
      )
    const from = row.slug ?? ''
    if (slug === from) throw new ContentActionError(`${key} already has the slug "${slug}".`)
    const problems = await slugProblems(
      trx,
      slug,
      row.id,
      byKey({ key: row.key, kind: row.kind as DocumentKind, slug: row.slug }),
    )
    if (problems.length > 0) throw new ContentError(problems)
    const everPublished = row.published_revision_id !== null
    const visible = row.status !== 'draft'
    await checkCandidate(trx, (candidate) => {
      const document = candidate.documents.find((d) => d.key === key)
      if (document) document.slug = slug
      candidate.redirects = candidate.redirects
        .filter((r) => r.from !== slug)
        .map((r) => (r.to === from ? { ...r, to: slug } : r))
      if (visible) candidate.redirects.push({ from, to: slug })
    })
    const at = nowIso(store)
    const version = Number(row.version) + 1
    await trx
      .deleteFrom('content_redirect')
      .where('from_slug', '=', slug)
      .where('document_id', '=', row.id)
      .execute()
    await trx
      .updateTable('content_document')
      .set({ slug, version, updated_at: at, updated_by: input.actor })
      .where('id', '=', row.id)
      .execute()
    if (everPublished)
      await trx
        .insertInto('content_redirect')
        .values({ from_slug: from, document_id: row.id, created_at: at })
        .execute()
    const contentVersion = visible ? await bumpContentVersion(store, trx, at) : undefined
    return {
      document: await documentState(trx, key),
      change: {
        ...changeOf({ ...row, slug }, 'slug-changed', {
          actor: input.actor,
          at,
          version,
          from,
          to: slug,
        }),
        ...(contentVersion !== undefined && { contentVersion }),
      },
    }
  })
}
