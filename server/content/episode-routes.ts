/**
 * The podcast in the back office (common/podcast-admin.ts, docs/podcast.md "Publishing an
 * episode"): the list of episodes, an episode's form (created and saved as a draft), the upload
 * of its audio and of the show's artwork, publishing (or scheduling, by the episode's publication
 * time), unpublishing and, for administrators, deleting; the show's settings. Episodes are content
 * documents like articles (server/content/repository.ts): every change is checked by the content
 * schemas as a whole, made from the version the editor opened, recorded in the audit log in its
 * transaction, and live on every server process through the publishing of the content feature.
 *
 * One module per resource in routes/ (ADR 020): episodes.ts (through document-routes.ts, which
 * articles and pages share), show.ts, podcast-uploads.ts.
 */
import type { BackOffice } from '#server/back-office/table.ts'
import { contentRoutes, EDITORS, type ContentRouteOptions } from './routes/context.ts'
import { episodeKind } from './routes/episode-answers.ts'
import { episodeRoutes } from './routes/episodes.ts'
import { podcastUploadRoutes } from './routes/podcast-uploads.ts'
import { showRoutes } from './routes/show.ts'

export type EpisodeAdminOptions = ContentRouteOptions

export function episodeAdminRoutes(backOffice: BackOffice, options: EpisodeAdminOptions) {
  const kind = episodeKind(contentRoutes(backOffice, options))
  backOffice.page({ path: '/podcast', access: EDITORS, label: 'Podcast', order: 45 })
  episodeRoutes(kind)
  showRoutes(kind)
  podcastUploadRoutes({ kind, measured: new Map(), clock: options.clock ?? (() => new Date()) })
}
