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

export const mediaManifest = z.strictObject({
  images: z.record(
    z.string(),
    z.strictObject({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      widths: z.array(z.number().int().positive()).min(1),
      color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    }),
  ),
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
  }
}
