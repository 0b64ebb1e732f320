/**
 * What the index holds of a published document: its searchable entries (pure, no I/O). An
 * article is one entry (headline above name, summary and text), a page one (its copy), an episode
 * one (title above summary, notes and chapter titles) and one more per transcript line, a course
 * one. Everything is plain text: Markdown is read for its words, nothing is markup.
 */
import { parseMarkdown } from '#common/content/markdown-syntax.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import { chaptersSchema, type EpisodeDocument } from '#common/content/podcast.ts'
import { parseTranscript } from '#common/content/transcript.ts'
import type { SearchKind } from '#common/search.ts'

export interface IndexEntry {
  kind: SearchKind
  line: boolean
  url: string
  displayTitle: string
  speaker: string | null
  seconds: number | null
  title: string
  body: string
}

/** A published document as the index reads it. */
export interface IndexedDocument {
  key: string
  kind: string
  slug: string | null
  data: unknown
  body: string | null
}

/** The pages whose copy is searched, by document key, and where they are. */
export const SEARCHED_PAGES: Record<string, { url: string; title: string }> = {
  'page/home': { url: '/', title: 'Home' },
  'page/about': { url: '/about', title: 'About Us' },
  'page/articles': { url: '/articles', title: 'Articles' },
  'page/contact': { url: '/contact', title: 'Contact Us' },
  'page/privacy': { url: '/privacy', title: 'Privacy' },
}

// Snippet marks (server/search/engines.ts) and other controls never reach the index.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g
export const clean = (text: string) => text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()

interface MarkdownNode {
  type: string
  value?: string
  children?: MarkdownNode[]
}

/** The words of a Markdown text, paragraphs apart; a text that does not parse is kept as is. */
export function markdownText(markdown: string): string {
  const parts: string[] = []
  const walk = (node: MarkdownNode) => {
    if (node.type === 'html') return
    if (typeof node.value === 'string') parts.push(node.value)
    node.children?.forEach(walk)
    if (node.type === 'paragraph' || node.type === 'heading') parts.push(' ')
  }
  try {
    walk(parseMarkdown(markdown) as MarkdownNode)
  } catch {
    return clean(markdown)
  }
  return clean(parts.join(''))
}

// Fields of page copy that name a picture, a video or an address, not words a visitor reads.
const NOT_COPY = new Set(['image', 'images', 'portrait', 'video', 'poster', 'url', 'href', 'link'])
const LOOKS_LIKE_ADDRESS = /^(\/|https?:|mailto:|tel:)|^[a-z0-9-]+(\/[a-z0-9-]+)+$/

/** Every string a visitor reads in a page's copy, in order. */
export function copyText(value: unknown, key = ''): string[] {
  if (NOT_COPY.has(key) || key === 'id' || key === 'to') return []
  if (typeof value === 'string') return LOOKS_LIKE_ADDRESS.test(value) ? [] : [value]
  if (Array.isArray(value)) return value.flatMap((item) => copyText(item))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => copyText(item, name))
  return []
}

function articleEntries(document: IndexedDocument): IndexEntry[] {
  const data = document.data as ArticleFrontmatter
  return [
    {
      kind: 'article',
      line: false,
      url: `/articles/${document.slug}`,
      displayTitle: clean(data.headline),
      speaker: null,
      seconds: null,
      title: clean(data.headline),
      body: clean(
        [data.name, data.summary, data.city, markdownText(document.body ?? '')].join('. '),
      ),
    },
  ]
}

function chapterTitles(chapters: string | undefined): string[] {
  if (!chapters) return []
  try {
    const parsed = chaptersSchema.safeParse(JSON.parse(chapters))
    return parsed.success ? parsed.data.chapters.map((chapter) => chapter.title) : []
  } catch {
    return []
  }
}

function episodeEntries(document: IndexedDocument): IndexEntry[] {
  const data = document.data as EpisodeDocument
  const url = `/listen/${document.slug}`
  const title = clean(data.title)
  const episode: IndexEntry = {
    kind: 'episode',
    line: false,
    url,
    displayTitle: title,
    speaker: null,
    seconds: null,
    title,
    body: clean(
      [data.summary, markdownText(document.body ?? ''), ...chapterTitles(data.files.chapters)].join(
        '. ',
      ),
    ),
  }
  let transcript: ReturnType<typeof parseTranscript> | undefined
  try {
    transcript = parseTranscript(data.files.transcript)
  } catch {
    // A transcript the site could not show is not searched either.
  }
  const lines = (transcript?.cues ?? []).flatMap((cue): IndexEntry[] => {
    const text = clean(cue.text)
    if (!text) return []
    const seconds = transcript!.timed ? Math.floor(cue.start) : null
    return [
      {
        kind: 'episode',
        line: true,
        url: seconds === null ? url : `${url}#t=${seconds}`,
        displayTitle: title,
        speaker: clean(cue.speaker) || null,
        seconds,
        title: '',
        body: text,
      },
    ]
  })
  return [episode, ...lines]
}

/** The entries of one published document; none for a kind search does not show. */
export function documentEntries(document: IndexedDocument): IndexEntry[] {
  if (document.kind === 'article' && document.slug) return articleEntries(document)
  if (document.kind === 'episode' && document.slug) return episodeEntries(document)
  const page = SEARCHED_PAGES[document.key]
  if (document.kind === 'page' && page)
    return [
      {
        kind: 'page',
        line: false,
        url: page.url,
        displayTitle: page.title,
        speaker: null,
        seconds: null,
        title: page.title,
        body: clean(copyText(document.data).join('. ')),
      },
    ]
  return []
}

/** When an episode is on the site: from its own publication time on (app/lib/podcast-paths). */
export function episodeVisibleFrom(document: IndexedDocument): string {
  if (document.kind !== 'episode') return ''
  const at = (document.data as { publishedAt?: unknown }).publishedAt
  return typeof at === 'string' ? new Date(at).toISOString() : ''
}

export interface CourseRow {
  id: string
  title: string
  description: string
  url: string
}

export function courseEntry(course: CourseRow): IndexEntry {
  return {
    kind: 'course',
    line: false,
    url: course.url,
    displayTitle: clean(course.title),
    speaker: null,
    seconds: null,
    title: clean(course.title),
    body: clean(course.description),
  }
}
