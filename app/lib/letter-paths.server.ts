/**
 * The newsletter archive's pages, by path: which exist in a snapshot. Read by the page list
 * (app/page-paths.ts) as well as the views (./letters.server.ts), so it imports nothing that
 * needs the build's constants.
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { LETTER_ARCHIVE_PATH, letterPath, type ArchivedLetter } from '#common/newsletter-archive.ts'
import { fullPages } from './pager.ts'

/** Letters on each page of the archive. */
export const LETTERS_PER_PAGE = 10

export const letterArchivePagePath = (page: number) => `${LETTER_ARCHIVE_PATH}/page/${page}`

/** The letters that went out, newest first. */
export const archivedLetters = (snapshot: ContentSnapshot): readonly ArchivedLetter[] =>
  snapshot.letters ?? []

/** Every letter's page. */
export const letterPaths = (snapshot: ContentSnapshot) =>
  archivedLetters(snapshot).map((letter) => letterPath(letter.slug))

/** The archive's full pages (/newsletter/archive/page/1 holds the oldest letters). */
export function letterArchivePagePaths(snapshot: ContentSnapshot): string[] {
  const pages = fullPages(archivedLetters(snapshot).length, LETTERS_PER_PAGE)
  return Array.from({ length: pages }, (_, i) => letterArchivePagePath(i + 1))
}
