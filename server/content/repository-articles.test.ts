import { expect, it } from 'vitest'
import { ContentError } from '#common/content/problems.ts'
import {
  caught,
  documentsOf,
  EDITOR,
  importSample,
  linkedSlug,
  sample,
  unlinkedSlug,
  useContentRepository,
  type RepositoryTest,
} from '#server/test/content-repository.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { ContentActionError, ContentNotFoundError } from './errors.ts'

// The repository's article commands; its imports, drafts and revisions: repository.test.ts.
describeOnDatabases('content repository', (dialect) => {
  const t = useContentRepository(dialect)
  scheduleAndSlugChecks(t)
  unpublishAndDeleteChecks(t)
})

/** Scheduling an article, and changing its address. */
function scheduleAndSlugChecks(t: RepositoryTest) {
  it('publishes a scheduled article when its time has come, not before', async () => {
    await importSample(t.repository)
    const source = sample.articles.find((a) => a.slug === unlinkedSlug)!
    const created = await t.repository.createArticle({
      slug: 'a-new-story',
      data: { ...source.frontmatter, headline: 'A new story' },
      body: source.body,
      actor: EDITOR,
    })
    expect(created.document.status).toBe('draft')
    const at = new Date(t.now + 60 * 60_000)
    const scheduled = await t.repository.publish(created.document.key, {
      baseVersion: created.document.version,
      actor: EDITOR,
      at,
    })
    expect(scheduled.change.action).toBe('scheduled')
    expect(scheduled.document).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() })
    const slugs = async (when?: Date) =>
      (await t.repository.readPublished(when))?.articles.map((a) => a.slug)
    expect(await slugs()).not.toContain('a-new-story')
    expect(await t.repository.nextScheduledAt()).toBe(at.toISOString())
    t.now = at.getTime()
    expect(await slugs()).toContain('a-new-story')
    expect(await t.repository.nextScheduledAt()).toBeNull()
    // Only articles can wait, and not one that is live already.
    const home = await t.repository.getDocument('page/home')
    await expect(
      t.repository.publish('page/home', {
        baseVersion: home.version,
        actor: EDITOR,
        at: new Date(t.now + 60_000),
      }),
    ).rejects.toBeInstanceOf(ContentActionError)
  })

  it('changes an article’s slug, keeping the former one as a redirect', async () => {
    await importSample(t.repository)
    const key = `article/${unlinkedSlug}`
    const { version } = await t.repository.getDocument(key)
    const changed = await t.repository.changeSlug(key, `${unlinkedSlug}-story`, {
      baseVersion: version,
      actor: EDITOR,
    })
    expect(changed.change).toMatchObject({
      action: 'slug-changed',
      from: unlinkedSlug,
      to: `${unlinkedSlug}-story`,
      contentVersion: 2,
    })
    const live = await t.repository.readPublished()
    expect(live?.articles.map((a) => a.slug)).toContain(`${unlinkedSlug}-story`)
    expect(live?.redirects).toEqual([{ from: unlinkedSlug, to: `${unlinkedSlug}-story` }])
    // Back again: the redirect goes, the other way round comes.
    const back = await t.repository.changeSlug(key, unlinkedSlug, {
      baseVersion: changed.document.version,
      actor: EDITOR,
    })
    expect((await t.repository.readPublished())?.redirects).toEqual([
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
    await importSample(t.repository)
    const key = `article/${unlinkedSlug}`
    const { version } = await t.repository.getDocument(key)
    const error = await caught(() =>
      t.repository.changeSlug(key, slug, { baseVersion: version, actor: EDITOR }),
    )
    expect(error).toBeInstanceOf(ContentError)
    expect((error as ContentError).problems[0]).toMatchObject({ field: 'slug' })
    expect((error as Error).message).toMatch(message)
    expect((await t.repository.getDocument(key)).slug).toBe(unlinkedSlug)
  })

  it('refuses the former slug of another article', async () => {
    await importSample(t.repository)
    const key = `article/${unlinkedSlug}`
    const { version } = await t.repository.getDocument(key)
    await t.repository.changeSlug(key, 'moved-away', { baseVersion: version, actor: EDITOR })
    const created = await caught(() =>
      t.repository.createArticle({
        slug: unlinkedSlug,
        data: sample.articles[0]!.frontmatter,
        body: sample.articles[0]!.body,
        actor: EDITOR,
      }),
    )
    expect((created as Error).message).toMatch(/was the address of another article/)
  })
}

/** Taking an article off the site, and deleting it. */
function unpublishAndDeleteChecks(t: RepositoryTest) {
  it('unpublishes an article, but not one the home page links to, nor a page', async () => {
    await importSample(t.repository)
    const linkedKey = `article/${linkedSlug}`
    const linkedDoc = await t.repository.getDocument(linkedKey)
    const error = await caught(() =>
      t.repository.unpublish(linkedKey, { baseVersion: linkedDoc.version, actor: EDITOR }),
    )
    expect((error as ContentError).problems).toEqual([
      expect.objectContaining({
        source: 'page/home',
        field: expect.stringMatching(/^changemakers\.cards\.\d\.article$/),
      }),
    ])
    const key = `article/${unlinkedSlug}`
    const { version } = await t.repository.getDocument(key)
    const result = await t.repository.unpublish(key, { baseVersion: version, actor: EDITOR })
    expect(result.change).toMatchObject({ action: 'unpublished', contentVersion: 2 })
    expect((await t.repository.readPublished())?.articles.map((a) => a.slug)).not.toContain(
      unlinkedSlug,
    )
    // Published again, without a draft: the last content, as a new revision.
    const again = await t.repository.publish(key, {
      baseVersion: result.document.version,
      actor: EDITOR,
    })
    expect(again.change.revisionNumber).toBe(2)
    const page = await t.repository.getDocument('page/about')
    await expect(
      t.repository.unpublish('page/about', { baseVersion: page.version, actor: EDITOR }),
    ).rejects.toBeInstanceOf(ContentActionError)
  })

  it('deletes an article with its revisions', async () => {
    await importSample(t.repository)
    const key = `article/${unlinkedSlug}`
    const { version } = await t.repository.getDocument(key)
    const result = await t.repository.deleteArticle(key, { baseVersion: version, actor: EDITOR })
    expect(result.change).toMatchObject({ action: 'deleted', contentVersion: 2 })
    await expect(t.repository.getDocument(key)).rejects.toBeInstanceOf(ContentNotFoundError)
    const revisions = await t.testDb.database.db
      .selectFrom('content_revision')
      .select(t.testDb.database.db.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(revisions.count)).toBe(documentsOf(sample) - 1)
  })
}
