/**
 * What the media module refuses, and why, in words an editor can act on. The routes answer
 * these as API errors ({error, message}, with `fields` naming the form field when there is one);
 * features that call the store directly (the podcast's audio) get the same error.
 */
export class MediaRefusal extends Error {
  override name = 'MediaRefusal'
  readonly statusCode: number
  /** The form field at fault, when the refusal is about one (file, alt, focalX, …). */
  readonly field: string | undefined

  constructor(message: string, options: { statusCode?: number; field?: string } = {}) {
    super(message)
    this.statusCode = options.statusCode ?? 400
    this.field = options.field
  }
}

/** The file itself is what is wrong (type, structure, size, dimensions). */
export function refuseFile(message: string, statusCode = 400): MediaRefusal {
  return new MediaRefusal(message, { statusCode, field: 'file' })
}
