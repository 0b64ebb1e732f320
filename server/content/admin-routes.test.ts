/**
 * The back office's content API, route by route, in-process, on SQLite and PostgreSQL: reading,
 * creating, drafts and the refused second save, publishing and scheduling, slugs, unpublishing and
 * deleting, revisions, comparing and restoring, the articles page's order. Every change is in the
 * audit log. Refusals: admin-refusals.test.ts; pictures: admin-pictures.test.ts.
 */
import { expect, it } from 'vitest'
import type {
  CompareAnswer,
  ConflictAnswer,
  ContentOverviewAnswer,
  DocumentAnswer,
  RevisionAnswer,
  RevisionListAnswer,
} from '#common/content-admin.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import type { HomeContent } from '#common/content/pages.ts'
import { BODY, sample, unlinked, useContentApi } from '#server/test/content-api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'

describeOnDatabases('the content API: reading', (dialect) => {
  const { api, as } = useContentApi(dialect)

  it('lists articles with their state and who changed them last, and every page and setting', async () => {
    const answer = await as(api.editor).get('/content')
    expect(answer.statusCode).toBe(200)
    const overview = answer.json<ContentOverviewAnswer>()
    expect(overview.articles).toHaveLength(sample.articles.length)
    expect(overview.articles[0]).toMatchObject({
      status: 'published',
      updatedBy: null,
      hasDraft: false,
    })
    expect(overview.articles.map((a) => a.url)).toContain(`/articles/${unlinked.slug}`)
    expect(overview.pages.map((p) => p.name)).toEqual([
      'home',
      'about',
      'articles',
      'contact',
      'privacy',
      'consent',
      'site',
      'settings',
    ])
    expect(overview.series.map((s) => s.id)).toEqual([
      'art-advocacy',
      'returning-redemption',
      'bails-bonds',
    ])
  })

  it('answers one page with its published content, version, revisions and picture previews', async () => {
    const answer = await as(api.editor).get('/pages/home')
    expect(answer.statusCode).toBe(200)
    const home = answer.json<DocumentAnswer<HomeContent>>()
    expect(home).toMatchObject({
      key: 'page/home',
      kind: 'page',
      label: 'Home',
      status: 'published',
      url: '/',
      previewUrl: '/admin/preview/pages/home',
      draft: null,
    })
    expect(home.published!.data.hero.heading).toBe(sample.pages.home.hero.heading)
    expect(home.revisions).toHaveLength(1)
    const picture = home.pictures[sample.pages.home.mission.image.image]
    expect(picture).toMatchObject({ uploaded: false })
    expect(picture!.src).toMatch(/^\/media\/.+\.webp$/)
    expect((await as(api.editor).get('/pages/nowhere')).statusCode).toBe(400)
    expect((await as(api.editor).get('/articles/no-such-article')).statusCode).toBe(404)
  })
})

describeOnDatabases('the content API: an article from draft to deleted', (dialect) => {
  const { api, as, clock, create, auditActions, publicSnapshot } = useContentApi(dialect)

  it('creates an article as a draft nobody sees, then publishes it as revision 1 with an audit entry', async () => {
    const created = await create('rosa-delgado')
    expect(created).toMatchObject({ status: 'draft', url: null, slug: 'rosa-delgado', version: 1 })
    expect(created.updatedBy).toEqual({ id: expect.any(String), label: 'ben@example.org' })
    expect((await publicSnapshot())!.articles.map((a) => a.slug)).not.toContain('rosa-delgado')

    const published = await as(api.editor).post(
      `/articles/${created.ref.kind === 'article' && created.ref.id}/publish`,
      {
        baseVersion: created.version,
        note: 'First version',
      },
    )
    expect(published.statusCode, published.body).toBe(200)
    const live = published.json<DocumentAnswer<ArticleFrontmatter>>()
    expect(live).toMatchObject({ status: 'published', url: '/articles/rosa-delgado', draft: null })
    expect(live.revisions[0]).toMatchObject({ number: 1, note: 'First version', current: true })
    expect(live.contentVersion).toBeGreaterThan(created.contentVersion)
    expect((await publicSnapshot())!.articles.map((a) => a.slug)).toContain('rosa-delgado')
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        `content.create ben@example.org ${created.key}`,
        `content.publish ben@example.org ${created.key}`,
      ]),
    )
  })

  it('compares an article body line by line', async () => {
    const created = await create('line-by-line')
    const id = created.key.replace('article/', '')
    const saved = await as(api.editor).post(`/articles/${id}/publish`, {
      baseVersion: created.version,
    })
    const live = saved.json<DocumentAnswer<ArticleFrontmatter>>()
    const draft = await as(api.editor).post(`/articles/${id}/draft`, {
      baseVersion: live.version,
      data: live.published!.data,
      body: BODY.replace('Nine people came.', 'Eleven people came.'),
    })
    expect(draft.statusCode, draft.body).toBe(200)
    const compared = (
      await as(api.editor).get(`/articles/${id}/compare?from=${live.revisions[0]!.id}&to=draft`)
    ).json<CompareAnswer>()
    expect(compared.fields).toEqual([])
    expect(compared.body).toEqual([
      {
        beforeLine: 2,
        afterLine: 2,
        lines: [
          { kind: 'same', text: '' },
          { kind: 'same', text: '## The first meeting' },
          { kind: 'same', text: '' },
          { kind: 'removed', text: 'Nine people came.' },
          { kind: 'added', text: 'Eleven people came.' },
        ],
      },
    ])
    const discarded = await as(api.editor).post(`/articles/${id}/discard-draft`, {
      baseVersion: draft.json<DocumentAnswer>().version,
    })
    expect(discarded.statusCode).toBe(200)
    expect(discarded.json<DocumentAnswer>().draft).toBeNull()
  })

  it('schedules an article for later, changes its slug, unpublishes it; only an administrator deletes it', async () => {
    const created = await create('first-address')
    const id = created.key.replace('article/', '')
    const later = new Date(clock.now().getTime() + 3_600_000).toISOString()
    const scheduled = await as(api.editor).post(`/articles/${id}/publish`, {
      baseVersion: created.version,
      at: later,
    })
    expect(scheduled.statusCode, scheduled.body).toBe(200)
    expect(scheduled.json<DocumentAnswer>()).toMatchObject({
      status: 'scheduled',
      publishAt: later,
      url: null,
    })

    clock.advance(3_600_000)
    const due = (await as(api.editor).get(`/articles/${id}`)).json<DocumentAnswer>()
    expect(due.url).toBe('/articles/first-address')

    const moved = await as(api.editor).post(`/articles/${id}/slug`, {
      baseVersion: due.version,
      slug: 'second-address',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const renamed = moved.json<DocumentAnswer>()
    expect(renamed).toMatchObject({ slug: 'second-address', formerSlugs: ['first-address'] })

    const down = await as(api.editor).post(`/articles/${id}/unpublish`, {
      baseVersion: renamed.version,
    })
    expect(down.statusCode, down.body).toBe(200)
    expect(down.json<DocumentAnswer>()).toMatchObject({ status: 'draft', url: null })

    const version = down.json<DocumentAnswer>().version
    expect((await as(api.editor).delete(`/articles/${id}?baseVersion=${version}`)).statusCode).toBe(
      403,
    )
    const stale = await as(api.admin).delete(`/articles/${id}?baseVersion=${version - 1}`)
    expect(stale.statusCode).toBe(409)
    const deleted = await as(api.admin).delete(`/articles/${id}?baseVersion=${version}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json()).toMatchObject({ deleted: created.key })
    expect((await as(api.editor).get(`/articles/${id}`)).statusCode).toBe(404)
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        `content.schedule ben@example.org ${created.key}`,
        `content.slug ben@example.org ${created.key}`,
        `content.unpublish ben@example.org ${created.key}`,
        `content.delete ada@example.org ${created.key}`,
      ]),
    )
  })
})

describeOnDatabases('the content API: two editors, revisions and restoring', (dialect) => {
  const { api, as, clock, auditActions } = useContentApi(dialect)

  it('refuses the second of two saves from the same version, naming who changed it and when', async () => {
    const opened = (await as(api.editor).get('/pages/home')).json<DocumentAnswer<HomeContent>>()
    const data = structuredClone(opened.published!.data)
    data.testimonials.items[0]!.quote = 'The first editor’s words.'
    const first = await as(api.editor).post('/pages/home/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(first.statusCode, first.body).toBe(200)
    clock.advance(60_000)
    data.testimonials.items[0]!.quote = 'The second editor’s words.'
    const second = await as(api.other).post('/pages/home/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(second.statusCode).toBe(409)
    const conflict = second.json<ConflictAnswer>()
    expect(conflict.conflict).toMatchObject({
      key: 'page/home',
      currentVersion: opened.version + 1,
      updatedBy: { label: 'ben@example.org' },
      updatedAt: first.json<DocumentAnswer>().updatedAt,
    })
    expect(conflict.message).toContain('ben@example.org changed this at')
    const stored = (await as(api.editor).get('/pages/home')).json<DocumentAnswer<HomeContent>>()
    expect(stored.draft!.data.testimonials.items[0]!.quote).toBe('The first editor’s words.')
  })

  it('compares the draft with the published revision, publishes it, and restores the earlier revision as a new one', async () => {
    const opened = (await as(api.editor).get('/pages/home')).json<DocumentAnswer<HomeContent>>()
    const first = opened.revisions.at(-1)!
    const compared = await as(api.editor).get(`/pages/home/compare?from=${first.id}&to=draft`)
    expect(compared.statusCode).toBe(200)
    expect(compared.json<CompareAnswer>().fields).toEqual([
      {
        field: 'testimonials.items.0.quote',
        before: sample.pages.home.testimonials.items[0]!.quote,
        after: 'The first editor’s words.',
      },
    ])

    const published = await as(api.editor).post('/pages/home/publish', {
      baseVersion: opened.version,
    })
    expect(published.statusCode, published.body).toBe(200)
    const afterPublish = published.json<DocumentAnswer<HomeContent>>()
    expect(afterPublish.revisions.map((r) => r.number)).toEqual([2, 1])

    const restored = await as(api.other).post(`/pages/home/revisions/${first.id}/restore`, {
      baseVersion: afterPublish.version,
    })
    expect(restored.statusCode, restored.body).toBe(200)
    const now = restored.json<DocumentAnswer<HomeContent>>()
    expect(now.revisions[0]).toMatchObject({
      number: 3,
      note: 'Restored revision 1',
      current: true,
      author: { label: 'cleo@example.org' },
    })
    expect(now.published!.data.testimonials.items[0]!.quote).toBe(
      sample.pages.home.testimonials.items[0]!.quote,
    )
    const list = (await as(api.editor).get('/pages/home/revisions')).json<RevisionListAnswer>()
    expect(list.revisions.map((r) => r.number)).toEqual([3, 2, 1])
    const second = (
      await as(api.editor).get(`/pages/home/revisions/${list.revisions[1]!.id}`)
    ).json<RevisionAnswer<HomeContent>>()
    expect(second.data.testimonials.items[0]!.quote).toBe('The first editor’s words.')
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'content.draft ben@example.org page/home',
        'content.publish ben@example.org page/home',
        'content.restore cleo@example.org page/home',
      ]),
    )
  })
})

describeOnDatabases('the content API: the articles page', (dialect) => {
  const { api, as } = useContentApi(dialect)

  it('orders the articles page and the overview says where each article stands', async () => {
    const opened = (await as(api.editor).get('/pages/articles')).json<DocumentAnswer>()
    const data = { ...(opened.published!.data as object), order: [unlinked.slug] }
    const saved = await as(api.editor).post('/pages/articles/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const overview = (await as(api.editor).get('/content')).json<ContentOverviewAnswer>()
    expect(overview.articles.find((a) => a.slug === unlinked.slug)!.position).toBe(1)
  })
})
