/**
 * The two search engines behind one interface: SQLite's FTS5 (porter stemmer, bm25 with the title
 * weighing ten times the body, trigram FTS5 for near spellings) and PostgreSQL's full-text search
 * (a weighted english tsvector, websearch_to_tsquery, ts_rank, ts_headline, pg_trgm). Both get
 * the query as parsed words and phrases (common/search.ts) and write the engine's syntax
 * themselves, so nothing a visitor types is ever an operator. A result is the best entry of each
 * document (and the best transcript line of each episode), only what is visible at `now`.
 */
import { sql, type Kysely } from 'kysely'
import type { ParsedQuery, SearchKind, SnippetPart } from '#common/search.ts'
import type { Database } from '#server/db/index.ts'
import type { DatabaseSchema } from '#server/db/schema.ts'

type Db = Kysely<DatabaseSchema>

/** The marks around a matched word in a snippet; the index never holds these characters. */
const START = '\u0001'
const STOP = '\u0002'

/** Matches ranked before one result per document is kept; `total` counts at most these. */
export const CANDIDATES = 1000

export interface FoundEntry {
  kind: SearchKind
  line: boolean
  url: string
  displayTitle: string
  speaker: string | null
  seconds: number | null
  snippet: SnippetPart[]
}

export interface FindOptions {
  kind: SearchKind | null
  limit: number
  offset: number
  /** ISO time: what is visible then. */
  now: string
}

export interface SearchEngine {
  find(query: ParsedQuery, options: FindOptions): Promise<{ total: number; entries: FoundEntry[] }>
  /** Whether the word occurs anywhere in the index (as typed, lower case). */
  hasWord(word: string): Promise<boolean>
  /** Indexed words spelled like it, the likeliest first. */
  wordsLike(word: string): Promise<string[]>
}

/** Words FTS5 would look up in every line; dropped when the query has others. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from had has have he her his i in is it its of on or she so that the their they this to was we were what when which who will with you'.split(
    ' ',
  ),
)

export function withoutStopWords(query: ParsedQuery): ParsedQuery {
  const words = query.words.filter((word) => !STOP_WORDS.has(word))
  return words.length > 0 || query.phrases.length > 0 ? { ...query, words } : query
}

/** A marked snippet as parts: text, and the words the engine marked. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  for (const [i, piece] of marked.split(START).entries()) {
    const [inside, after] = i === 0 ? [undefined, piece] : splitOnce(piece, STOP)
    if (inside) parts.push({ text: inside.replaceAll(STOP, ''), mark: true })
    if (after) parts.push({ text: after.replaceAll(STOP, ''), mark: false })
  }
  return parts
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator)
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)]
}

interface Ranked {
  id: number
  total: number
}

function toFound(row: {
  kind: string
  line: number
  url: string
  display_title: string
  speaker: string | null
  seconds: number | null
  marked: string | null
}): FoundEntry {
  return {
    kind: row.kind as SearchKind,
    line: Number(row.line) === 1,
    url: row.url,
    displayTitle: row.display_title,
    speaker: row.speaker,
    seconds: row.seconds === null ? null : Number(row.seconds),
    snippet: snippetParts(row.marked ?? ''),
  }
}

const byIds = <T extends { id: number | string }>(ids: number[], rows: T[]) =>
  ids.map((id) => rows.find((row) => Number(row.id) === id)!).filter(Boolean)

// ------------------------------------------------------------------ SQLite: FTS5

/** FTS5 syntax: every word and phrase in double quotes (only letters and digits inside). */
export function fts5Expression(query: ParsedQuery): string {
  return [
    ...query.words.map((w) => `"${w}"`),
    ...query.phrases.map((p) => `"${p.join(' ')}"`),
  ].join(' ')
}

function trigramsOf(word: string): string[] {
  const grams = new Set<string>()
  const letters = [...word]
  for (let i = 0; i + 3 <= letters.length; i++) grams.add(letters.slice(i, i + 3).join(''))
  return [...grams]
}

export function sqliteEngine(db: Db): SearchEngine {
  return {
    async find(parsed, options) {
      const query = withoutStopWords(parsed)
      const match = fts5Expression(query)
      if (!match) return { total: 0, entries: [] }
      // The best CANDIDATES matches only: a common word is in tens of thousands of lines, and
      // ranking them all before keeping one per document is most of the time of a search. FTS5
      // ranks them by itself first (reading no row of search_entry), and only the candidates
      // are looked up: a third of the time of joining every match (docs/search.md). A kind
      // filter is part of the join instead, before the cut, or a rare kind would find nothing.
      const matched = options.kind
        ? sql`
          select e.id, e.document_key, e.line, bm25(search_fts, 10.0, 1.0) as rank
          from search_fts join search_entry e on e.id = search_fts.rowid
          where search_fts match ${match} and e.visible_from <= ${options.now}
            and e.kind = ${options.kind}
          order by rank limit ${CANDIDATES}`
        : sql`
          select e.id, e.document_key, e.line, top.rank
          from (
            select rowid as id, bm25(search_fts, 10.0, 1.0) as rank from search_fts
            where search_fts match ${match} order by rank limit ${CANDIDATES}
          ) as top join search_entry e on e.id = top.id
          where e.visible_from <= ${options.now}`
      const ranked = await sql<Ranked>`
        with matched as (${matched}), best as (
          select id, rank, row_number() over (partition by document_key, line order by rank, id) as nth
          from matched
        )
        select id, count(*) over () as total from best where nth = 1
        order by rank, id limit ${options.limit} offset ${options.offset}`.execute(db)
      const ids = ranked.rows.map((row) => Number(row.id))
      if (ids.length === 0) return { total: 0, entries: [] }
      // Snippets only for the page shown: FTS5 marks the matched words of the best fragment.
      const details = await sql<{
        id: number
        kind: string
        line: number
        url: string
        display_title: string
        speaker: string | null
        seconds: number | null
        marked: string | null
      }>`
        select e.id, e.kind, e.line, e.url, e.display_title, e.speaker, e.seconds,
          case when e.body = '' then highlight(search_fts, 0, ${START}, ${STOP})
            else snippet(search_fts, 1, ${START}, ${STOP}, '…', 24) end as marked
        from search_fts join search_entry e on e.id = search_fts.rowid
        where search_fts match ${match} and search_fts.rowid in (${sql.join(ids)})`.execute(db)
      return {
        total: Number(ranked.rows[0]!.total),
        entries: byIds(ids, details.rows).map(toFound),
      }
    },
    async hasWord(word) {
      const row = await db
        .selectFrom('search_word')
        .select('id')
        .where('word', '=', word)
        .executeTakeFirst()
      return row !== undefined
    },
    async wordsLike(word) {
      const grams = trigramsOf(word)
      if (grams.length === 0) return []
      const result = await sql<{ word: string }>`
        select word from search_word_trigram where search_word_trigram match ${grams.map((g) => `"${g}"`).join(' OR ')}
        order by rank limit 40`.execute(db)
      return result.rows.map((row) => row.word)
    },
  }
}

// ------------------------------------------------------------------ PostgreSQL: tsvector

/**
 * The text websearch_to_tsquery reads: words and quoted phrases only. Its other syntax (`-`,
 * `or`) cannot occur: words hold letters and digits only, and `or` is dropped (a stop word).
 */
export function websearchText(query: ParsedQuery): string {
  const words = query.words.filter((word) => word !== 'or')
  return [...words, ...query.phrases.map((p) => `"${p.filter((w) => w !== 'or').join(' ')}"`)].join(
    ' ',
  )
}

export function postgresEngine(db: Db): SearchEngine {
  return {
    async find(parsed, options) {
      const text = websearchText(parsed)
      if (!text) return { total: 0, entries: [] }
      const kind = options.kind ? sql`and e.kind = ${options.kind}` : sql``
      const ranked = await sql<Ranked>`
        with q as (select websearch_to_tsquery('english', ${text}) as query),
        matched as (
          select e.id, e.document_key, e.line, ts_rank(e.document, q.query) as rank
          from search_entry e, q
          where e.document @@ q.query and e.visible_from <= ${options.now} ${kind}
          order by rank desc limit ${CANDIDATES}
        ), best as (
          select id, rank, row_number() over (partition by document_key, line order by rank desc, id) as nth
          from matched
        )
        select id, count(*) over () as total from best where nth = 1
        order by rank desc, id limit ${options.limit} offset ${options.offset}`.execute(db)
      const ids = ranked.rows.map((row) => Number(row.id))
      if (ids.length === 0) return { total: 0, entries: [] }
      const marks = `StartSel=${START}, StopSel=${STOP}`
      const details = await sql<{
        id: number
        kind: string
        line: number
        url: string
        display_title: string
        speaker: string | null
        seconds: number | null
        marked: string | null
      }>`
        with q as (select websearch_to_tsquery('english', ${text}) as query)
        select e.id, e.kind, e.line, e.url, e.display_title, e.speaker, e.seconds,
          case when e.body = '' then ts_headline('english', e.title, q.query, ${`${marks}, HighlightAll=true`})
            else ts_headline('english', e.body, q.query, ${`${marks}, MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=…`}) end as marked
        from search_entry e, q where e.id in (${sql.join(ids)})`.execute(db)
      return {
        total: Number(ranked.rows[0]!.total),
        entries: byIds(ids, details.rows).map(toFound),
      }
    },
    async hasWord(word) {
      const row = await db
        .selectFrom('search_word')
        .select('id')
        .where('word', '=', word)
        .executeTakeFirst()
      return row !== undefined
    },
    async wordsLike(word) {
      const result = await sql<{ word: string }>`
        select word from search_word where word % ${word}
        order by similarity(word, ${word}) desc, word limit 40`.execute(db)
      return result.rows.map((row) => row.word)
    },
  }
}

export function engineFor(database: Database): SearchEngine {
  return database.dialect === 'postgres' ? postgresEngine(database.db) : sqliteEngine(database.db)
}
