import { afterAll, beforeEach, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { SINGLETONS } from '#common/content/snapshot.ts'
import { ContentError } from '#common/content/problems.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { openDatabase, type Database } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { ContentActionError, ContentConflictError, ContentNotFoundError } from './errors.ts'
import { createContentRepository, type ContentRepository } from './repository.ts'

const sample = readContentDir('content')
/** One document per singleton (settings, site, pages, media, the podcast), article and episode. */
const documentsOf = (snapshot: typeof sample) =>
  Object.keys(SINGLETONS).length + snapshot.articles.length + snapshot.podcast.episodes.length
const EDITOR = 'staff-editor-1'
const OTHER_EDITOR = 'staff-editor-2'
const START = Date.parse('2026-11-24T09:00:00.000Z')

/** An article of the sample that the home page does not link to, and one that it does. */
const linked = new Set(sample.pages.home.changemakers.cards.map((c) => c.article))
const unlinkedSlug = sample.articles.find((a) => !linked.has(a.slug))!.slug
const linkedSlug = sample.articles.find((a) => linked.has(a.slug))!.slug

function caught(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error('the call succeeded')
    },
    (error: unknown) => error,
  )
}

describeOnDatabases('content repository', (dialect) => {
  let testDb: TestDatabase
  let repository: ContentRepository
  let now: number

  beforeEach(async () => {
    await testDb?.drop()
    testDb = await createTestDatabase(dialect)
    now = START
    repository = createContentRepository(testDb.database, { clock: () => new Date(now) })
  })
  afterAll(async () => {
    await testDb?.drop()
  })

  const imported = async () => {
    const result = await repository.importSnapshot(sample, { note: 'Imported from content/' })
    if (!result.imported) throw new Error('not imported')
    return result
  }
  const homeWithQuote = (quote: string): ContentSnapshot['pages']['home'] => {
    const home = structuredClone(sample.pages.home)
    home.testimonials.items[0]!.quote = quote
    return home
  }

  it('imports a snapshot into an empty database as the first, published revision of everything', async () => {
    expect(await repository.isEmpty()).toBe(true)
    expect(await repository.readPublished()).toBeUndefined()
    const result = await imported()
    expect(result.documents).toBe(documentsOf(sample))
    expect(result.contentVersion).toBe(1)
    expect(result.change).toMatchObject({ action: 'imported', actor: null })
    expect(await repository.readPublished()).toEqual(sample)
    expect(await repository.listRevisions('page/home')).toEqual([
      expect.objectContaining({
        number: 1,
        authorId: null,
        note: 'Imported from content/',
        current: true,
      }),
    ])
    // A second import (the next start) changes nothing.
    expect(await repository.importSnapshot(sample)).toEqual({
      imported: false,
      existingDocuments: result.documents,
    })
    expect(await repository.contentVersion()).toBe(1)
  })

  it('imports a content larger than one insert statement may carry (2,600 more episodes)', async () => {
    // SQLite binds at most 32,766 values a statement: 2,600 documents of 13 columns are more.
    const base = sample.podcast.episodes[0]!
    const episodes = Array.from({ length: 2600 }, (_, i) => ({
      slug: `day-${i + 1}`,
      notes: 'One more day of the show.\n',
      data: {
        ...base.data,
        number: 1000 + i,
        guid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        publishedAt: new Date(Date.UTC(2016, 0, 1 + i, 11)).toISOString(),
      },
    }))
    const large: ContentSnapshot = {
      ...sample,
      podcast: { ...sample.podcast, episodes: [...sample.podcast.episodes, ...episodes] },
    }
    const result = await repository.importSnapshot(large)
    expect(result).toMatchObject({ imported: true, documents: documentsOf(large) })
    expect(await repository.documentCount()).toBe(documentsOf(large))
  })

  // Several pools on one PostgreSQL are several processes; SQLite's are tested with real
  // processes (server/cli/content.test.ts): node:sqlite blocks the one thread they would share.
  if (dialect === 'postgres')
    it('imports once when several processes start at the same moment', async () => {
      const others: Database[] = []
      for (let i = 0; i < 3; i++)
        others.push(
          await openDatabase({
            dataDir: testDb.env.DATA_DIR,
            databaseUrl: testDb.env.DATABASE_URL,
          }),
        )
      try {
        const results = await Promise.all(
          [testDb.database, ...others].map((database) =>
            createContentRepository(database).importSnapshot(sample),
          ),
        )
        expect(results.filter((r) => r.imported)).toHaveLength(1)
        const revisions = await testDb.database.db
          .selectFrom('content_revision')
          .select(testDb.database.db.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
        expect(Number(revisions.count)).toBe(documentsOf(sample))
        expect(await repository.contentVersion()).toBe(1)
      } finally {
        await Promise.all(others.map((database) => database.close()))
      }
    })

  it('replaces everything only when asked to', async () => {
    await imported()
    const edited: ContentSnapshot = {
      ...sample,
      settings: { ...sample.settings, phone: '+1 (913) 555-0100' },
      articles: sample.articles.filter((a) => a.slug !== unlinkedSlug),
    }
    expect(await repository.importSnapshot(edited)).toMatchObject({ imported: false })
    expect(await repository.importSnapshot(edited, { replace: true })).toMatchObject({
      imported: true,
      documents: documentsOf(sample) - 1,
      contentVersion: 2,
    })
    expect(await repository.readPublished()).toEqual(edited)
    expect(await repository.listRevisions('settings')).toHaveLength(1)
  })

  it('keeps a draft from visitors until it is published, as a new revision by its author', async () => {
    await imported()
    const opened = await repository.getDocument('page/home')
    const saved = await repository.saveDraft('page/home', {
      data: homeWithQuote('A new quote, typed by staff.'),
      baseVersion: opened.version,
      actor: EDITOR,
    })
    expect(saved.change).toMatchObject({ action: 'draft-saved', actor: EDITOR, version: 2 })
    expect(saved.document.draft).not.toBeNull()
    expect((await repository.readPublished())?.pages.home).toEqual(sample.pages.home)
    expect(await repository.contentVersion()).toBe(1)

    now += 60_000
    const published = await repository.publish('page/home', {
      baseVersion: saved.document.version,
      actor: EDITOR,
      note: 'New testimonial',
    })
    expect(published.change).toMatchObject({
      action: 'published',
      revisionNumber: 2,
      contentVersion: 2,
      actor: EDITOR,
      at: new Date(now).toISOString(),
    })
    expect(published.document).toMatchObject({
      draft: null,
      status: 'published',
      updatedBy: EDITOR,
    })
    const live = await repository.readPublished()
    expect(live?.pages.home.testimonials.items[0]?.quote).toBe('A new quote, typed by staff.')
    expect(await repository.listRevisions('page/home')).toMatchObject([
      { number: 2, authorId: EDITOR, note: 'New testimonial', current: true },
      { number: 1, authorId: null, current: false },
    ])
  })

  it('refuses a save made from an older version, saying who changed it and when', async () => {
    await imported()
    const { version } = await repository.getDocument('page/home')
    now += 5_000
    await repository.saveDraft('page/home', {
      data: homeWithQuote('First editor’s words.'),
      baseVersion: version,
      actor: EDITOR,
    })
    const error = await caught(() =>
      repository.saveDraft('page/home', {
        data: homeWithQuote('Second editor’s words.'),
        baseVersion: version,
        actor: OTHER_EDITOR,
      }),
    )
    expect(error).toBeInstanceOf(ContentConflictError)
    expect(error).toMatchObject({
      updatedBy: EDITOR,
      updatedAt: new Date(now).toISOString(),
      currentVersion: version + 1,
    })
    expect((error as Error).message).toMatch(/changed by staff-editor-1 at 2026-11-24T09:00:05/)
    const document = await repository.getDocument('page/home')
    expect(document.draft?.data).toMatchObject({
      testimonials: { items: [{ quote: 'First editor’s words.' }, {}, {}] },
    })
    // Publishing and restoring check the version too.
    await expect(
      repository.publish('page/home', { baseVersion: version, actor: OTHER_EDITOR }),
    ).rejects.toBeInstanceOf(ContentConflictError)
  })

  it('keeps an unfinished draft with what keeps it from going live, and refuses to publish it', async () => {
    await imported()
    const { version } = await repository.getDocument('page/home')
    const saved = await repository.saveDraft('page/home', {
      data: homeWithQuote('  '),
      baseVersion: version,
      actor: EDITOR,
    })
    expect(saved.problems).toEqual([
      { source: 'page/home', field: 'testimonials.items.0.quote', message: 'must not be empty' },
    ])
    expect(await repository.draftProblems('page/home')).toEqual(saved.problems)
    const refused = await caught(() =>
      repository.publish('page/home', { baseVersion: saved.document.version, actor: EDITOR }),
    )
    expect(refused).toBeInstanceOf(ContentError)
    expect((refused as ContentError).problems).toEqual(saved.problems)

    const broken = structuredClone(sample.pages.home)
    broken.mission.image.image = 'home/not-there'
    const missing = await repository.saveDraft('page/home', {
      data: broken,
      baseVersion: saved.document.version,
      actor: EDITOR,
    })
    expect(missing.problems).toMatchObject([
      {
        source: 'page/home',
        field: 'mission.image.image',
        message: expect.stringMatching(/there is no picture "home\/not-there"/),
      },
    ])
    await expect(
      repository.publish('page/home', { baseVersion: missing.document.version, actor: EDITOR }),
    ).rejects.toThrow(
      /page\/home:\n {2}mission\.image\.image: there is no picture "home\/not-there"/,
    )
    // What visitors see never changed.
    expect((await repository.readPublished())!.pages.home).toEqual(sample.pages.home)
  })

  it('refuses a draft with a field the document does not have, and saves nothing', async () => {
    await imported()
    const { version } = await repository.getDocument('page/home')
    const error = await caught(() =>
      repository.saveDraft('page/home', {
        data: { ...sample.pages.home, footnote: 'x' },
        baseVersion: version,
        actor: EDITOR,
      }),
    )
    expect((error as ContentError).problems).toEqual([
      {
        source: 'page/home',
        field: 'footnote',
        message: 'unknown field (check its spelling, or remove it)',
      },
    ])
    expect((await repository.getDocument('page/home')).version).toBe(version)
  })

  it('refuses hostile Markdown in an article, with its line and column', async () => {
    await imported()
    const key = `article/${unlinkedSlug}`
    const { version, published } = await repository.getDocument(key)
    const error = await caught(() =>
      repository.saveDraft(key, {
        data: published!.data,
        body: 'Fine.\n\n<script>alert(1)</script>\n\nA [link](javascript:alert(1)).\n',
        baseVersion: version,
        actor: EDITOR,
      }),
    )
    expect((error as ContentError).problems).toMatchObject([
      { field: 'body', line: 3, column: 1, message: expect.stringMatching(/raw HTML/) },
      { field: 'body', line: 5, column: 3, message: expect.stringMatching(/"javascript:"/) },
    ])
  })

  it('a publish reads the Markdown of what it changes, not of every stored document again', async () => {
    await imported()
    // A stored revision that today's checks would refuse (stored before a rule existed, say):
    // at thousands of episodes, reading every stored body and transcript again on each publish
    // held the server for seconds.
    const storedKey = `article/${unlinkedSlug}`
    const missing = 'Text.\n\n![A picture](no-such-picture)\n'
    await testDb.database.db
      .updateTable('content_revision')
      .set({ body: missing })
      .where('document_id', 'in', (eb) =>
        eb.selectFrom('content_document').select('id').where('key', '=', storedKey),
      )
      .execute()
    let { version } = await repository.getDocument('page/home')
    ;({
      document: { version },
    } = await repository.saveDraft('page/home', {
      data: homeWithQuote('Published beside an old body.'),
      baseVersion: version,
      actor: EDITOR,
    }))
    await repository.publish('page/home', { baseVersion: version, actor: EDITOR })
    // The document itself, changed, is read whole again.
    const stored = await repository.getDocument(storedKey)
    const draft = await repository.saveDraft(storedKey, {
      data: stored.published!.data,
      body: `${missing}\nOne more line.\n`,
      baseVersion: stored.version,
      actor: EDITOR,
    })
    expect(draft.problems).toMatchObject([
      { field: 'body', line: 3, message: expect.stringMatching(/Markdown image is not allowed/) },
    ])
    const error = await caught(() =>
      repository.publish(storedKey, { baseVersion: draft.document.version, actor: EDITOR }),
    )
    expect(error).toBeInstanceOf(ContentError)
  })

  it('restores an earlier revision as a new one', async () => {
    await imported()
    let { version } = await repository.getDocument('page/home')
    ;({
      document: { version },
    } = await repository.saveDraft('page/home', {
      data: homeWithQuote('Changed.'),
      baseVersion: version,
      actor: EDITOR,
    }))
    ;({
      document: { version },
    } = await repository.publish('page/home', { baseVersion: version, actor: EDITOR }))
    const [, first] = await repository.listRevisions('page/home')
    const restored = await repository.restoreRevision('page/home', first!.id, {
      baseVersion: version,
      actor: OTHER_EDITOR,
    })
    expect(restored.change).toMatchObject({
      action: 'restored',
      revisionNumber: 3,
      note: 'Restored revision 1',
      contentVersion: 3,
    })
    expect((await repository.readPublished())?.pages.home).toEqual(sample.pages.home)
    expect(await repository.listRevisions('page/home')).toHaveLength(3)
    await expect(
      repository.restoreRevision('page/home', 'no-such-revision', {
        baseVersion: restored.document.version,
        actor: EDITOR,
      }),
    ).rejects.toBeInstanceOf(ContentNotFoundError)
  })

  it('publishes a scheduled article when its time has come, not before', async () => {
    await imported()
    const source = sample.articles.find((a) => a.slug === unlinkedSlug)!
    const created = await repository.createArticle({
      slug: 'a-new-story',
      data: { ...source.frontmatter, headline: 'A new story' },
      body: source.body,
      actor: EDITOR,
    })
    expect(created.document.status).toBe('draft')
    const at = new Date(now + 60 * 60_000)
    const scheduled = await repository.publish(created.document.key, {
      baseVersion: created.document.version,
      actor: EDITOR,
      at,
    })
    expect(scheduled.change.action).toBe('scheduled')
    expect(scheduled.document).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() })
    const slugs = async (when?: Date) =>
      (await repository.readPublished(when))?.articles.map((a) => a.slug)
    expect(await slugs()).not.toContain('a-new-story')
    expect(await repository.nextScheduledAt()).toBe(at.toISOString())
    now = at.getTime()
    expect(await slugs()).toContain('a-new-story')
    expect(await repository.nextScheduledAt()).toBeNull()
    // Only articles can wait, and not one that is live already.
    const home = await repository.getDocument('page/home')
    await expect(
      repository.publish('page/home', {
        baseVersion: home.version,
        actor: EDITOR,
        at: new Date(now + 60_000),
      }),
    ).rejects.toBeInstanceOf(ContentActionError)
  })

  it('changes an article’s slug, keeping the former one as a redirect', async () => {
    await imported()
    const key = `article/${unlinkedSlug}`
    const { version } = await repository.getDocument(key)
    const changed = await repository.changeSlug(key, `${unlinkedSlug}-story`, {
      baseVersion: version,
      actor: EDITOR,
    })
    expect(changed.change).toMatchObject({
      action: 'slug-changed',
      from: unlinkedSlug,
      to: `${unlinkedSlug}-story`,
      contentVersion: 2,
    })
    const live = await repository.readPublished()
    expect(live?.articles.map((a) => a.slug)).toContain(`${unlinkedSlug}-story`)
    expect(live?.redirects).toEqual([{ from: unlinkedSlug, to: `${unlinkedSlug}-story` }])
    // Back again: the redirect goes, the other way round comes.
    const back = await repository.changeSlug(key, unlinkedSlug, {
      baseVersion: changed.document.version,
      actor: EDITOR,
    })
    expect((await repository.readPublished())?.redirects).toEqual([
      { from: `${unlinkedSlug}-story`, to: unlinkedSlug },
    ])
    expect(back.document.slug).toBe(unlinkedSlug)
  })

  it.each([
    ['a route of the site', 'admin', /reserved/],
    ['a path that climbs out', '../admin', /lower-case letters/],
    ['capitals', 'Marisol-Vega', /lower-case letters/],
    ['another article’s slug', linkedSlug, /another article/],
    ['an empty slug', '', /must not be empty/],
  ])('refuses a slug that is %s', async (_, slug, message) => {
    await imported()
    const key = `article/${unlinkedSlug}`
    const { version } = await repository.getDocument(key)
    const error = await caught(() =>
      repository.changeSlug(key, slug, { baseVersion: version, actor: EDITOR }),
    )
    expect(error).toBeInstanceOf(ContentError)
    expect((error as ContentError).problems[0]).toMatchObject({ field: 'slug' })
    expect((error as Error).message).toMatch(message)
    expect((await repository.getDocument(key)).slug).toBe(unlinkedSlug)
  })

  it('refuses the former slug of another article', async () => {
    await imported()
    const key = `article/${unlinkedSlug}`
    const { version } = await repository.getDocument(key)
    await repository.changeSlug(key, 'moved-away', { baseVersion: version, actor: EDITOR })
    const created = await caught(() =>
      repository.createArticle({
        slug: unlinkedSlug,
        data: sample.articles[0]!.frontmatter,
        body: sample.articles[0]!.body,
        actor: EDITOR,
      }),
    )
    expect((created as Error).message).toMatch(/was the address of another article/)
  })

  it('unpublishes an article, but not one the home page links to, nor a page', async () => {
    await imported()
    const linkedKey = `article/${linkedSlug}`
    const linkedDoc = await repository.getDocument(linkedKey)
    const error = await caught(() =>
      repository.unpublish(linkedKey, { baseVersion: linkedDoc.version, actor: EDITOR }),
    )
    expect((error as ContentError).problems).toEqual([
      expect.objectContaining({
        source: 'page/home',
        field: expect.stringMatching(/^changemakers\.cards\.\d\.article$/),
      }),
    ])
    const key = `article/${unlinkedSlug}`
    const { version } = await repository.getDocument(key)
    const result = await repository.unpublish(key, { baseVersion: version, actor: EDITOR })
    expect(result.change).toMatchObject({ action: 'unpublished', contentVersion: 2 })
    expect((await repository.readPublished())?.articles.map((a) => a.slug)).not.toContain(
      unlinkedSlug,
    )
    // Published again, without a draft: the last content, as a new revision.
    const again = await repository.publish(key, {
      baseVersion: result.document.version,
      actor: EDITOR,
    })
    expect(again.change.revisionNumber).toBe(2)
    const page = await repository.getDocument('page/about')
    await expect(
      repository.unpublish('page/about', { baseVersion: page.version, actor: EDITOR }),
    ).rejects.toBeInstanceOf(ContentActionError)
  })

  it('deletes an article with its revisions', async () => {
    await imported()
    const key = `article/${unlinkedSlug}`
    const { version } = await repository.getDocument(key)
    const result = await repository.deleteArticle(key, { baseVersion: version, actor: EDITOR })
    expect(result.change).toMatchObject({ action: 'deleted', contentVersion: 2 })
    await expect(repository.getDocument(key)).rejects.toBeInstanceOf(ContentNotFoundError)
    const revisions = await testDb.database.db
      .selectFrom('content_revision')
      .select(testDb.database.db.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(revisions.count)).toBe(documentsOf(sample) - 1)
  })
})
