import type { ImageSource } from '#app/lib/media.ts'
import { cn } from '#app/lib/cn.ts'

interface PictureProps {
  image: ImageSource
  /** The sizes attribute: how wide the image is drawn at each breakpoint. */
  sizes: string
  /** Above the fold: load eagerly; `priority` also raises the fetch priority (the LCP image). */
  loading?: 'lazy' | 'eager' | 'priority'
  className?: string
  imgClassName?: string
  alt?: string
}

/** A responsive AVIF/WebP picture with intrinsic dimensions, so it never shifts the layout. */
export function Picture({
  image,
  sizes,
  loading = 'lazy',
  className,
  imgClassName,
  alt,
}: PictureProps) {
  return (
    <picture className={cn('block', className)}>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img
        src={image.src}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={loading === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={loading === 'priority' ? 'high' : undefined}
        decoding={loading === 'lazy' ? 'async' : 'auto'}
        // An uploaded picture's focal point keeps its subject in the frame where it is cropped.
        style={
          image.position
            ? { backgroundColor: image.color, objectPosition: image.position }
            : { backgroundColor: image.color }
        }
        className={imgClassName ?? 'h-auto w-full'}
      />
    </picture>
  )
}
