/**
 * The uploaded pictures a candidate names are found in the stored JSON of the documents read
 * from the database (no JSON.stringify of every document per publish and reload), and the answer
 * is the one the parsed documents give.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newRowId } from '#server/db/ids.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { uploadIdsOf, visibleDocuments } from './candidate.ts'

const id = (digit: string) => `u/${digit.repeat(32)}`

/** Stored texts as a writer may leave them: the id in a field, in the body, behind an escape. */
const STORED = [
  { key: 'article/in-data', data: JSON.stringify({ cover: { image: id('a') } }), body: 'Text.' },
  { key: 'article/in-body', data: '{"title":"Porches"}', body: `![A porch](${id('b')})` },
  // "\u0075" is "u": only the parsed value spells the id.
  { key: 'article/escaped', data: `{"cover":{"image":"\\u0075/${'c'.repeat(32)}"}}`, body: null },
  { key: 'article/none', data: '{"title":"No pictures"}', body: 'Nothing uploaded here.' },
  // Not an id: a longer run of hex digits, and an id's look-alike in a word.
  {
    key: 'article/near',
    data: `{"note":"menu/${'d'.repeat(32)} u/${'e'.repeat(33)}"}`,
    body: null,
  },
]

describeOnDatabases('the uploaded pictures a candidate names', (dialect) => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await createTestDatabase(dialect)
    const now = new Date().toISOString()
    for (const stored of STORED) {
      const documentId = newRowId()
      const revisionId = newRowId()
      await test.database.db
        .insertInto('content_document')
        .values({
          id: documentId,
          key: stored.key,
          kind: 'article',
          slug: stored.key.slice('article/'.length),
          status: 'published',
          publish_at: null,
          published_revision_id: null,
          draft_data: null,
          draft_body: null,
          version: 1,
          created_at: now,
          updated_at: now,
          updated_by: null,
        })
        .execute()
      await test.database.db
        .insertInto('content_revision')
        .values({
          id: revisionId,
          document_id: documentId,
          number: 1,
          data: stored.data,
          body: stored.body,
          author_id: null,
          created_at: now,
          note: null,
        })
        .execute()
      await test.database.db
        .updateTable('content_document')
        .set({ published_revision_id: revisionId })
        .where('id', '=', documentId)
        .execute()
    }
  }, 60_000)

  afterAll(async () => {
    await test?.drop()
  })

  it('reads them from the stored text, and finds what the parsed documents name', async () => {
    const { documents } = await visibleDocuments(test.database.db, 'with-scheduled')
    expect(documents).toHaveLength(STORED.length)
    const fromStored = uploadIdsOf(documents)
    // Copies are not the documents read: their ids come from the parsed values.
    const fromParsed = uploadIdsOf(documents.map((document) => structuredClone(document)))
    expect([...fromStored].sort()).toEqual([id('a'), id('b'), id('c')])
    expect([...fromStored].sort()).toEqual([...fromParsed].sort())
  })

  it('reads a document changed in the candidate from its new value', async () => {
    const { documents } = await visibleDocuments(test.database.db, 'with-scheduled')
    const changed = documents.map((document) =>
      document.key === 'article/in-data'
        ? { ...document, data: { title: 'No cover now' } }
        : document,
    )
    expect([...uploadIdsOf(changed)].sort()).toEqual([id('b'), id('c')])
  })
})
