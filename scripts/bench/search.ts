/**
 * The search benchmark (issue 27, docs/search.md): on each database, seeds 1,000 episodes with
 * transcripts (TRANSCRIPT_LINES lines each) and 100 articles, builds the index, then times 200
 * varied queries (words, two words, phrases from transcripts, stemmed forms, typos, a kind
 * filter, page 2, words nobody said) through the same SiteSearch the server uses, and the time
 * to index one new episode. Prints the figures and writes its section of docs/benchmarks.md.
 *   npm run bench:search                    # SQLite, and PostgreSQL on a server of its own
 *   BENCH_DATABASE_URL=postgres://… npm run bench:search   # that PostgreSQL instead
 *   npm run bench:search -- --no-postgres --no-write
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { readContentDir } from '#common/content/content-dir.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { startPostgres } from '#scripts/postgres.ts'
import { createContentRepository } from '#server/content/repository.ts'
import { openDatabase, type Database } from '#server/db/index.ts'
import { createSiteSearch } from '#server/search/site-search.ts'
import { newEpisode } from '#server/test/search-sample.ts'
import { writeReportSection } from './report.ts'

const root = path.resolve(import.meta.dirname, '../..')
const EPISODES = 1000
const ARTICLES = 100
const TRANSCRIPT_LINES = 120
const QUERIES = 200
const NOW = new Date('2030-01-01T00:00:00Z')
const MARKERS = { start: '<!-- search-bench:start -->', end: '<!-- search-bench:end -->' }

/** A small deterministic generator (mulberry32): the same corpus and queries every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const VOCABULARY = `community organizer tenant union housing council budget school library garden
  clinic doula mother bail fund reentry porch volunteer neighbour river flood levee lantern
  teacher student nurse hospital county jail court judge mayor vote ballot election worker
  wage strike cooperative grocery market farmer seed harvest kitchen meal shelter winter coat
  bus route transit bridge street corner church mosque temple choir mural artist gallery film
  documentary story archive record history memory grandmother grandfather child family youth
  basketball coach league park pool summer camp reading circle poetry anthology radio podcast
  interview microphone listener neighbourhood block party festival parade march rally petition
  organizing organizes organized training workshop mentor apprentice carpenter plumber roof
  repair paint window lease rent eviction landlord deposit mortgage loan credit bank savings
  grant donor foundation board meeting minutes agenda committee chair treasurer secretary`
  .split(/\s+/)
  .filter(Boolean)
const SPEAKERS = ['Ines Calloway', 'Owen Fairchild', 'Imani Brooks', 'Tomasz Reyes', 'Ada Nwosu']

function sentence(next: () => number, words = 8 + Math.floor(next() * 10)) {
  const list = Array.from(
    { length: words },
    () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!,
  )
  return `${list.join(' ')}.`.replace(/^./, (c) => c.toUpperCase())
}

const time = (seconds: number) => {
  const m = Math.floor(seconds / 60)
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`
}

/** The sample content with 1,000 episodes and 100 articles, generated. */
function corpus(): { snapshot: ContentSnapshot; lines: string[] } {
  const next = random(27)
  const sample = readContentDir(path.join(root, 'content'))
  const template = newEpisode().data
  const lines: string[] = []
  const episodes = Array.from({ length: EPISODES }, (_, i) => {
    const cues = Array.from({ length: TRANSCRIPT_LINES }, (_, j) => {
      const text = sentence(next)
      lines.push(text)
      return `${time(j * 10)} --> ${time(j * 10 + 9)}\n<v ${SPEAKERS[j % SPEAKERS.length]}>${text}`
    })
    const slug = `day-${i + 1}`
    return {
      slug,
      notes: `${sentence(next)} ${sentence(next)}\n`,
      data: {
        ...structuredClone(template),
        title: sentence(next, 4).slice(0, -1),
        number: 1000 + i,
        guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        publishedAt: new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString(),
        summary: sentence(next),
        duration: TRANSCRIPT_LINES * 10 + 5,
        files: { ...template.files, transcript: `WEBVTT\n\n${cues.join('\n\n')}\n` },
      },
    }
  })
  const articles = Array.from({ length: ARTICLES - sample.articles.length }, (_, i) => ({
    slug: `story-${i + 1}`,
    frontmatter: {
      ...structuredClone(sample.articles[0]!.frontmatter),
      headline: sentence(next, 6).slice(0, -1),
      summary: sentence(next),
    },
    body: Array.from({ length: 30 }, () => sentence(next)).join(' ') + '\n',
  }))
  return {
    snapshot: {
      ...sample,
      articles: [...sample.articles, ...articles],
      podcast: { ...sample.podcast, episodes: [...sample.podcast.episodes, ...episodes] },
    },
    lines,
  }
}

/** 200 queries of the kinds visitors type. */
function queries(lines: string[]): { q: string; kind?: 'episode' | 'article'; page?: number }[] {
  const next = random(2027)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const word = () => pick(VOCABULARY)
  const typo = (w: string) => {
    const at = 1 + Math.floor(next() * (w.length - 2))
    return w.slice(0, at) + w.slice(at + 1)
  }
  const phrase = () => {
    const words = pick(lines).replace('.', '').toLowerCase().split(' ')
    const start = Math.floor(next() * Math.max(1, words.length - 4))
    return `"${words.slice(start, start + 4).join(' ')}"`
  }
  const kinds = [
    () => ({ q: word() }),
    () => ({ q: `${word()} ${word()}` }),
    () => ({ q: phrase() }),
    () => ({ q: `${word()}s` }),
    () => ({ q: typo(pick(VOCABULARY.filter((w) => w.length >= 7))) }),
    () => ({ q: word(), kind: 'article' as const }),
    () => ({ q: word(), page: 2 }),
    () => ({ q: `zq${Math.floor(next() * 1e6)}x` }),
  ]
  return Array.from({ length: QUERIES }, (_, i) => kinds[i % kinds.length]!())
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function indexBytes(database: Database, file: string | undefined): Promise<number> {
  if (database.dialect === 'sqlite') return fs.statSync(file!).size
  const result = await sql<{ bytes: string }>`
    select sum(pg_total_relation_size(c.oid))::text as bytes from pg_class c
    where c.relname in ('search_entry', 'search_word', 'search_source') and c.relkind = 'r'`.execute(
    database.db,
  )
  return Number(result.rows[0]?.bytes ?? 0)
}

interface Figures {
  dialect: string
  entries: number
  buildSeconds: number
  indexMb: number
  p50: number
  p95: number
  max: number
  oneEpisodeMs: number
}

async function benchOn(databaseUrl: string | undefined): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-search-bench-'))
  const database = await openDatabase({ dataDir, databaseUrl })
  try {
    const clock = () => NOW
    const repository = createContentRepository(database, { clock })
    const { snapshot, lines } = corpus()
    await repository.importSnapshot(snapshot)
    const file = databaseUrl ? undefined : path.join(dataDir, 'site.sqlite')
    if (database.dialect === 'sqlite') await sql`vacuum`.execute(database.db)
    const before = database.dialect === 'sqlite' ? await indexBytes(database, file) : 0
    const search = createSiteSearch({ database, clock })
    let started = performance.now()
    await search.sync({ rebuild: true })
    const buildSeconds = (performance.now() - started) / 1000
    const indexMb = ((await indexBytes(database, file)) - before) / 1024 / 1024
    const counted = await database.db
      .selectFrom('search_entry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const times: number[] = []
    for (const query of queries(lines)) {
      started = performance.now()
      await search.search(query)
      times.push(performance.now() - started)
    }
    const episode = newEpisode()
    const created = await repository.createDocument({
      kind: 'episode',
      slug: 'one-more-day',
      data: { ...episode.data, number: 5000, guid: '00000000-0000-4000-8000-999999999999' },
      body: episode.body,
      actor: null,
    })
    await repository.publish(created.document.key, {
      baseVersion: created.document.version,
      actor: null,
    })
    started = performance.now()
    await search.sync()
    const oneEpisodeMs = performance.now() - started
    await search.close()
    return {
      dialect: database.dialect,
      entries: Number(counted.n),
      buildSeconds,
      indexMb,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      oneEpisodeMs,
    }
  } finally {
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function runSearchBench(options: { postgres?: boolean; write?: boolean } = {}) {
  const results = [await benchOn(undefined)]
  if (options.postgres !== false) {
    const own = process.env.BENCH_DATABASE_URL
      ? undefined
      : startPostgres(Number(process.env.PG_PORT ?? 54398))
    try {
      results.push(await benchOn(process.env.BENCH_DATABASE_URL ?? own!.url))
    } finally {
      own?.stop()
    }
  }
  const rows = results.map(
    (r) =>
      `| ${r.dialect} | ${r.entries.toLocaleString('en-US')} | ${r.buildSeconds.toFixed(1)} s | ${r.indexMb.toFixed(1)} MB | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${r.oneEpisodeMs.toFixed(0)} ms |`,
  )
  const table = [
    '| database | entries | full index | index size | p50 | p95 | slowest | one new episode |',
    '| -------- | ------: | ---------: | ---------: | --: | --: | ------: | --------------: |',
    ...rows,
  ].join('\n')
  console.log(table)
  if (options.write === false) return
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU'
  writeReportSection(
    path.join(root, 'docs/benchmarks.md'),
    MARKERS,
    `## Search

\`npm run bench:search\` (scripts/bench/search.ts), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
${os.cpus().length} × ${cpu}, Node ${process.version}. The sample content plus ${EPISODES.toLocaleString('en-US')} generated
episodes of ${TRANSCRIPT_LINES} transcript lines each and ${ARTICLES} articles in all; ${QUERIES} queries through
SiteSearch.search (index check, query, snippets; a typo's second query included): single words,
two words, four-word phrases from transcripts, plurals, typos, a kind filter, page 2 and words
nobody said. "One new episode" is the sync after publishing one episode of 2 lines.

${table}

Goal (issue 27): p95 ≤ 30 ms on SQLite on a quiet machine.`,
  )
}

if (import.meta.main)
  await runSearchBench({
    postgres: !process.argv.includes('--no-postgres'),
    write: !process.argv.includes('--no-write'),
  })
