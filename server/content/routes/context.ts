/**
 * What every content route module takes: the back office to register on, the repository, the
 * media library and the running site when there are some, and how refusals are answered.
 */
import type { Database } from '#server/db/index.ts'
import type { MediaLibrary } from '#server/media/media-library.ts'
import type { FinishedPage } from '#server/render/renderer.ts'
import type { BackOffice } from '#server/back-office/table.ts'
import { SIGNED_IN } from '#server/back-office/roles.ts'
import type { LiveAnswer } from '#common/content-admin.ts'
import { contentAnswers } from '../answers.ts'
import { createContentRepository, type ContentRepository } from '../repository.ts'

/** Who may edit and publish content: every role; deleting documents is the administrators'. */
export const EDITORS = SIGNED_IN

/** What the running site offers the content routes (server/content/live-site.ts). */
export interface ContentSite {
  /** The content version this process serves, and its last failure. */
  status(): Promise<LiveAnswer>
  /**
   * A document's unpublished changes as its page, rendered off the request path (never served to
   * visitors), or why it cannot be (the problems of the draft).
   */
  preview(key: string): Promise<{ page: FinishedPage } | { problems: string[] }>
  /** A change was committed by this process: look for it now rather than at the next poll. */
  changed(): void
}

export interface ContentRoutes {
  backOffice: BackOffice
  db: Database['db']
  repository: ContentRepository
  media: MediaLibrary | undefined
  site: ContentSite | undefined
  answer: ReturnType<typeof contentAnswers>['answer']
}

/** What contentAdminRoutes and episodeAdminRoutes are given. */
export interface ContentRouteOptions {
  database: Database
  /** The content repository (tests give one with a clock of theirs). */
  repository?: ContentRepository | undefined
  /** The media library, when uploads are on: "used by", the podcast's audio and artwork. */
  media?: MediaLibrary | undefined
  /** The running site, when there is one (a server with a site build). */
  site?: ContentSite | undefined
  /** The back office's clock: when a publish happens, whether a scheduled one is due. */
  clock?: () => Date
}

export function contentRoutes(backOffice: BackOffice, options: ContentRouteOptions): ContentRoutes {
  const { database } = options
  return {
    backOffice,
    db: database.db,
    repository: options.repository ?? createContentRepository(database, { clock: options.clock }),
    media: options.media,
    site: options.site,
    answer: contentAnswers(database.db).answer,
  }
}
