/**
 * Episodes in the back office: the list, one episode, publishing (or scheduling, by the
 * episode's publication time), unpublishing and deleting, through the document routes the
 * articles share; the media library's "used by" for audio and artwork.
 */
import * as podcastApi from '#common/podcast-contracts.ts'
import { PodcastOverviewAnswerSchema } from '#common/podcast-admin-answers.ts'
import { SHOW_KEY } from '#common/content/episodes.ts'
import type { EpisodeDocument, ShowDocument } from '#common/content/podcast.ts'
import {
  episodeIdOf,
  episodeKeyOf,
  type EpisodeAnswer,
  type EpisodeListItem,
  type PodcastOverviewAnswer,
} from '#common/podcast-admin.ts'
import {
  EpisodeParams,
  EpisodeVersionQuery,
  EpisodeVersionRequest,
} from '#common/podcast-admin-schemas.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { EDITORS, type ContentRoutes } from './context.ts'
import {
  documentCommand,
  documentDelete,
  documentRead,
  listedState,
  type DocumentKindRoutes,
} from './document-routes.ts'

const keyOf = (params: { id: string }) => episodeKeyOf(params.id)

type Listed = Parameters<typeof listedState>[0]

function episodeItem(
  document: Listed,
  episode: Partial<EpisodeDocument>,
  labels: Map<string, string>,
  now: Date,
): EpisodeListItem {
  return {
    ...listedState(document, labels, now, '/listen'),
    id: episodeIdOf(document.key),
    title: episode.title || 'Untitled episode',
    number: episode.number ?? 0,
    publishedAt: episode.publishedAt ?? document.updatedAt,
    duration: episode.duration ?? 0,
  }
}

function episodeList({ backOffice, repository, db }: ContentRoutes) {
  backOffice.route(EDITORS, podcastApi.podcast, {
    response: PodcastOverviewAnswerSchema,
    async handler({ now }) {
      const documents = (await repository.listDocuments()).filter((d) => d.kind === 'episode')
      const data = await repository.latestData()
      const labels = await staffLabels(
        db,
        documents.map((d) => d.updatedBy),
      )
      const episodes = documents
        .map((document) =>
          episodeItem(
            document,
            (data.get(document.key) ?? {}) as Partial<EpisodeDocument>,
            labels,
            now,
          ),
        )
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.number - a.number)
      const show = data.get(SHOW_KEY) as ShowDocument | undefined
      return {
        showTitle: show?.title ?? 'The podcast',
        episodes,
        nextNumber: Math.max(0, ...episodes.map((e) => e.number)) + 1,
        contentVersion: await repository.contentVersion(),
      } satisfies PodcastOverviewAnswer
    },
  })
}

/** The media library refuses to delete audio or artwork an episode or the show uses. */
function episodeMediaUsage({ media, repository }: ContentRoutes) {
  media?.registerUsage('podcast', async (assetId) => {
    const item = await media.get(assetId)
    if (!item) return []
    const documents = await repository.documentsUsing(item.sha256)
    return documents
      .filter((document) => document.kind === 'episode' || document.key === SHOW_KEY)
      .map((document) => {
        const data = document.data as { title?: string } | null
        return document.key === SHOW_KEY
          ? {
              kind: 'podcast',
              id: document.key,
              title: data?.title ?? 'The podcast',
              href: '/admin/podcast/show',
            }
          : {
              kind: 'episode',
              id: document.key,
              title: data?.title ?? document.slug ?? document.key,
              href: `/admin/podcast/episodes/${episodeIdOf(document.key)}`,
            }
      })
  })
}

export function episodeRoutes(kind: DocumentKindRoutes<EpisodeAnswer>) {
  const { repository } = kind.routes
  episodeList(kind.routes)
  documentRead(kind, { contract: podcastApi.episode, params: EpisodeParams, keyOf })
  documentCommand(kind, {
    contract: podcastApi.publishEpisode,
    params: EpisodeParams,
    body: EpisodeVersionRequest,
    keyOf,
    live: true,
    async change(key, _body, change, { now }) {
      const state = await repository.getDocument(key)
      const data = (state.draft ?? state.published)?.data as EpisodeDocument | undefined
      // Its publication time decides: still to come, the episode waits for it.
      const at =
        data && Date.parse(data.publishedAt) > now.getTime()
          ? new Date(data.publishedAt)
          : undefined
      await repository.publish(key, { ...change, ...(at && { at }) })
    },
  })
  documentCommand(kind, {
    contract: podcastApi.unpublishEpisode,
    params: EpisodeParams,
    body: EpisodeVersionRequest,
    keyOf,
    live: true,
    change: (key, _body, change) => repository.unpublish(key, change),
  })
  documentDelete(kind, {
    contract: podcastApi.deleteEpisode,
    params: EpisodeParams,
    query: EpisodeVersionQuery,
    keyOf,
  })
  episodeMediaUsage(kind.routes)
}
