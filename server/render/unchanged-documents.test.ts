import { describe, expect, it } from 'vitest'
import { readContentDir } from '#common/content/content-dir.ts'
import { snapshotDocuments, type ContentDocument } from '#common/content/snapshot.ts'
import { unchangedSince } from './unchanged-documents.ts'

const documents = snapshotDocuments(readContentDir('content'))
/** The documents as another load reads them: equal, not the same objects. */
const again = () => structuredClone(documents)
const article = documents.find((d) => d.kind === 'article')!
const changed = (key: string, change: (d: ContentDocument) => ContentDocument) =>
  again().map((d) => (d.key === key ? change(d) : d))

describe('which documents a load need not read again', () => {
  it('the first load reads everything', () => {
    expect(documents.some(unchangedSince(undefined, { documents }))).toBe(false)
  })

  it('an equal document is not read again; a changed body, field or slug is', () => {
    const next = changed(article.key, (d) => ({ ...d, body: `${d.body}More.\n` }))
    const unchanged = unchangedSince({ documents }, { documents: next })
    expect(next.filter((d) => !unchanged(d)).map((d) => d.key)).toEqual([article.key])
    for (const change of [
      (d: ContentDocument) => ({ ...d, data: { ...(d.data as object), name: 'Another' } }),
      (d: ContentDocument) => ({ ...d, slug: 'another-slug' }),
    ]) {
      const other = changed(article.key, change)
      expect(
        other.filter((d) => !unchangedSince({ documents }, { documents: other })(d)),
      ).toHaveLength(1)
    }
  })

  it('a change to the media manifest or the uploaded pictures reads everything again', () => {
    const media = changed('media', (d) => ({
      ...d,
      data: { ...(d.data as object), images: {} },
    }))
    expect(media.some(unchangedSince({ documents }, { documents: media }))).toBe(false)
    const uploads = { 'u/abc': { width: 10, height: 10 } as never }
    expect(again().some(unchangedSince({ documents }, { documents: again(), uploads }))).toBe(false)
  })
})
