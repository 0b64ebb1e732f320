/**
 * The back office's content API refuses hostile or wrong input with a message by field and
 * changes nothing; what publishing would refuse is kept as a draft that names its problems.
 */
import { expect, it } from 'vitest'
import type {
  ContentOverviewAnswer,
  ContentProblemsAnswer,
  DocumentAnswer,
} from '#common/content-admin.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import { BODY, linked, newArticle, unlinked, useContentApi } from '#server/test/content-api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'

describeOnDatabases(
  'the content API: hostile or wrong input is refused with a message by field, and nothing changes',
  (dialect) => {
    const { api, as } = useContentApi(dialect)

    const refused = async (body: string) => {
      const opened = (await as(api.editor).get(`/articles/${unlinked.slug}`)).json<
        DocumentAnswer<ArticleFrontmatter>
      >()
      const answer = await as(api.editor).post(`/articles/${unlinked.slug}/draft`, {
        baseVersion: opened.version,
        data: opened.published!.data,
        body,
      })
      expect(answer.statusCode).toBe(400)
      const after = (await as(api.editor).get(`/articles/${unlinked.slug}`)).json<DocumentAnswer>()
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
      const before = (await as(api.editor).get('/content')).json<ContentOverviewAnswer>()
      const answer = await as(api.editor).post('/articles', {
        slug,
        data: newArticle(),
        body: BODY,
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<ContentProblemsAnswer>().fields!['slug']).toMatch(message)
      const after = (await as(api.editor).get('/content')).json<ContentOverviewAnswer>()
      expect(after.articles).toHaveLength(before.articles.length)
    })

    it('an unsafe body in a new article, whatever else it holds', async () => {
      const answer = await as(api.editor).post('/articles', {
        slug: 'with-a-script',
        data: {},
        body: 'Hello <script>alert(1)</script>\n',
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<ContentProblemsAnswer>().fields!['body']).toMatch(/raw HTML/)
      const overview = (await as(api.editor).get('/content')).json<ContentOverviewAnswer>()
      expect(overview.articles.map((a) => a.slug)).not.toContain('with-a-script')
    })

    it('a field the document does not have', async () => {
      const opened = (await as(api.editor).get('/pages/contact')).json<DocumentAnswer>()
      const data = { ...(opened.published!.data as object), colour: 'red' }
      const answer = await as(api.editor).post('/pages/contact/draft', {
        baseVersion: opened.version,
        data,
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<ContentProblemsAnswer>().fields!['colour']).toMatch(/unknown field/)
      expect((await as(api.editor).get('/pages/contact')).json<DocumentAnswer>().draft).toBeNull()
    })

    it.each([
      ['a number for its headline', { headline: 42 }, 'headline'],
      ['a list for its cover picture', { cover: ['people/a'] }, 'cover'],
      ['text for its organisation', { organization: 'Neighbors United' }, 'organization'],
    ])('an article draft with %s', async (_, change, field) => {
      const opened = (await as(api.editor).get(`/articles/${unlinked.slug}`)).json<
        DocumentAnswer<ArticleFrontmatter>
      >()
      const answer = await as(api.editor).post(`/articles/${unlinked.slug}/draft`, {
        baseVersion: opened.version,
        data: { ...opened.published!.data, ...change },
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<ContentProblemsAnswer>().fields![field]).toMatch(/expected/)
      const after = (await as(api.editor).get(`/articles/${unlinked.slug}`)).json<DocumentAnswer>()
      expect(after.draft).toBeNull()
    })

    it('an article draft whose data is not an object at all', async () => {
      const opened = (await as(api.editor).get(`/articles/${unlinked.slug}`)).json<DocumentAnswer>()
      const answer = await as(api.editor).post(`/articles/${unlinked.slug}/draft`, {
        baseVersion: opened.version,
        data: 'a headline',
      })
      expect(answer.statusCode).toBe(400)
      expect(
        (await as(api.editor).get(`/articles/${unlinked.slug}`)).json<DocumentAnswer>().draft,
      ).toBeNull()
    })

    it('unpublishing an article the home page links to names the home page’s field', async () => {
      const slug = [...linked][0]!
      const opened = (await as(api.editor).get(`/articles/${slug}`)).json<DocumentAnswer>()
      const answer = await as(api.editor).post(`/articles/${slug}/unpublish`, {
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
  },
)

describeOnDatabases('the content API: a draft that may not be published yet', (dialect) => {
  const { api, as } = useContentApi(dialect)

  it('keeps an unfinished article as a draft and says what publishing needs; publishing it is refused by field', async () => {
    const started = await as(api.editor).post('/articles', {
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
    const refused = await as(api.editor).post(`/articles/${id}/publish`, {
      baseVersion: draft.version,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ContentProblemsAnswer>().fields).toMatchObject({
      name: expect.any(String),
      summary: expect.any(String),
    })

    // Finished, it may be published.
    const finished = await as(api.editor).post(`/articles/${id}/draft`, {
      baseVersion: draft.version,
      data: newArticle({ headline: 'A Headline First' }),
      body: BODY,
    })
    expect(finished.statusCode, finished.body).toBe(200)
    expect(finished.json<DocumentAnswer>().problems).toEqual([])
    const live = await as(api.editor).post(`/articles/${id}/publish`, {
      baseVersion: finished.json<DocumentAnswer>().version,
    })
    expect(live.statusCode, live.body).toBe(200)
  })

  it('keeps a field left empty or cleared (null) as unfinished, not as data of another shape', async () => {
    const opened = (await as(api.editor).get(`/articles/${unlinked.slug}`)).json<
      DocumentAnswer<ArticleFrontmatter>
    >()
    const saved = await as(api.editor).post(`/articles/${unlinked.slug}/draft`, {
      baseVersion: opened.version,
      data: { ...opened.published!.data, headline: '', summary: null },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const fields = saved.json<DocumentAnswer>().problems.map((problem) => problem.field)
    expect(fields).toEqual(expect.arrayContaining(['headline', 'summary']))
    await as(api.editor).post(`/articles/${unlinked.slug}/discard-draft`, {
      baseVersion: saved.json<DocumentAnswer>().version,
    })
  })

  it('keeps a page draft with a wrong field, names it, and refuses to publish it', async () => {
    const opened = (await as(api.editor).get('/pages/settings')).json<DocumentAnswer>()
    const data = { ...(opened.published!.data as object), phone: 'call us' }
    const saved = await as(api.editor).post('/pages/settings/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(saved.statusCode).toBe(200)
    const draft = saved.json<DocumentAnswer>()
    expect(draft.problems).toEqual([
      { source: 'settings', field: 'phone', message: expect.stringMatching(/phone number/) },
    ])
    const refused = await as(api.editor).post('/pages/settings/publish', {
      baseVersion: draft.version,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ContentProblemsAnswer>().fields!['phone']).toMatch(/phone number/)
    const discarded = await as(api.editor).post('/pages/settings/discard-draft', {
      baseVersion: draft.version,
    })
    expect(discarded.statusCode).toBe(200)
  })

  it('names an order that lists an article that does not exist, and refuses to publish it', async () => {
    const opened = (await as(api.editor).get('/pages/articles')).json<DocumentAnswer>()
    const data = { ...(opened.published!.data as object), order: [unlinked.slug, 'nobody-here'] }
    const saved = await as(api.editor).post('/pages/articles/draft', {
      baseVersion: opened.version,
      data,
    })
    expect(saved.statusCode).toBe(200)
    const draft = saved.json<DocumentAnswer>()
    expect(draft.problems).toEqual([
      { source: 'page/articles', field: 'order.1', message: 'there is no article "nobody-here"' },
    ])
    const refused = await as(api.editor).post('/pages/articles/publish', {
      baseVersion: draft.version,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ContentProblemsAnswer>().fields!['order.1']).toBe(
      'there is no article "nobody-here"',
    )
    await as(api.editor).post('/pages/articles/discard-draft', { baseVersion: draft.version })
  })
})
