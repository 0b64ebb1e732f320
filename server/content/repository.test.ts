import { expect, it } from 'vitest'
import { ContentError } from '#common/content/problems.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { openDatabase, type Database, type Dialect } from '#server/db/index.ts'
import {
  caught,
  documentsOf,
  EDITOR,
  homeWithQuote,
  importSample,
  OTHER_EDITOR,
  sample,
  unlinkedSlug,
  useContentRepository,
  type RepositoryTest,
} from '#server/test/content-repository.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { ContentConflictError, ContentNotFoundError } from './errors.ts'
import { createContentRepository } from './repository.ts'

// The article's own commands (schedule, slug, unpublish, delete): repository-articles.test.ts.
describeOnDatabases('content repository', (dialect) => {
  const t = useContentRepository(dialect)
  importChecks(dialect, t)
  draftChecks(t)
  markdownAndRevisionChecks(t)
})

/** The first import of content/, once, and a replacement only when asked for. */
function importChecks(dialect: Dialect, t: RepositoryTest) {
  it('imports a snapshot into an empty database as the first, published revision of everything', async () => {
    expect(await t.repository.isEmpty()).toBe(true)
    expect(await t.repository.readPublished()).toBeUndefined()
    const result = await importSample(t.repository)
    expect(result.documents).toBe(documentsOf(sample))
    expect(result.contentVersion).toBe(1)
    expect(result.change).toMatchObject({ action: 'imported', actor: null })
    expect(await t.repository.readPublished()).toEqual(sample)
    expect(await t.repository.listRevisions('page/home')).toEqual([
      expect.objectContaining({
        number: 1,
        authorId: null,
        note: 'Imported from content/',
        current: true,
      }),
    ])
    // A second import (the next start) changes nothing.
    expect(await t.repository.importSnapshot(sample)).toEqual({
      imported: false,
      existingDocuments: result.documents,
    })
    expect(await t.repository.contentVersion()).toBe(1)
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
    const result = await t.repository.importSnapshot(large)
    expect(result).toMatchObject({ imported: true, documents: documentsOf(large) })
    expect(await t.repository.documentCount()).toBe(documentsOf(large))
  })

  // Several pools on one PostgreSQL are several processes; SQLite's are tested with real
  // processes (server/cli/content.test.ts): node:sqlite blocks the one thread they would share.
  if (dialect === 'postgres')
    it('imports once when several processes start at the same moment', async () => {
      const others: Database[] = []
      for (let i = 0; i < 3; i++)
        others.push(
          await openDatabase({
            dataDir: t.testDb.env.DATA_DIR,
            databaseUrl: t.testDb.env.DATABASE_URL,
          }),
        )
      try {
        const results = await Promise.all(
          [t.testDb.database, ...others].map((database) =>
            createContentRepository(database).importSnapshot(sample),
          ),
        )
        expect(results.filter((r) => r.imported)).toHaveLength(1)
        const revisions = await t.testDb.database.db
          .selectFrom('content_revision')
          .select(t.testDb.database.db.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
        expect(Number(revisions.count)).toBe(documentsOf(sample))
        expect(await t.repository.contentVersion()).toBe(1)
      } finally {
        await Promise.all(others.map((database) => database.close()))
      }
    })

  it('replaces everything only when asked to', async () => {
    await importSample(t.repository)
    const edited: ContentSnapshot = {
      ...sample,
      settings: { ...sample.settings, phone: '+1 (913) 555-0100' },
      articles: sample.articles.filter((a) => a.slug !== unlinkedSlug),
    }
    expect(await t.repository.importSnapshot(edited)).toMatchObject({ imported: false })
    expect(await t.repository.importSnapshot(edited, { replace: true })).toMatchObject({
      imported: true,
      documents: documentsOf(sample) - 1,
      contentVersion: 2,
    })
    expect(await t.repository.readPublished()).toEqual(edited)
    expect(await t.repository.listRevisions('settings')).toHaveLength(1)
  })
}

/** Drafts: kept from visitors, checked against older versions, unfinished or unknown fields. */
function draftChecks(t: RepositoryTest) {
  it('keeps a draft from visitors until it is published, as a new revision by its author', async () => {
    await importSample(t.repository)
    const opened = await t.repository.getDocument('page/home')
    const saved = await t.repository.saveDraft('page/home', {
      data: homeWithQuote('A new quote, typed by staff.'),
      baseVersion: opened.version,
      actor: EDITOR,
    })
    expect(saved.change).toMatchObject({ action: 'draft-saved', actor: EDITOR, version: 2 })
    expect(saved.document.draft).not.toBeNull()
    expect((await t.repository.readPublished())?.pages.home).toEqual(sample.pages.home)
    expect(await t.repository.contentVersion()).toBe(1)

    t.now += 60_000
    const published = await t.repository.publish('page/home', {
      baseVersion: saved.document.version,
      actor: EDITOR,
      note: 'New testimonial',
    })
    expect(published.change).toMatchObject({
      action: 'published',
      revisionNumber: 2,
      contentVersion: 2,
      actor: EDITOR,
      at: new Date(t.now).toISOString(),
    })
    expect(published.document).toMatchObject({
      draft: null,
      status: 'published',
      updatedBy: EDITOR,
    })
    const live = await t.repository.readPublished()
    expect(live?.pages.home.testimonials.items[0]?.quote).toBe('A new quote, typed by staff.')
    expect(await t.repository.listRevisions('page/home')).toMatchObject([
      { number: 2, authorId: EDITOR, note: 'New testimonial', current: true },
      { number: 1, authorId: null, current: false },
    ])
  })

  it('refuses a save made from an older version, saying who changed it and when', async () => {
    await importSample(t.repository)
    const { version } = await t.repository.getDocument('page/home')
    t.now += 5_000
    await t.repository.saveDraft('page/home', {
      data: homeWithQuote('First editor’s words.'),
      baseVersion: version,
      actor: EDITOR,
    })
    const error = await caught(() =>
      t.repository.saveDraft('page/home', {
        data: homeWithQuote('Second editor’s words.'),
        baseVersion: version,
        actor: OTHER_EDITOR,
      }),
    )
    expect(error).toBeInstanceOf(ContentConflictError)
    expect(error).toMatchObject({
      updatedBy: EDITOR,
      updatedAt: new Date(t.now).toISOString(),
      currentVersion: version + 1,
    })
    expect((error as Error).message).toMatch(/changed by staff-editor-1 at 2026-11-24T09:00:05/)
    const document = await t.repository.getDocument('page/home')
    expect(document.draft?.data).toMatchObject({
      testimonials: { items: [{ quote: 'First editor’s words.' }, {}, {}] },
    })
    // Publishing and restoring check the version too.
    await expect(
      t.repository.publish('page/home', { baseVersion: version, actor: OTHER_EDITOR }),
    ).rejects.toBeInstanceOf(ContentConflictError)
  })

  it('keeps an unfinished draft with what keeps it from going live, and refuses to publish it', async () => {
    await importSample(t.repository)
    const { version } = await t.repository.getDocument('page/home')
    const saved = await t.repository.saveDraft('page/home', {
      data: homeWithQuote('  '),
      baseVersion: version,
      actor: EDITOR,
    })
    expect(saved.problems).toEqual([
      { source: 'page/home', field: 'testimonials.items.0.quote', message: 'must not be empty' },
    ])
    expect(await t.repository.draftProblems('page/home')).toEqual(saved.problems)
    const refused = await caught(() =>
      t.repository.publish('page/home', { baseVersion: saved.document.version, actor: EDITOR }),
    )
    expect(refused).toBeInstanceOf(ContentError)
    expect((refused as ContentError).problems).toEqual(saved.problems)

    const broken = structuredClone(sample.pages.home)
    broken.mission.image.image = 'home/not-there'
    const missing = await t.repository.saveDraft('page/home', {
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
      t.repository.publish('page/home', { baseVersion: missing.document.version, actor: EDITOR }),
    ).rejects.toThrow(
      /page\/home:\n {2}mission\.image\.image: there is no picture "home\/not-there"/,
    )
    // What visitors see never changed.
    expect((await t.repository.readPublished())!.pages.home).toEqual(sample.pages.home)
  })

  it('refuses a draft with a field the document does not have, and saves nothing', async () => {
    await importSample(t.repository)
    const { version } = await t.repository.getDocument('page/home')
    const error = await caught(() =>
      t.repository.saveDraft('page/home', {
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
    expect((await t.repository.getDocument('page/home')).version).toBe(version)
  })
}

/** The Markdown a save and a publish read, and restoring an earlier revision. */
function markdownAndRevisionChecks(t: RepositoryTest) {
  it('refuses hostile Markdown in an article, with its line and column', async () => {
    await importSample(t.repository)
    const key = `article/${unlinkedSlug}`
    const { version, published } = await t.repository.getDocument(key)
    const error = await caught(() =>
      t.repository.saveDraft(key, {
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
    await importSample(t.repository)
    // A stored revision that today's checks would refuse (stored before a rule existed, say):
    // at thousands of episodes, reading every stored body and transcript again on each publish
    // held the server for seconds.
    const storedKey = `article/${unlinkedSlug}`
    const missing = 'Text.\n\n![A picture](no-such-picture)\n'
    await t.testDb.database.db
      .updateTable('content_revision')
      .set({ body: missing })
      .where('document_id', 'in', (eb) =>
        eb.selectFrom('content_document').select('id').where('key', '=', storedKey),
      )
      .execute()
    let { version } = await t.repository.getDocument('page/home')
    ;({
      document: { version },
    } = await t.repository.saveDraft('page/home', {
      data: homeWithQuote('Published beside an old body.'),
      baseVersion: version,
      actor: EDITOR,
    }))
    await t.repository.publish('page/home', { baseVersion: version, actor: EDITOR })
    // The document itself, changed, is read whole again.
    const stored = await t.repository.getDocument(storedKey)
    const draft = await t.repository.saveDraft(storedKey, {
      data: stored.published!.data,
      body: `${missing}\nOne more line.\n`,
      baseVersion: stored.version,
      actor: EDITOR,
    })
    expect(draft.problems).toMatchObject([
      { field: 'body', line: 3, message: expect.stringMatching(/Markdown image is not allowed/) },
    ])
    const error = await caught(() =>
      t.repository.publish(storedKey, { baseVersion: draft.document.version, actor: EDITOR }),
    )
    expect(error).toBeInstanceOf(ContentError)
  })

  it('restores an earlier revision as a new one', async () => {
    await importSample(t.repository)
    let { version } = await t.repository.getDocument('page/home')
    ;({
      document: { version },
    } = await t.repository.saveDraft('page/home', {
      data: homeWithQuote('Changed.'),
      baseVersion: version,
      actor: EDITOR,
    }))
    ;({
      document: { version },
    } = await t.repository.publish('page/home', { baseVersion: version, actor: EDITOR }))
    const [, first] = await t.repository.listRevisions('page/home')
    const restored = await t.repository.restoreRevision('page/home', first!.id, {
      baseVersion: version,
      actor: OTHER_EDITOR,
    })
    expect(restored.change).toMatchObject({
      action: 'restored',
      revisionNumber: 3,
      note: 'Restored revision 1',
      contentVersion: 3,
    })
    expect((await t.repository.readPublished())?.pages.home).toEqual(sample.pages.home)
    expect(await t.repository.listRevisions('page/home')).toHaveLength(3)
    await expect(
      t.repository.restoreRevision('page/home', 'no-such-revision', {
        baseVersion: restored.document.version,
        actor: EDITOR,
      }),
    ).rejects.toBeInstanceOf(ContentNotFoundError)
  })
}
