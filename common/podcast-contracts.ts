/**
 * The contracts (common/api-contract.ts) of the podcast's back-office routes: the overview, the
 * show, episodes and the uploads (multipart forms, under PODCAST_PREFIX). Served by
 * server/content/routes/ (episodes.ts, show.ts, podcast-uploads.ts).
 */
import { contract } from './api-contract.ts'
import type { DeletedAnswerSchema } from './content-admin-answers.ts'
import type {
  ArtworkAnswerSchema,
  AudioAnswerSchema,
  EpisodeAnswerSchema,
  PodcastOverviewAnswerSchema,
  ShowAnswerSchema,
} from './podcast-admin-answers.ts'
import type {
  EpisodeFieldsRequest,
  EpisodeParams,
  EpisodeVersionQuery,
  EpisodeVersionRequest,
  SaveEpisodeRequest,
  SaveShowRequest,
} from './podcast-admin-schemas.ts'

type Episode = typeof EpisodeAnswerSchema
type Id = typeof EpisodeParams

export const podcast = contract<{ response: typeof PodcastOverviewAnswerSchema }>('GET', '/podcast')
export const show = contract<{ response: typeof ShowAnswerSchema }>('GET', '/podcast/show')
export const saveShow = contract<{
  body: typeof SaveShowRequest
  response: typeof ShowAnswerSchema
}>('POST', '/podcast/show')

export const episode = contract<{ params: Id; response: Episode }>('GET', '/podcast/episodes/:id')
export const publishEpisode = contract<{
  params: Id
  body: typeof EpisodeVersionRequest
  response: Episode
}>('POST', '/podcast/episodes/:id/publish')
export const unpublishEpisode = contract<{
  params: Id
  body: typeof EpisodeVersionRequest
  response: Episode
}>('POST', '/podcast/episodes/:id/unpublish')
export const deleteEpisode = contract<{
  params: Id
  query: typeof EpisodeVersionQuery
  response: typeof DeletedAnswerSchema
}>('DELETE', '/podcast/episodes/:id')

/**
 * The routes the podcast's own plugin reads (uploads are multipart forms; an episode's form is
 * JSON, larger than the table's limit), under PODCAST_PREFIX.
 */
export const PODCAST_PREFIX = '/podcast'
export const uploadAudio = contract<{ response: typeof AudioAnswerSchema }>(
  'POST',
  '/podcast/uploads/audio',
)
export const uploadArtwork = contract<{ response: typeof ArtworkAnswerSchema }>(
  'POST',
  '/podcast/uploads/artwork',
)
export const createEpisode = contract<{ body: typeof EpisodeFieldsRequest; response: Episode }>(
  'POST',
  '/podcast/episodes',
)
export const saveEpisode = contract<{
  params: Id
  body: typeof SaveEpisodeRequest
  response: Episode
}>('POST', '/podcast/episodes/:id/draft')
