/**
 * Markdown rendered once per worker: the same source against the same pictures is not rendered
 * again, a change of the pictures renders it again, and what is held stays within its bound.
 */
import { describe, expect, it, vi } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { renderedMarkdown, renderedMarkdownHeld } from './rendered-markdown.server.ts'

const { media } = readContentDir('content')

describe('rendered Markdown', () => {
  it('renders a source once for the same pictures, even from another copy of them', () => {
    const render = vi.fn(() => '<p>Once.</p>')
    expect(renderedMarkdown(media, 'Once, for the cache test.', render)).toBe('<p>Once.</p>')
    expect(renderedMarkdown(structuredClone(media), 'Once, for the cache test.', render)).toBe(
      '<p>Once.</p>',
    )
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('renders it again when the pictures changed (a focal point, a new upload)', () => {
    const render = vi.fn(() => '<p>Twice.</p>')
    renderedMarkdown(media, 'Twice, for the cache test.', render)
    const changed = structuredClone(media)
    const [id] = Object.keys(changed.images)
    changed.images[id!]!.focal = { x: 0.1, y: 0.9 }
    renderedMarkdown(changed, 'Twice, for the cache test.', render)
    expect(render).toHaveBeenCalledTimes(2)
  })

  it('holds no more than its bound, dropping the least recently used', () => {
    const bound = 200_000
    const render = vi.fn((source: string) => `<p>${source}</p>`)
    const sources = Array.from({ length: 400 }, (_, i) => `Source ${i} `.padEnd(1000, '.'))
    for (const source of sources) {
      renderedMarkdown(media, source, () => render(source), bound)
      expect(renderedMarkdownHeld().chars).toBeLessThanOrEqual(bound)
    }
    // The newest are held; the oldest went first.
    render.mockClear()
    renderedMarkdown(media, sources.at(-1)!, () => render(sources.at(-1)!), bound)
    renderedMarkdown(media, sources[0]!, () => render(sources[0]!), bound)
    expect(render.mock.calls).toEqual([[sources[0]]])
  })
})
