/**
 * From an uploaded picture to the files the site serves, with sharp: check what the bytes are
 * (image-bytes.ts), decode them under a pixel limit, turn them upright, convert them to sRGB and
 * drop every piece of metadata (EXIF with GPS, XMP, IPTC, ICC), then encode a master and the
 * same responsive AVIF and WebP variants the build writes (scripts/media/lib/raster.ts:
 * WebP quality 75 effort 4, AVIF quality 52 effort 2, widths no wider than the picture) and read
 * the dominant colour as the build's manifest does.
 *
 * Nothing uploaded is kept as uploaded: the master is a re-encoding too (JPEG, or PNG when the
 * picture has transparency), from the same decoded pixels.
 */
import { formatSize, sizeOver } from '#common/sizes.ts'
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { refuseFile } from './errors.ts'
import { IMAGE_LIMITS, VARIANT_WIDTHS } from './limits.ts'
import {
  checkDeclaredType,
  checkImageStructure,
  IMAGE_FORMATS,
  sniffImage,
  type ImageFormat,
} from './image-bytes.ts'

/** The build's encoder settings (scripts/media/lib/raster.ts, writeVariants). */
const WEBP = { quality: 75, effort: 4 } as const
const AVIF = { quality: 52, effort: 2 } as const
const MASTER_JPEG = { quality: 90, mozjpeg: true } as const

export interface EncodedFile {
  bytes: Buffer
  format: 'avif' | 'webp' | 'jpeg' | 'png'
  mime: string
  width: number
  height: number
}

export interface ProcessedImage {
  /** What the uploaded bytes were. */
  format: ImageFormat
  /** The upright picture's size (the master may be smaller). */
  width: number
  height: number
  /** The dominant colour, "#rrggbb". */
  color: string
  master: EncodedFile
  /** AVIF and WebP per width, narrowest first. */
  variants: EncodedFile[]
}

const sharpOptions = {
  limitInputPixels: IMAGE_LIMITS.maxPixels,
  // A picture whose data is damaged is refused; harmless decoder warnings are not.
  failOn: 'error',
  // Only the first frame of an animated WebP, AVIF or PNG.
  pages: 1,
} as const

/** sharp reading uploaded bytes: under the pixel limit, refusing damaged data, first frame. */
export function decoder(bytes: Buffer, options: { autoOrient?: boolean } = {}): Sharp {
  return sharp(bytes, { ...sharpOptions, ...options })
}

/**
 * The widths to make for a picture `width` pixels wide: of `choice` (every width the site uses,
 * unless a feature names the few its pages show), those no wider than the picture, and the
 * picture's own width when it is narrower than the widest.
 */
export function variantWidths(width: number, choice: readonly number[] = VARIANT_WIDTHS): number[] {
  const widths: number[] = choice.filter((w) => w <= width)
  if (width < choice.at(-1)! && !widths.includes(width)) widths.push(width)
  return widths
}

function decodeFailure(format: ImageFormat, error: unknown) {
  const message = (error as Error).message ?? String(error)
  if (/pixel limit/i.test(message)) return tooLarge()
  return refuseFile(
    `The ${IMAGE_FORMATS[format].label} picture could not be decoded (${message.trim().split('\n', 1)[0]}). Export it again from an image editor.`,
  )
}

function tooLarge(width?: number, height?: number) {
  const size =
    width && height
      ? `The picture is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); `
      : 'The picture has too many pixels; '
  return refuseFile(
    `${size}the largest accepted is ${IMAGE_LIMITS.maxPixels / 1e6} megapixels and ${IMAGE_LIMITS.maxSide} pixels on a side. Scale it down and upload it again.`,
  )
}

const hex = (value: number) => value.toString(16).padStart(2, '0')

/**
 * How the master is made: re-encoded from the decoded pixels (`encode`, every upload), or the
 * given bytes themselves (`as-is`: a JPEG or PNG from the operator's content folder, the
 * repository's or an export, imported so that an export gives the same file back; never for
 * what staff upload through the web).
 */
export type MasterMode = 'encode' | 'as-is'

/** Checks and re-encodes an uploaded picture; throws MediaRefusal naming what is wrong. */
export async function processImage(
  bytes: Buffer,
  upload: {
    declaredMime?: string | undefined
    fileName: string
    master?: MasterMode
    /** The variants' widths, when not every width the site uses (variantWidths). */
    widths?: readonly number[] | undefined
  },
): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_LIMITS.maxBytes) {
    throw refuseFile(
      `The picture is ${sizeOver(bytes.length, IMAGE_LIMITS.maxBytes)}; the largest accepted is ${formatSize(IMAGE_LIMITS.maxBytes)}.`,
      413,
    )
  }
  const format = sniffImage(bytes)
  checkDeclaredType(format, upload.declaredMime, upload.fileName)
  checkImageStructure(bytes, format)

  let metadata: Metadata
  try {
    // Headers only: the pixel limit is checked below, where the message can give the size.
    metadata = await sharp(bytes, { ...sharpOptions, limitInputPixels: false }).metadata()
  } catch (error) {
    throw decodeFailure(format, error)
  }
  // libvips names AVIF's decoder "heif"; a HEIC inside an AVIF brand is not AVIF.
  const decoded =
    metadata.format === 'heif'
      ? metadata.compression === 'av1'
        ? 'avif'
        : 'heic'
      : metadata.format
  if (decoded !== format) {
    throw refuseFile(
      `The file starts like a ${IMAGE_FORMATS[format].label} picture but its contents are ${decoded}, which is not accepted.`,
    )
  }
  const { width, height } = metadata.autoOrient
  if (width * height > IMAGE_LIMITS.maxPixels || Math.max(width, height) > IMAGE_LIMITS.maxSide)
    throw tooLarge(width, height)
  if (upload.master === 'as-is') {
    if (format !== 'jpeg' && format !== 'png')
      throw refuseFile(`Only a JPEG or a PNG can be kept as it is; this is ${format}.`)
    // The variants are made upright: a master turned by its EXIF orientation would not match.
    if ((metadata.orientation ?? 1) !== 1)
      throw refuseFile(
        'The picture is turned by its EXIF orientation; save it upright (orientation 1) and try again.',
      )
    if (Math.max(width, height) > IMAGE_LIMITS.masterMaxSide)
      throw refuseFile(
        `A picture kept as it is must be at most ${IMAGE_LIMITS.masterMaxSide} pixels on its longest side.`,
      )
  }

  // One decode: upright, sRGB (the profile applied), at most masterMaxSide, as raw pixels.
  let pixels: { data: Buffer; info: OutputInfo }
  try {
    pixels = await decoder(bytes, { autoOrient: true })
      .resize(IMAGE_LIMITS.masterMaxSide, IMAGE_LIMITS.masterMaxSide, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw decodeFailure(format, error)
  }
  const { info } = pixels
  const fromPixels = (): Sharp =>
    sharp(pixels.data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    })

  const { isOpaque, dominant } = await fromPixels().stats()
  const opaque = isOpaque || info.channels < 4
  const master: EncodedFile =
    upload.master === 'as-is'
      ? { bytes, format, mime: MIME[format], width: info.width, height: info.height }
      : opaque
        ? await encode(fromPixels().removeAlpha().jpeg(MASTER_JPEG), 'jpeg')
        : await encode(fromPixels().png({ compressionLevel: 9 }), 'png')

  const variants: EncodedFile[] = []
  for (const w of variantWidths(info.width, upload.widths)) {
    const resized = () => {
      const source = w === info.width ? fromPixels() : fromPixels().resize(w)
      return opaque ? source.removeAlpha() : source
    }
    variants.push(await encode(resized().avif(AVIF), 'avif'))
    variants.push(await encode(resized().webp(WEBP), 'webp'))
  }

  return {
    format,
    width,
    height,
    color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    master,
    variants,
  }
}

const MIME: Record<EncodedFile['format'], string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
}

async function encode(pipeline: Sharp, format: EncodedFile['format']): Promise<EncodedFile> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true })
  return { bytes: data, format, mime: MIME[format], width: info.width, height: info.height }
}
