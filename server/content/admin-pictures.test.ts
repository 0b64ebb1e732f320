/**
 * The back office's content API and the media library: an uploaded picture as a cover, "used by",
 * the pictures a field may name, what this process serves, and a preview without a site build.
 */
import { expect, it } from 'vitest'
import type {
  ContentOverviewAnswer,
  LiveAnswer,
  MediaItemAnswer,
  PicturesAnswer,
} from '#common/content-admin.ts'
import { newArticle, sample, useContentApi } from '#server/test/content-api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'

describeOnDatabases('the content API: pictures and previews', (dialect) => {
  const { api, as, create, upload } = useContentApi(dialect)

  it('takes an uploaded picture as a cover; the library says which article uses it and keeps it', async () => {
    const item = await upload(
      { alt: 'A porch at dusk', focalX: '0.3', focalY: '0.7' },
      'porch.jpg',
      3,
    )
    expect(item.contentId).toMatch(/^u\/[0-9a-f]{32}$/)

    const created = await create(
      'porch-light',
      newArticle({ cover: { image: item.contentId, alt: 'The porch light at dusk' } }),
    )
    expect(created.pictures[item.contentId]).toMatchObject({
      uploaded: true,
      focalPoint: { x: 0.3, y: 0.7 },
      alt: 'A porch at dusk',
      mediaId: item.id,
    })
    const used = (await as(api.editor).get(`/media/${item.id}`)).json<MediaItemAnswer>()
    expect(used.item.usedBy).toEqual([
      {
        kind: 'article',
        id: created.key,
        title: 'A Tenant Union Grows on Prospect Avenue',
        href: `/admin/articles/${created.key.replace('article/', '')}`,
      },
    ])
    const refused = await as(api.editor).delete(`/media/${item.id}`)
    expect(refused.statusCode).toBe(409)
    const audit = await api.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label', 'target_id'])
      .where('action', '=', 'media.upload')
      .execute()
    expect(audit).toEqual([
      { action: 'media.upload', actor_label: 'ben@example.org', target_id: item.id },
    ])
  })

  it('lists the pictures a field may name, and says what this process serves', async () => {
    const all = (await as(api.editor).get('/content/pictures')).json<PicturesAnswer>()
    const mission = sample.pages.home.mission.image.image
    expect(all.pictures.find((p) => p.id === mission)).toMatchObject({
      uploaded: false,
      mediaId: null,
      src: expect.stringMatching(new RegExp(`^/media/${mission}-\\d+\\.webp$`)),
    })
    // A picture of the build is named by what it shows: the alt text the content gives it.
    expect(all.pictures.find((p) => p.id === mission)?.alt).toBe(
      sample.pages.home.mission.image.alt,
    )
    // ... and so is a photo in an article's text, by its directive's alt="…".
    expect(all.pictures.find((p) => p.id === 'articles/amara-nwosu/photo-1')?.alt).toMatch(
      /^Plum and cream duotone illustration of a long worktable/,
    )
    const uploads = all.pictures.filter((p) => p.uploaded)
    expect(uploads.map((p) => p.id)).toContainEqual(expect.stringMatching(/^u\/[0-9a-f]{32}$/))
    const searched = (await as(api.editor).get('/content/pictures?q=people')).json<PicturesAnswer>()
    expect(searched.pictures.length).toBeGreaterThan(0)
    expect(
      searched.pictures.every(
        (p) => p.id.includes('people') || p.alt?.toLowerCase().includes('people'),
      ),
    ).toBe(true)
    // ... and by what they show, as the search field says ("string" is only in the mission's alt).
    const byAlt = (await as(api.editor).get('/content/pictures?q=String')).json<PicturesAnswer>()
    expect(byAlt.pictures.map((p) => p.id)).toContain(mission)

    const live = (await as(api.editor).get('/content/live')).json<LiveAnswer>()
    const overview = (await as(api.editor).get('/content')).json<ContentOverviewAnswer>()
    // No site here (an API test): nothing rendered, the version is the database's.
    expect(live).toEqual({
      contentVersion: overview.contentVersion,
      servedVersion: 0,
      renderedAt: null,
      lastFailure: null,
    })
  })

  it('answers that a preview needs a site build when the server has none', async () => {
    const answer = await api.app.inject({
      method: 'GET',
      url: '/admin/preview/pages/home',
      headers: {
        host: 'staff.example.org',
        'x-forwarded-proto': 'https',
        cookie: api.editor.cookie,
      },
    })
    expect(answer.statusCode).toBe(503)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.body).toContain('no site build')
  })
})
