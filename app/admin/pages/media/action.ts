/**
 * The media library's writes, as the route's action (ADR 026): "Save alt text" posts the words,
 * "Save focal point" the point, and the confirmed "Delete" the picture's id, each with its
 * `intent`. The answer carries the picture as the server has it now (or the id it deleted), for
 * the page to put in the list it shows; a refusal comes back with the server's message and its
 * per-field messages, to show next to the field.
 */
import type { ActionFunctionArgs } from 'react-router'
import type { MediaItemWithUses } from '#common/content-admin.ts'
import * as contentApi from '#common/content-contracts.ts'
import { DESCRIBE_THE_PICTURE, notACoordinate, type FOCAL_AXES } from '#common/media-words.ts'
import { ApiError, call, formText, refusal } from '#app/admin/api.ts'

export type MediaIntent = 'alt' | 'focus' | 'delete'

export type MediaActionResult =
  | { ok: true; intent: 'alt' | 'focus'; notice: string; item: MediaItemWithUses }
  | { ok: true; intent: 'delete'; notice: string; deleted: string }
  | { ok: false; intent: string; message: string; fields: Record<string, string> }

/** A focal point's coordinate as posted: a number from 0 to 1, or refused by its field. */
function coordinate(form: FormData, field: keyof typeof FOCAL_AXES) {
  const value = Number(formText(form, field).trim() || Number.NaN)
  if (!(value >= 0 && value <= 1)) throw refusal(field, notACoordinate(field))
  return value
}

const update = (id: string, body: { alt?: string; focalX?: number; focalY?: number }) =>
  call(contentApi.media.update, { params: { id }, body })

const CHANGES: Record<MediaIntent, (id: string, form: FormData) => Promise<MediaActionResult>> = {
  async alt(id, form) {
    const alt = formText(form, 'alt').trim()
    if (!alt) throw refusal('alt', DESCRIBE_THE_PICTURE)
    const { item } = await update(id, { alt })
    return { ok: true, intent: 'alt', notice: 'The alt text is saved.', item }
  },
  async focus(id, form) {
    const body = { focalX: coordinate(form, 'focalX'), focalY: coordinate(form, 'focalY') }
    const { item } = await update(id, body)
    return { ok: true, intent: 'focus', notice: 'The focal point is saved.', item }
  },
  async delete(id) {
    await call(contentApi.media.remove, { params: { id } })
    return { ok: true, intent: 'delete', notice: 'The picture is deleted.', deleted: id }
  },
}

const isIntent = (value: string): value is MediaIntent => Object.hasOwn(CHANGES, value)

export async function mediaAction({
  request,
}: Pick<ActionFunctionArgs, 'request'>): Promise<MediaActionResult> {
  const form = await request.formData()
  const intent = formText(form, 'intent')
  if (!isIntent(intent))
    return {
      ok: false,
      intent,
      message: 'That is not something the media library does.',
      fields: {},
    }
  try {
    return await CHANGES[intent](formText(form, 'id'), form)
  } catch (caught) {
    const fields = caught instanceof ApiError ? caught.fields : {}
    return { ok: false, intent, message: (caught as Error).message, fields }
  }
}
