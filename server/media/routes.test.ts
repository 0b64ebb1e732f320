/**
 * The media library's API and /media/u/ serving, in-process, on SQLite and PostgreSQL: uploads
 * with what they refuse, search and paging, alt text and focal point, "used by" and delete,
 * and the answers of a served file (cache, ETag, 304, HEAD, ranges).
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MediaItem, MediaUse } from '#common/media.ts'
import type { Dialect } from '#server/db/index.ts'
import { apiOnDatabase } from '#server/test/api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { multipart, staffHeaders, testMediaAccess, testPicture } from '#server/test/media.ts'

type Answer = { item: MediaItem & { usedBy: MediaUse[] }; existing: boolean }

const picture = async (seed = 1, name = 'Porch at dusk.jpg') => ({
  bytes: await testPicture({ width: 700, height: 500, seed, gps: true }),
  name,
  type: 'image/jpeg',
})

describeOnDatabases('the media library API', (dialect) => {
  const media = useMediaApi(dialect)
  describe('POST /api/media', () => {
    uploadChecks(media)
    uploadRefusals(media)
  })
  describe('GET /api/media', () => listChecks(media))
  describe('PATCH /api/media/:id', () => patchChecks(media))
  describe('DELETE /api/media/:id and "used by"', () => deleteChecks(dialect, media))
})

/** The API on one engine with a media library that records its audit, and its uploads. */
function useMediaApi(dialect: Dialect) {
  const access = testMediaAccess()
  const api = apiOnDatabase(dialect, {
    emptied: ['media_asset', 'media_blob'],
    app: { media: { library: access.options } },
  })
  beforeEach(() => {
    access.audited.length = 0
  })

  const upload = async (
    fields: Record<string, string>,
    file?: { bytes: Uint8Array; name: string; type?: string },
    headers: Record<string, string> = staffHeaders(),
  ) => {
    const { body, contentType } = await multipart(fields, file)
    return api.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: body,
      headers: { 'content-type': contentType, ...headers },
    })
  }
  const count = async (table: 'media_asset' | 'media_blob' | 'media_file') =>
    Number(
      (
        await api.testDb.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const storedNothing = async () => {
    expect(await count('media_asset')).toBe(0)
    expect(await count('media_blob')).toBe(0)
  }
  return { access, api, upload, count, storedNothing }
}
type MediaApi = ReturnType<typeof useMediaApi>

/** What an upload stores and answers. */
function uploadChecks({ access, api, upload, count }: MediaApi) {
  it('stores a picture with its alt text, focal point and author, and answers its files', async () => {
    const response = await upload(
      { alt: 'Ms. Whitfield reads on her porch at dusk', focalX: '0.3', focalY: '0.25' },
      await picture(),
    )
    expect(response.statusCode).toBe(201)
    const { item, existing } = response.json<Answer>()
    expect(existing).toBe(false)
    expect(item).toMatchObject({
      kind: 'image',
      originalName: 'Porch at dusk.jpg',
      mime: 'image/jpeg',
      width: 700,
      height: 500,
      alt: 'Ms. Whitfield reads on her porch at dusk',
      focalPoint: { x: 0.3, y: 0.25 },
      createdBy: 'staff-ada',
      usedBy: [],
    })
    expect(item.color).toMatch(/^#[0-9a-f]{6}$/)
    const key = item.sha256.slice(0, 32)
    expect(item.files.map((file) => file.url)).toEqual(
      expect.arrayContaining([
        `/media/u/${key}.jpg`,
        ...[320, 480, 640, 700].flatMap((w) => [
          `/media/u/${key}-${w}.avif`,
          `/media/u/${key}-${w}.webp`,
        ]),
      ]),
    )
    expect(item.files).toHaveLength(9)
    expect(access.audited).toEqual([
      {
        action: 'media.upload',
        mediaId: item.id,
        kind: 'image',
        summary: 'uploaded "Porch at dusk.jpg"',
      },
    ])
    // Every file is served, and none is the upload itself.
    for (const file of item.files) {
      const served = await api.app.inject({ method: 'GET', url: file.url })
      expect(served.statusCode, file.url).toBe(200)
      expect(served.rawPayload.length).toBe(file.size)
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()
    }
  })

  it('answers the item already there when the same bytes come again', async () => {
    const photo = await picture()
    const first = (await upload({ alt: 'First words' }, photo)).json<Answer>()
    const again = await upload({ alt: 'Other words' }, photo)
    expect(again.statusCode).toBe(200)
    expect(again.json<Answer>()).toMatchObject({
      existing: true,
      item: { id: first.item.id, alt: 'First words' },
    })
    expect(await count('media_asset')).toBe(1)
    expect(access.audited).toHaveLength(1)
  })
}

/** What an upload refuses, storing nothing. */
function uploadRefusals({ api, upload, storedNothing }: MediaApi) {
  it('refuses a picture without alt text, naming the field, and stores nothing', async () => {
    for (const fields of [{}, { alt: '   ' }] as Record<string, string>[]) {
      const response = await upload(fields, await picture())
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        error: 'Bad Request',
        fields: { alt: 'Describe the picture for people who cannot see it (alt text).' },
      })
    }
    const focal = await upload({ alt: 'A porch', focalX: '1.5' }, await picture())
    expect(focal.json().fields).toEqual({
      focalX: "The focal point's x (from the left) must be from 0 to 1.",
    })
    await storedNothing()
  })

  it('refuses what is not an accepted picture, saying what it is, and stores nothing', async () => {
    const jpeg = (await picture()).bytes
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    const cases: [{ bytes: Uint8Array; name: string; type?: string }, RegExp][] = [
      [{ bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }, /is an SVG drawing/],
      [
        {
          bytes: Buffer.from('<!doctype html><script>x</script>'),
          name: 'a.jpg',
          type: 'image/jpeg',
        },
        /an HTML document/,
      ],
      [
        {
          bytes: await sharp(jpeg).resize(16).gif().toBuffer(),
          name: 'a.gif',
          type: 'image/gif',
        },
        /a GIF image/,
      ],
      [
        { bytes: jpeg, name: 'a.png', type: 'image/png' },
        /declared as image\/png, but its bytes are a JPEG/,
      ],
      [
        { bytes: Buffer.concat([jpeg, Buffer.from('PK\x03\x04zip', 'latin1')]), name: 'a.jpg' },
        /something else follows it/,
      ],
      [{ bytes: Buffer.from('plain words'), name: 'notes.txt', type: 'text/plain' }, /a text file/],
    ]
    for (const [file, message] of cases) {
      const response = await upload({ alt: 'Anything' }, file)
      expect(response.statusCode, file.name).toBe(400)
      expect(response.json().fields.file, file.name).toMatch(message)
      expect(response.json().message).toBe(response.json().fields.file)
    }
    const empty = await upload({ alt: 'Nothing' })
    expect(empty.json()).toMatchObject({
      fields: { file: 'Choose a picture to upload (the field "file" is empty).' },
    })
    await storedNothing()
  })

  it('refuses a body that is not multipart, and a second file', async () => {
    const json = await api.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: { alt: 'x' },
      headers: staffHeaders(),
    })
    expect(json.statusCode).toBe(415)
    const form = new FormData()
    const photo = await picture()
    form.append('alt', 'Two')
    form.append('file', new Blob([new Uint8Array(photo.bytes)]), 'a.jpg')
    form.append('file', new Blob([new Uint8Array(photo.bytes)]), 'b.jpg')
    const request = new Request('http://x/', { method: 'POST', body: form })
    const two = await api.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, ...staffHeaders() },
    })
    expect(two.statusCode).toBe(400)
    expect(two.json().message).toBe('Send one file per upload.')
    await storedNothing()
  })

  it("runs the guard first: without staff's session nothing is read or stored", async () => {
    const response = await upload({ alt: 'A porch' }, await picture(), {
      origin: 'http://localhost:80',
    })
    expect(response.statusCode).toBe(401)
    expect((await api.app.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401)
    await storedNothing()
  })

  it("refuses an upload another site sends (the forms' same-site check)", async () => {
    for (const headers of [
      { ...staffHeaders(), origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      { ...staffHeaders(), origin: 'https://elsewhere.example', 'sec-fetch-site': 'same-site' },
      { ...staffHeaders(), origin: 'https://elsewhere.example' },
    ]) {
      const response = await upload({ alt: 'A porch' }, await picture(), headers)
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe(
        'The media library can only be changed from the DocuCommons website.',
      )
    }
    await storedNothing()
  })
}

/** Listing and search, in keyset pages. */
function listChecks({ api, upload }: MediaApi) {
  const seed = async () => {
    const items: Answer['item'][] = []
    for (const [i, name, alt] of [
      [1, 'quilt-circle.jpg', 'Amara Nwosu and neighbours stitch a quilt'],
      [2, 'mural.jpg', 'A mural of raised hands on a brick wall'],
      [3, 'porch.jpg', 'A porch light at 100% brightness'],
    ] as const) {
      items.push((await upload({ alt }, await picture(i, name))).json<Answer>().item)
    }
    return items
  }
  const list = (query: string) =>
    api.app.inject({ method: 'GET', url: `/api/media${query}`, headers: staffHeaders() })

  it('lists newest first in keyset pages', async () => {
    const [quilt, mural, porch] = await seed()
    const first = (await list('?limit=2')).json()
    expect(first.items.map((item: MediaItem) => item.id)).toEqual([porch!.id, mural!.id])
    expect(first.next).toEqual(expect.any(String))
    const second = (await list(`?limit=2&after=${first.next}`)).json()
    expect(second).toMatchObject({ items: [{ id: quilt!.id }], next: null })
  })

  it('searches file names and alt text, case-insensitively, with % and _ as plain characters', async () => {
    const [quilt, mural, porch] = await seed()
    const ids = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).json().items.map((item: MediaItem) => item.id)
    expect(await ids('QUILT')).toEqual([quilt!.id])
    expect(await ids('brick')).toEqual([mural!.id])
    expect(await ids('100%')).toEqual([porch!.id])
    expect(await ids('%')).toEqual([porch!.id])
    expect(await ids('_')).toEqual([])
    expect((await list('?kind=audio')).json().items).toEqual([])
  })

  it('refuses a bad query naming the parameter', async () => {
    expect((await list('?limit=500')).json().fields).toEqual({
      limit: 'limit must be from 1 to 100.',
    })
    expect((await list('?after=nonsense')).json().fields).toEqual({
      after: 'The page cursor "after" is not one this API gave out.',
    })
  })
}

/** Changing an item's alt text and focal point. */
function patchChecks({ access, api, upload }: MediaApi) {
  const patch = (id: string, payload: unknown, headers = staffHeaders()) =>
    api.app.inject({
      method: 'PATCH',
      url: `/api/media/${id}`,
      payload: payload as object,
      headers,
    })

  it('changes the alt text and the focal point, and audits it', async () => {
    const { item } = (await upload({ alt: 'Before' }, await picture())).json<Answer>()
    const response = await patch(item.id, { alt: 'After', focalX: 0.8, focalY: 0.1 })
    expect(response.statusCode).toBe(200)
    expect(response.json().item).toMatchObject({ alt: 'After', focalPoint: { x: 0.8, y: 0.1 } })
    expect(access.audited.at(-1)).toEqual({
      action: 'media.update',
      mediaId: item.id,
      kind: 'image',
      summary: 'changed the alt text and focal point of "Porch at dusk.jpg"',
    })
  })

  it('refuses an empty alt text, half a focal point and unknown fields, changing nothing', async () => {
    const { item } = (await upload({ alt: 'Before' }, await picture())).json<Answer>()
    expect((await patch(item.id, { alt: '' })).json().fields).toEqual({
      alt: 'Describe the picture for people who cannot see it (alt text).',
    })
    expect((await patch(item.id, { focalX: 0.2 })).json().fields).toEqual({
      focalX: 'Send the focal point as both focalX and focalY.',
    })
    expect((await patch(item.id, { caption: 'x' })).json().fields).toEqual({
      caption: 'This field is not part of the form.',
    })
    expect((await patch('no-such-id', { alt: 'x' })).statusCode).toBe(404)
    expect((await patch('x'.repeat(300), { alt: 'x' })).statusCode).toBe(404)
    expect(
      (
        await patch(
          item.id,
          { alt: 'x' },
          { ...staffHeaders(), origin: 'https://elsewhere.example' },
        )
      ).statusCode,
    ).toBe(403)
    const stored = await api.app.inject({
      method: 'GET',
      url: `/api/media/${item.id}`,
      headers: staffHeaders(),
    })
    expect(stored.json().item).toMatchObject({ alt: 'Before', focalPoint: { x: 0.5, y: 0.5 } })
  })
}

/** What uses an item, and deleting it with its files once nothing does. */
function deleteChecks(dialect: Dialect, { access, api, upload, count, storedNothing }: MediaApi) {
  const remove = (id: string) =>
    api.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: staffHeaders() })

  it('refuses to delete what a feature uses, shows the uses, and deletes once unused', async () => {
    const { item } = (await upload({ alt: 'A porch' }, await picture())).json<Answer>()
    const uses = new Map<string, MediaUse[]>([
      [
        item.id,
        [
          {
            kind: 'article',
            id: 'terrence-hollis',
            title: 'The porch light is on',
            href: '/admin/articles/terrence-hollis',
          },
        ],
      ],
    ])
    api.app.mediaLibrary!.registerUsage('content', async (id) => uses.get(id) ?? [])

    const shown = await api.app.inject({
      method: 'GET',
      url: `/api/media/${item.id}`,
      headers: staffHeaders(),
    })
    expect(shown.json().item.usedBy).toEqual(uses.get(item.id))
    const listed = await api.app.inject({
      method: 'GET',
      url: '/api/media',
      headers: staffHeaders(),
    })
    expect(listed.json().items[0].usedBy).toEqual(uses.get(item.id))

    // The files' ETags are the SHA-256 of their bytes: the blobs' names.
    const blobs: string[] = []
    for (const file of item.files) {
      const served = await api.app.inject({ method: 'HEAD', url: file.url })
      blobs.push(JSON.parse(served.headers.etag as string) as string)
    }
    if (dialect === 'sqlite') {
      const [first] = blobs
      const file = path.join(
        api.testDb.env.DATA_DIR,
        'media',
        'blobs',
        first!.slice(0, 2),
        first!.slice(2, 4),
        first!,
      )
      expect(fs.readFileSync(file).length).toBe(item.files[0]!.size)
    }

    const refused = await remove(item.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: 'Conflict',
      message:
        'This picture is still used by article "The porch light is on". Remove it there first, then delete it.',
      usedBy: uses.get(item.id),
    })
    expect(await count('media_asset')).toBe(1)

    uses.delete(item.id)
    expect((await remove(item.id)).statusCode).toBe(204)
    expect(access.audited.at(-1)).toMatchObject({ action: 'media.delete', mediaId: item.id })
    await storedNothing()
    expect(await count('media_file')).toBe(0)
    for (const file of item.files)
      expect((await api.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404)
    if (dialect === 'sqlite') {
      for (const sha256 of blobs) {
        const file = path.join(
          api.testDb.env.DATA_DIR,
          'media',
          'blobs',
          sha256.slice(0, 2),
          sha256.slice(2, 4),
          sha256,
        )
        expect(fs.existsSync(file), file).toBe(false)
      }
    } else {
      const chunks = await api.testDb.database.db
        .selectFrom('media_blob_chunk')
        .select('seq')
        .execute()
      expect(chunks).toEqual([])
    }
    expect((await remove(item.id)).statusCode).toBe(404)
  })

  it('keeps a blob that another item still serves', async () => {
    // The same pixels with other metadata: two uploads, identical re-encoded files.
    const plain = await testPicture({ width: 500, height: 400, seed: 7 })
    const tagged = await testPicture({ width: 500, height: 400, seed: 7, gps: true })
    const a = (await upload({ alt: 'A' }, { bytes: plain, name: 'a.jpg' })).json<Answer>().item
    const b = (await upload({ alt: 'B' }, { bytes: tagged, name: 'b.jpg' })).json<Answer>().item
    expect(a.id).not.toBe(b.id)
    const blobs = await count('media_blob')
    expect(blobs).toBeLessThan(a.files.length + b.files.length)
    expect((await remove(a.id)).statusCode).toBe(204)
    for (const file of b.files) {
      const served = await api.app.inject({ method: 'GET', url: file.url })
      expect(served.statusCode, file.url).toBe(200)
      expect(served.rawPayload.length).toBe(file.size)
    }
  })
}
