/**
 * Which documents of a load the render worker need not read again (their Markdown, transcript
 * and chapters): those equal to their counterpart in the load before, which passed every check.
 * At thousands of episodes reading them all again was most of the time from a publish to its
 * pages (issue 29). A change to the media manifest or the uploaded pictures may make any
 * document's picture unknown, so then every document is read again.
 */
import { isDeepStrictEqual } from 'node:util'
import type { ContentDocument } from '#common/content/snapshot.ts'
import type { ImageEntry } from '#common/content/media.ts'

export interface CheckedContent {
  documents: readonly ContentDocument[]
  uploads?: Readonly<Record<string, ImageEntry>>
}

export function unchangedSince(
  previous: CheckedContent | undefined,
  next: CheckedContent,
): (document: ContentDocument) => boolean {
  if (!previous) return () => false
  const before = new Map(previous.documents.map((document) => [document.key, document]))
  const media = (content: CheckedContent) => content.documents.find((d) => d.kind === 'media')
  if (
    !isDeepStrictEqual(media(previous)?.data, media(next)?.data) ||
    !isDeepStrictEqual(previous.uploads ?? {}, next.uploads ?? {})
  )
    return () => false
  return (document) => {
    const earlier = before.get(document.key)
    return (
      earlier !== undefined &&
      earlier.kind === document.kind &&
      earlier.slug === document.slug &&
      earlier.body === document.body &&
      isDeepStrictEqual(earlier.data, document.data)
    )
  }
}
