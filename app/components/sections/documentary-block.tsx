import type { ImageSource, VideoSource } from '#app/lib/media.ts'
import { cn } from '#app/lib/cn.ts'
import { Picture } from '#app/components/ui/picture.tsx'
import { Island } from '#app/islands/island.tsx'

export interface DocumentaryView {
  id: string
  title: string
  subtitle: string
  description: string[]
  video: VideoSource
  images: ImageSource[]
  videoLeft: boolean
}

/** One documentary: its clip with a poster (put on as it nears the screen), six stills and its story; the flag puts the clip left or right. */
export function DocumentaryBlock({
  documentary,
  index,
}: {
  documentary: DocumentaryView
  index: number
}) {
  const titleId = `documentary-${documentary.id}`
  return (
    <article
      aria-labelledby={titleId}
      className="grid items-start gap-10 lg:grid-cols-12 lg:gap-14"
      data-video-left={documentary.videoLeft}
    >
      <div className={cn('lg:col-span-7', documentary.videoLeft ? 'lg:order-1' : 'lg:order-2')}>
        <Island
          name="lazy-poster-video"
          props={{ video: documentary.video, label: `${documentary.title}: trailer` }}
        />
        <ul
          className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-6"
          aria-label={`Stills from ${documentary.title}`}
        >
          {documentary.images.map((image) => (
            <li key={image.src}>
              <Picture
                image={image}
                sizes="(min-width: 1024px) 8rem, (min-width: 640px) 16vw, 30vw"
                className="aspect-square overflow-hidden rounded-lg"
                imgClassName="size-full object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
      <div
        className={cn('lg:col-span-5 lg:pt-6', documentary.videoLeft ? 'lg:order-2' : 'lg:order-1')}
      >
        {/* The large ordinal is decoration (drawn by CSS, not text), so it needs no contrast. */}
        <span
          aria-hidden="true"
          data-ordinal={String(index + 1).padStart(2, '0')}
          className="block font-display text-6xl leading-none font-semibold text-clay/25 before:content-[attr(data-ordinal)]"
        />
        <h3 id={titleId} className="mt-2 text-3xl font-semibold md:text-4xl">
          {documentary.title}
        </h3>
        <p className="mt-2 text-lg font-medium text-teal">{documentary.subtitle}</p>
        <div className="mt-5 space-y-4 text-ink-soft">
          {documentary.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
    </article>
  )
}
