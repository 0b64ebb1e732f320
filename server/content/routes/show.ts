/** The podcast's settings (the show): read them, and save them, which publishes them at once. */
import * as podcastApi from '#common/podcast-contracts.ts'
import { ShowAnswerSchema } from '#common/podcast-admin-answers.ts'
import { SHOW_KEY } from '#common/content/episodes.ts'
import { ARTWORK_EXTENSION, storedFileUrl } from '#common/content/podcast-files.ts'
import { APPLE_CATEGORIES, type ShowDocument } from '#common/content/podcast.ts'
import { ContentError } from '#common/content/problems.ts'
import { checkDocument } from '#common/content/snapshot.ts'
import type { EpisodeAnswer, ShowAnswer, ShowFields } from '#common/podcast-admin.ts'
import { SaveShowRequest } from '#common/podcast-admin-schemas.ts'
import type { z } from 'zod'
import { staffLabels } from '#server/staff/repository.ts'
import { staffRef } from '../answers.ts'
import { EDITORS, type ContentRoutes } from './context.ts'
import { recorder, type DocumentKindRoutes } from './document-routes.ts'

async function showAnswer({ repository, db }: ContentRoutes): Promise<ShowAnswer> {
  const state = await repository.getDocument(SHOW_KEY)
  const show = (state.draft ?? state.published)!.data as ShowDocument
  const labels = await staffLabels(db, [state.updatedBy])
  const { artwork } = show.files
  return {
    version: state.version,
    updatedAt: state.updatedAt,
    updatedBy: staffRef(labels, state.updatedBy),
    fields: {
      title: show.title,
      description: show.description,
      author: show.author,
      owner: show.owner,
      language: show.language,
      category: show.category,
      explicit: show.explicit,
      copyright: show.copyright,
      follow: show.follow ?? {},
      funding: show.funding ?? null,
      artwork: {
        ...artwork,
        url: storedFileUrl(artwork.sha256, ARTWORK_EXTENSION[artwork.mime]),
      },
    } satisfies ShowFields,
    categories: APPLE_CATEGORIES,
    contentVersion: await repository.contentVersion(),
  }
}

/** The artwork the form names: the current one, or an uploaded master in the library. */
async function artworkOf(
  { media }: ContentRoutes,
  ref: { sha256: string },
  current: ShowDocument['files']['artwork'],
): Promise<ShowDocument['files']['artwork']> {
  if (ref.sha256 === current.sha256) return current
  const file = media && (await media.findFile(ref.sha256, ['master']))
  if (!file || (file.mime !== 'image/jpeg' && file.mime !== 'image/png'))
    throw new ContentError([
      {
        source: SHOW_KEY,
        field: 'artwork',
        message: 'This artwork is not in the media library: upload it again.',
      },
    ])
  return {
    sha256: ref.sha256,
    size: file.size,
    mime: file.mime,
    width: file.width ?? 0,
    height: file.height ?? 0,
  }
}

/** The show's document of its form, checked as it will be published. */
async function showData(
  routes: ContentRoutes,
  fields: z.infer<typeof SaveShowRequest>['fields'],
  current: ShowDocument,
) {
  const { artwork: artworkRef, funding, follow, ...rest } = fields
  const artwork = await artworkOf(routes, artworkRef, current.files.artwork)
  const data = {
    ...rest,
    category: {
      name: rest.category.name,
      ...(rest.category.subcategory && { subcategory: rest.category.subcategory }),
    },
    artwork:
      artwork.sha256 === current.files.artwork.sha256
        ? current.artwork
        : `artwork.${ARTWORK_EXTENSION[artwork.mime]}`,
    ...(Object.values(follow).some(Boolean) && {
      follow: Object.fromEntries(Object.entries(follow).filter(([, v]) => v)),
    }),
    ...(funding && (funding.url || funding.text) && { funding }),
    files: { artwork },
  }
  // Saved and published at once: settings that cannot go live are not kept as a draft.
  const checked = checkDocument(
    { key: SHOW_KEY, kind: 'podcast', slug: null, data, body: null },
    { source: SHOW_KEY },
  )
  if (checked.problems.length > 0) throw new ContentError(checked.problems)
  return data
}

export function showRoutes(kind: DocumentKindRoutes<EpisodeAnswer>) {
  const routes = kind.routes
  const { backOffice, answer, repository, site } = routes
  backOffice.route(EDITORS, podcastApi.show, {
    response: ShowAnswerSchema,
    async handler({ reply }) {
      return answer(reply, new Set(), () => showAnswer(routes))
    },
  })

  backOffice.route(EDITORS, podcastApi.saveShow, {
    response: ShowAnswerSchema,
    body: SaveShowRequest,
    async handler(context) {
      const { body, staff, reply } = context
      return answer(reply, new Set([SHOW_KEY]), async () => {
        const state = await repository.getDocument(SHOW_KEY)
        const current = (state.draft ?? state.published)!.data as ShowDocument
        const data = await showData(routes, body.fields, current)
        const saved = await repository.saveDraft(SHOW_KEY, {
          data,
          baseVersion: body.baseVersion,
          actor: staff.id,
          record: recorder(kind, context),
        })
        await repository.publish(SHOW_KEY, {
          baseVersion: saved.document.version,
          actor: staff.id,
          record: recorder(kind, context),
        })
        site?.changed()
        return showAnswer(routes)
      })
    },
  })
}
