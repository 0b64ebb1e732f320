/**
 * Why a change to content was refused, in words staff can act on. A route answers these with
 * 404, 409 and 422; ContentError (common/content/problems.ts) lists problems by field (400).
 */

/** No document has this key (or revision this id). */
export class ContentNotFoundError extends Error {
  override name = 'ContentNotFoundError'
  readonly statusCode = 404
}

/**
 * Someone else changed the document after the editor opened it: the save is refused, never
 * merged, and says who and when, so the editor can reload and redo their change.
 */
export class ContentConflictError extends Error {
  override name = 'ContentConflictError'
  readonly statusCode = 409
  readonly key: string
  readonly currentVersion: number
  readonly updatedBy: string | null
  readonly updatedAt: string

  constructor(current: {
    key: string
    version: number
    updatedBy: string | null
    updatedAt: string
  }) {
    super(
      `${current.key} was changed ${current.updatedBy ? `by ${current.updatedBy}` : 'by the importer'} at ${current.updatedAt}, after you opened it. Nothing was saved: reload it to see that change, then make yours again.`,
    )
    this.key = current.key
    this.currentVersion = current.version
    this.updatedBy = current.updatedBy
    this.updatedAt = current.updatedAt
  }
}

/** The action does not apply to this document (unpublishing a page, scheduling a live article…). */
export class ContentActionError extends Error {
  override name = 'ContentActionError'
  readonly statusCode = 422
}
