/**
 * What a process's render worker is given after a change (published-changes.ts): everything at
 * first, then only the documents whose published revision, kind or slug changed and the keys of
 * those gone, with the uploaded pictures of the whole site every time.
 */
import { expect, it } from 'vitest'
import { newArticle, useContentApi } from '#server/test/content-api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { createContentRepository } from '../repository.ts'

describeOnDatabases('the published changes', (dialect) => {
  const { api, clock, create, upload } = useContentApi(dialect)

  it('reads only what changed since, names what is gone, and keeps every picture named', async () => {
    const picture = (await upload({ alt: 'A bus shelter in the rain' }, 'shelter.jpg', 5)).contentId
    const created = await create(
      'bus-shelter',
      newArticle({ cover: { image: picture, alt: 'The shelter at the corner' } }),
    )
    const repository = createContentRepository(api.testDb.database, { clock: clock.now })
    const article = await repository.getDocument(created.key)
    await repository.publish(created.key, { baseVersion: article.version, actor: null })

    const first = await repository.publishedChanges()
    expect(first.whole).toBe(true)
    expect(first.changes.documents.map((d) => d.key)).toContain(created.key)
    expect(first.changes.removed).toEqual([])
    expect(Object.keys(first.changes.uploads)).toEqual([picture])
    const count = first.changes.documents.length
    expect(first.stamps.size).toBe(count)

    // Nothing published since: nothing read.
    const none = await repository.publishedChanges(undefined, [], first.stamps)
    expect(none.whole).toBe(false)
    expect(none.changes.documents).toEqual([])

    // A settings change: that one document, and the article's picture still named.
    const settings = await repository.getDocument('settings')
    const data = { ...(settings.published!.data as object), phone: '+1 816 555 0142' }
    const draft = await repository.saveDraft('settings', {
      data,
      body: settings.published!.body,
      baseVersion: settings.version,
      actor: null,
    })
    await repository.publish('settings', { baseVersion: draft.document.version, actor: null })
    const second = await repository.publishedChanges(undefined, [], none.stamps)
    expect(second.changes.documents.map((d) => d.key)).toEqual(['settings'])
    expect(second.changes.documents[0]!.data).toMatchObject({ phone: '+1 816 555 0142' })
    expect(Object.keys(second.changes.uploads)).toEqual([picture])
    expect(second.stamps.size).toBe(count)

    // The article taken off the site: gone, and its picture no longer among the uploads.
    const published = await repository.getDocument(created.key)
    await repository.unpublish(created.key, { baseVersion: published.version, actor: null })
    const third = await repository.publishedChanges(undefined, [], second.stamps)
    expect(third.changes.documents).toEqual([])
    expect(third.changes.removed).toEqual([created.key])
    expect(third.changes.uploads).toEqual({})
    expect(third.stamps.size).toBe(count - 1)
  })
})
