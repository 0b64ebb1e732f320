/**
 * The site's search (docs/search.md): a visitor's query in, a page of results out, from an index
 * that is brought up to what is published before it answers (index-sync.ts). When the words
 * typed find nothing, each word the index does not know is replaced by the nearest spelling it
 * does (one edit, two for long words) and the search tried once more: "Abernaty" finds Abernathy.
 */
import {
  isEmptyQuery,
  parseQuery,
  QUERY_LIMITS,
  type ParsedQuery,
  type SearchAnswer,
  type SearchHit,
  type SearchKind,
} from '#common/search.ts'
import type { Database } from '#server/db/index.ts'
import { engineFor, type FoundEntry, type SearchEngine } from './engines.ts'
import { MIN_FUZZY_LENGTH, syncSearchIndex, type SyncResult } from './index-sync.ts'

export interface SearchRequest {
  q: unknown
  kind?: SearchKind | null
  page?: number
}

export interface SiteSearchLog {
  warn(object: object, message: string): void
}

/** Levenshtein distance, giving up (Infinity) beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a]
  const y = [...b]
  if (Math.abs(x.length - y.length) > max) return Infinity
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i)
  for (let i = 1; i <= x.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      best = Math.min(best, current[j]!)
    }
    if (best > max) return Infinity
    previous = current
  }
  return previous[y.length]! <= max ? previous[y.length]! : Infinity
}

const allowedEdits = (word: string) => ([...word].length >= 8 ? 2 : 1)

/** The nearest indexed spelling of a word the index does not have, if one is near enough. */
async function nearestWord(engine: SearchEngine, word: string): Promise<string | undefined> {
  if ([...word].length < MIN_FUZZY_LENGTH || /^\d+$/.test(word)) return undefined
  if (await engine.hasWord(word)) return undefined
  let best: { word: string; distance: number } | undefined
  for (const candidate of await engine.wordsLike(word)) {
    const distance = editDistance(word, candidate, allowedEdits(word))
    if (distance < (best?.distance ?? Infinity)) best = { word: candidate, distance }
  }
  return best?.word
}

async function corrected(engine: SearchEngine, query: ParsedQuery): Promise<ParsedQuery | null> {
  let changed = false
  const words = await Promise.all(
    query.words.map(async (word) => {
      const near = await nearestWord(engine, word)
      if (near) changed = true
      return near ?? word
    }),
  )
  if (!changed) return null
  return {
    text: [...words, ...query.phrases.map((p) => `"${p.join(' ')}"`)].join(' '),
    words,
    phrases: query.phrases,
  }
}

function toHit(entry: FoundEntry): SearchHit {
  return {
    kind: entry.kind,
    title: entry.displayTitle,
    url: entry.url,
    snippet: entry.snippet,
    ...(entry.line && { line: { speaker: entry.speaker ?? '', seconds: entry.seconds } }),
  }
}

export interface SiteSearch {
  search(request: SearchRequest): Promise<SearchAnswer>
  /** Brings the index up to what is published now; `rebuild` indexes everything again. */
  sync(options?: { rebuild?: boolean }): Promise<SyncResult>
  /** Syncs every `pollMs` in the background (every process: changes made elsewhere). */
  start(): void
  close(): Promise<void>
}

export function createSiteSearch(options: {
  database: Database
  clock?: () => Date
  log?: SiteSearchLog
  pollMs?: number
}): SiteSearch {
  const { database } = options
  const clock = options.clock ?? (() => new Date())
  const engine = engineFor(database)
  let running: Promise<SyncResult> | undefined
  let timer: NodeJS.Timeout | undefined
  let closed = false
  // Closing stops a running sync between slices, not after a whole index (a first start's).
  const closing = new AbortController()

  /** One sync at a time in this process; a caller during one waits for it, then looks again. */
  async function sync(rebuild = false): Promise<SyncResult> {
    while (running) await running.catch(() => {})
    running = syncSearchIndex(database, { rebuild, signal: closing.signal })
    try {
      return await running
    } finally {
      running = undefined
    }
  }

  async function search(request: SearchRequest): Promise<SearchAnswer> {
    const parsed = parseQuery(request.q)
    const kind = request.kind ?? null
    const page = request.page ?? 1
    const empty = {
      query: parsed.text,
      kind,
      page,
      total: 0,
      pages: 0,
      hits: [],
      correctedTo: null,
    }
    if (isEmptyQuery(parsed)) return empty
    await sync()
    const find = (query: ParsedQuery) =>
      engine.find(query, {
        kind,
        limit: QUERY_LIMITS.perPage,
        offset: (page - 1) * QUERY_LIMITS.perPage,
        now: clock().toISOString(),
      })
    let found = await find(parsed)
    let correctedTo: string | null = null
    if (found.total === 0) {
      const near = await corrected(engine, parsed)
      if (near) {
        const again = await find(near)
        if (again.total > 0) {
          found = again
          correctedTo = near.text
        }
      }
    }
    return {
      ...empty,
      total: found.total,
      pages: Math.min(Math.ceil(found.total / QUERY_LIMITS.perPage), QUERY_LIMITS.pages),
      hits: found.entries.map(toHit),
      correctedTo,
    }
  }

  return {
    search,
    sync: (syncOptions) => sync(syncOptions?.rebuild ?? false),
    start() {
      const tick = () => {
        timer = setTimeout(() => {
          void sync()
            .catch((error: unknown) =>
              options.log?.warn({ err: error }, 'could not bring the search index up to date'),
            )
            .finally(() => {
              if (!closed) tick()
            })
        }, options.pollMs ?? 5000)
        timer.unref()
      }
      void sync()
        .catch((error: unknown) =>
          options.log?.warn({ err: error }, 'could not build the search index'),
        )
        .finally(() => {
          if (!closed) tick()
        })
    },
    async close() {
      closed = true
      clearTimeout(timer)
      closing.abort()
      await running?.catch(() => {})
    },
  }
}
