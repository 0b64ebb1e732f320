/**
 * The podcast's requests larger than the back office's 64 KB of JSON: the uploads of an
 * episode's audio and of the show's artwork (multipart), and an episode's form (its transcript
 * and notes), served by a plugin of their own behind the same role check.
 *
 * The audio is checked here (MP3 or M4A, its length read with music-metadata: a file that is not
 * audio is refused with what it is) and stored as it is by the media library; the artwork is
 * re-encoded by it (sharp), named by the re-encoded master so that an export and an import keep
 * its address.
 */
import * as podcastApi from '#common/podcast-contracts.ts'
import { PODCAST_PREFIX } from '#common/podcast-contracts.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { fieldErrors } from '#common/validation.ts'
import { EPISODE_KEY_PREFIX } from '#common/content/episodes.ts'
import {
  ARTWORK_WIDTHS,
  AUDIO_EXTENSION,
  roundDuration,
  storedFileUrl,
} from '#common/content/podcast-files.ts'
import { ARTWORK_SIZE, type EpisodeDocument } from '#common/content/podcast.ts'
import { byKey } from '#common/content/snapshot.ts'
import {
  ARTWORK_UPLOAD_MAX_BYTES,
  AUDIO_UPLOAD_MAX_BYTES,
  EPISODE_REQUEST_MAX_BYTES,
  episodeKeyOf,
  type ArtworkFacts,
  type AudioFacts,
  type EpisodeAnswer,
} from '#common/podcast-admin.ts'
import {
  EpisodeFieldsRequest,
  EpisodeParams,
  SaveEpisodeRequest,
} from '#common/podcast-admin-schemas.ts'
import {
  ArtworkAnswerSchema,
  AudioAnswerSchema,
  EpisodeAnswerSchema,
} from '#common/podcast-admin-answers.ts'
import { sendApiError } from '#server/http/api-error.ts'
import {
  AudioRejectedError,
  formatDuration,
  readAudioMetadata,
} from '#server/media/audio-metadata.ts'
import { MediaRefusal } from '#server/media/errors.ts'
import type { MediaLibrary } from '#server/media/media-library.ts'
import { acceptUploads, readUpload, refuseLargeBodies, type Upload } from '#server/media/upload.ts'
import { recordAudit, type AuditEntry } from '#server/back-office/audit.ts'
import {
  mountedRoute,
  type MountedRoute,
  type MountedRoutes,
  type RouteContext,
  type SignedInStaff,
} from '#server/back-office/table.ts'
import { EDITORS } from './context.ts'
import { ownOf, ownSources, recorder, type DocumentKindRoutes } from './document-routes.ts'
import { episodeDocument, rememberDuration, type MeasuredDurations } from './episode-document.ts'

type Tools = Parameters<MountedRoutes['register']>[1]

/** The plugin's routes, under /admin/api/podcast: each is registered with its path from here. */
const PODCAST_UPLOADS = {
  audio: mountedRoute(PODCAST_PREFIX, podcastApi.uploadAudio, AudioAnswerSchema),
  artwork: mountedRoute(PODCAST_PREFIX, podcastApi.uploadArtwork, ArtworkAnswerSchema),
  create: mountedRoute(PODCAST_PREFIX, podcastApi.createEpisode, EpisodeAnswerSchema),
  save: mountedRoute(PODCAST_PREFIX, podcastApi.saveEpisode, EpisodeAnswerSchema),
} satisfies Record<string, MountedRoute>

interface Uploads {
  kind: DocumentKindRoutes<EpisodeAnswer>
  measured: MeasuredDurations
  clock: () => Date
}

/** The signed-in staff member's context, as the route table gives it to its handlers. */
function contextOf({ kind, clock }: Uploads, request: FastifyRequest, reply: FastifyReply) {
  return {
    body: undefined,
    query: undefined,
    params: undefined,
    staff: request.staff!,
    request,
    reply,
    now: clock(),
    audit: (entry: AuditEntry, trx = kind.routes.db) =>
      recordAudit(trx, { id: request.staff!.id, label: request.staff!.email }, entry, clock()),
  } as RouteContext<unknown, unknown, unknown, SignedInStaff>
}

/** The route table's check of a request's input: 400 naming each field. */
function parsed<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | undefined {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields = fieldErrors(result.error)
  void sendApiError(reply, 400, Object.values(fields)[0] ?? 'Please check the form.', { fields })
  return undefined
}

/**
 * An upload route: refused early over its size, behind the role check, the file read from
 * the multipart body, and the library's refusals said by the form's `field`.
 */
function uploadRoute(
  app: FastifyInstance,
  tools: Tools,
  media: MediaLibrary | undefined,
  url: string,
  limit: { maxBytes: number; what: string; field: 'audio' | 'artwork' },
  handle: (
    upload: Upload,
    library: MediaLibrary,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>,
) {
  app.post(
    url,
    { onRequest: refuseLargeBodies(limit.maxBytes, limit.what), preHandler: tools.guard },
    async (request, reply) => {
      if (!media) return sendApiError(reply, 503, 'Uploads are not switched on for this server.')
      try {
        const upload = await readUpload(request, limit)
        return await handle(upload, media, request, reply)
      } catch (error) {
        if (!(error instanceof MediaRefusal)) throw error
        return sendApiError(reply, error.statusCode, error.message, {
          fields: { [limit.field]: error.message },
        })
      }
    },
  )
}

function audioUpload(app: FastifyInstance, tools: Tools, uploads: Uploads) {
  uploadRoute(
    app,
    tools,
    uploads.kind.routes.media,
    PODCAST_UPLOADS.audio.url,
    { maxBytes: AUDIO_UPLOAD_MAX_BYTES, what: 'audio file', field: 'audio' },
    async (upload, library, request, reply) => {
      let audio
      try {
        audio = await readAudioMetadata(upload.bytes, upload.fileName)
      } catch (error) {
        if (!(error instanceof AudioRejectedError)) throw error
        return sendApiError(reply, 415, error.message, { fields: { audio: error.message } })
      }
      const saved = await library.saveBlob({
        bytes: upload.bytes,
        mime: audio.mimeType,
        kind: 'audio',
        fileName: upload.fileName,
        createdBy: request.staff!.id,
      })
      const duration = roundDuration(audio.duration)
      rememberDuration(uploads.measured, saved.item.sha256, duration)
      await tools.audit(request, {
        action: 'podcast.audio-upload',
        summary: `uploaded the audio “${saved.item.originalName}” (${formatDuration(duration)})`,
        target: { type: 'media', id: saved.item.id },
        details: { sha256: saved.item.sha256, size: saved.item.size, duration },
      })
      const facts: AudioFacts = {
        sha256: saved.item.sha256,
        size: saved.item.size,
        mime: audio.mimeType,
        duration,
        url: storedFileUrl(saved.item.sha256, AUDIO_EXTENSION[audio.mimeType]),
      }
      return reply
        .code(saved.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({ audio: facts, fileName: saved.item.originalName })
    },
  )
}

function artworkUpload(app: FastifyInstance, tools: Tools, uploads: Uploads) {
  uploadRoute(
    app,
    tools,
    uploads.kind.routes.media,
    PODCAST_UPLOADS.artwork.url,
    { maxBytes: ARTWORK_UPLOAD_MAX_BYTES, what: 'artwork', field: 'artwork' },
    async (upload, library, request, reply) => {
      const saved = await library.saveImage({
        bytes: upload.bytes,
        fileName: upload.fileName,
        declaredMime: upload.declaredMime,
        alt: 'The podcast’s artwork',
        master: 'encode-keyed-by-master',
        widths: ARTWORK_WIDTHS,
        createdBy: request.staff!.id,
      })
      const master = saved.item.files.find((file) => file.role === 'master')!
      const size = { width: master.width ?? 0, height: master.height ?? 0 }
      if (
        size.width !== size.height ||
        size.width < ARTWORK_SIZE.min ||
        size.width > ARTWORK_SIZE.max
      ) {
        if (saved.created) await library.remove(saved.item.id).catch(() => {})
        const message = `Podcast artwork is square, ${ARTWORK_SIZE.min} to ${ARTWORK_SIZE.max} pixels a side (Apple Podcasts’ rule); this picture is ${size.width} × ${size.height}.`
        return sendApiError(reply, 400, message, { fields: { artwork: message } })
      }
      await tools.audit(request, {
        action: 'podcast.artwork-upload',
        summary: `uploaded podcast artwork “${saved.item.originalName}”`,
        target: { type: 'media', id: saved.item.id },
      })
      const artwork: ArtworkFacts = {
        sha256: saved.item.sha256,
        size: master.size,
        mime: master.mime as ArtworkFacts['mime'],
        ...size,
        url: master.url,
      }
      return reply
        .code(saved.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({ artwork })
    },
  )
}

/** POST /episodes: a new episode from its form, as a draft. */
function episodeCreate(app: FastifyInstance, tools: Tools, uploads: Uploads) {
  const { kind } = uploads
  const { repository, answer, media } = kind.routes
  app.post(
    PODCAST_UPLOADS.create.url,
    { bodyLimit: EPISODE_REQUEST_MAX_BYTES, preHandler: tools.guard },
    async (request, reply) => {
      const body = parsed(EpisodeFieldsRequest, request.body, reply)
      if (!body) return reply
      const context = contextOf(uploads, request, reply)
      const source = byKey({ key: `${EPISODE_KEY_PREFIX}new`, kind: 'episode', slug: body.slug })
      return answer(
        reply,
        new Set([source]),
        async () => {
          const document = await episodeDocument(
            { media, measured: uploads.measured },
            body,
            source,
            { guid: crypto.randomUUID() },
          )
          const created = await repository.createDocument({
            kind: 'episode',
            slug: body.slug,
            data: document.data,
            body: document.body,
            actor: context.staff.id,
            record: recorder(kind, context),
          })
          reply.code(201)
          return kind.respond(created.document.key, context.now)
        },
        kind.field,
      ).then((result) => (result === reply ? reply : reply.send(result)))
    },
  )
}

/** POST /episodes/:id/draft: the form saved as the episode's draft (a new slug first). */
function episodeSave(app: FastifyInstance, tools: Tools, uploads: Uploads) {
  const { kind } = uploads
  const { repository, answer, media } = kind.routes
  app.post(
    PODCAST_UPLOADS.save.url,
    { bodyLimit: EPISODE_REQUEST_MAX_BYTES, preHandler: tools.guard },
    async (request, reply) => {
      const params = parsed(EpisodeParams, request.params, reply)
      if (!params) return reply
      const body = parsed(SaveEpisodeRequest, request.body, reply)
      if (!body) return reply
      const context = contextOf(uploads, request, reply)
      const key = episodeKeyOf(params.id)
      const own = new Set([...(await ownOf(kind, key)), ...ownSources(key, 'episode', [body.slug])])
      return answer(
        reply,
        own,
        async () => {
          const state = await repository.getDocument(key)
          const current = (state.draft ?? state.published)!.data as EpisodeDocument
          let version = body.baseVersion
          if (body.slug !== state.slug) {
            const moved = await repository.changeSlug(key, body.slug, {
              baseVersion: version,
              actor: context.staff.id,
              record: recorder(kind, context),
            })
            version = moved.document.version
          }
          const document = await episodeDocument(
            { media, measured: uploads.measured },
            body,
            byKey({ key, kind: 'episode', slug: body.slug }),
            { data: current, guid: current.guid },
          )
          await repository.saveDraft(key, {
            data: document.data,
            body: document.body,
            baseVersion: version,
            actor: context.staff.id,
            record: recorder(kind, context),
          })
          return kind.respond(key, context.now)
        },
        kind.field,
      ).then((result) => (result === reply ? reply : reply.send(result)))
    },
  )
}

export function podcastUploadRoutes(uploads: Uploads) {
  uploads.kind.routes.backOffice.mount(EDITORS, {
    prefix: PODCAST_PREFIX,
    routes: Object.values(PODCAST_UPLOADS),
    async register(app, tools) {
      await acceptUploads(app)
      audioUpload(app, tools, uploads)
      artworkUpload(app, tools, uploads)
      episodeCreate(app, tools, uploads)
      episodeSave(app, tools, uploads)
    },
  })
}
