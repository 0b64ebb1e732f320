/**
 * The content the pages are rendered from: one ContentSnapshot (common/content/snapshot.ts). A
 * render gets it from React Router's context (`contentSource`, set by the caller of the render
 * module: the server, with what the database publishes); without one (the build, `react-router
 * dev`) it is the repository's content/ folder, read and checked once. Route loaders hand it to
 * the pure view functions of ./page-views.server.ts and ./articles.server.ts. A bad entry in
 * content/ throws an error naming the file and the field, which fails the build.
 */
import path from 'node:path'
import { createContext, type RouterContextProvider } from 'react-router'
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
 * The snapshot a render uses, as a function so that nothing reads content/ before a render asks
 * for it (a server deployed without the folder renders from the database only). The server entry
 * exports it for the render module (common/render-entry.ts).
 */
export const contentSource = createContext<() => ContentSnapshot>(contentSnapshot)

/**
 * A render of unpublished changes for staff (the back office's preview): the page says so and
 * is never indexed. Never set for a page visitors get.
 */
export const previewRender = createContext<boolean>(false)

/** What a loader renders from: the caller's snapshot, else the repository's. */
export function snapshotOf(context: Readonly<RouterContextProvider>): ContentSnapshot {
  return context.get(contentSource)()
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
