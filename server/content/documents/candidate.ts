/**
 * Checking content as a whole before it is written: a change is applied to everything published
 * or scheduled and the result must make a valid snapshot (snapshotFromDocuments), so what is
 * published always renders.
 */
import crypto from 'node:crypto'
import { sql } from 'kysely'
import { mediaManifest, uploadedImageIds, type ImageEntry } from '#common/content/media.ts'
import { checkMarkdown } from '#common/content/markdown.ts'
import { ContentError, type ContentProblem } from '#common/content/problems.ts'
import {
  byKey,
  checkDocument,
  SLUGGED_KINDS,
  snapshotFromDocuments,
  type ContentDocument,
  type ContentSnapshot,
  type DocumentKind,
} from '#common/content/snapshot.ts'
import { uploadedImageEntries } from '#server/media/content-pictures.ts'
import { ContentActionError } from '../errors.ts'
import type { Candidate, Db, DocumentRow } from './types.ts'

/** Whether a document (as `d`) is what visitors see at `at` ('with-scheduled': for checks). */
export function visibleAt(at: string | 'with-scheduled') {
  return at === 'with-scheduled'
    ? sql<boolean>`d.status in ('published', 'scheduled')`
    : sql<boolean>`(d.status = 'published' or (d.status = 'scheduled' and d.publish_at <= ${at}))`
}

/** A stored row as a document, with what its stored text tells (see uploadsOf, parsedBefore). */
export function documentOfRow(
  row: { key: string; kind: string; slug: string | null; data: string; body: string | null },
  forCheck = false,
): ContentDocument {
  const document: ContentDocument = {
    key: row.key,
    kind: row.kind as DocumentKind,
    slug: row.slug,
    data: JSON.parse(row.data) as unknown,
    body: row.body,
  }
  if (!row.data.includes('\\u')) storedUploadIds.set(document, idsIn(row.data, row.body))
  // Only a check reuses a parse: a load of the published pages does not pay for the hash.
  if (forCheck) storedText.set(document, textHash(row))
  return document
}

/** The redirects of the documents visitors see at `at`. */
export async function visibleRedirects(trx: Db, at: string | 'with-scheduled') {
  const rows = await trx
    .selectFrom('content_redirect as x')
    .innerJoin('content_document as d', 'd.id', 'x.document_id')
    .select(['x.from_slug', 'd.slug'])
    .where(visibleAt(at))
    .execute()
  return rows.map((row) => ({ from: row.from_slug, to: row.slug ?? '' }))
}

/**
 * The documents visitors see at `at` with their published revision: published ones, and
 * scheduled ones whose time has come ('with-scheduled' counts every scheduled one, for checks).
 */
export async function visibleDocuments(trx: Db, at: string | 'with-scheduled'): Promise<Candidate> {
  const rows = await trx
    .selectFrom('content_document as d')
    .innerJoin('content_revision as r', 'r.id', 'd.published_revision_id')
    .select(['d.key', 'd.kind', 'd.slug', 'r.data', 'r.body'])
    .where(visibleAt(at))
    .execute()
  return {
    documents: rows.map((row) => documentOfRow(row, at === 'with-scheduled')),
    redirects: await visibleRedirects(trx, at),
  }
}

/**
 * The uploaded picture ids of documents read by visibleDocuments, found in their stored JSON.
 * Writing every document's data out again to find them (JSON.stringify) was most of the cost of
 * uploadsOf at thousands of episodes, on every publish and every reload. A stored text with a
 * \u escape is left to uploadsOf, which reads the parsed value (the escape could spell an id).
 */
const storedUploadIds = new WeakMap<object, readonly string[]>()

function idsIn(data: string, body: string | null | undefined): string[] {
  return uploadedImageIds(`${data}\n${body ?? ''}`)
}

/**
 * Each document as the last check in this process parsed it (its schema applied), by key, with
 * a hash of the stored text it was read from (`storedText`): a document stored unchanged since
 * is not parsed again. At ten years of episodes the schemas were most of a publish's check
 * (issue 29). A hash, not the text, so that the process keeps no second copy of the content.
 */
let parsedStored = new Map<string, { text: string; document: ContentDocument }>()
const storedText = new WeakMap<object, string>()

function textHash(row: { kind: string; slug: string | null; data: string; body: string | null }) {
  return crypto
    .createHash('sha256')
    .update(`${row.kind}\0${row.slug ?? ''}\0${row.data}\0${row.body ?? ''}`)
    .digest('base64url')
}

/** A stored document as the last check parsed it, if its stored text has not changed since. */
function parsedBefore(document: ContentDocument): ContentDocument | undefined {
  const text = storedText.get(document)
  const earlier = text === undefined ? undefined : parsedStored.get(document.key)
  return earlier?.text === text ? earlier?.document : undefined
}

/** Keeps the stored documents of a check that passed, as it parsed them (parsedBefore). */
function rememberParsed(
  documents: readonly ContentDocument[],
  parsed: ReadonlyMap<string, ContentDocument>,
) {
  const next = new Map<string, { text: string; document: ContentDocument }>()
  for (const document of documents) {
    const text = storedText.get(document)
    const checked = parsed.get(document.key)
    if (text !== undefined && checked) next.set(document.key, { text, document: checked })
  }
  parsedStored = next
}

/** The ids of the uploaded pictures (server/media) that the documents name. */
export function uploadIdsOf(documents: readonly Pick<ContentDocument, 'data' | 'body'>[]) {
  const ids = new Set<string>()
  for (const document of documents) {
    const stored = storedUploadIds.get(document)
    for (const id of stored ?? idsIn(JSON.stringify(document.data), document.body)) ids.add(id)
  }
  return ids
}

/** The uploaded pictures (server/media) the documents name, as manifest entries. */
export async function uploadsOf(
  trx: Db,
  documents: readonly Pick<ContentDocument, 'data' | 'body'>[],
): Promise<Record<string, ImageEntry>> {
  const ids = uploadIdsOf(documents)
  return ids.size === 0 ? {} : uploadedImageEntries(trx, [...ids])
}

/**
 * Checks documents as a whole, with the uploaded pictures they name. `stored`: the documents as
 * the database holds them, which passed every check when they were published: their Markdown and
 * files are not read again (at thousands of episodes that is most of a check), unless the media
 * manifest is one of the documents that changed. Schemas and the checks across documents apply
 * to all.
 */
export async function snapshotOf(
  trx: Db,
  candidate: Candidate,
  stored?: ReadonlySet<ContentDocument>,
): Promise<ContentSnapshot> {
  const mediaChanged = candidate.documents.some((d) => d.kind === 'media' && !stored?.has(d))
  const parsed = new Map<string, ContentDocument>()
  const snapshot = snapshotFromDocuments(candidate.documents, {
    redirects: candidate.redirects,
    uploads: await uploadsOf(trx, candidate.documents),
    ...(stored &&
      !mediaChanged && { checkedBefore: (document) => stored.has(document), parsedBefore }),
    parsed,
  })
  rememberParsed(candidate.documents, parsed)
  return snapshot
}

/**
 * Applies a change to everything published or scheduled and checks the result as a whole;
 * throws a ContentError naming each problem by document key and field. The documents the change
 * brings are checked whole; the others passed when they were published (snapshotOf).
 */
export async function checkCandidate(trx: Db, change: (candidate: Candidate) => void) {
  const candidate = await visibleDocuments(trx, 'with-scheduled')
  const stored = new Set(candidate.documents)
  change(candidate)
  return snapshotOf(trx, candidate, stored)
}

export function without(candidate: Candidate, key: string) {
  candidate.documents = candidate.documents.filter((d) => d.key !== key)
}

export function withDocument(candidate: Candidate, document: ContentDocument) {
  without(candidate, document.key)
  candidate.documents.push(document)
}

/** A candidate without the document and the former slugs that redirect to it. */
export function withoutDocument(candidate: Candidate, row: Pick<DocumentRow, 'key' | 'slug'>) {
  without(candidate, row.key)
  candidate.redirects = candidate.redirects.filter((r) => r.to !== row.slug)
}

/** Articles and episodes come and go; pages and settings are always published. */
export function assertArticle(row: DocumentRow, action: string) {
  if (!SLUGGED_KINDS.has(row.kind as DocumentKind))
    throw new ContentActionError(
      `${row.key} is always published: only articles and episodes can be ${action}.`,
    )
}

/** A document's fields as its schema returns them (trimmed, in the schema's order). */
export function parsed(document: ContentDocument): ContentDocument {
  const checked = checkDocument(document, { source: byKey(document) })
  if (checked.problems.length > 0) throw new ContentError(checked.problems)
  return checked.document
}

/** The Markdown of an article's body or an episode's notes, checked against the pictures. */
function markdownProblems(
  document: ContentDocument,
  source: string,
  images: Record<string, unknown>,
): ContentProblem[] {
  if (!SLUGGED_KINDS.has(document.kind)) return []
  return checkMarkdown(document.body ?? '', { imageExists: (id) => id in images }).map(
    (problem) => ({
      source,
      field: document.kind === 'article' ? 'body' : 'notes',
      line: problem.line,
      column: problem.column,
      message: problem.message,
      ...(problem.unsafe && { unsafe: true as const }),
    }),
  )
}

/**
 * A draft as it may be stored: unfinished is fine (a field still empty, a picture not chosen
 * yet, a photo without its caption), and `problems` says what keeps it from being published;
 * unsafe content (raw HTML, a link to a script) or data of another shape (a field the document
 * does not have, a value of another type than its field's) is refused with a ContentError, and
 * nothing is stored.
 */
export async function checkDraft(
  trx: Db,
  document: ContentDocument,
): Promise<{ document: ContentDocument; problems: ContentProblem[] }> {
  const source = byKey(document)
  const own = checkDocument(document, { source })
  const candidate = await visibleDocuments(trx, 'with-scheduled')
  const media = candidate.documents.find((d) => d.key === 'media')
  const images = {
    ...(mediaManifest.safeParse(media?.data).data?.images ?? {}),
    ...(await uploadsOf(trx, [document])),
  }
  const markdown = markdownProblems(document, source, images)
  const refused = [
    ...markdown.filter((problem) => problem.unsafe),
    ...own.problems.filter(
      (problem) => problem.shape || problem.message.startsWith('unknown field'),
    ),
  ]
  if (refused.length > 0) throw new ContentError(refused)
  if (own.problems.length > 0) return { document, problems: [...own.problems, ...markdown] }
  // Complete on its own: what publishing it would do to everything published.
  try {
    const stored = new Set(candidate.documents)
    withDocument(candidate, own.document)
    await snapshotOf(trx, candidate, stored)
    return { document: own.document, problems: [] }
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    return { document: own.document, problems: [...error.problems] }
  }
}
