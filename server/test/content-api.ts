/**
 * Test helper: the back office's content API in-process, for the server/content/admin-*.test.ts
 * files. useContentApi() registers the set-up of the describe() it is called in — a fresh
 * database with the sample content, the back office with media, three staff and a clock — and
 * answers the calls the tests make; its fields are filled before the first test runs.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import type { DocumentAnswer, MediaItemAnswer } from '#common/content-admin.ts'
import type { ArticleFrontmatter } from '#common/content/articles.ts'
import { createContentRepository } from '#server/content/repository.ts'
import type { Dialect } from '#server/db/index.ts'
import { sample } from './content-repository.ts'
import { createTestDatabase, type TestDatabase } from './databases.ts'
import { multipart, testPicture } from './media.ts'
import { backOfficeApp, callsAs, signUp, testClock, type StaffClient } from './staff.ts'

export { sample }
/** The articles the home page links to, and one it does not. */
export const linked = new Set(sample.pages.home.changemakers.cards.map((card) => card.article))
export const unlinked = sample.articles.find((article) => !linked.has(article.slug))!

export const newArticle = (overrides: Partial<ArticleFrontmatter> = {}) => ({
  ...structuredClone(unlinked.frontmatter),
  headline: 'A Tenant Union Grows on Prospect Avenue',
  name: 'Rosa Delgado',
  cardTitle: 'The Organizer of Prospect Avenue',
  summary: 'Rosa Delgado knocks on doors until the whole building shows up.',
  date: '2026-11-20',
  ...overrides,
})
export const BODY =
  'Rosa Delgado keeps a list of every door.\n\n## The first meeting\n\nNine people came.\n'

export interface ContentApi {
  testDb: TestDatabase
  app: FastifyInstance
  admin: StaffClient
  editor: StaffClient
  /** A second editor. */
  other: StaffClient
  clock: ReturnType<typeof testClock>
}

export function useContentApi(dialect: Dialect) {
  const clock = testClock(new Date('2026-11-24T09:00:00.000Z'))
  const api = { clock } as ContentApi

  beforeAll(async () => {
    const testDb = await createTestDatabase(dialect)
    api.testDb = testDb
    await createContentRepository(testDb.database, { clock: clock.now }).importSnapshot(sample)
    const app = await backOfficeApp(testDb.database, {
      now: clock.now,
      media: true,
      env: { TRUST_PROXY: '1' },
    })
    api.app = app
    api.admin = await signUp(app, testDb.database, 'ada@example.org', 'admin', clock.now())
    api.editor = await signUp(app, testDb.database, 'ben@example.org', 'editor', clock.now())
    api.other = await signUp(app, testDb.database, 'cleo@example.org', 'editor', clock.now())
  })
  afterAll(async () => {
    await api.app?.close()
    await api.testDb?.drop()
  })

  const as = (who: StaffClient) => callsAs(api.app, who)
  return {
    api,
    clock,
    as,
    /** The content actions of the audit log, oldest first: "action actor target". */
    auditActions: async () =>
      (
        await api.testDb.database.db
          .selectFrom('audit_log')
          .select(['action', 'actor_label', 'target_id', 'summary'])
          .where('action', 'like', 'content.%')
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map((row) => `${row.action} ${row.actor_label} ${row.target_id}`),
    /** What the public site is served from. */
    publicSnapshot: () => createContentRepository(api.testDb.database).readPublished(),
    /** A 900×600 JPEG uploaded to the media library by the editor, with the given fields. */
    async upload(fields: Record<string, string>, name: string, seed: number) {
      const bytes = await testPicture({ width: 900, height: 600, seed })
      const { body, contentType } = await multipart(fields, { bytes, name, type: 'image/jpeg' })
      const uploaded = await api.app.inject({
        method: 'POST',
        url: '/admin/api/media',
        payload: body,
        headers: {
          'content-type': contentType,
          cookie: api.editor.cookie,
          origin: 'https://staff.example.org',
          'sec-fetch-site': 'same-origin',
        },
      })
      expect(uploaded.statusCode, uploaded.body).toBe(201)
      return uploaded.json<MediaItemAnswer>().item
    },
    /** A new article, created as a draft by the editor. */
    async create(slug: string, fm = newArticle(), body = BODY) {
      const created = await as(api.editor).post('/articles', { slug, data: fm, body })
      expect(created.statusCode, created.body).toBe(201)
      return created.json<DocumentAnswer<ArticleFrontmatter>>()
    },
  }
}
