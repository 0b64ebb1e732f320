/**
 * The podcast in the back office (common/podcast-admin.ts, docs/podcast.md "Publishing an
 * episode"): the list of episodes, an episode's form (created and saved as a draft), the upload
 * of its audio and of the show's artwork, publishing (or scheduling, by the episode's publication
 * time), unpublishing and, for administrators, deleting; the show's settings. Episodes are content
 * documents like articles (server/content/repository.ts): every change is checked by the content
 * schemas as a whole, made from the version the editor opened, recorded in the audit log in its
 * transaction, and live on every server process through the publishing of the content feature.
 *
 * The audio is checked here (MP3 or M4A, its length read with music-metadata: a file that is not
 * audio is refused with what it is) and stored as it is by the media library; the artwork is
 * re-encoded by it (sharp), named by the re-encoded master so that an export and an import keep
 * its address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { fieldErrors } from '#common/contact.ts'
import { EPISODE_KEY_PREFIX, parseEpisodeChapters, SHOW_KEY } from '#common/content/episodes.ts'
import {
  ARTWORK_EXTENSION,
  ARTWORK_WIDTHS,
  AUDIO_EXTENSION,
  roundDuration,
  storedFileUrl,
} from '#common/content/podcast-files.ts'
import {
  APPLE_CATEGORIES,
  ARTWORK_SIZE,
  type EpisodeDocument,
  type ShowDocument,
} from '#common/content/podcast.ts'
import { ContentError } from '#common/content/problems.ts'
import { byKey, checkDocument } from '#common/content/snapshot.ts'
import {
  ARTWORK_UPLOAD_MAX_BYTES,
  AUDIO_UPLOAD_MAX_BYTES,
  EPISODE_REQUEST_MAX_BYTES,
  episodeIdOf,
  episodeKeyOf,
  type ArtworkFacts,
  type AudioFacts,
  type EpisodeAnswer,
  type EpisodeFields,
  type EpisodeListItem,
  type PodcastOverviewAnswer,
  type ShowAnswer,
  type ShowFields,
} from '#common/podcast-admin.ts'
import {
  EpisodeFieldsRequest,
  EpisodeParams,
  EpisodeVersionQuery,
  EpisodeVersionRequest,
  SaveEpisodeRequest,
  SaveShowRequest,
} from '#common/podcast-admin-schemas.ts'
import type { DeletedAnswer } from '#common/content-admin.ts'
import type { Database } from '#server/db/index.ts'
import { sendApiError } from '#server/http/api-error.ts'
import {
  AudioRejectedError,
  formatDuration,
  readAudioMetadata,
} from '#server/media/audio-metadata.ts'
import { MediaRefusal } from '#server/media/errors.ts'
import type { MediaLibrary } from '#server/media/media-library.ts'
import { acceptUploads, readUpload, refuseLargeBodies } from '#server/media/upload.ts'
import { recordAudit, type AuditEntry } from '#server/staff/audit.ts'
import type { BackOffice, RouteContext, SignedInStaff } from '#server/staff/back-office.ts'
import { staffLabels } from '#server/staff/repository.ts'
import { ADMIN_ONLY, SIGNED_IN } from '#server/staff/roles.ts'
import type { ContentSite } from './admin-routes.ts'
import { contentAnswers, problemAnswer, staffRef } from './answers.ts'
import { ContentNotFoundError } from './errors.ts'
import {
  createContentRepository,
  type ContentChange,
  type ContentRepository,
  type DocumentState,
  type RecordChange,
} from './repository.ts'

/** Who may prepare and publish episodes: every staff role; deleting one is the administrators'. */
const EDITORS = SIGNED_IN

export interface EpisodeAdminOptions {
  database: Database
  repository?: ContentRepository | undefined
  /** Where the audio and the artwork are stored; without it, uploads answer 503. */
  media?: MediaLibrary | undefined
  site?: ContentSite | undefined
  clock?: () => Date
}

/** What an episode's form fields are called in the content's problems. */
const FORM_FIELD: Record<string, string> = {
  'files.audio': 'audio',
  'files.audio.mime': 'audio',
  duration: 'audio',
  'files.transcript': 'transcript',
  transcript: 'transcript',
  'files.chapters': 'chapters',
  chapters: 'chapters',
  body: 'notes',
}
const formField = (name: string) =>
  FORM_FIELD[name] ?? (name.startsWith('files.chapters') ? 'chapters' : name)

/** "2026-11-24T12:00:00.000Z" as the sample writes it: "2026-11-24T12:00:00Z". */
const isoTime = (value: string) => new Date(value).toISOString().replace('.000Z', 'Z')

const CHAPTERS_VERSION = '1.2.0'

/** The episode's audit entries: what happened, to which episode. */
function episodeAudit(change: ContentChange, title: string): AuditEntry {
  const what = change.key === SHOW_KEY ? 'the podcast’s settings' : `episode “${title}”`
  const revision = change.revisionNumber ? ` (revision ${change.revisionNumber})` : ''
  const summary: Record<ContentChange['action'], string> = {
    imported: 'imported all content',
    created: `created ${what} as a draft`,
    'draft-saved': `saved a draft of ${what}`,
    'draft-discarded': `discarded the unpublished changes of ${what}`,
    published: `published ${what}${revision}`,
    scheduled: `scheduled ${what}${revision} for ${change.at}`,
    restored: `restored ${what}${revision}`,
    unpublished: `unpublished ${what}`,
    'slug-changed': `changed the address of ${what} from /listen/${change.from} to /listen/${change.to}`,
    deleted: `deleted ${what}`,
  }
  const { actor: _actor, ...details } = change
  return {
    action: `podcast.${change.action}`,
    summary: summary[change.action],
    target: { type: change.key === SHOW_KEY ? 'podcast' : 'episode', id: change.key },
    details,
  }
}

export function episodeAdminRoutes(backOffice: BackOffice, options: EpisodeAdminOptions) {
  const { database, media, site } = options
  const db = database.db
  const clock = options.clock ?? (() => new Date())
  const repository =
    options.repository ?? createContentRepository(database, { clock: options.clock })
  const { answer } = contentAnswers(db)

  backOffice.page({ path: '/podcast', access: EDITORS, label: 'Podcast', order: 45 })

  /**
   * Durations this process measured when the audio was uploaded, by SHA-256, so that saving the
   * episode right after does not read the file again (another process measures it once more).
   */
  const measured = new Map<string, number>()
  const remember = (sha256: string, duration: number) => {
    if (measured.size >= 100) measured.delete(measured.keys().next().value!)
    measured.set(sha256, duration)
  }

  // ── Reading ───────────────────────────────────────────────────────────────────────────────

  const isLive = (state: Pick<DocumentState, 'status' | 'publishAt'>, now: Date) =>
    state.status === 'published' ||
    (state.status === 'scheduled' &&
      state.publishAt !== null &&
      state.publishAt <= now.toISOString())

  /** The form's fields of an episode's data, a draft's unfinished data included. */
  function fieldsOf(slug: string, data: Partial<EpisodeDocument>, notes: string): EpisodeFields {
    const audio = data.files?.audio
    let chapters: EpisodeFields['chapters'] = []
    try {
      chapters = (
        parseEpisodeChapters({ files: { chapters: data.files?.chapters } } as EpisodeDocument)
          ?.chapters ?? []
      ).map(({ startTime, title }) => ({ startTime, title }))
    } catch {
      // chapters that do not parse are a draft's problem, named in the answer's `problems`
    }
    return {
      slug,
      title: data.title ?? '',
      number: data.number ?? 0,
      publishedAt: data.publishedAt ?? '',
      summary: data.summary ?? '',
      notes,
      audio: audio
        ? {
            sha256: audio.sha256,
            size: audio.size,
            mime: audio.mime,
            duration: data.duration ?? 0,
            url: storedFileUrl(audio.sha256, AUDIO_EXTENSION[audio.mime]),
          }
        : null,
      transcript: data.files?.transcript ?? '',
      chapters,
    }
  }

  /**
   * A draft's problems as its form shows them: a file not given yet says what to add (rather
   * than the schema's words for the fields it fills), the others by their form's field.
   */
  async function draftProblems(
    key: string,
    data: Partial<EpisodeDocument>,
    own: Set<string>,
  ): Promise<EpisodeAnswer['problems']> {
    const missing: EpisodeAnswer['problems'] = []
    if (!data.files?.audio)
      missing.push({
        source: key,
        field: 'audio',
        message: 'Upload the episode’s audio (MP3 or M4A).',
      })
    if (data.files?.transcript === undefined)
      missing.push({
        source: key,
        field: 'transcript',
        message:
          'Add the transcript (WebVTT, or plain text with a speaker on each line): every episode has a text alternative.',
      })
    const named = new Set(missing.map((problem) => problem.field))
    const problems = (await repository.draftProblems(key)).map((problem) => ({
      ...problemAnswer(problem),
      ...(own.has(problem.source) && { field: formField(problem.field ?? '_') }),
    }))
    return [...missing, ...problems.filter((problem) => !named.has(problem.field))]
  }

  async function episodeAnswer(key: string, now: Date): Promise<EpisodeAnswer> {
    const state = await repository.getDocument(key)
    if (state.kind !== 'episode') throw new ContentNotFoundError(`There is no episode ${key}.`)
    const latest = (state.draft ?? state.published)!
    const data = latest.data as Partial<EpisodeDocument>
    const labels = await staffLabels(db, [state.updatedBy])
    const own = ownOf(key, [state.slug])
    return {
      id: episodeIdOf(key),
      key,
      status: state.status,
      publishAt: state.publishAt,
      everPublished: state.published !== null,
      hasDraft: state.draft !== null,
      guid: data.guid ?? '',
      version: state.version,
      createdAt: state.createdAt,
      updatedAt: state.updatedAt,
      updatedBy: staffRef(labels, state.updatedBy),
      url: isLive(state, now) && state.slug ? `/listen/${state.slug}` : null,
      fields: fieldsOf(state.slug ?? '', data, latest.body ?? ''),
      // What publishing the draft needs, by the form's fields (an unfinished draft is kept).
      problems: state.draft ? await draftProblems(key, data, own) : [],
      contentVersion: await repository.contentVersion(),
    }
  }

  // ── From the form to the document ─────────────────────────────────────────────────────────

  /** The audio an episode names: the stored file with these bytes, and its length. */
  async function audioOf(sha256: string, current: EpisodeDocument | undefined) {
    if (current && current.files.audio.sha256 === sha256)
      return { name: current.audio, file: current.files.audio, duration: current.duration }
    const file = media && (await media.findFile(sha256, ['audio']))
    if (!file || (file.mime !== 'audio/mpeg' && file.mime !== 'audio/mp4')) return undefined
    let duration = measured.get(sha256)
    if (duration === undefined) {
      const bytes = await media!.readBlob(sha256, file.size)
      duration = roundDuration((await readAudioMetadata(bytes, file.name)).duration)
      remember(sha256, duration)
    }
    const mime: EpisodeDocument['files']['audio']['mime'] = file.mime
    return { name: '', file: { sha256, size: file.size, mime }, duration }
  }

  /**
   * The document of an episode's form: the files by their names (kept when a file is unchanged,
   * so that an export gives the same files back), the guid (kept for ever).
   */
  async function episodeDocument(
    fields: EpisodeFields | (Omit<EpisodeFields, 'audio'> & { audio: { sha256: string } | null }),
    source: string,
    current: { data: EpisodeDocument; guid: string } | { guid: string },
  ): Promise<{ data: unknown; body: string }> {
    const existing = 'data' in current ? (current.data as Partial<EpisodeDocument>) : undefined
    const slug = fields.slug
    const complete = existing?.files?.audio ? (existing as EpisodeDocument) : undefined
    const audio = fields.audio ? await audioOf(fields.audio.sha256, complete) : undefined
    // Audio the library does not have is refused: the draft would name a file nobody can play.
    if (fields.audio && !audio)
      throw new ContentError([
        {
          source,
          field: 'audio',
          message: 'This audio is not in the media library (any more): upload it again.',
        },
      ])
    const transcript = fields.transcript.replace(/\r\n?/g, '\n')

    const vtt = /^\uFEFF?WEBVTT(?:[ \t\n]|$)/.test(transcript)
    const transcriptName =
      existing?.transcript && existing.files?.transcript === transcript
        ? existing.transcript
        : `${slug}.${vtt ? 'vtt' : 'txt'}`
    const rows = fields.chapters.map(({ startTime, title }) => ({ startTime, title: title.trim() }))
    let chapters: { name: string; text: string } | undefined
    if (rows.length > 0) {
      let before: unknown
      try {
        before =
          existing?.chapters !== undefined
            ? (parseEpisodeChapters(existing as EpisodeDocument)?.chapters ?? []).map(
                ({ startTime, title }) => ({ startTime, title }),
              )
            : undefined
      } catch {
        before = undefined
      }
      chapters =
        before !== undefined && JSON.stringify(before) === JSON.stringify(rows)
          ? { name: existing!.chapters!, text: existing!.files!.chapters! }
          : {
              name: `${slug}.chapters.json`,
              text: `${JSON.stringify({ version: CHAPTERS_VERSION, chapters: rows }, null, 2)}\n`,
            }
    }
    // An unfinished draft leaves out what it does not have yet: the answer lists what publishing
    // needs (the audio, the transcript), and publishing checks everything.
    return {
      data: {
        title: fields.title,
        number: fields.number,
        publishedAt: isoTime(fields.publishedAt),
        summary: fields.summary,
        guid: current.guid,
        ...(audio && {
          audio: audio.name || `${slug}.${AUDIO_EXTENSION[audio.file.mime]}`,
          duration: audio.duration,
        }),
        ...(transcript.trim() && { transcript: transcriptName }),
        ...(chapters && { chapters: chapters.name }),
        files: {
          ...(audio && { audio: audio.file }),
          ...(transcript.trim() && { transcript }),
          ...(chapters && { chapters: chapters.text }),
        },
      },
      body: fields.notes,
    }
  }

  // ── Answers ───────────────────────────────────────────────────────────────────────────────

  const recorder =
    (
      context: RouteContext<unknown, unknown, unknown, SignedInStaff>,
      title?: string,
    ): RecordChange =>
    async (change, trx) => {
      if (title !== undefined) return context.audit(episodeAudit(change, title), trx)
      const row = await trx
        .selectFrom('content_document as d')
        .leftJoin('content_revision as r', 'r.id', 'd.published_revision_id')
        .select(['d.draft_data', 'r.data'])
        .where('d.key', '=', change.key)
        .executeTakeFirst()
      const data = row
        ? (JSON.parse(row.draft_data ?? row.data ?? 'null') as { title?: string })
        : null
      await context.audit(episodeAudit(change, data?.title ?? change.slug ?? change.key), trx)
    }

  const ownOf = (key: string, slugs: (string | null)[]) =>
    new Set([key, ...slugs.map((slug) => byKey({ key, kind: 'episode', slug }))])

  async function ownOfExisting(key: string) {
    const state = await repository.getDocument(key).catch(() => undefined)
    return ownOf(key, [state?.slug ?? null])
  }

  // ── The list ──────────────────────────────────────────────────────────────────────────────

  backOffice.route(EDITORS, {
    method: 'GET',
    url: '/podcast',
    async handler({ now }) {
      const documents = (await repository.listDocuments()).filter((d) => d.kind === 'episode')
      const data = await repository.latestData()
      const labels = await staffLabels(
        db,
        documents.map((d) => d.updatedBy),
      )
      const episodes: EpisodeListItem[] = documents
        .map((document) => {
          const episode = (data.get(document.key) ?? {}) as Partial<EpisodeDocument>
          return {
            id: episodeIdOf(document.key),
            key: document.key,
            slug: document.slug ?? '',
            status: document.status,
            publishAt: document.publishAt,
            hasDraft: document.hasDraft,
            title: episode.title || 'Untitled episode',
            number: episode.number ?? 0,
            publishedAt: episode.publishedAt ?? document.updatedAt,
            duration: episode.duration ?? 0,
            version: document.version,
            updatedAt: document.updatedAt,
            updatedBy: staffRef(labels, document.updatedBy),
            url: isLive(document, now) && document.slug ? `/listen/${document.slug}` : null,
          }
        })
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

  backOffice.route(EDITORS, {
    method: 'GET',
    url: '/podcast/episodes/:id',
    params: EpisodeParams,
    async handler({ params, reply, now }) {
      return answer(reply, new Set(), () => episodeAnswer(episodeKeyOf(params.id), now))
    },
  })

  // ── Publishing ────────────────────────────────────────────────────────────────────────────

  backOffice.route(EDITORS, {
    method: 'POST',
    url: '/podcast/episodes/:id/publish',
    params: EpisodeParams,
    body: EpisodeVersionRequest,
    async handler(context) {
      const { params, body, staff, reply, now } = context
      const key = episodeKeyOf(params.id)
      return answer(
        reply,
        await ownOfExisting(key),
        async () => {
          const state = await repository.getDocument(key)
          const data = (state.draft ?? state.published)?.data as EpisodeDocument | undefined
          // Its publication time decides: still to come, the episode waits for it.
          const at =
            data && Date.parse(data.publishedAt) > now.getTime()
              ? new Date(data.publishedAt)
              : undefined
          await repository.publish(key, {
            baseVersion: body.baseVersion,
            actor: staff.id,
            ...(at && { at }),
            record: recorder(context),
          })
          site?.changed()
          return episodeAnswer(key, now)
        },
        formField,
      )
    },
  })

  backOffice.route(EDITORS, {
    method: 'POST',
    url: '/podcast/episodes/:id/unpublish',
    params: EpisodeParams,
    body: EpisodeVersionRequest,
    async handler(context) {
      const { params, body, staff, reply, now } = context
      const key = episodeKeyOf(params.id)
      return answer(reply, await ownOfExisting(key), async () => {
        await repository.unpublish(key, {
          baseVersion: body.baseVersion,
          actor: staff.id,
          record: recorder(context),
        })
        site?.changed()
        return episodeAnswer(key, now)
      })
    },
  })

  backOffice.route(ADMIN_ONLY, {
    method: 'DELETE',
    url: '/podcast/episodes/:id',
    params: EpisodeParams,
    query: EpisodeVersionQuery,
    async handler(context) {
      const { params, query, staff, reply } = context
      const key = episodeKeyOf(params.id)
      return answer(reply, await ownOfExisting(key), async () => {
        // Named in the log by its title, read before the document is gone.
        const state = await repository.getDocument(key)
        const title = ((state.draft ?? state.published)?.data as EpisodeDocument | undefined)?.title
        await repository.deleteArticle(key, {
          baseVersion: query.baseVersion,
          actor: staff.id,
          record: recorder(context, title ?? state.slug ?? key),
        })
        site?.changed()
        return {
          deleted: key,
          contentVersion: await repository.contentVersion(),
        } satisfies DeletedAnswer
      })
    },
  })

  // ── The show ──────────────────────────────────────────────────────────────────────────────

  async function showAnswer(): Promise<ShowAnswer> {
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

  backOffice.route(EDITORS, {
    method: 'GET',
    url: '/podcast/show',
    async handler({ reply }) {
      return answer(reply, new Set(), () => showAnswer())
    },
  })

  backOffice.route(EDITORS, {
    method: 'POST',
    url: '/podcast/show',
    body: SaveShowRequest,
    async handler(context) {
      const { body, staff, reply } = context
      const own = new Set([SHOW_KEY])
      return answer(reply, own, async () => {
        const state = await repository.getDocument(SHOW_KEY)
        const current = (state.draft ?? state.published)!.data as ShowDocument
        const { artwork: artworkRef, funding, follow, ...fields } = body.fields
        let artwork = current.files.artwork
        if (artworkRef.sha256 !== artwork.sha256) {
          const file = media && (await media.findFile(artworkRef.sha256, ['master']))
          if (!file || (file.mime !== 'image/jpeg' && file.mime !== 'image/png'))
            throw new ContentError([
              {
                source: SHOW_KEY,
                field: 'artwork',
                message: 'This artwork is not in the media library: upload it again.',
              },
            ])
          artwork = {
            sha256: artworkRef.sha256,
            size: file.size,
            mime: file.mime,
            width: file.width ?? 0,
            height: file.height ?? 0,
          }
        }
        const extension = ARTWORK_EXTENSION[artwork.mime]
        const data = {
          ...fields,
          category: {
            name: fields.category.name,
            ...(fields.category.subcategory && { subcategory: fields.category.subcategory }),
          },
          artwork:
            artwork.sha256 === current.files.artwork.sha256
              ? current.artwork
              : `artwork.${extension}`,
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
        const saved = await repository.saveDraft(SHOW_KEY, {
          data,
          baseVersion: body.baseVersion,
          actor: staff.id,
          record: recorder(context),
        })
        await repository.publish(SHOW_KEY, {
          baseVersion: saved.document.version,
          actor: staff.id,
          record: recorder(context),
        })
        site?.changed()
        return showAnswer()
      })
    },
  })

  // ── The form and the uploads: requests larger than the back office's 64 KB of JSON ───────

  // Their paths under /admin/api, as the table test calls them (the plugin's are under /podcast).
  const mountedRoutes = [
    { method: 'POST' as const, url: '/podcast/uploads/audio' },
    { method: 'POST' as const, url: '/podcast/uploads/artwork' },
    { method: 'POST' as const, url: '/podcast/episodes' },
    { method: 'POST' as const, url: '/podcast/episodes/:id/draft' },
  ]

  backOffice.mount(EDITORS, {
    prefix: '/podcast',
    routes: mountedRoutes,
    async register(app: FastifyInstance, tools) {
      await acceptUploads(app)

      /** The signed-in staff member's context, as the route table gives it to its handlers. */
      const contextOf = (request: FastifyRequest, reply: FastifyReply) =>
        ({
          body: undefined,
          query: undefined,
          params: undefined,
          staff: request.staff!,
          request,
          reply,
          now: clock(),
          audit: (entry: AuditEntry, trx: Database['db'] = db) =>
            recordAudit(
              trx,
              { id: request.staff!.id, label: request.staff!.email },
              entry,
              clock(),
            ),
        }) as RouteContext<unknown, unknown, unknown, SignedInStaff>

      const refuse = (reply: FastifyReply, error: MediaRefusal) =>
        sendApiError(
          reply,
          error.statusCode,
          error.message,
          error.field ? { fields: { [error.field]: error.message } } : {},
        )

      /** The route table's check of a request's input: 400 naming each field. */
      const parsed = <T>(
        schema: z.ZodType<T>,
        value: unknown,
        reply: FastifyReply,
      ): T | undefined => {
        const result = schema.safeParse(value)
        if (result.success) return result.data
        const fields = fieldErrors(result.error)
        void sendApiError(reply, 400, Object.values(fields)[0] ?? 'Please check the form.', {
          fields,
        })
        return undefined
      }

      app.post(
        '/uploads/audio',
        {
          onRequest: refuseLargeBodies(AUDIO_UPLOAD_MAX_BYTES, 'audio file'),
          preHandler: tools.guard,
        },
        async (request, reply) => {
          if (!media)
            return sendApiError(reply, 503, 'Uploads are not switched on for this server.')
          try {
            const upload = await readUpload(request, {
              maxBytes: AUDIO_UPLOAD_MAX_BYTES,
              what: 'audio file',
            })
            const audio = await readAudioMetadata(upload.bytes, upload.fileName)
            const saved = await media.saveBlob({
              bytes: upload.bytes,
              mime: audio.mimeType,
              kind: 'audio',
              fileName: upload.fileName,
              createdBy: request.staff!.id,
            })
            const duration = roundDuration(audio.duration)
            remember(saved.item.sha256, duration)
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
          } catch (error) {
            if (error instanceof AudioRejectedError)
              return sendApiError(reply, 415, error.message, { fields: { audio: error.message } })
            if (error instanceof MediaRefusal)
              return refuse(
                reply,
                new MediaRefusal(error.message, { statusCode: error.statusCode, field: 'audio' }),
              )
            throw error
          }
        },
      )

      app.post(
        '/uploads/artwork',
        {
          onRequest: refuseLargeBodies(ARTWORK_UPLOAD_MAX_BYTES, 'artwork'),
          preHandler: tools.guard,
        },
        async (request, reply) => {
          if (!media)
            return sendApiError(reply, 503, 'Uploads are not switched on for this server.')
          try {
            const upload = await readUpload(request, {
              maxBytes: ARTWORK_UPLOAD_MAX_BYTES,
              what: 'artwork',
            })
            const saved = await media.saveImage({
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
              if (saved.created) await media.remove(saved.item.id).catch(() => {})
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
          } catch (error) {
            if (error instanceof MediaRefusal)
              return refuse(
                reply,
                new MediaRefusal(error.message, { statusCode: error.statusCode, field: 'artwork' }),
              )
            throw error
          }
        },
      )

      app.post(
        '/episodes',
        { bodyLimit: EPISODE_REQUEST_MAX_BYTES, preHandler: tools.guard },
        async (request, reply) => {
          const body = parsed(EpisodeFieldsRequest, request.body, reply)
          if (!body) return reply
          const context = contextOf(request, reply)
          const source = byKey({
            key: `${EPISODE_KEY_PREFIX}new`,
            kind: 'episode',
            slug: body.slug,
          })
          return answer(
            reply,
            new Set([source]),
            async () => {
              const document = await episodeDocument(body, source, { guid: crypto.randomUUID() })
              const created = await repository.createDocument({
                kind: 'episode',
                slug: body.slug,
                data: document.data,
                body: document.body,
                actor: context.staff.id,
                record: recorder(context),
              })
              reply.code(201)
              return episodeAnswer(created.document.key, context.now)
            },
            formField,
          ).then((result) => (result === reply ? reply : reply.send(result)))
        },
      )

      app.post(
        '/episodes/:id/draft',
        { bodyLimit: EPISODE_REQUEST_MAX_BYTES, preHandler: tools.guard },
        async (request, reply) => {
          const params = parsed(EpisodeParams, request.params, reply)
          if (!params) return reply
          const body = parsed(SaveEpisodeRequest, request.body, reply)
          if (!body) return reply
          const context = contextOf(request, reply)
          const key = episodeKeyOf(params.id)
          const own = ownOf(key, [body.slug])
          return answer(
            reply,
            await ownOfExisting(key).then((set) => new Set([...set, ...own])),
            async () => {
              const state = await repository.getDocument(key)
              const current = (state.draft ?? state.published)!.data as EpisodeDocument
              let version = body.baseVersion
              if (body.slug !== state.slug) {
                const moved = await repository.changeSlug(key, body.slug, {
                  baseVersion: version,
                  actor: context.staff.id,
                  record: recorder(context),
                })
                version = moved.document.version
              }
              const document = await episodeDocument(
                body,
                byKey({ key, kind: 'episode', slug: body.slug }),
                {
                  data: current,
                  guid: current.guid,
                },
              )
              await repository.saveDraft(key, {
                data: document.data,
                body: document.body,
                baseVersion: version,
                actor: context.staff.id,
                record: recorder(context),
              })
              return episodeAnswer(key, context.now)
            },
            formField,
          ).then((result) => (result === reply ? reply : reply.send(result)))
        },
      )
    },
  })

  // The media library refuses to delete audio or artwork an episode or the show uses.
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
