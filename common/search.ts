/**
 * Site search as both sides see it (docs/search.md): what a visitor's query becomes, and what an
 * answer holds. A query is text, never search syntax: it is cut to QUERY_LIMITS.characters,
 * control characters go, and only words (letters and digits of any script) and phrases in
 * balanced double quotes remain. The engines (server/search) build their own syntax from these
 * parts, so `*`, `NEAR`, `OR`, `:` or a parenthesis is never an operator.
 */

export const SEARCH_KINDS = ['episode', 'article', 'page', 'course'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

export const SEARCH_KIND_LABELS: Record<SearchKind, { one: string; many: string }> = {
  episode: { one: 'Episode', many: 'Episodes' },
  article: { one: 'Article', many: 'Articles' },
  page: { one: 'Page', many: 'Pages' },
  course: { one: 'Course', many: 'Courses' },
}

export const QUERY_LIMITS = {
  /** Characters of the query kept (the rest is ignored): bounded work whatever is sent. */
  characters: 200,
  /** Words and phrases kept. */
  terms: 8,
  /** Letters of one word kept. */
  wordLength: 40,
  /** Results per page, and the last page a visitor can ask for. */
  perPage: 10,
  pages: 20,
} as const

export interface ParsedQuery {
  /** The cleaned query, as the page repeats it in the search box. */
  text: string
  /** Single words, lower case. */
  words: string[]
  /** Phrases (two or more words in quotes), each a list of lower-case words. */
  phrases: string[][]
}

const WORD = /[\p{L}\p{N}]+/gu
// C0 and C1 controls, and the marks search uses to delimit a match in a snippet.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

/** Words of a text, lower case, without accents (as the engines see them). */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(WORD)
      ?.map((word) => word.slice(0, QUERY_LIMITS.wordLength)) ?? []
  )
}

/** A visitor's query as words and phrases; never throws, whatever the input. */
export function parseQuery(input: unknown): ParsedQuery {
  const raw = typeof input === 'string' ? input : ''
  const text = [...raw.replace(CONTROL, ' ')]
    .slice(0, QUERY_LIMITS.characters)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
  const words: string[] = []
  const phrases: string[][] = []
  // Quotes pair up from the left; a last unpaired quote is only a character.
  const parts = text.split('"')
  const paired = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), parts.slice(-2).join(' ')]
  paired.forEach((part, i) => {
    const found = wordsOf(part)
    if (i % 2 === 1 && found.length > 1) phrases.push(found)
    else words.push(...found)
  })
  const seen = new Set<string>()
  const uniqueWords = words.filter((word) => !seen.has(word) && seen.add(word))
  const kept = Math.max(0, QUERY_LIMITS.terms - phrases.length)
  return {
    text,
    words: uniqueWords.slice(0, kept),
    phrases: phrases.slice(0, QUERY_LIMITS.terms),
  }
}

export const isEmptyQuery = (query: ParsedQuery) =>
  query.words.length === 0 && query.phrases.length === 0

/** A piece of a snippet: the matched words are `mark`ed. Text only, never markup. */
export interface SnippetPart {
  text: string
  mark: boolean
}

export interface SearchHit {
  kind: SearchKind
  title: string
  /** Where it is on the site: a path, or a course's address in the store. */
  url: string
  snippet: SnippetPart[]
  /** A line of an episode's transcript: who says it and when (seconds from the start). */
  line?: { speaker: string; seconds: number | null }
}

export interface SearchAnswer {
  query: string
  kind: SearchKind | null
  page: number
  /** Results on every page, and how many pages that makes. */
  total: number
  pages: number
  hits: SearchHit[]
  /** The query the results are for when the words typed found nothing and a near spelling did. */
  correctedTo: string | null
}

/** A moment as the player shows it: 1:05, 1:02:05. */
export function formatMoment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

export function isSearchKind(value: unknown): value is SearchKind {
  return typeof value === 'string' && (SEARCH_KINDS as readonly string[]).includes(value)
}

/** A page number from a query string: 1 unless a whole number within the pages there can be. */
export function pageNumber(value: unknown): number {
  const page = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : 1
  return Math.min(Math.max(page, 1), QUERY_LIMITS.pages)
}
