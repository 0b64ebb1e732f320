/**
 * Uploading to the media library (POST /admin/api/media, multipart): what the staff app checks
 * before sending (type and size, alt text), the upload with its progress, and a library item as
 * the picture previews of content (PicturePreview) read it.
 */
import { formatSize, sizeOver } from '#app/admin/format.ts'
import type { MediaItemAnswer, MediaItemWithUses, PicturePreview } from '#common/content-admin.ts'
import { media } from '#common/content-contracts.ts'
import { uploadForm } from '#app/admin/api.ts'

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
/** For the file input's `accept`: types and extensions (some systems give no type). */
export const ACCEPT = [...ACCEPTED_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.avif'].join(',')

/**
 * Why this file cannot be sent, said before it is: the server says the same (and checks the
 * bytes, which only it can), but a 20 MB file should not travel to be refused by its name.
 */
export function fileProblem(file: {
  name: string
  type: string
  size: number
}): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase()
  const known =
    (ACCEPTED_TYPES as readonly string[]).includes(file.type) ||
    (!file.type && ['jpg', 'jpeg', 'png', 'webp', 'avif'].includes(extension ?? ''))
  if (!known)
    return `“${file.name}” is not a JPEG, PNG, WebP or AVIF picture${extension === 'svg' ? ' (SVG drawings can carry scripts and are not accepted)' : extension === 'heic' ? ' (export it as JPEG first)' : ''}.`
  if (file.size > MAX_UPLOAD_BYTES)
    return `“${file.name}” is ${sizeOver(file.size, MAX_UPLOAD_BYTES)}; a picture may be at most ${formatSize(MAX_UPLOAD_BYTES)}.`
  if (file.size === 0) return `“${file.name}” is empty.`
  return undefined
}

export interface UploadInput {
  file: File
  alt: string
  focalX?: number
  focalY?: number
}

/** Sends one picture; `onProgress` gets the share sent (0–1). */
export function uploadPicture(
  input: UploadInput,
  onProgress?: (share: number) => void,
  signal?: AbortSignal,
): Promise<MediaItemAnswer> {
  const form = new FormData()
  form.set('alt', input.alt)
  if (input.focalX !== undefined && input.focalY !== undefined) {
    form.set('focalX', String(input.focalX))
    form.set('focalY', String(input.focalY))
  }
  form.set('file', input.file, input.file.name)
  return uploadForm(media.upload, form, { onProgress, signal })
}

/** A library item as content's picture previews describe it. */
export function previewOfItem(item: MediaItemWithUses): PicturePreview {
  const webp = item.files
    .filter((file) => file.role === 'variant' && file.format === 'webp' && file.width)
    .sort((a, b) => a.width! - b.width!)
  const middle = webp[Math.floor((webp.length - 1) / 2)]
  const master = item.files.find((file) => file.role === 'master')
  return {
    id: item.contentId,
    mediaId: item.id,
    src: middle?.url ?? master?.url ?? '',
    width: item.width ?? 1,
    height: item.height ?? 1,
    color: item.color ?? '#ede3d1',
    uploaded: true,
    focalPoint: item.focalPoint,
    alt: item.alt,
  }
}

/** The smallest WebP of an item that is at least `width` wide (thumbnails). */
export function thumbnailOf(item: MediaItemWithUses, width = 320): string | undefined {
  const webp = item.files
    .filter((file) => file.role === 'variant' && file.format === 'webp' && file.width)
    .sort((a, b) => a.width! - b.width!)
  return (webp.find((file) => file.width! >= width) ?? webp.at(-1))?.url
}
