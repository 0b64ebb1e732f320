/**
 * The media manifest (content/media-manifest.json, written by `npm run media`): every picture,
 * logo, share image and video the content may refer to, by id. Content refers to media by id
 * only; the manifest says which widths exist, how large the picture is and its colour.
 */
import { z } from 'zod'
import { mediaId, nonEmpty } from './fields.ts'

/** A vector logo (awards, partners). */
const logo = z.strictObject({
  id: z.string(),
  name: nonEmpty,
  src: z.string(),
  width: z.number(),
  height: z.number(),
})

/** One picture: its size, the widths its variants exist in, its colour. */
export const imageEntry = z.strictObject({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()).min(1),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /**
   * Uploaded pictures: where to keep the subject when a cover is cropped, 0–1 from the left and
   * the top (the build's pictures are drawn for their frames and have none).
   */
  focal: z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
})
export type ImageEntry = z.infer<typeof imageEntry>

/**
 * The media id of an uploaded picture (server/media): "u/<32 hex digits>", whose variants are
 * /media/u/<key>-<width>.<ext>. No picture of the build has an id starting with "u/".
 */
export const UPLOADED_IMAGE_ID = /^u\/[0-9a-f]{32}$/

/** Every uploaded picture id written anywhere in a text (a document's JSON, a Markdown body). */
export function uploadedImageIds(text: string): string[] {
  return [...new Set(text.match(/\bu\/[0-9a-f]{32}\b/g) ?? [])]
}

export const mediaManifest = z.strictObject({
  images: z.record(z.string(), imageEntry),
  videos: z.record(
    z.string(),
    z.strictObject({
      width: z.number(),
      height: z.number(),
      duration: z.number(),
      poster: mediaId,
      mp4: z.string(),
      webm: z.string(),
    }),
  ),
  awards: z.array(logo),
  partners: z.array(logo),
  og: z.record(z.string(), z.string()),
})
export type MediaManifest = z.infer<typeof mediaManifest>

/** What a page needs to draw one manifest picture: srcsets of its variants and its box. */
export interface ImageSource {
  /** Fallback URL (the WebP of a middle width). */
  src: string
  avifSrcSet: string
  webpSrcSet: string
  width: number
  height: number
  /** Background colour shown while the image loads. */
  color: string
  alt: string
  /** CSS object-position for a cover cropped to its frame (uploaded pictures with a focal point). */
  position?: string
}

/** A manifest image's generated widths, the fallback width among them, and a variant's URL. */
export function imageVariants(manifest: MediaManifest, id: string) {
  const entry = manifest.images[id]
  if (!entry) return undefined
  const widths = [...entry.widths].sort((a, b) => a - b)
  const fallbackWidth = widths[Math.floor((widths.length - 1) / 2)] ?? entry.width
  const url = (w: number, ext: 'avif' | 'webp') => `/media/${id}-${w}.${ext}`
  return { entry, widths, fallbackWidth, url }
}

/** The sources of one manifest picture, or undefined when the manifest has no such image. */
export function imageSource(
  manifest: MediaManifest,
  id: string,
  alt: string,
): ImageSource | undefined {
  const variants = imageVariants(manifest, id)
  if (!variants) return undefined
  const { entry, widths, fallbackWidth, url } = variants
  return {
    src: url(fallbackWidth, 'webp'),
    avifSrcSet: widths.map((w) => `${url(w, 'avif')} ${w}w`).join(', '),
    webpSrcSet: widths.map((w) => `${url(w, 'webp')} ${w}w`).join(', '),
    width: entry.width,
    height: entry.height,
    color: entry.color,
    alt,
    ...(entry.focal && { position: focalPosition(entry.focal) }),
  }
}

/** A focal point as CSS object-position: "30% 60%". */
export function focalPosition(focal: { x: number; y: number }): string {
  const percent = (value: number) => `${Math.round(value * 1000) / 10}%`
  return `${percent(focal.x)} ${percent(focal.y)}`
}
