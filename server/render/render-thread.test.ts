/**
 * The render worker, through the server's side of it, with the real build: it renders every page
 * of some content, only what a change affects, works the change out from the content the server
 * shows when it was started again (after being idle), and refuses content that does not pass its
 * checks with the problems by document and field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { snapshotDocuments, type ContentSnapshot } from '#common/content/snapshot.ts'
import { realBuild } from '#server/test/real-build.ts'
import { RenderJobError, startRenderThread, type RenderThread } from './render-thread.ts'
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

  it('renders every page, then only what a change affects, even from a worker started again', async () => {
    const renderedAt = new Date('2026-11-25T12:00:00.000Z')
    const all = await thread.publish(documents(sample), { renderedAt, full: true })
    expect(all.all).toBe(true)
    expect(all.pages.map((page) => page.path)).toEqual(all.paths)
    expect(all.notFound?.status).toBe(404)
    expect(Buffer.isBuffer(all.pages[0]!.body)).toBe(true)

    const first = withQuote('A first new quote.')
    const one = await thread.publish(documents(first), { renderedAt })
    expect(one.pages.map((page) => page.path)).toEqual(['/'])
    expect(one.pages[0]!.body.toString()).toContain('A first new quote.')

    // A worker started again knows nothing it rendered: the server says what its pages show.
    await thread.close()
    const second = withQuote('A second new quote.')
    const again = await thread.publish(documents(second), {
      renderedAt,
      before: documents(first),
    })
    expect(again.pages.map((page) => page.path)).toEqual(['/'])
    expect(again.all).toBe(false)
  }, 360_000)

  it('refuses content that does not pass its checks, naming the document and the field', async () => {
    const broken = structuredClone(sample)
    broken.pages.home.hero.heading = ''
    const error = await thread
      .publish(documents(broken), { renderedAt: new Date(), full: true })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      )
    expect(error).toBeInstanceOf(RenderJobError)
    expect((error as RenderJobError).problems).toEqual([
      { source: 'page/home', field: 'hero.heading', message: 'must not be empty' },
    ])
  }, 180_000)
})
