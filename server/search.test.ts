/**
 * Search over what is published, on both databases (server/search, docs/search.md): an article
 * and an episode published through the content repository are found by a word, a stemmed form,
 * a typo and a transcript sentence, and forgotten once unpublished.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { createContentRepository, type ContentRepository } from '#server/content/repository.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { createSiteSearch, type SiteSearch } from '#server/search/site-search.ts'
import { newArticle, newEpisode, publishBody } from '#server/test/search-sample.ts'

const sample = readContentDir('content')
const NOW = Date.parse('2026-12-31T12:00:00.000Z')
const EDITOR = 'staff-editor-1'

/** The index's rows for these documents, in one of its tables. */
const indexRows = (testDb: TestDatabase, table: 'search_source' | 'search_entry', keys: string[]) =>
  testDb.database.db
    .selectFrom(table)
    .select('document_key')
    .where('document_key', 'in', keys)
    .execute()

describeOnDatabases('site search', (dialect) => {
  let testDb: TestDatabase
  let repository: ContentRepository
  let search: SiteSearch
  let episodeKey = ''
  let articleKey = ''

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    const clock = () => new Date(NOW)
    repository = createContentRepository(testDb.database, { clock })
    search = createSiteSearch({ database: testDb.database, clock })
    const imported = await repository.importSnapshot(sample)
    if (!imported.imported) throw new Error('not imported')
    const episode = newEpisode()
    const createdEpisode = await repository.createDocument({
      kind: 'episode',
      slug: 'lanterns-along-the-levee',
      ...episode,
      actor: EDITOR,
    })
    episodeKey = createdEpisode.document.key
    const article = newArticle()
    const createdArticle = await repository.createDocument({
      kind: 'article',
      slug: 'quillon-farrow',
      ...article,
      actor: EDITOR,
    })
    articleKey = createdArticle.document.key
  })
  afterAll(async () => {
    await search?.close()
    await testDb?.drop()
  })

  const find = async (q: string, kind: 'episode' | 'article' | null = null) =>
    (await search.search({ q, kind })).hits
  const urls = async (q: string) => (await find(q)).map((hit) => hit.url)

  it('finds nothing of a draft', async () => {
    expect(await urls('Quillon')).toEqual([])
    expect(await urls('willow frames')).toEqual([])
  })

  it('finds a published article and episode by a word, a stem, a typo and a sentence', async () => {
    for (const key of [episodeKey, articleKey]) {
      const state = await repository.listDocuments()
      const version = state.find((d) => d.key === key)!.version
      await repository.publish(key, { baseVersion: version, actor: EDITOR })
    }
    // A word of the text, a title word ranked first.
    expect((await find('Quillon'))[0]).toMatchObject({
      kind: 'article',
      title: 'Quillon Farrow Keeps the Seed Library Open',
      url: '/articles/quillon-farrow',
    })
    // Stemming: "gardener" finds "gardeners"; "braiding" finds "braided".
    expect(await urls('gardener')).toContain('/articles/quillon-farrow')
    expect(await urls('braiding')).toContain('/listen/lanterns-along-the-levee#t=65')
    // A typo: one letter missing, then the corrected query says what it searched.
    const typo = await search.search({ q: 'Quilon' })
    expect(typo.correctedTo).toBe('quillon')
    expect(typo.hits.map((hit) => hit.url)).toContain('/articles/quillon-farrow')
    expect(await urls('gymnasum')).toEqual(['/listen/lanterns-along-the-levee#t=65'])
    // A transcript sentence, as a phrase: the line, its speaker and its second.
    const line = (await find('"braided the willow frames in the gymnasium"'))[0]!
    expect(line).toMatchObject({
      kind: 'episode',
      title: 'Lanterns Along the Levee',
      url: '/listen/lanterns-along-the-levee#t=65',
      line: { speaker: 'Odessa Quarles', seconds: 65 },
    })
    const marked = line.snippet.filter((part) => part.mark).map((part) => part.text)
    expect(marked.join(' ')).toMatch(/willow frames/i)
    // The episode itself, by its summary, and a filter by kind.
    expect(await urls('lanterns')).toContain('/listen/lanterns-along-the-levee')
    expect((await find('lanterns', 'article')).every((hit) => hit.kind === 'article')).toBe(true)
  })

  it('ranks a title match above a body match', async () => {
    const hits = await find('levee')
    expect(hits[0]!.url).toBe('/listen/lanterns-along-the-levee')
  })

  it('finds a page by its copy and a course from the catalogue', async () => {
    expect(await urls(sample.pages.about.intro.heading)).toContain('/about')
    await testDb.database.db
      .insertInto('catalogue_course')
      .values({
        id: 'c-1',
        position: 0,
        title: 'Organizing a Tenant Union',
        description: 'Six sessions on building power where you live.',
        price_cents: 0,
        url: 'https://store.example.org/courses/tenant-union',
        image_url: 'https://store.example.org/tenant-union.jpg',
        synced_at: new Date(NOW).toISOString(),
      })
      .execute()
    await testDb.database.db
      .updateTable('catalogue_sync')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute()
    expect((await find('tenant unions'))[0]).toMatchObject({
      kind: 'course',
      url: 'https://store.example.org/courses/tenant-union',
    })
  })

  it('follows a new revision of a published document, and keeps one entry set for it', async () => {
    await publishBody(
      repository,
      articleKey,
      'Every autumn the gardeners of Lindell Street trade pumpkins by the phone booth.',
      EDITOR,
    )
    expect(await urls('pumpkins')).toEqual(['/articles/quillon-farrow'])
    expect(await urls('borrowed')).not.toContain('/articles/quillon-farrow')
    expect(await indexRows(testDb, 'search_source', [articleKey])).toHaveLength(1)
  })

  it('forgets what is unpublished and follows a slug change', async () => {
    const documents = await repository.listDocuments()
    const article = documents.find((d) => d.key === articleKey)!
    const moved = await repository.changeSlug(articleKey, 'quillon-farrow-seeds', {
      baseVersion: article.version,
      actor: EDITOR,
    })
    expect(await urls('Quillon')).toEqual(['/articles/quillon-farrow-seeds'])
    await repository.unpublish(articleKey, { baseVersion: moved.document.version, actor: EDITOR })
    expect(await urls('Quillon')).toEqual([])
    expect((await search.search({ q: 'Quilon' })).correctedTo).toBeNull()
    const episode = (await repository.listDocuments()).find((d) => d.key === episodeKey)!
    await repository.unpublish(episodeKey, { baseVersion: episode.version, actor: EDITOR })
    expect(await urls('willow frames')).toEqual([])
    // Nothing of either is left in the index, not only hidden from results.
    expect(await indexRows(testDb, 'search_entry', [articleKey, episodeKey])).toEqual([])
  })

  it('rebuilds the index from the content', async () => {
    const before = await find('Abernathy')
    expect(before.length).toBeGreaterThan(0)
    await search.sync({ rebuild: true })
    expect(await find('Abernathy')).toEqual(before)
    expect((await find('Abernaty')).map((hit) => hit.url)).toEqual(before.map((hit) => hit.url))
  })
})
