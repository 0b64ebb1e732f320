/**
 * The media library's API for the back office, under the prefix the composition root gives it
 * (/api/media):
 *
 *   POST   /            upload a picture (multipart: file, alt, focalX?, focalY?)  201 | 200
 *   GET    /            list and search (?q=&kind=&after=&limit=), newest first, keyset pages
 *   GET    /:id         one item, with what uses it
 *   PATCH  /:id         alt text and focal point (JSON)
 *   DELETE /:id         204; 409 with `usedBy` while a feature still uses it
 *
 * Every route runs the `guard` the composition root passes (staff's requireRole('editor',
 * 'admin')), and every change is handed to `audit`. Requests that change something must come
 * from this site (the forms' same-site check, server/http/form-post.ts).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify'
import { type z } from 'zod'
import { fieldErrors } from '#common/validation.ts'
import {
  mediaListQuery,
  mediaUpdate,
  mediaUploadFields,
  type MediaItem,
  type MediaUse,
} from '#common/media.ts'
import { MediaItemAnswerSchema, MediaListAnswerSchema } from '#common/content-admin-answers.ts'
import { MEDIA_PREFIX, media } from '#common/content-contracts.ts'
import { mountedRoute } from '#server/back-office/table.ts'
import { sendApiError } from '#server/http/api-error.ts'
import { isSameSite } from '#server/http/form-post.ts'
import { MediaRefusal } from './errors.ts'
import { IMAGE_LIMITS } from './limits.ts'
import { MediaInUse, type MediaLibrary } from './media-library.ts'
import { acceptUploads, readUpload, refuseLargeBodies } from './upload.ts'

export interface MediaAuditEntry {
  action: 'media.upload' | 'media.update' | 'media.delete'
  mediaId: string
  kind: 'image' | 'audio'
  /** One line for the audit log, e.g. 'uploaded "cover.jpg"'. */
  summary: string
}

export interface MediaRoutesOptions {
  library: MediaLibrary
  /** Who may use the library: a preHandler that answers 401/403 itself. */
  guard: preHandlerAsyncHookHandler
  /** Records a change in the audit log; awaited before the answer. */
  audit: (entry: MediaAuditEntry, request: FastifyRequest) => Promise<void> | void
  /** The signed-in staff member's id, stored as the upload's author. */
  actorOf?: (request: FastifyRequest) => string | null | undefined
  /** PUBLIC_SITE_URL, for the same-site check behind a proxy that rewrites Host. */
  siteUrl: string | undefined
}

export type MediaItemWithUses = MediaItem & { usedBy: MediaUse[] }

/**
 * The library's routes, inside the plugin's prefix, with what each answers: the plugin registers
 * each with its method and path from here, and the back office mounts them from here too.
 */
export const MEDIA_ROUTES = {
  upload: mountedRoute(MEDIA_PREFIX, media.upload, MediaItemAnswerSchema),
  list: mountedRoute(MEDIA_PREFIX, media.list, MediaListAnswerSchema),
  read: mountedRoute(MEDIA_PREFIX, media.read, MediaItemAnswerSchema),
  update: mountedRoute(MEDIA_PREFIX, media.update, MediaItemAnswerSchema),
  remove: mountedRoute(MEDIA_PREFIX, media.remove, {
    contentType: null,
    description: 'Deleted; no content.',
  }),
}

/** The :id of a route; any string is looked up (and not found), none is an error. */
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id

function sendRefusal(reply: FastifyReply, error: MediaRefusal) {
  if (error instanceof MediaInUse) {
    return reply
      .code(409)
      .header('cache-control', 'no-store')
      .send({ error: 'Conflict', message: error.message, usedBy: error.uses })
  }
  return sendApiError(
    reply,
    error.statusCode,
    error.message,
    error.field ? { fields: { [error.field]: error.message } } : {},
  )
}

export async function mediaRoutes(app: FastifyInstance, options: MediaRoutesOptions) {
  const { library, guard, audit } = options
  await acceptUploads(app)

  // MediaRefusal is the library's "your input is wrong": a 4xx with the field; anything else
  // goes on to the application's error handler.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof MediaRefusal) return sendRefusal(reply, error)
    throw error
  })

  const sameSite: onRequestAsyncHookHandler = async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (request.method === 'GET' || request.method === 'HEAD') return
    if (isSameSite(request, options.siteUrl)) return
    request.log.info('cross-site media request refused')
    return sendApiError(
      reply,
      403,
      'The media library can only be changed from the DocuCommons website.',
    )
  }
  app.addHook('onRequest', sameSite)
  app.addHook('preHandler', guard)

  const withUses = async (item: MediaItem): Promise<MediaItemWithUses> => ({
    ...item,
    usedBy: await library.usedBy(item.id),
  })

  const invalid = (reply: FastifyReply, error: z.ZodError) =>
    sendApiError(reply, 400, 'Please check the highlighted fields.', { fields: fieldErrors(error) })

  app.post(
    MEDIA_ROUTES.upload.url,
    { onRequest: refuseLargeBodies(IMAGE_LIMITS.maxBytes, 'picture') },
    async (request, reply) => {
      const upload = await readUpload(request, {
        maxBytes: IMAGE_LIMITS.maxBytes,
        what: 'picture',
      })
      const fields = mediaUploadFields.safeParse(upload.fields)
      if (!fields.success) return invalid(reply, fields.error)
      const saved = await library.saveImage({
        bytes: upload.bytes,
        fileName: upload.fileName,
        declaredMime: upload.declaredMime,
        alt: fields.data.alt,
        focalX: fields.data.focalX,
        focalY: fields.data.focalY,
        createdBy: options.actorOf?.(request) ?? null,
      })
      if (saved.created) {
        await audit(
          {
            action: 'media.upload',
            mediaId: saved.item.id,
            kind: 'image',
            summary: `uploaded "${saved.item.originalName}"`,
          },
          request,
        )
      }
      return reply
        .code(saved.created ? 201 : 200)
        .send({ item: await withUses(saved.item), existing: !saved.created })
    },
  )

  app.get(MEDIA_ROUTES.list.url, async (request, reply) => {
    const query = mediaListQuery.safeParse(request.query)
    if (!query.success) return invalid(reply, query.error)
    const page = await library.list(query.data)
    return { items: await Promise.all(page.items.map(withUses)), next: page.next }
  })

  app.get(MEDIA_ROUTES.read.url, async (request, reply) => {
    const id = idOf(request)
    const item = await library.get(id)
    if (!item) return sendApiError(reply, 404, 'There is no media item with this id.')
    return { item: await withUses(item) }
  })

  app.patch(MEDIA_ROUTES.update.url, async (request, reply) => {
    const id = idOf(request)
    const change = mediaUpdate.safeParse(request.body)
    if (!change.success) return invalid(reply, change.error)
    const item = await library.update(id, change.data)
    if (!item) return sendApiError(reply, 404, 'There is no media item with this id.')
    const changed = [
      change.data.alt !== undefined && 'alt text',
      change.data.focalX !== undefined && 'focal point',
    ].filter(Boolean)
    await audit(
      {
        action: 'media.update',
        mediaId: id,
        kind: item.kind,
        summary: `changed the ${changed.join(' and ') || 'nothing'} of "${item.originalName}"`,
      },
      request,
    )
    return { item: await withUses(item) }
  })

  app.delete(MEDIA_ROUTES.remove.url, async (request, reply) => {
    const id = idOf(request)
    const item = await library.get(id)
    if (!item) return sendApiError(reply, 404, 'There is no media item with this id.')
    await library.remove(id)
    await audit(
      {
        action: 'media.delete',
        mediaId: id,
        kind: item.kind,
        summary: `deleted "${item.originalName}"`,
      },
      request,
    )
    return reply.code(204).send()
  })
}
