/**
 * The podcast in the back office, route by route, in-process, on SQLite and PostgreSQL: the list,
 * uploading audio (a file that is not audio refused, named), creating an episode with its
 * transcript and chapters, a transcript that does not parse (its line), scheduling by the
 * publication time and publishing, the refused second save, an address that stays once published,
 * unpublishing and deleting (administrators), the show's settings and artwork, and audio an
 * episode uses kept from deletion. Every change is in the audit log.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ConflictAnswer, ContentProblemsAnswer } from '#common/content-admin.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import type {
  AudioAnswer,
  EpisodeAnswer,
  EpisodeFields,
  PodcastOverviewAnswer,
  ShowAnswer,
  ArtworkAnswer,
} from '#common/podcast-admin.ts'
import type { Dialect } from '#server/db/index.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { multipart, testPicture } from '#server/test/media.ts'
import {
  ADMIN_ORIGIN,
  backOfficeApp,
  callsAs,
  signUp,
  testClock,
  type StaffClient,
} from '#server/test/staff.ts'
import { createContentRepository } from './repository.ts'

const sample = readContentDir('content')
const m4a = fs.readFileSync(path.join(import.meta.dirname, '../media/fixtures/two-seconds.m4a'))

const TRANSCRIPT = `[00:00] Imani Brooks: Good morning, this is a two-second test.
[00:01] Owen Fairchild: And it ends here.
`

/** What the checks share on one engine: they run in order, each on what the one before made. */
interface PodcastTest {
  testDb: TestDatabase
  app: FastifyInstance
  admin: StaffClient
  editor: StaffClient
  /** The audio the upload check stored. */
  audio: AudioAnswer['audio']
  /** The episode as the last check left it. */
  episode: EpisodeAnswer
}

describeOnDatabases('the podcast in the back office', (dialect) => {
  const t = usePodcastBackOffice(dialect)
  audioChecks(t)
  draftChecks(t)
  publishingChecks(t)
  showAndAuditChecks(t)
})

/** The back office on one engine with the sample content, an administrator and an editor. */
function usePodcastBackOffice(dialect: Dialect) {
  const t = {} as PodcastTest
  const clock = testClock(new Date('2026-11-25T08:00:00.000Z'))

  beforeAll(async () => {
    t.testDb = await createTestDatabase(dialect)
    await createContentRepository(t.testDb.database, { clock: clock.now }).importSnapshot(sample)
    t.app = await backOfficeApp(t.testDb.database, { now: clock.now, media: true })
    t.admin = await signUp(t.app, t.testDb.database, 'ada@example.org', 'admin', clock.now())
    t.editor = await signUp(t.app, t.testDb.database, 'ben@example.org', 'editor', clock.now())
  })
  afterAll(async () => {
    await t.app?.close()
    await t.testDb?.drop()
  })

  const as = (who: StaffClient) => ({
    ...callsAs(t.app, who),
    upload: async (url: string, file: { bytes: Uint8Array; name: string; type?: string }) => {
      const form = await multipart({}, file)
      return t.app.inject({
        method: 'POST',
        url: `/admin/api${url}`,
        headers: {
          origin: ADMIN_ORIGIN,
          'sec-fetch-site': 'same-origin',
          cookie: who.cookie,
          'content-type': form.contentType,
        },
        payload: form.body,
      })
    },
  })
  const audit = async () =>
    (
      await t.testDb.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_label', 'summary'])
        .where('action', 'like', 'podcast.%')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => `${row.action} ${row.actor_label}: ${row.summary}`)
  const published = (at = clock.now()) =>
    createContentRepository(t.testDb.database).readPublished(at)

  const fields = (
    overrides: Partial<Omit<EpisodeFields, 'audio'>> & { audio?: { sha256: string } | null } = {},
  ) => ({
    slug: 'a-two-second-test',
    title: 'A Two-Second Test',
    number: 7,
    publishedAt: '2026-11-25T12:00:00Z',
    summary: 'Two seconds of a tone, prepared the night before.',
    notes: 'The shortest episode yet.\n',
    audio: { sha256: t.audio.sha256 },
    transcript: TRANSCRIPT,
    chapters: [
      { startTime: 0, title: 'Good morning' },
      { startTime: 1, title: 'The end' },
    ],
    ...overrides,
  })
  return Object.assign(t, { clock, as, audit, published, fields })
}
type Podcast = ReturnType<typeof usePodcastBackOffice>

/** The list of episodes, and uploading the audio. */
function audioChecks(t: Podcast) {
  const { as } = t
  it('lists every episode newest first, and the next number', async () => {
    const answer = await as(t.editor).get('/podcast')
    expect(answer.statusCode).toBe(200)
    const overview = answer.json<PodcastOverviewAnswer>()
    expect(overview.episodes.map((e) => e.number)).toEqual([6, 5, 4, 3, 2, 1])
    expect(overview.episodes[0]).toMatchObject({
      status: 'published',
      url: '/listen/a-winter-of-listening',
      duration: 172.852,
    })
    expect(overview.nextNumber).toBe(7)
  })

  it('takes MP3 or M4A audio, reads its length, and refuses another file saying what it is', async () => {
    const png = await testPicture({ format: 'png', width: 40, height: 40 })
    const refused = await as(t.editor).upload('/podcast/uploads/audio', {
      bytes: png,
      name: 'episode.mp3',
      type: 'audio/mpeg',
    })
    expect(refused.statusCode).toBe(415)
    expect(refused.json<{ fields: Record<string, string> }>().fields.audio).toBe(
      '“episode.mp3” is a PNG image, not MP3 or M4A audio. Please upload an MP3 or an M4A (AAC) file.',
    )
    const uploaded = await as(t.editor).upload('/podcast/uploads/audio', {
      bytes: m4a,
      name: 'Test tone.m4a',
      type: 'audio/mp4',
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    t.audio = uploaded.json<AudioAnswer>().audio
    expect(t.audio).toMatchObject({ mime: 'audio/mp4', size: m4a.length })
    expect(t.audio.duration).toBeGreaterThan(1.9)
    // not a stopwatch: the audio file's length.
    expect(t.audio.duration).toBeLessThan(2.2)
    expect(t.audio.url).toMatch(/^\/media\/u\/[0-9a-f]{32}\.m4a$/)
    const served = await t.app.inject({
      method: 'GET',
      url: t.audio.url,
      headers: { range: 'bytes=0-3' },
    })
    expect(served.statusCode).toBe(206)
    expect(served.headers['content-type']).toBe('audio/mp4')
  })
}

/** Drafts of an episode: unfinished, then finished. */
function draftChecks(t: Podcast) {
  const { as, published, fields } = t
  it('keeps an unfinished draft and says what publishing needs, a transcript’s line included', async () => {
    const created = await as(t.editor).post(
      '/podcast/episodes',
      fields({ audio: null, transcript: '', chapters: [] }),
    )
    expect(created.statusCode, created.body).toBe(201)
    t.episode = created.json<EpisodeAnswer>()
    expect(t.episode).toMatchObject({ status: 'draft', everPublished: false, url: null })
    const byField = (answer: EpisodeAnswer) =>
      Object.fromEntries(answer.problems.map((problem) => [problem.field, problem.message]))
    expect(byField(t.episode)).toMatchObject({
      audio: 'Upload the episode’s audio (MP3 or M4A).',
      transcript: expect.stringMatching(/^Add the transcript/),
    })
    const backwards = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/draft`, {
      ...fields({ transcript: `${TRANSCRIPT}[00:00] Owen Fairchild: Back in time.\n` }),
      baseVersion: t.episode.version,
    })
    expect(backwards.statusCode, backwards.body).toBe(200)
    t.episode = backwards.json<EpisodeAnswer>()
    expect(t.episode.problems).toEqual([
      expect.objectContaining({
        field: 'transcript',
        line: 3,
        message: 'the time stamp [00:00] is earlier than the line before it',
      }),
    ])
    const refused = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/publish`, {
      baseVersion: t.episode.version,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ContentProblemsAnswer>().fields?.transcript).toBe(
      'line 3, column 1: the time stamp [00:00] is earlier than the line before it',
    )
    expect((await published())!.podcast.episodes).toHaveLength(6)
  })

  it('saves the finished episode, its transcript and chapters as files of its own', async () => {
    const saved = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/draft`, {
      ...fields(),
      baseVersion: t.episode.version,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    t.episode = saved.json<EpisodeAnswer>()
    expect(t.episode.problems).toEqual([])
    expect(t.episode.fields).toMatchObject({
      slug: 'a-two-second-test',
      publishedAt: '2026-11-25T12:00:00Z',
      audio: { sha256: t.audio.sha256, duration: t.audio.duration },
      chapters: [
        { startTime: 0, title: 'Good morning' },
        { startTime: 1, title: 'The end' },
      ],
    })
    const stored = await createContentRepository(t.testDb.database).getDocument(t.episode.key)
    expect(stored.draft?.data).toMatchObject({
      audio: 'a-two-second-test.m4a',
      transcript: 'a-two-second-test.txt',
      chapters: 'a-two-second-test.chapters.json',
      files: { transcript: TRANSCRIPT },
    })
    const unknown = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/draft`, {
      ...fields({ audio: { sha256: 'f'.repeat(64) } }),
      baseVersion: t.episode.version,
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<ContentProblemsAnswer>().fields?.audio).toBe(
      'This audio is not in the media library (any more): upload it again.',
    )
  })
}

/** Scheduling, publishing, unpublishing and deleting an episode. */
function publishingChecks(t: Podcast) {
  const { clock, as, published, fields } = t
  it('schedules an episode whose publication time is to come, and it appears at that time', async () => {
    const scheduled = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/publish`, {
      baseVersion: t.episode.version,
    })
    expect(scheduled.statusCode, scheduled.body).toBe(200)
    t.episode = scheduled.json<EpisodeAnswer>()
    expect(t.episode).toMatchObject({ status: 'scheduled', publishAt: '2026-11-25T12:00:00.000Z' })
    expect((await published())!.podcast.episodes.map((e) => e.slug)).not.toContain(
      'a-two-second-test',
    )
    const atItsTime = await published(new Date('2026-11-25T12:00:00Z'))
    expect(atItsTime!.podcast.episodes.map((e) => e.slug)).toContain('a-two-second-test')
  })

  it('refuses a save made from an older version, saying who changed it and when', async () => {
    const first = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/draft`, {
      ...fields({ title: 'A Two-Second Test, Revised' }),
      baseVersion: t.episode.version,
    })
    expect(first.statusCode, first.body).toBe(200)
    const second = await as(t.admin).post(`/podcast/episodes/${t.episode.id}/draft`, {
      ...fields({ title: 'Another Title' }),
      baseVersion: t.episode.version,
    })
    expect(second.statusCode).toBe(409)
    expect(second.json<ConflictAnswer>().message).toMatch(/^ben@example\.org changed this at /)
    t.episode = first.json<EpisodeAnswer>()
    expect(t.episode.fields.title).toBe('A Two-Second Test, Revised')
  })

  it('publishes now when the time has come, and keeps its address once out', async () => {
    // The night before is over: the episode's time has come.
    clock.advance(2 * 3600_000)
    await as(t.editor).get('/podcast')
    clock.advance(2 * 3600_000 + 60_000)
    const live = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/publish`, {
      baseVersion: t.episode.version,
    })
    expect(live.statusCode, live.body).toBe(200)
    t.episode = live.json<EpisodeAnswer>()
    expect(t.episode).toMatchObject({ status: 'published', url: '/listen/a-two-second-test' })
    const visible = (await published())!.podcast.episodes.find(
      (e) => e.slug === 'a-two-second-test',
    )
    expect(visible?.data.title).toBe('A Two-Second Test, Revised')
    const moved = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/draft`, {
      ...fields({ slug: 'a-new-address' }),
      baseVersion: t.episode.version,
    })
    expect(moved.statusCode).toBe(422)
    expect(moved.json<{ message: string }>().message).toMatch(
      /keeps its address once it has been published/,
    )
  })

  it('keeps audio an episode uses out of the media library’s deletion', async () => {
    const items = await t.app.mediaLibrary!.list({ kind: 'audio', limit: 10 })
    const item = items.items.find((i) => i.sha256 === t.audio.sha256)!
    const uses = await t.app.mediaLibrary!.usedBy(item.id)
    expect(uses).toEqual([
      expect.objectContaining({ kind: 'episode', title: 'A Two-Second Test, Revised' }),
    ])
  })

  it('lets an editor unpublish but only an administrator delete', async () => {
    const unpublished = await as(t.editor).post(`/podcast/episodes/${t.episode.id}/unpublish`, {
      baseVersion: t.episode.version,
    })
    expect(unpublished.statusCode, unpublished.body).toBe(200)
    t.episode = unpublished.json<EpisodeAnswer>()
    expect(t.episode.status).toBe('draft')
    const byEditor = await as(t.editor).delete(
      `/podcast/episodes/${t.episode.id}?baseVersion=${t.episode.version}`,
    )
    expect(byEditor.statusCode).toBe(403)
    const byAdmin = await as(t.admin).delete(
      `/podcast/episodes/${t.episode.id}?baseVersion=${t.episode.version}`,
    )
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect((await as(t.editor).get(`/podcast/episodes/${t.episode.id}`)).statusCode).toBe(404)
  })
}

/** The show's settings and artwork, and the audit log of every change before. */
function showAndAuditChecks(t: Podcast) {
  const { as, audit, published } = t
  it('changes the show’s settings and artwork, which must be square, 1400 to 3000 pixels', async () => {
    const small = await as(t.editor).upload('/podcast/uploads/artwork', {
      bytes: await testPicture({ width: 900, height: 900 }),
      name: 'cover.jpg',
      type: 'image/jpeg',
    })
    expect(small.statusCode).toBe(400)
    expect(small.json<{ fields: Record<string, string> }>().fields.artwork).toMatch(
      /square, 1400 to 3000 pixels a side .* this picture is 900 × 900/,
    )
    const uploaded = await as(t.editor).upload('/podcast/uploads/artwork', {
      bytes: await testPicture({ width: 1500, height: 1500, gps: true }),
      name: 'cover.jpg',
      type: 'image/jpeg',
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const { artwork } = uploaded.json<ArtworkAnswer>()
    expect(artwork).toMatchObject({ mime: 'image/jpeg', width: 1500, height: 1500 })
    const show = (await as(t.editor).get('/podcast/show')).json<ShowAnswer>()
    const saved = await as(t.editor).post('/podcast/show', {
      baseVersion: show.version,
      fields: {
        ...show.fields,
        follow: { spotify: 'https://open.spotify.example/show/daily-commons' },
        funding: null,
        artwork: { sha256: artwork.sha256 },
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const live = (await published())!.podcast.show
    expect(live.follow).toEqual({ spotify: 'https://open.spotify.example/show/daily-commons' })
    expect(live.files.artwork).toMatchObject({ sha256: artwork.sha256, width: 1500 })
    expect(live.artwork).toBe('artwork.jpg')
    const wrong = await as(t.editor).post('/podcast/show', {
      baseVersion: saved.json<ShowAnswer>().version,
      fields: {
        ...show.fields,
        owner: { name: 'D', email: 'not an address' },
        artwork: { sha256: artwork.sha256 },
      },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<ContentProblemsAnswer>().fields?.['owner.email']).toBe(
      'must be an e-mail address',
    )
  })

  it('records every change in the audit log as the person who made it', async () => {
    expect(await audit()).toEqual([
      expect.stringMatching(
        /^podcast\.audio-upload ben@example\.org: uploaded the audio “Test tone\.m4a” \(0:02\)$/,
      ),
      'podcast.created ben@example.org: created episode “A Two-Second Test” as a draft',
      'podcast.draft-saved ben@example.org: saved a draft of episode “A Two-Second Test”',
      'podcast.draft-saved ben@example.org: saved a draft of episode “A Two-Second Test”',
      expect.stringMatching(
        /^podcast\.scheduled ben@example\.org: scheduled episode “A Two-Second Test” \(revision 1\) for /,
      ),
      'podcast.draft-saved ben@example.org: saved a draft of episode “A Two-Second Test, Revised”',
      'podcast.published ben@example.org: published episode “A Two-Second Test, Revised” (revision 2)',
      'podcast.unpublished ben@example.org: unpublished episode “A Two-Second Test, Revised”',
      'podcast.deleted ada@example.org: deleted episode “A Two-Second Test, Revised”',
      'podcast.artwork-upload ben@example.org: uploaded podcast artwork “cover.jpg”',
      'podcast.draft-saved ben@example.org: saved a draft of the podcast’s settings',
      'podcast.published ben@example.org: published the podcast’s settings (revision 2)',
    ])
  })
}

it('serves the podcast’s routes behind the back office’s role check', async () => {
  const testDb = await createTestDatabase('sqlite')
  const app = await backOfficeApp(testDb.database, { media: true })
  try {
    const served = app.backOffice.apiRoutes().map((route) => `${route.method} ${route.url}`)
    expect(served).toEqual(
      expect.arrayContaining(['GET /podcast', 'POST /podcast/uploads/audio', 'GET /podcast/show']),
    )
    const remove = app.backOffice.routes.find(
      (route) => route.method === 'DELETE' && route.url === '/podcast/episodes/:id',
    )
    expect(remove?.access).toEqual(['admin'])
  } finally {
    await app.close()
    await testDb.drop()
  }
})
