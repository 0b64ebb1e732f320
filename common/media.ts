/**
 * The media library as the server answers it and the back office and the renderer read it:
 * uploaded pictures and audio, their files at content-hashed URLs under /media/u/, and the
 * schemas of what staff send (server/media, docs/media.md).
 */
import { z } from 'zod'
import { ALT_MAX, DESCRIBE_THE_PICTURE, FOCAL_AXES, notACoordinate } from './media-words.ts'

/** Where uploaded files are served: apart from the build's /media/<id>-<w>.<ext> files. */
export const UPLOADED_MEDIA_PREFIX = '/media/u/'

/**
 * How content names an uploaded picture: "u/<key>", a media id like the build's
 * ("people/marisol-vega"), whose variants are then /media/u/<key>-<width>.<ext>.
 */
export const UPLOADED_ID_PREFIX = 'u/'

/**
 * A served file's name: the asset's key (32 hex digits of the upload's SHA-256), for a picture's
 * variant "-<width>", then the extension. The build's ids are words with slashes, never "u/".
 */
export const UPLOADED_FILE_NAME = /^([0-9a-f]{32})(?:-(\d{1,5}))?\.([a-z0-9]{2,5})$/

const alt = z
  .string({ error: DESCRIBE_THE_PICTURE })
  .trim()
  .min(1, DESCRIBE_THE_PICTURE)
  .max(ALT_MAX, `Keep the alt text under ${ALT_MAX} characters.`)

const focal = (field: keyof typeof FOCAL_AXES) =>
  z.coerce
    .number({ error: notACoordinate(field) })
    .min(0, `The focal point's ${FOCAL_AXES[field]} must be from 0 to 1.`)
    .max(1, `The focal point's ${FOCAL_AXES[field]} must be from 0 to 1.`)

/** The text fields of an upload (multipart/form-data, beside the `file` field). */
export const mediaUploadFields = z.object({
  alt,
  focalX: focal('focalX').default(0.5),
  focalY: focal('focalY').default(0.5),
})

/** PATCH /api/media/:id */
export const mediaUpdate = z
  .strictObject({
    alt: alt.optional(),
    focalX: focal('focalX').optional(),
    focalY: focal('focalY').optional(),
  })
  .refine((v) => (v.focalX === undefined) === (v.focalY === undefined), {
    message: 'Send the focal point as both focalX and focalY.',
    path: ['focalX'],
  })
export type MediaUpdate = z.infer<typeof mediaUpdate>

/** GET /api/media?q=&kind=&after=&limit= */
export const mediaListQuery = z.object({
  q: z.string().trim().max(200, 'Search for at most 200 characters.').optional(),
  kind: z.enum(['image', 'audio'], { error: 'kind is image or audio.' }).optional(),
  after: z.string().max(400).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be from 1 to 100.')
    .max(100, 'limit must be from 1 to 100.')
    .default(30),
})

export interface MediaFile {
  url: string
  role: 'variant' | 'master' | 'audio'
  format: string
  mime: string
  size: number
  width: number | null
  height: number | null
}

/** Who uses an asset, as a feature reports it (e.g. an article that shows the picture). */
export interface MediaUse {
  /** What kind of thing, e.g. "article", "episode", "page". */
  kind: string
  id: string
  /** What staff call it, e.g. the article's title. */
  title: string
  /** Where staff edit it, when there is such a page. */
  href?: string
}

export interface MediaItem {
  id: string
  /** The media id content names it by (pictures): "u/<key>". */
  contentId: string
  kind: 'image' | 'audio'
  originalName: string
  mime: string
  size: number
  sha256: string
  width: number | null
  height: number | null
  color: string | null
  alt: string | null
  focalPoint: { x: number; y: number } | null
  createdBy: string | null
  createdAt: string
  updatedAt: string
  files: MediaFile[]
}

/** The :id of a media route: any string is looked up (and maybe not found). */
export const mediaIdParams = z.strictObject({ id: z.string() })
