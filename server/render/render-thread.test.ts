/**
 * The render worker, through the server's side of it, with the real build: it loads content
 * without rendering and says what a change affects, renders one page of a loaded version (two
 * versions side by side), loads the content again into a worker started again (after being
 * idle), compares a load with the last version across such a restart, takes a load of changes as
 * it takes the whole, hands over a page without the body its gzip form makes again, and refuses
 * content that does not pass its checks with the problems by document and field.
 */
import { isDeepStrictEqual } from 'node:util'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { snapshotDocuments, type ContentSnapshot } from '#common/content/snapshot.ts'
import { realBuild } from '#server/test/real-build.ts'
import { RenderJobError, startRenderThread, type RenderThread } from './render-thread.ts'
import { etagOf, heldBytes } from './renderer.ts'
import type { ContentDocuments } from './render-worker.ts'

const sample = readContentDir('content')
const documents = (snapshot: ContentSnapshot): ContentDocuments => ({
  documents: snapshotDocuments(snapshot),
  redirects: snapshot.redirects,
  uploads: {},
})
const withQuote = (quote: string): ContentSnapshot => {
  const edited = structuredClone(sample)
  edited.pages.home.testimonials.items[0]!.quote = quote
  return edited
}

describe('the render worker', () => {
  let thread: RenderThread
  beforeAll(async () => {
    thread = startRenderThread(await realBuild())
  }, 600_000)
  afterAll(() => thread?.close())

  it('loads content without rendering, says what a change affects, and renders one page of a version', async () => {
    const renderedAt = new Date('2026-11-25T12:00:00.000Z')
    const all = await thread.load(documents(sample), { version: 1, renderedAt })
    expect(all.invalidate).toBe('all')
    expect(all.paths).toContain('/listen/feed.xml')
    expect(all.warm).toEqual(expect.arrayContaining(['/', '/about', '/listen', '/listen/feed.xml']))
    const home = await thread.render(1, '/')
    expect(Buffer.isBuffer(home.body)).toBe(true)
    expect((await thread.render(1, '', { notFound: true })).status).toBe(404)

    const first = withQuote('A first new quote.')
    const one = await thread.load(documents(first), { version: 2, renderedAt })
    expect(one.invalidate).toEqual(['/'])
    expect(one.notFoundChanged).toBe(false)
    const [newHome, oldHome] = await Promise.all([thread.render(2, '/'), thread.render(1, '/')])
    expect(newHome.body.toString()).toContain('A first new quote.')
    expect(oldHome.etag).toBe(home.etag)
    // Two versions are kept: a third load forgets the first.
    await thread.load(documents(withQuote('A second new quote.')), { version: 3, renderedAt })
    const stale = await thread.render(1, '/').catch((caught: unknown) => caught)
    expect(stale).toMatchObject({ stale: true })
  }, 360_000)

  for (const check of [keptCompressedCheck, samePathsCheck]) check(() => thread)

  it('loads the content again into a worker started again after it stopped', async () => {
    const renderedAt = new Date('2026-11-25T12:00:00.000Z')
    const content = documents(withQuote('A quote after a restart.'))
    const restarted = startRenderThread(await realBuild())
    try {
      await restarted.load(content, { version: 7, renderedAt })
      await restarted.close()
      const page = await restarted.render(7, '/')
      expect(page.body.toString()).toContain('A quote after a restart.')
    } finally {
      await restarted.close()
    }
  }, 360_000)

  it('names only the pages a change affects when the worker had stopped since the last load', async () => {
    const renderedAt = new Date('2026-11-25T12:00:00.000Z')
    const restarted = startRenderThread(await realBuild())
    try {
      await restarted.load(documents(sample), { version: 1, renderedAt })
      // The worker stops (after a quiet minute, or it died): the next load starts another.
      await restarted.close()
      const one = await restarted.load(documents(withQuote('A quote after a quiet minute.')), {
        version: 2,
        renderedAt,
      })
      expect(one.invalidate).toEqual(['/'])
      expect(one.notFoundChanged).toBe(false)
      const page = await restarted.render(2, '/')
      expect(page.body.toString()).toContain('A quote after a quiet minute.')
    } finally {
      await restarted.close()
    }
  }, 360_000)

  it('gives a load of changes what a load of the whole gives, also in a worker started again', async () => {
    const renderedAt = new Date('2026-11-25T12:00:00.000Z')
    // The sample with the home page's quote changed, an episode more and one fewer.
    const edited = withQuote('A quote brought as a change.')
    const [first, ...others] = sample.podcast.episodes
    const number = Math.max(...sample.podcast.episodes.map((e) => e.data.number)) + 1
    const added = { ...first!, slug: 'a-newer-episode' }
    added.data = { ...first!.data, number, guid: '00000000-0000-4000-8000-00000000beef' }
    edited.podcast = { ...sample.podcast, episodes: [...others.slice(0, -1), first!, added] }
    const before = new Map(snapshotDocuments(sample).map((d) => [d.key, d]))
    const after = snapshotDocuments(edited)
    const changes = {
      ...documents(edited),
      documents: after.filter((d) => !isDeepStrictEqual(before.get(d.key), d)),
      removed: [...before.keys()].filter((key) => !after.some((d) => d.key === key)),
    }
    expect(changes.documents.map((d) => d.key).sort()).toEqual([
      'episode/a-newer-episode',
      'page/home',
    ])
    expect(changes.removed).toHaveLength(1)

    const whole = startRenderThread(await realBuild())
    const changed = startRenderThread(await realBuild())
    try {
      const expected = await whole.load(documents(edited), { version: 1, renderedAt })
      await changed.load(documents(sample), { version: 1, renderedAt })
      // Changes of a version the worker does not hold are refused, as stale.
      const refused = await changed
        .load(changes, { version: 2, base: 5, renderedAt })
        .catch((caught: unknown) => caught)
      expect(refused).toMatchObject({ stale: true })
      const got = await changed.load(changes, { version: 3, base: 1, renderedAt })
      expect(got.fingerprint).toBe(expected.fingerprint)
      expect(got.paths).toEqual(expected.paths)
      expect(got.invalidate).not.toBe('all')
      const pages = ['/', '/listen/a-newer-episode', '/listen/feed.xml']
      const etags = (thread: RenderThread, version: number) =>
        Promise.all(pages.map(async (path) => (await thread.render(version, path)).etag))
      expect(await etags(changed, 3)).toEqual(await etags(whole, 1))
      // The worker stops; the one started for the next job is given the whole changed content.
      await changed.close()
      expect(await etags(changed, 3)).toEqual(await etags(whole, 1))
    } finally {
      await whole.close()
      await changed.close()
    }
  }, 360_000)

  it('refuses content that does not pass its checks, naming the document and the field', async () => {
    const broken = structuredClone(sample)
    broken.pages.home.hero.heading = ''
    const error = await thread.load(documents(broken), { version: 9, renderedAt: new Date() }).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(RenderJobError)
    expect((error as RenderJobError).problems).toEqual([
      { source: 'page/home', field: 'hero.heading', message: 'must not be empty' },
    ])
  }, 180_000)
})

/** A page that crosses the thread with a gzip form is kept without its body. */
function keptCompressedCheck(threadOf: () => RenderThread) {
  it('keeps a page compressed: it crosses without its body, which reads as the rendered bytes', async () => {
    const thread = threadOf()
    await thread.load(documents(sample), { version: 11, renderedAt: new Date() })
    const page = await thread.render(11, '/about')
    expect(page.gzip).toBeDefined()
    // Only the two compressed forms are held (the body is four to six times either).
    expect(heldBytes(page)).toBe(page.br!.length + page.gzip!.length)
    expect(page.body.length).toBeGreaterThan(3 * page.gzip!.length)
    // The body made from the gzip form is the page that was rendered: its ETag, its brotli form.
    expect(etagOf(page.body)).toBe(page.etag)
    expect(page.body.equals(zlib.brotliDecompressSync(page.br!))).toBe(true)
  }, 360_000)
}

/** A load of changes that adds or removes no page sends no paths: the server keeps its own. */
function samePathsCheck(thread: () => RenderThread) {
  it('sends no paths for a change that adds or removes no page, and renders the change', async () => {
    const renderedAt = new Date('2026-11-25T12:00:00.000Z')
    const first = await thread().load(documents(sample), { version: 11, renderedAt })
    expect(first.paths).toContain('/listen/feed.xml')
    const home = snapshotDocuments(withQuote('A quote that adds no page.')).find(
      (document) => document.key === 'page/home',
    )!
    const changes = { ...documents(sample), documents: [home], removed: [] }
    const same = await thread().load(changes, { version: 12, base: 11, renderedAt })
    expect(same.paths).toBeUndefined()
    expect(same.invalidate).toEqual(['/'])
    const page = await thread().render(12, '/')
    expect(page.body.toString()).toContain('A quote that adds no page.')
  }, 360_000)
}

describe('the render thread while no worker runs', () => {
  it('stops a worker without a job after idleMs, says so, packs what it kept, and starts one again for the next', async () => {
    let stopped = 0
    const idle = startRenderThread(await realBuild(), { idleMs: 200, stoppedIdle: () => stopped++ })
    try {
      await idle.load(documents(sample), { version: 1, renderedAt: new Date() })
      const loaded = idle.held()!
      expect(loaded.packed).toBe(false)
      // Bounded: 600 polls of 100 ms; the stop comes 200 ms after the load's answer.
      for (let i = 0; i < 600 && stopped === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(stopped).toBe(1)
      // While no worker runs, the version kept for the next one is packed, at most half its size.
      const packed = idle.held()!
      expect(packed.packed).toBe(true)
      expect(packed.bytes).toBeLessThan(loaded.bytes / 2)
      expect((await idle.render(1, '/')).status).toBe(200)
      // The worker got an unpacked copy; the packed bytes are kept whole for the next restart.
      expect(idle.held()).toEqual(packed)
    } finally {
      await idle.close()
    }
    expect(stopped).toBe(1)
  }, 360_000)

  it('gives the unpacked version back as soon as a stopped worker lets it be packed', async () => {
    // A media library of 150,000 uploaded pictures: about 20 MB serialized.
    const large = documents(sample)
    for (let i = 0; i < 150_000; i++)
      large.uploads[`u/${i.toString(16).padStart(32, '0')}`] = {
        width: 1600,
        height: 900 + (i % 200),
        widths: [320, 640, 1000, 1600],
        color: '#2a6f6b',
        focal: { x: 0.5, y: 0.4 },
      }
    let stopped = 0
    const idle = startRenderThread(await realBuild(), { idleMs: 200, stoppedIdle: () => stopped++ })
    try {
      await idle.load(large, { version: 1, renderedAt: new Date() })
      const loaded = idle.held()!.bytes
      const before = process.memoryUsage().external
      // Bounded: 600 polls of 100 ms; the stop comes 200 ms after the load's answer.
      for (let i = 0; i < 600 && stopped === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(stopped).toBe(1)
      // Against the bytes' own size, in the same run: given back now, not at a collection.
      const given = before - process.memoryUsage().external
      expect(given).toBeGreaterThan((loaded - idle.held()!.bytes) * 0.9)
    } finally {
      await idle.close()
    }
  }, 360_000)
})
