/** The shapes the content repository reads and writes (docs/content.md). */
import type { Kysely } from 'kysely'
import type { ContentDocument, DocumentKind, SlugRedirect } from '#common/content/snapshot.ts'
import type { Database } from '#server/db/index.ts'
import type { ContentDocumentTable, DatabaseSchema } from '#server/db/schema.ts'

export type Db = Kysely<DatabaseSchema>
export type DocumentRow = ContentDocumentTable

export type DocumentStatus = ContentDocumentTable['status']

/** What every query and command of the repository takes: the database and the time "now". */
export interface ContentStore {
  database: Database
  db: Db
  clock: () => Date
}

export const nowIso = (store: ContentStore) => store.clock().toISOString()

export interface DocumentState {
  key: string
  kind: DocumentKind
  slug: string | null
  status: DocumentStatus
  publishAt: string | null
  version: number
  createdAt: string
  updatedAt: string
  updatedBy: string | null
  /** What visitors see (when status is published) or will see (scheduled). */
  published: { revisionId: string; number: number; data: unknown; body: string | null } | null
  /** Unpublished changes, if any. */
  draft: { data: unknown; body: string | null } | null
}

export interface RevisionSummary {
  id: string
  number: number
  authorId: string | null
  createdAt: string
  note: string | null
  /** The revision the document publishes now. */
  current: boolean
}

export interface Revision extends RevisionSummary {
  data: unknown
  body: string | null
}

export type ContentAction =
  | 'imported'
  | 'created'
  | 'draft-saved'
  | 'draft-discarded'
  | 'published'
  | 'scheduled'
  | 'restored'
  | 'unpublished'
  | 'slug-changed'
  | 'deleted'

/** What a change did, for the audit log (server/staff). */
export interface ContentChange {
  action: ContentAction
  /** The document; "*" (and kind null) for an import, which writes every document. */
  key: string
  kind: DocumentKind | null
  slug: string | null
  actor: string | null
  at: string
  /** The document's version after the change (0 once deleted). */
  version: number
  /** The content version after the change, when it changed what is published. */
  contentVersion?: number
  revisionId?: string
  revisionNumber?: number
  /** A slug change: the former and the new slug. */
  from?: string
  to?: string
  note?: string
}

/**
 * Called inside a mutation's transaction with what it changed (the audit log's entry is written
 * there, so a change and its record commit together or not at all).
 */
export type RecordChange = (change: ContentChange, trx: Db) => Promise<void>

/** What every command on one document takes: the version the editor opened, who acts. */
export interface DocumentWrite {
  baseVersion: number
  actor: string | null
  record?: RecordChange
}

/** What a command on one document answers. */
export interface DocumentChanged {
  document: DocumentState
  change: ContentChange
}

/** Documents as a change leaves them, with the redirects: the candidate that is checked. */
export interface Candidate {
  documents: ContentDocument[]
  redirects: SlugRedirect[]
}
