/**
 * The content the pages are rendered from: one ContentSnapshot (common/content/snapshot.ts), read
 * and checked once from the repository's content/ folder while the site builds. Route loaders
 * hand it to the pure view functions of ./page-views.server.ts and ./articles.server.ts, so that
 * rendering from another snapshot (the database's, at run time) changes only where the loader
 * gets it. A bad entry throws an error naming the file and the field, which fails the build.
 */
import path from 'node:path'
import { readContentDir } from '#common/content/content-dir.ts'
import type { Picture } from '#common/content/fields.ts'
import { imageSource, imageVariants, type MediaManifest } from '#common/content/media.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import type { ImageSource, LogoSource, VideoSource } from './media.ts'

// Resolved from the project root: the build runs there, and this module is bundled elsewhere.
export const CONTENT_DIR = path.resolve('content')

let snapshot: ContentSnapshot | undefined

/** The repository's content, read once per process. */
export function contentSnapshot(): ContentSnapshot {
  return (snapshot ??= readContentDir(CONTENT_DIR))
}

/**
 * A manifest picture's sources. The snapshot's checks guarantee every referenced id exists, so a
 * missing one is a bug in this code, not bad content.
 */
export function resolveImage(media: MediaManifest, picture: Picture): ImageSource {
  const source = imageSource(media, picture.image, picture.alt)
  if (!source) throw new Error(`Image "${picture.image}" is not in the media manifest`)
  return source
}

export function resolveVideo(media: MediaManifest, id: string, posterAlt = ''): VideoSource {
  const entry = media.videos[id]
  const poster = entry && imageVariants(media, entry.poster)
  if (!entry || !poster) throw new Error(`Video "${id}" is not in the media manifest`)
  return {
    mp4: entry.mp4,
    webm: entry.webm,
    width: entry.width,
    height: entry.height,
    poster: resolveImage(media, { image: entry.poster, alt: posterAlt }),
    posterAvif: poster.url(poster.fallbackWidth, 'avif'),
  }
}

export function awards(media: MediaManifest): LogoSource[] {
  return media.awards.map(({ src, name, width, height }) => ({ src, name, width, height }))
}

export function partners(media: MediaManifest): (LogoSource & { id: string })[] {
  return media.partners.map(({ id, src, name, width, height }) => ({
    id,
    src,
    name,
    width,
    height,
  }))
}

export function ogImage(media: MediaManifest, key: string): string {
  return media.og[key] ?? media.og['default'] ?? '/media/og/default.jpg'
}
