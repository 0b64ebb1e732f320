/**
 * What an uploaded picture may be and what is made of it, apart from the pipeline itself, so that
 * the routes know the limits without loading sharp (image-pipeline.ts loads it when a picture
 * comes).
 */
export const IMAGE_LIMITS = {
  /** The largest upload: a full-resolution photo from a phone or a camera fits. */
  maxBytes: 20 * 1024 * 1024,
  /** Decompression bombs: a small file that decodes to billions of pixels is refused. */
  maxPixels: 64_000_000,
  maxSide: 16_384,
  /** The master's longest side: about twice the widest variant, and Apple's podcast artwork maximum. */
  masterMaxSide: 3000,
} as const

/**
 * The widths every uploaded picture is made in (those no wider than the picture, plus its own
 * width when it is narrower than the widest): the widths the build uses for the pictures staff
 * replace (article covers 480/960/1440, photos 480/960, portraits 320/640, posters up to 1600).
 */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1440, 1600] as const
