/**
 * The content part of the back office's API contract (issue 19), without the schema library, so
 * the staff app can import it (the request schemas the server parses are in
 * content-admin-schemas.ts). Every path here is under ADMIN_API (/admin/api); the route table
 * that serves them is server/content/admin-routes.ts, and docs/back-office.md ("Content: the
 * API") describes each call.
 *
 * A document is addressed by what it is: an article by its id (`/articles/<id>`, the stable part
 * of its key, which never changes when its slug does), a page or a settings document by its name
 * (`/pages/home`, `/pages/settings`). Every call that changes a document takes the `baseVersion`
 * the editor opened; if someone changed it since, nothing is written and the answer is a 409
 * ConflictAnswer saying who and when.
 */
import type { SeriesId } from './content/pages.ts'
import type { ApiProblem } from './back-office.ts'
import type { MediaItem, MediaUse } from './media.ts'

// ── Addressing documents ──────────────────────────────────────────────────────────────────────

/** The documents that exist once: the six pages, the header/footer copy and the site settings. */
export const PAGE_NAMES = [
  'home',
  'about',
  'articles',
  'contact',
  'privacy',
  'consent',
  'site',
  'settings',
] as const
export type PageName = (typeof PAGE_NAMES)[number]

/** What staff call each of them. */
export const PAGE_LABELS: Record<PageName, string> = {
  home: 'Home',
  about: 'About',
  articles: 'Articles page (series and order)',
  contact: 'Contact',
  privacy: 'Privacy',
  consent: 'Form and newsletter pages',
  site: 'Header and footer',
  settings: 'Site settings (phone, e-mail, links)',
}

/** The content document key of a page name: "home" → "page/home", "site" → "site". */
export function pageKey(name: PageName): string {
  return name === 'site' || name === 'settings' ? name : `page/${name}`
}

/** The page name of a content document key, or undefined for an article (or the media manifest). */
export function pageNameOf(key: string): PageName | undefined {
  const name = key.startsWith('page/') ? key.slice('page/'.length) : key
  return (PAGE_NAMES as readonly string[]).includes(name) ? (name as PageName) : undefined
}

/**
 * The public page a page or settings document shows on: its address, and what its preview
 * renders (the header and footer, and the settings: the home page; the form pages: the first).
 */
export function publicPagePath(name: PageName, data?: unknown): string {
  switch (name) {
    case 'home':
    case 'site':
    case 'settings':
      return '/'
    case 'consent': {
      const first = data && typeof data === 'object' ? Object.keys(data)[0] : undefined
      return first ?? '/newsletter/confirm'
    }
    default:
      return `/${name}`
  }
}

/** An article's id in the API: its key without "article/" (its first slug, or a generated id). */
export const articleIdOf = (key: string) => key.replace(/^article\//, '')
export const articleKeyOf = (id: string) => `article/${id}`

export type DocumentRef = { kind: 'article'; id: string } | { kind: 'page'; name: PageName }

/** The API path of a document (under /admin/api): "/articles/<id>" or "/pages/<name>". */
export function documentPath(ref: DocumentRef): string {
  return ref.kind === 'article' ? `/articles/${encodeURIComponent(ref.id)}` : `/pages/${ref.name}`
}

/**
 * The private preview of a document's unpublished changes, a page of the back office (not under
 * /api): the draft rendered through the site's own renderer, never cached, noindex, for signed-in
 * staff only. A page or settings document previews the page it shows on (settings and the header
 * and footer: the home page).
 */
export function previewPath(ref: DocumentRef): string {
  return `/admin/preview${documentPath(ref)}`
}

/*
 * The content routes' contracts (method, path, schema types) are in content-contracts.ts; their
 * roles and handlers in server/content/routes/. GET /admin/api/openapi.json lists them for
 * administrators.
 */

// ── Answers ───────────────────────────────────────────────────────────────────────────────────

/** A staff member as the content screens name them ("Ada Brooks", or the address). */
export interface StaffRef {
  id: string
  label: string
}

export type ContentStatus = 'draft' | 'published' | 'scheduled'

/** One article in the list: its newest state (the draft's fields when it has one). */
export interface ArticleListItem {
  id: string
  key: string
  slug: string
  status: ContentStatus
  /** When it went or goes live (scheduled: the time it will). */
  publishAt: string | null
  /** Unpublished changes are waiting. */
  hasDraft: boolean
  headline: string
  cardTitle: string
  name: string
  series: SeriesId
  /** The date shown on the article, YYYY-MM-DD. */
  date: string
  /** Media id of its portrait, for a thumbnail (see PicturesAnswer / DocumentAnswer.pictures). */
  portrait: string
  /** Where on the articles page it stands (1 = first), or null when it follows by date. */
  position: number | null
  version: number
  updatedAt: string
  /** Null for the importer (the sample's first version). */
  updatedBy: StaffRef | null
  /** Its public address while visitors can see it. */
  url: string | null
}

export interface PageListItem {
  name: PageName
  key: string
  label: string
  hasDraft: boolean
  version: number
  updatedAt: string
  updatedBy: StaffRef | null
  /** The public page it shows on (settings and header/footer: "/"). */
  url: string
}

/** GET /content */
export interface ContentOverviewAnswer {
  /** Raised by every publish; see LiveAnswer. */
  contentVersion: number
  /** Newest first by updatedAt. */
  articles: ArticleListItem[]
  /** In PAGE_NAMES order. */
  pages: PageListItem[]
  /** The articles page's series, in their order, for grouping and labels. */
  series: { id: SeriesId; title: string }[]
}

/**
 * GET /content/live: whether what was published is what this server process serves. After a
 * publish, `servedVersion` reaches `contentVersion` within seconds on every process.
 */
export interface LiveAnswer {
  contentVersion: number
  /** The content version of the pages this process serves (0: the build's own pages). */
  servedVersion: number
  /** When this process last rendered pages from the database. */
  renderedAt: string | null
  /** The last render that failed on this process (the previous pages stay served), if any. */
  lastFailure: { at: string; message: string } | null
}

/** How a picture referenced by content looks, so an editor can show it. */
export interface PicturePreview {
  /** The media id content uses: a build picture ("people/marisol-vega") or an upload ("u/<key>"). */
  id: string
  /** A WebP of a middle width. */
  src: string
  width: number
  height: number
  color: string
  /** An uploaded picture (in the media library); false for a picture of the build. */
  uploaded: boolean
  /** Covers: where to keep the subject when cropping, 0–1 from the left and the top. */
  focalPoint: { x: number; y: number } | null
  /** The library's alt text of an upload (a suggestion: content carries its own alt text). */
  alt: string | null
  /** The media library item's id of an upload (for GET/PATCH /media/:id); null for the build's. */
  mediaId: string | null
}

/** GET /content/pictures?q= : the build's pictures and the uploads a picture field may name. */
export interface PicturesAnswer {
  pictures: PicturePreview[]
}

export interface DocumentContent<D = unknown> {
  data: D
  /** An article's Markdown body; null for pages. */
  body: string | null
}

export interface RevisionSummaryAnswer {
  id: string
  /** 1, 2, … per document. */
  number: number
  author: StaffRef | null
  createdAt: string
  /** e.g. "Restored revision 3", or the note given when publishing. */
  note: string | null
  /** The revision visitors see (or will, when scheduled). */
  current: boolean
}

export interface RevisionAnswer<D = unknown> extends RevisionSummaryAnswer, DocumentContent<D> {}

export interface RevisionListAnswer {
  revisions: RevisionSummaryAnswer[]
}

/** GET /articles/:id, GET /pages/:name, and the answer of every change to a document. */
export interface DocumentAnswer<D = unknown> {
  ref: DocumentRef
  key: string
  kind: 'article' | 'page' | 'site' | 'settings'
  label: string
  /** Articles: the current slug. */
  slug: string | null
  status: ContentStatus
  publishAt: string | null
  /** Send it back as `baseVersion` with the next change. */
  version: number
  createdAt: string
  updatedAt: string
  updatedBy: StaffRef | null
  /** Its public address while visitors can see it. */
  url: string | null
  /** The private preview of the draft (or of the published content when there is no draft). */
  previewUrl: string
  /** What visitors see (or will see, when scheduled). */
  published: (DocumentContent<D> & { revisionId: string; number: number }) | null
  /**
   * Unpublished changes. A draft may be unfinished (a field still empty, a picture not chosen):
   * then its data is as the editor left it, and `problems` says what must be done before it can
   * be published.
   */
  draft: DocumentContent<D> | null
  /** What keeps the draft from being published (empty when it may be, or there is no draft). */
  problems: ContentProblemAnswer[]
  /** Newest first. */
  revisions: RevisionSummaryAnswer[]
  /** Articles: former slugs whose addresses answer 301 to this one. */
  formerSlugs: string[]
  /** Every picture the published content and the draft name, by media id. */
  pictures: Record<string, PicturePreview>
  /** The content version after this answer's change (raised by publish, restore, …). */
  contentVersion: number
}

/** DELETE /articles/:id */
export interface DeletedAnswer {
  deleted: string
  contentVersion: number
}

/** One changed value, at a dotted path of the document's data ("hero.heading", "cover.alt"). */
export interface FieldChange {
  field: string
  /** null: the field did not exist before (added). */
  before: string | null
  /** null: the field does not exist after (removed). */
  after: string | null
}

/** A line of a body diff. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** A run of changed lines with up to three unchanged lines around it. */
export interface DiffHunk {
  /** 1-based first line of the hunk in the older and the newer body. */
  beforeLine: number
  afterLine: number
  lines: DiffLine[]
}

export interface CompareSide {
  /** A revision id, or "draft" for the unpublished changes. */
  id: string
  /** "Revision 3 (current)", "Unpublished changes". */
  label: string
  number: number | null
  author: StaffRef | null
  createdAt: string | null
}

/** GET …/compare?from=<revision id>&to=<revision id | "draft"> */
export interface CompareAnswer {
  from: CompareSide
  to: CompareSide
  identical: boolean
  /** Changed data fields, in document order; lists are compared item by item. */
  fields: FieldChange[]
  /** Articles: the body, line by line; null for pages or when it did not change. */
  body: DiffHunk[] | null
}

// ── Error answers ─────────────────────────────────────────────────────────────────────────────

/** One problem with content, as the content checks name it. */
export interface ContentProblemAnswer {
  /** The document the problem is in ("page/home", "article marisol-vega"). */
  source: string
  /** Dotted path in that document's data: "headline", "cover.alt", "hero.heading"; "body"; "slug". */
  field?: string
  /** For the Markdown body. */
  line?: number
  column?: number
  message: string
}

/**
 * 400 for content that cannot be saved or published. `fields` holds the first message per field
 * of the document being edited (keys as ContentProblemAnswer.field, so a form shows each next to
 * its field); `problems` every problem, also those in other documents (unpublishing an article
 * the home page links to names page/home's field).
 */
export interface ContentProblemsAnswer extends ApiProblem {
  problems: ContentProblemAnswer[]
}

/** 409: someone changed the document after the editor opened it. Nothing was written. */
export interface ConflictAnswer extends ApiProblem {
  conflict: {
    key: string
    currentVersion: number
    updatedBy: StaffRef | null
    updatedAt: string
  }
}

// ── Media library (under /admin/api/media; shapes in ./media.ts) ──────────────────────────────

export type MediaItemWithUses = MediaItem & { usedBy: MediaUse[] }

/** GET /media?q=&kind=&after=&limit= */
export interface MediaListAnswer {
  items: MediaItemWithUses[]
  next: string | null
}

/** GET/PATCH /media/:id; POST /media adds `existing` (true: the same bytes were there already). */
export interface MediaItemAnswer {
  item: MediaItemWithUses
  existing?: boolean
}

/** 409 from DELETE /media/:id while content still uses the picture. */
export interface MediaInUseAnswer extends ApiProblem {
  usedBy: MediaUse[]
}
