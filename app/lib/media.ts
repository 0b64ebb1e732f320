import type { ImageSource } from '#common/content/media.ts'

/** Media as the components receive it: already resolved from the manifest at build time. */
export type { ImageSource }

export interface VideoSource {
  mp4: string
  webm: string
  poster: ImageSource
  /**
   * The poster as AVIF at the fallback's width: a `poster` attribute takes one URL, and AVIF is
   * about 40 % lighter than the WebP fallback for these stills.
   */
  posterAvif: string
  width: number
  height: number
}

export interface LogoSource {
  src: string
  name: string
  width: number
  height: number
}

/** A content entry whose `image` (a manifest id and alt text) has been resolved for rendering. */
export type WithImage<T extends { image: unknown }> = Omit<T, 'image'> & { image: ImageSource }
