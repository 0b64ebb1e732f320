/**
 * The back office's content API, route by route, in-process, on SQLite and PostgreSQL: reading,
 * creating, drafts and the refused second save, publishing and scheduling, slugs, unpublishing and
 * deleting, revisions, comparing and restoring, the articles page's order, pictures from the
 * media library ("used by"), and hostile input that changes nothing. Every change is in the audit
 * log.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  CompareAnswer,
  ConflictAnswer,
  ContentOverviewAnswer,
  ContentProblemsAnswer,
  DocumentAnswer,
  LiveAnswer,
  MediaItemAnswer,
  PicturesAnswer,
  RevisionAnswer,
  RevisionListAnswer,
} from '#common/content-admin.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import type { HomeContent } from '#common/content/pages.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { multipart, testPicture } from '#server/test/media.ts'
import { backOfficeApp, callsAs, signUp, testClock, type StaffClient } from '#server/test/staff.ts'
import { createContentRepository } from './repository.ts'

const sample = readContentDir('content')
const linked = new Set(sample.pages.home.changemakers.cards.map((card) => card.article))
const unlinked = sample.articles.find((article) => !linked.has(article.slug))!

const newArticle = (overrides: Partial<ArticleFrontmatter> = {}) => ({
  ...structuredClone(unlinked.frontmatter),
  headline: 'A Tenant Union Grows on Prospect Avenue',
  name: 'Rosa Delgado',
  cardTitle: 'The Organizer of Prospect Avenue',
  summary: 'Rosa Delgado knocks on doors until the whole building shows up.',
  date: '2026-11-20',
  ...overrides,
})
const BODY =
  'Rosa Delgado keeps a list of every door.\n\n## The first meeting\n\nNine people came.\n'

describeOnDatabases('the content API', (dialect) => {
  let testDb: TestDatabase
  let app: FastifyInstance
  let admin: StaffClient
  let editor: StaffClient
  let other: StaffClient
  const clock = testClock(new Date('2026-11-24T09:00:00.000Z'))

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    await createContentRepository(testDb.database, { clock: clock.now }).importSnapshot(sample)
    app = await backOfficeApp(testDb.database, {
      now: clock.now,
      media: true,
      env: { TRUST_PROXY: '1' },
    })
    admin = await signUp(app, testDb.database, 'ada@example.org', 'admin', clock.now())
    editor = await signUp(app, testDb.database, 'ben@example.org', 'editor', clock.now())
    other = await signUp(app, testDb.database, 'cleo@example.org', 'editor', clock.now())
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.drop()
  })

  const as = (who: StaffClient) => callsAs(app, who)
  const auditActions = async () =>
    (
      await testDb.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_label', 'target_id', 'summary'])
        .where('action', 'like', 'content.%')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => `${row.action} ${row.actor_label} ${row.target_id}`)
  const publicSnapshot = () => createContentRepository(testDb.database).readPublished()

  async function create(slug: string, fm = newArticle(), body = BODY) {
    const created = await as(editor).post('/articles', { slug, data: fm, body })
    expect(created.statusCode, created.body).toBe(201)
    return created.json<DocumentAnswer<ArticleFrontmatter>>()
  }

  it('lists articles with their state and who changed them last, and every page and setting', async () => {
    const answer = await as(editor).get('/content')
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
    const answer = await as(editor).get('/pages/home')
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
    expect((await as(editor).get('/pages/nowhere')).statusCode).toBe(400)
    expect((await as(editor).get('/articles/no-such-article')).statusCode).toBe(404)
  })

  it('creates an article as a draft nobody sees, then publishes it as revision 1 with an audit entry', async () => {
    const created = await create('rosa-delgado')
    expect(created).toMatchObject({ status: 'draft', url: null, slug: 'rosa-delgado', version: 1 })
    expect(created.updatedBy).toEqual({ id: expect.any(String), label: 'ben@example.org' })
    expect((await publicSnapshot())!.articles.map((a) => a.slug)).not.toContain('rosa-delgado')

    const published = await as(editor).post(
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

  it('refuses the second of two saves from the same version, naming who changed it and when', async () => {
    const opened = (await as(editor).get('/pages/home')).json<DocumentAnswer<HomeContent>>()
    const data = structuredClone(opened.published!.data)
    data.testimonials.items[0]!.quote = 'The first editor’s words.'
    const first = await as(editor).post('/pages/home/draft', { baseVersion: opened.version, data })
    expect(first.statusCode, first.body).toBe(200)
    clock.advance(60_000)
    data.testimonials.items[0]!.quote = 'The second editor’s words.'
    const second = await as(other).post('/pages/home/draft', { baseVersion: opened.version, data })
    expect(second.statusCode).toBe(409)
    const conflict = second.json<ConflictAnswer>()
    expect(conflict.conflict).toMatchObject({
      key: 'page/home',
      currentVersion: opened.version + 1,
      updatedBy: { label: 'ben@example.org' },
      updatedAt: first.json<DocumentAnswer>().updatedAt,
    })
    expect(conflict.message).toContain('ben@example.org changed this at')
    const stored = (await as(editor).get('/pages/home')).json<DocumentAnswer<HomeContent>>()
    expect(stored.draft!.data.testimonials.items[0]!.quote).toBe('The first editor’s words.')
  })

  it('compares the draft with the published revision, publishes it, and restores the earlier revision as a new one', async () => {
    const opened = (await as(editor).get('/pages/home')).json<DocumentAnswer<HomeContent>>()
    const first = opened.revisions.at(-1)!
    const compared = await as(editor).get(`/pages/home/compare?from=${first.id}&to=draft`)
    expect(compared.statusCode).toBe(200)
    expect(compared.json<CompareAnswer>().fields).toEqual([
      {
        field: 'testimonials.items.0.quote',
        before: sample.pages.home.testimonials.items[0]!.quote,
        after: 'The first editor’s words.',
      },
    ])

    const published = await as(editor).post('/pages/home/publish', { baseVersion: opened.version })
    expect(published.statusCode, published.body).toBe(200)
    const afterPublish = published.json<DocumentAnswer<HomeContent>>()
    expect(afterPublish.revisions.map((r) => r.number)).toEqual([2, 1])

    const restored = await as(other).post(`/pages/home/revisions/${first.id}/restore`, {
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
    const list = (await as(editor).get('/pages/home/revisions')).json<RevisionListAnswer>()
    expect(list.revisions.map((r) => r.number)).toEqual([3, 2, 1])
    const second = (await as(editor).get(`/pages/home/revisions/${list.revisions[1]!.id}`)).json<
      RevisionAnswer<HomeContent>
    >()
    expect(second.data.testimonials.items[0]!.quote).toBe('The first editor’s words.')
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'content.draft ben@example.org page/home',
        'content.publish ben@example.org page/home',
        'content.restore cleo@example.org page/home',
      ]),
    )
  })

  it('compares an article body line by line', async () => {
    const created = await create('line-by-line')
    const id = created.key.replace('article/', '')
    const saved = await as(editor).post(`/articles/${id}/publish`, { baseVersion: created.version })
    const live = saved.json<DocumentAnswer<ArticleFrontmatter>>()
    const draft = await as(editor).post(`/articles/${id}/draft`, {
      baseVersion: live.version,
      data: live.published!.data,
      body: BODY.replace('Nine people came.', 'Eleven people came.'),
    })
    expect(draft.statusCode, draft.body).toBe(200)
    const compared = (
      await as(editor).get(`/articles/${id}/compare?from=${live.revisions[0]!.id}&to=draft`)
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
    const discarded = await as(editor).post(`/articles/${id}/discard-draft`, {
      baseVersion: draft.json<DocumentAnswer>().version,
    })
    expect(discarded.statusCode).toBe(200)
    expect(discarded.json<DocumentAnswer>().draft).toBeNull()
  })

  it('schedules an article for later, changes its slug, unpublishes it; only an administrator deletes it', async () => {
    const created = await create('first-address')
    const id = created.key.replace('article/', '')
    const later = new Date(clock.now().getTime() + 3_600_000).toISOString()
    const scheduled = await as(editor).post(`/articles/${id}/publish`, {
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
    const due = (await as(editor).get(`/articles/${id}`)).json<DocumentAnswer>()
    expect(due.url).toBe('/articles/first-address')

    const moved = await as(editor).post(`/articles/${id}/slug`, {
      baseVersion: due.version,
      slug: 'second-address',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const renamed = moved.json<DocumentAnswer>()
    expect(renamed).toMatchObject({ slug: 'second-address', formerSlugs: ['first-address'] })

    const down = await as(editor).post(`/articles/${id}/unpublish`, {
      baseVersion: renamed.version,
    })
    expect(down.statusCode, down.body).toBe(200)
    expect(down.json<DocumentAnswer>()).toMatchObject({ status: 'draft', url: null })

    const version = down.json<DocumentAnswer>().version
    expect((await as(editor).delete(`/articles/${id}?baseVersion=${version}`)).statusCode).toBe(403)
    const stale = await as(admin).delete(`/articles/${id}?baseVersion=${version - 1}`)
    expect(stale.statusCode).toBe(409)
    const deleted = await as(admin).delete(`/articles/${id}?baseVersion=${version}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json()).toMatchObject({ deleted: created.key })
    expect((await as(editor).get(`/articles/${id}`)).statusCode).toBe(404)
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        `content.schedule ben@example.org ${created.key}`,
        `content.slug ben@example.org ${created.key}`,
        `content.unpublish ben@example.org ${created.key}`,
        `content.delete ada@example.org ${created.key}`,
      ]),
    )
  })

  describe('hostile or wrong input is refused with a message by field, and nothing changes', () => {
    const refused = async (body: string) => {
      const opened = (await as(editor).get(`/articles/${unlinked.slug}`)).json<
        DocumentAnswer<ArticleFrontmatter>
      >()
      const answer = await as(editor).post(`/articles/${unlinked.slug}/draft`, {
        baseVersion: opened.version,
        data: opened.published!.data,
        body,
      })
      expect(answer.statusCode).toBe(400)
      const after = (await as(editor).get(`/articles/${unlinked.slug}`)).json<DocumentAnswer>()
      expect(after.version).toBe(opened.version)
      expect(after.draft).toBeNull()
      return answer.json<ContentProblemsAnswer>()
    }

    it('a <script> in an article', async () => {
      const answer = await refused(`${unlinked.body}\n<script>alert(1)</script>\n`)
      expect(answer.fields!['body']).toMatch(/raw HTML is not allowed/)
      expect(answer.problems[0]).toMatchObject({ field: 'body', line: expect.any(Number) })
    })

    it('a javascript: link', async () => {
      const answer = await refused(`${unlinked.body}\n[Click](javascript:alert(1))\n`)
      expect(answer.fields!['body']).toMatch(
        /a link may go to an http\(s\), mailto: or tel: address/,
      )
    })

    it('a raw HTML block', async () => {
      const answer = await refused(`${unlinked.body}\n<div onclick="x()">\nHello\n</div>\n`)
      expect(answer.fields!['body']).toMatch(/raw HTML is not allowed/)
    })

    it.each([
      ['../admin', /lower-case letters and digits/],
      ['admin', /reserved for the site's own pages/],
      [unlinked.slug, /another article/],
      ['', /must not be empty/],
    ])('a new article at the address %j', async (slug, message) => {
      const before = (await as(editor).get('/content')).json<ContentOverviewAnswer>()
      const answer = await as(editor).post('/articles', { slug, data: newArticle(), body: BODY })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<ContentProblemsAnswer>().fields!['slug']).toMatch(message)
      const after = (await as(editor).get('/content')).json<ContentOverviewAnswer>()
      expect(after.articles).toHaveLength(before.articles.length)
    })

    it('an unsafe body in a new article, whatever else it holds', async () => {
      const answer = await as(editor).post('/articles', {
        slug: 'with-a-script',
        data: {},
        body: 'Hello <script>alert(1)</script>\n',
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<ContentProblemsAnswer>().fields!['body']).toMatch(/raw HTML/)
      const overview = (await as(editor).get('/content')).json<ContentOverviewAnswer>()
      expect(overview.articles.map((a) => a.slug)).not.toContain('with-a-script')
    })

    it('a field the document does not have', async () => {
      const opened = (await as(editor).get('/pages/contact')).json<DocumentAnswer>()
      const data = { ...(opened.published!.data as object), colour: 'red' }
      const answer = await as(editor).post('/pages/contact/draft', {
        baseVersion: opened.version,
        data,
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<ContentProblemsAnswer>().fields!['colour']).toMatch(/unknown field/)
      expect((await as(editor).get('/pages/contact')).json<DocumentAnswer>().draft).toBeNull()
    })

    it('unpublishing an article the home page links to names the home page’s field', async () => {
      const slug = [...linked][0]!
      const opened = (await as(editor).get(`/articles/${slug}`)).json<DocumentAnswer>()
      const answer = await as(editor).post(`/articles/${slug}/unpublish`, {
        baseVersion: opened.version,
      })
      expect(answer.statusCode).toBe(400)
      const problems = answer.json<ContentProblemsAnswer>()
      expect(problems.message).toContain('page/home')
      expect(problems.problems[0]).toMatchObject({
        source: 'page/home',
        field: expect.stringMatching(/^changemakers\.cards\.\d\.article$/),
      })
    })
  })

  it('keeps an unfinished article as a draft and says what publishing needs; publishing it is refused by field', async () => {
    const started = await as(editor).post('/articles', {
      slug: 'half-written',
      data: { headline: 'A Headline First', portrait: 'people/nobody' },
      body: 'The first line, and a photo still to choose:\n\n::photo[]{image=}\n',
    })
    expect(started.statusCode, started.body).toBe(201)
    const draft = started.json<DocumentAnswer<Partial<ArticleFrontmatter>>>()
    expect(draft.draft!.data.headline).toBe('A Headline First')
    const fields = new Set(draft.problems.map((problem) => problem.field))
    for (const field of ['name', 'summary', 'cover', 'body']) expect(fields).toContain(field)
    const id = draft.key.replace('article/', '')
    const refused = await as(editor).post(`/articles/${id}/publish`, {
      baseVersion: draft.version,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ContentProblemsAnswer>().fields).toMatchObject({
      name: expect.any(String),
      summary: expect.any(String),
    })

    // Finished, it may be published.
    const finished = await as(editor).post(`/articles/${id}/draft`, {
      baseVersion: draft.version,
      data: newArticle({ headline: 'A Headline First' }),
      body: BODY,
    })
    expect(finished.statusCode, finished.body).toBe(200)
    expect(finished.json<DocumentAnswer>().problems).toEqual([])
    const live = await as(editor).post(`/articles/${id}/publish`, {
      baseVersion: finished.json<DocumentAnswer>().version,
    })
    expect(live.statusCode, live.body).toBe(200)
  })

  it('keeps a page draft with a wrong field, names it, and refuses to publish it', async () => {
    const opened = (await as(editor).get('/pages/settings')).json<DocumentAnswer>()
    const data = { ...(opened.published!.data as object), phone: 'call us' }
    const saved = await as(editor).post('/pages/settings/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(saved.statusCode).toBe(200)
    const draft = saved.json<DocumentAnswer>()
    expect(draft.problems).toEqual([
      { source: 'settings', field: 'phone', message: expect.stringMatching(/phone number/) },
    ])
    const refused = await as(editor).post('/pages/settings/publish', {
      baseVersion: draft.version,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ContentProblemsAnswer>().fields!['phone']).toMatch(/phone number/)
    const discarded = await as(editor).post('/pages/settings/discard-draft', {
      baseVersion: draft.version,
    })
    expect(discarded.statusCode).toBe(200)
  })

  it('names an order that lists an article that does not exist, and refuses to publish it', async () => {
    const opened = (await as(editor).get('/pages/articles')).json<DocumentAnswer>()
    const data = { ...(opened.published!.data as object), order: [unlinked.slug, 'nobody-here'] }
    const saved = await as(editor).post('/pages/articles/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(saved.statusCode).toBe(200)
    const draft = saved.json<DocumentAnswer>()
    expect(draft.problems).toEqual([
      { source: 'page/articles', field: 'order.1', message: 'there is no article "nobody-here"' },
    ])
    const refused = await as(editor).post('/pages/articles/publish', {
      baseVersion: draft.version,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ContentProblemsAnswer>().fields!['order.1']).toBe(
      'there is no article "nobody-here"',
    )
    await as(editor).post('/pages/articles/discard-draft', { baseVersion: draft.version })
  })

  it('orders the articles page and the overview says where each article stands', async () => {
    const opened = (await as(editor).get('/pages/articles')).json<DocumentAnswer>()
    const data = { ...(opened.published!.data as object), order: [unlinked.slug] }
    const saved = await as(editor).post('/pages/articles/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const overview = (await as(editor).get('/content')).json<ContentOverviewAnswer>()
    expect(overview.articles.find((a) => a.slug === unlinked.slug)!.position).toBe(1)
  })

  it('takes an uploaded picture as a cover; the library says which article uses it and keeps it', async () => {
    const { body, contentType } = await multipart(
      { alt: 'A porch at dusk', focalX: '0.3', focalY: '0.7' },
      {
        bytes: await testPicture({ width: 900, height: 600, seed: 3 }),
        name: 'porch.jpg',
        type: 'image/jpeg',
      },
    )
    const uploaded = await app.inject({
      method: 'POST',
      url: '/admin/api/media',
      payload: body,
      headers: {
        'content-type': contentType,
        cookie: editor.cookie,
        origin: 'https://staff.example.org',
        'sec-fetch-site': 'same-origin',
      },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const item = uploaded.json<MediaItemAnswer>().item
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
    const used = (await as(editor).get(`/media/${item.id}`)).json<MediaItemAnswer>()
    expect(used.item.usedBy).toEqual([
      {
        kind: 'article',
        id: created.key,
        title: 'A Tenant Union Grows on Prospect Avenue',
        href: `/admin/articles/${created.key.replace('article/', '')}`,
      },
    ])
    const refused = await as(editor).delete(`/media/${item.id}`)
    expect(refused.statusCode).toBe(409)
    const audit = await testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label', 'target_id'])
      .where('action', '=', 'media.upload')
      .execute()
    expect(audit).toEqual([
      { action: 'media.upload', actor_label: 'ben@example.org', target_id: item.id },
    ])
  })

  it('lists the pictures a field may name, and says what this process serves', async () => {
    const all = (await as(editor).get('/content/pictures')).json<PicturesAnswer>()
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
    const searched = (await as(editor).get('/content/pictures?q=people')).json<PicturesAnswer>()
    expect(searched.pictures.length).toBeGreaterThan(0)
    expect(
      searched.pictures.every(
        (p) => p.id.includes('people') || p.alt?.toLowerCase().includes('people'),
      ),
    ).toBe(true)
    // ... and by what they show, as the search field says ("string" is only in the mission's alt).
    const byAlt = (await as(editor).get('/content/pictures?q=String')).json<PicturesAnswer>()
    expect(byAlt.pictures.map((p) => p.id)).toContain(mission)

    const live = (await as(editor).get('/content/live')).json<LiveAnswer>()
    const overview = (await as(editor).get('/content')).json<ContentOverviewAnswer>()
    // No site here (an API test): nothing rendered, the version is the database's.
    expect(live).toEqual({
      contentVersion: overview.contentVersion,
      servedVersion: 0,
      renderedAt: null,
      lastFailure: null,
    })
  })

  it('answers that a preview needs a site build when the server has none', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/admin/preview/pages/home',
      headers: { host: 'staff.example.org', 'x-forwarded-proto': 'https', cookie: editor.cookie },
    })
    expect(answer.statusCode).toBe(503)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.body).toContain('no site build')
  })
})
