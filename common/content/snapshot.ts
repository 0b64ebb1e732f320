/**
 * Everything the site publishes, as one value: the `ContentSnapshot`. The build reads it from the
 * repository's content/ folder (./content-dir.ts), the server from the database
 * (server/content/); the pages are rendered from it alone.
 *
 * Stored, the snapshot is a list of content documents: one per page's copy, one for the site's
 * brand and navigation, one for its settings, one for the media manifest and one per article.
 * `snapshotDocuments` and `snapshotFromDocuments` go from one to the other; the second checks
 * everything (each document's schema, then what documents say about each other: pictures that
 * exist, changemaker cards that link to an article that exists, article bodies) and throws a
 * ContentError naming each file or document and field.
 */
import type { z } from 'zod'
import type { ArchivedLetter } from '../newsletter-archive.ts'
import { articleFrontmatter, normaliseBody, type ArticleSource } from './articles.ts'
import {
  episodeKey,
  episodeProblems,
  SHOW_KEY,
  showProblems,
  type EpisodeSource,
  type FileSources,
  type PodcastContent,
} from './episodes.ts'
import { checkMarkdown } from './markdown.ts'
import { mediaReferences } from './media-references.ts'
import { mediaManifest, UPLOADED_IMAGE_ID, type ImageEntry, type MediaManifest } from './media.ts'
import {
  about,
  articlesPage,
  consentPages,
  contactPage,
  home,
  privacyPage,
  type ConsentPagesContent,
} from './pages.ts'
import { episodeDocumentSchema, showDocumentSchema, type EpisodeDocument } from './podcast.ts'
import { ContentError, parseWith, type ContentProblem } from './problems.ts'
import { siteCopy, siteSettings } from './site.ts'
import { slugProblem } from './slug.ts'

/** The documents that exist exactly once, by key, in the order they are listed and exported. */
export const SINGLETONS = {
  settings: { kind: 'settings', schema: siteSettings },
  site: { kind: 'site', schema: siteCopy },
  'page/home': { kind: 'page', schema: home },
  'page/about': { kind: 'page', schema: about },
  'page/articles': { kind: 'page', schema: articlesPage },
  'page/contact': { kind: 'page', schema: contactPage },
  'page/privacy': { kind: 'page', schema: privacyPage },
  'page/consent': { kind: 'page', schema: consentPages },
  media: { kind: 'media', schema: mediaManifest },
  [SHOW_KEY]: { kind: 'podcast', schema: showDocumentSchema },
} as const satisfies Record<string, { kind: DocumentKind; schema: z.ZodType }>

export type SingletonKey = keyof typeof SINGLETONS
type SingletonData<K extends SingletonKey> = z.infer<(typeof SINGLETONS)[K]['schema']>

export type DocumentKind =
  'settings' | 'site' | 'page' | 'media' | 'article' | 'podcast' | 'episode'

/** Kinds with one document per item, each with a slug and a Markdown body. */
export const SLUGGED_KINDS: ReadonlySet<DocumentKind> = new Set(['article', 'episode'])

export interface ContentSnapshot {
  settings: SingletonData<'settings'>
  site: SingletonData<'site'>
  pages: {
    home: SingletonData<'page/home'>
    about: SingletonData<'page/about'>
    articles: SingletonData<'page/articles'>
    contact: SingletonData<'page/contact'>
    privacy: SingletonData<'page/privacy'>
    consent: ConsentPagesContent
  }
  media: MediaManifest
  /** Every published article, by slug. */
  articles: ArticleSource[]
  /** Former article slugs that answer with a redirect to the article's current one. */
  redirects: SlugRedirect[]
  /** The Daily Commons: the show and its published episodes. */
  podcast: PodcastContent
  /** Letters sent to the newsletter's readers, newest first: not documents (server/newsletter). */
  letters?: readonly ArchivedLetter[]
}

export interface SlugRedirect {
  from: string
  to: string
}

/** One stored piece of content: what a file in content/ or a row of content_document holds. */
export interface ContentDocument {
  /** Stable for the document's life: "page/home", "article/marisol-vega" (its first slug). */
  key: string
  kind: DocumentKind
  /** Articles and episodes only: the current slug. */
  slug: string | null
  /** The document's fields (an article's front matter), as JSON. */
  data: unknown
  /** Articles and episodes only: the Markdown body (an episode's show notes). */
  body: string | null
}

export const articleKey = (slug: string) => `article/${slug}`

/** The manifest without the uploaded pictures a snapshot carries for rendering. */
function manifestOnly(media: MediaManifest): MediaManifest {
  if (!Object.keys(media.images).some((id) => UPLOADED_IMAGE_ID.test(id))) return media
  return {
    ...media,
    images: Object.fromEntries(
      Object.entries(media.images).filter(([id]) => !UPLOADED_IMAGE_ID.test(id)),
    ),
  }
}

function singletonValue(snapshot: ContentSnapshot, key: SingletonKey): unknown {
  switch (key) {
    case 'settings':
      return snapshot.settings
    case 'site':
      return snapshot.site
    case 'media':
      // Uploaded pictures live in the media library (server/media), not in the manifest.
      return manifestOnly(snapshot.media)
    case SHOW_KEY:
      return snapshot.podcast.show
    default:
      return snapshot.pages[PAGE_FIELD[key]]
  }
}

const PAGE_FIELD = {
  'page/home': 'home',
  'page/about': 'about',
  'page/articles': 'articles',
  'page/contact': 'contact',
  'page/privacy': 'privacy',
  'page/consent': 'consent',
} as const satisfies Record<
  Exclude<SingletonKey, 'settings' | 'site' | 'media' | typeof SHOW_KEY>,
  string
>

/** The snapshot as documents: the singletons in their order, the articles, the episodes by slug. */
export function snapshotDocuments(snapshot: ContentSnapshot): ContentDocument[] {
  return [
    ...(Object.keys(SINGLETONS) as SingletonKey[]).map((key) => ({
      key,
      kind: SINGLETONS[key].kind,
      slug: null,
      data: singletonValue(snapshot, key),
      body: null,
    })),
    ...snapshot.articles.map((article) => ({
      key: articleKey(article.slug),
      kind: 'article' as const,
      slug: article.slug,
      data: article.frontmatter,
      body: article.body,
    })),
    ...snapshot.podcast.episodes.map((episode) => ({
      key: episodeKey(episode.slug),
      kind: 'episode' as const,
      slug: episode.slug,
      data: episode.data,
      body: episode.notes,
    })),
  ]
}

export interface SourceLabels {
  /** Names a document in messages: its file (content/home.yaml) or its key (page/home). */
  (document: Pick<ContentDocument, 'key' | 'kind' | 'slug'>): string
}

/** Names documents by key: "page/home", "article marisol-vega". */
export const byKey: SourceLabels = (document) =>
  SLUGGED_KINDS.has(document.kind)
    ? `${document.kind} ${document.slug ?? document.key}`
    : document.key

/** Line numbers of a body as the source shows them (an article file adds its front matter). */
export interface BodyOffsets {
  (document: Pick<ContentDocument, 'key' | 'slug'>): number
}

/**
 * Checks one document on its own: its schema and, for an article or an episode, its slug and
 * body; for the podcast, what its files say against its fields. Returns the document with its
 * data parsed (defaults applied, fields in the schema's order).
 */
export function checkDocument(
  document: ContentDocument,
  context: {
    media?: MediaManifest
    source: string
    bodyOffset?: number
    /** Where a problem inside one of an episode's files is reported (its file, in a folder). */
    fileSource?: FileSources
    /**
     * The document passed every check before (the same revision, loaded again): its schema is
     * applied for the data's shape, and what only finds problems (the body's Markdown, the
     * transcript and chapters) is not read again.
     */
    checkedBefore?: boolean
  },
): { document: ContentDocument; problems: ContentProblem[] } {
  const { source } = context
  if (document.kind === 'article' || document.kind === 'episode') {
    const problems: ContentProblem[] = []
    const slug = document.slug ?? ''
    const reason = slugProblem(slug)
    if (reason) problems.push({ source, field: 'slug', message: reason })
    const parsed =
      document.kind === 'article'
        ? parseWith(articleFrontmatter, source, document.data)
        : parseWith(episodeDocumentSchema, source, document.data)
    problems.push(...parsed.problems)
    if (document.kind === 'episode' && parsed.data && !context.checkedBefore)
      problems.push(...episodeProblems(parsed.data as EpisodeDocument, source, context.fileSource))
    const body = normaliseBody(document.body ?? '')
    if (context.media && !context.checkedBefore) {
      const images = context.media.images
      for (const problem of checkMarkdown(body, { imageExists: (id) => id in images }))
        problems.push({
          source,
          field: document.kind === 'article' ? 'body' : 'notes',
          line: problem.line + (context.bodyOffset ?? 0),
          column: problem.column,
          message: problem.message,
          ...(problem.unsafe && { unsafe: true }),
        })
    }
    return { document: { ...document, data: parsed.data ?? document.data, body }, problems }
  }
  const spec = SINGLETONS[document.key as SingletonKey] as
    (typeof SINGLETONS)[SingletonKey] | undefined
  if (!spec || spec.kind !== document.kind)
    return {
      document,
      problems: [{ source, message: `"${document.key}" is not a content document this site has` }],
    }
  const parsed = parseWith(spec.schema as z.ZodType, source, document.data)
  const problems = [...parsed.problems]
  if (document.kind === 'podcast' && parsed.data)
    problems.push(...showProblems(parsed.data as PodcastContent['show'], source))
  return {
    document: { ...document, slug: null, body: null, data: parsed.data ?? document.data },
    problems,
  }
}

/**
 * Assembles and checks a snapshot. Every problem of every document is collected before the
 * ContentError is thrown, so one run names them all.
 */
export function snapshotFromDocuments(
  documents: readonly ContentDocument[],
  options: {
    redirects?: readonly SlugRedirect[]
    source?: SourceLabels
    bodyOffset?: BodyOffsets
    /** Where a problem with the redirects is reported. */
    redirectsSource?: string
    /** Where a problem inside an episode's transcript or chapters is reported. */
    fileSource?: (document: ContentDocument) => FileSources | undefined
    /**
     * Uploaded pictures the documents may name ("u/<key>": server/media), beside the manifest's;
     * the snapshot's `media.images` carries them for rendering, never the exported manifest.
     */
    uploads?: Readonly<Record<string, ImageEntry>>
    /** Passed every check before (true: all): Markdown and files not read again (ADR 021). */
    checkedBefore?: boolean | ((document: ContentDocument) => boolean)
    /**
     * A document `checkedBefore` names as an earlier call parsed it, if it was kept (`parsed`):
     * then its schema is not applied again, which at ten years of episodes was most of the time
     * a change took to check (issue 29).
     */
    parsedBefore?: (document: ContentDocument) => ContentDocument | undefined
    /** Receives each document as parsed here, by key, for a later call's `parsedBefore`. */
    parsed?: Map<string, ContentDocument>
  } = {},
): ContentSnapshot {
  const source = options.source ?? byKey
  const { checkedBefore: given } = options
  const problems: ContentProblem[] = []
  const values = new Map<string, unknown>()
  const articles: ArticleSource[] = []
  const episodes: EpisodeSource[] = []
  const slugs = { article: new Set<string>(), episode: new Set<string>() }
  const uploads = Object.fromEntries(
    Object.entries(options.uploads ?? {}).filter(([id]) => UPLOADED_IMAGE_ID.test(id)),
  )

  const mediaDocument = documents.find((d) => d.key === 'media')
  const manifest = mediaDocument
    ? (mediaManifest.safeParse(mediaDocument.data).data as MediaManifest | undefined)
    : undefined
  const media = manifest && withUploads(manifest, uploads)

  for (const document of documents) {
    const label = source(document)
    const fileSource = options.fileSource?.(document)
    const passed = typeof given === 'function' ? given(document) : given
    const before = passed ? options.parsedBefore?.(document) : undefined
    const checked = before
      ? { document: before, problems: [] }
      : checkDocument(document, {
          source: label,
          ...(media && { media }),
          bodyOffset: options.bodyOffset?.(document) ?? 0,
          ...(fileSource && { fileSource }),
          ...(passed && { checkedBefore: true }),
        })
    problems.push(...checked.problems)
    options.parsed?.set(document.key, checked.document)
    if (document.kind === 'episode') {
      if (slugs.episode.has(document.slug ?? ''))
        problems.push({ source: label, field: 'slug', message: 'another episode has this slug' })
      else {
        slugs.episode.add(document.slug ?? '')
        episodes.push({
          slug: document.slug ?? '',
          data: checked.document.data as EpisodeDocument,
          notes: checked.document.body ?? '',
        })
      }
    } else if (document.kind === 'article') {
      if (slugs.article.has(document.slug ?? ''))
        problems.push({ source: label, field: 'slug', message: 'another article has this slug' })
      else {
        slugs.article.add(document.slug ?? '')
        articles.push({
          slug: document.slug ?? '',
          frontmatter: checked.document.data as ArticleSource['frontmatter'],
          body: checked.document.body ?? '',
        })
      }
    } else if (values.has(document.key)) {
      problems.push({ source: label, message: `"${document.key}" is there twice` })
    } else values.set(document.key, checked.document.data)
  }
  for (const key of Object.keys(SINGLETONS) as SingletonKey[]) {
    if (!values.has(key)) {
      const kind = SINGLETONS[key].kind
      problems.push({ source: source({ key, kind, slug: null }), message: 'is missing' })
    }
  }
  const bySlug = (a: { slug: string }, b: { slug: string }) =>
    a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0
  articles.sort(bySlug)
  episodes.sort(bySlug)
  const redirects = [...(options.redirects ?? [])].sort((a, b) =>
    a.from < b.from ? -1 : a.from > b.from ? 1 : 0,
  )
  if (problems.length > 0) throw new ContentError(problems)

  const snapshot: ContentSnapshot = {
    settings: values.get('settings') as ContentSnapshot['settings'],
    site: values.get('site') as ContentSnapshot['site'],
    pages: {
      home: values.get('page/home') as ContentSnapshot['pages']['home'],
      about: values.get('page/about') as ContentSnapshot['pages']['about'],
      articles: values.get('page/articles') as ContentSnapshot['pages']['articles'],
      contact: values.get('page/contact') as ContentSnapshot['pages']['contact'],
      privacy: values.get('page/privacy') as ContentSnapshot['pages']['privacy'],
      consent: values.get('page/consent') as ConsentPagesContent,
    },
    media: withUploads(values.get('media') as MediaManifest, uploads),
    articles,
    redirects,
    podcast: { show: values.get(SHOW_KEY) as PodcastContent['show'], episodes },
  }
  const crossProblems = crossReferenceProblems(snapshot, {
    source,
    redirectsSource: options.redirectsSource ?? 'redirects',
  })
  if (crossProblems.length > 0) throw new ContentError(crossProblems)
  return snapshot
}

function withUploads(manifest: MediaManifest, uploads: Record<string, ImageEntry>): MediaManifest {
  if (Object.keys(uploads).length === 0) return manifest
  return { ...manifest, images: { ...manifest.images, ...uploads } }
}

/** What documents say about each other: media that exist, links to articles that exist. */
export function crossReferenceProblems(
  snapshot: ContentSnapshot,
  options: { source?: SourceLabels; redirectsSource?: string } = {},
): ContentProblem[] {
  const source = options.source ?? byKey
  const problems: ContentProblem[] = []
  const slugs = new Set(snapshot.articles.map((a) => a.slug))
  for (const document of snapshotDocuments(snapshot)) {
    if (document.kind === 'media') continue
    const label = source(document)
    for (const reference of mediaReferences(document.data)) {
      const known =
        reference.kind === 'image'
          ? reference.id in snapshot.media.images
          : reference.id in snapshot.media.videos
      if (!known)
        problems.push({
          source: label,
          field: reference.field,
          message: UPLOADED_IMAGE_ID.test(reference.id)
            ? `there is no picture "${reference.id}" in the media library (it may have been deleted): choose another`
            : `there is no ${reference.kind === 'image' ? 'picture' : 'video'} "${reference.id}" in the media library (content/media-manifest.json)`,
        })
    }
  }
  // A card may keep an article's former slug: that address redirects to the article.
  const formerSlugs = new Set(snapshot.redirects.map((r) => r.from))
  snapshot.pages.home.changemakers.cards.forEach((card, i) => {
    if (card.article !== undefined && !slugs.has(card.article) && !formerSlugs.has(card.article))
      problems.push({
        source: source({ key: 'page/home', kind: 'page', slug: null }),
        field: `changemakers.cards.${i}.article`,
        message: `there is no article "${card.article}"`,
      })
  })
  // Articles and episodes share one list of slugs (a slug names one document); an episode's
  // number and guid name one episode each (podcast apps tell episodes apart by the guid).
  const label = (episode: EpisodeSource) =>
    source({ key: episodeKey(episode.slug), kind: 'episode', slug: episode.slug })
  // The first episode with each number and guid, as the list is read: a Map, so that ten years
  // of episodes cost ten years of lookups, not their square.
  const firstWithNumber = new Map<number, EpisodeSource>()
  const firstWithGuid = new Map<string, EpisodeSource>()
  for (const episode of snapshot.podcast.episodes) {
    if (slugs.has(episode.slug))
      problems.push({
        source: label(episode),
        field: 'slug',
        message: 'is an article’s slug too: articles and episodes need slugs of their own',
      })
    const sameNumber = firstWithNumber.get(episode.data.number)
    if (sameNumber)
      problems.push({
        source: label(episode),
        field: 'number',
        message: `episode ${sameNumber.slug} has the number ${episode.data.number} too`,
      })
    else firstWithNumber.set(episode.data.number, episode)
    const sameGuid = firstWithGuid.get(episode.data.guid)
    if (sameGuid)
      problems.push({
        source: label(episode),
        field: 'guid',
        message: `episode ${sameGuid.slug} has this guid too: every episode needs its own`,
      })
    else firstWithGuid.set(episode.data.guid, episode)
  }
  const redirectsSource = options.redirectsSource ?? 'redirects'
  for (const redirect of snapshot.redirects) {
    if (!slugs.has(redirect.to))
      problems.push({
        source: redirectsSource,
        field: redirect.from,
        message: `redirects to "${redirect.to}", which is not an article`,
      })
    if (slugs.has(redirect.from))
      problems.push({
        source: redirectsSource,
        field: redirect.from,
        message: 'is the slug of an article, so it cannot also redirect',
      })
  }
  return problems
}
