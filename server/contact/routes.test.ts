/** POST /api/contact/ on every configured database: each rule of the API, one test or more. */
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { Dialect } from '#server/db/index.ts'
import { apiOnDatabase } from '#server/test/api.ts'
import { createTestDatabase, describeOnDatabases, testEnv } from '#server/test/databases.ts'
import { formPoster, jsonPoster } from '#server/test/post-json.ts'

const valid = { name: 'Evelyn Harper', email: 'evelyn@example.org' }
const started = () => Date.now() - 10_000

/**
 * The contact API on one database, and the posters and row reader every group of checks shares
 * (one poster per database, so each request keeps its own address across the groups).
 */
function contactApi(dialect: Dialect) {
  const api = apiOnDatabase(dialect, { emptied: ['contact_message'] })
  return {
    api,
    post: jsonPoster(() => api.app, '/api/contact/', 0),
    postForm: formPoster(() => api.app, '/api/contact/', 100),
    rows: () =>
      api.testDb.database.db
        .selectFrom('contact_message')
        .selectAll()
        .orderBy('created_at')
        .execute(),
  }
}
type ContactApi = ReturnType<typeof contactApi>

describeOnDatabases('POST /api/contact/', (dialect) => {
  const contact = contactApi(dialect)
  describe('accepted messages', () => acceptedMessages(contact))
  describe('400 with an error per field', () => fieldErrors(contact))
  describe('413 and 415', () => sizeAndType(contact))
  describe('form posts without JavaScript', () => formPosts(contact))
  describe('spam', () => spam(contact))
  describe('rate limit', () => rateLimit(contact))

  it('answers 500, not 201, when the message cannot be committed', async () => {
    const broken = await createTestDatabase(dialect)
    const brokenApp = await buildApp({ env: testEnv(), database: broken.database })
    await brokenApp.ready()
    await broken.database.close()
    const response = await brokenApp.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: { ...valid, startedAt: started() },
    })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ error: 'Internal Server Error' })
    await brokenApp.close()
    await broken.drop()
  })
})

function acceptedMessages({ post, rows }: ContactApi) {
  it('answers 201 {"ok":true} with the row already committed', async () => {
    const sent = Date.now()
    const response = await post({
      ...valid,
      website: 'https://harper-foundation.example.org/about',
      message: 'Hello!\nWe run a community radio station.',
      startedAt: started(),
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true })
    expect(response.headers['cache-control']).toBe('no-store')
    const [row, ...rest] = await rows()
    expect(rest).toEqual([])
    expect(row).toMatchObject({
      name: 'Evelyn Harper',
      email: 'evelyn@example.org',
      website: 'https://harper-foundation.example.org/about',
      message: 'Hello!\nWe run a community radio station.',
      spam_reason: null,
      delivery_status: 'none',
    })
    // Stamped by the server while it answered this request (not a stopwatch: an order).
    expect(Date.parse(row!.created_at)).toBeGreaterThanOrEqual(Math.floor(sent / 1000) * 1000)
    expect(Date.parse(row!.created_at)).toBeLessThanOrEqual(Date.now())
  })

  it('serves the path with and without the trailing slash', async () => {
    expect(
      (await post({ ...valid, startedAt: started() }, { url: '/api/contact' })).statusCode,
    ).toBe(201)
    expect(
      (await post({ ...valid, startedAt: started() }, { url: '/api/contact/' })).statusCode,
    ).toBe(201)
    expect(await rows()).toHaveLength(2)
  })

  it('trims values and stores empty optional fields as absent', async () => {
    await post({
      name: '  Hana Whitecloud ',
      email: ' hana@example.org ',
      website: '',
      message: '   ',
      startedAt: started(),
    })
    expect((await rows())[0]).toMatchObject({
      name: 'Hana Whitecloud',
      email: 'hana@example.org',
      website: null,
      message: null,
    })
  })

  it.each([
    "o'brien@example.org",
    'marcus+docucommons@example.org',
    "d'angelo.o'neil+tag@sub.example.co.uk",
    'x@xn--bcher-kva.example',
  ])('accepts the address %s', async (email) => {
    expect((await post({ ...valid, email, startedAt: started() })).statusCode).toBe(201)
    expect((await rows())[0]!.email).toBe(email)
  })

  it('accepts every field at its maximum length', async () => {
    const local = 'a'.repeat(64)
    const email = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(254 - 64 - 1 - 63 - 1 - 63 - 1)}`
    expect(email).toHaveLength(254)
    const website = `https://example.org/${'p'.repeat(2048 - 'https://example.org/'.length)}`
    const response = await post({
      name: 'N'.repeat(200),
      email,
      website,
      message: 'm'.repeat(5000),
      startedAt: started(),
    })
    expect(response.statusCode).toBe(201)
  })

  it('measures the 16 KB limit in bytes, and lets a long message in three-byte characters through', async () => {
    const message = '語'.repeat(5000) // 15 000 bytes of UTF-8
    expect((await post({ ...valid, message, startedAt: started() })).statusCode).toBe(201)
    expect((await rows())[0]!.message).toBe(message)
  })

  it('stores a resent submission (same submissionId) once', async () => {
    const submissionId = crypto.randomUUID()
    const body = { ...valid, startedAt: started(), submissionId }
    expect((await post(body)).statusCode).toBe(201)
    expect((await post(body)).statusCode).toBe(201)
    expect(await rows()).toHaveLength(1)
    expect((await post({ ...body, submissionId: crypto.randomUUID() })).statusCode).toBe(201)
    expect(await rows()).toHaveLength(2)
  })
}

function fieldErrors({ post, rows }: ContactApi) {
  it.each([
    ['name missing', { email: valid.email }, 'name'],
    ['name empty', { ...valid, name: '' }, 'name'],
    ['name only spaces', { ...valid, name: '    ' }, 'name'],
    ['name of 201 characters', { ...valid, name: 'N'.repeat(201) }, 'name'],
    ['name with a line break', { ...valid, name: 'Evelyn\nHarper' }, 'name'],
    ['name with a carriage return', { ...valid, name: 'Evelyn\rBcc: x@example.org' }, 'name'],
    ['name not a string', { ...valid, name: 42 }, 'name'],
    ['email missing', { name: valid.name }, 'email'],
    ['email without @', { ...valid, email: 'evelyn.example.org' }, 'email'],
    ['email without a dot in the domain', { ...valid, email: 'evelyn@localhost' }, 'email'],
    ['email with a space', { ...valid, email: 'eve lyn@example.org' }, 'email'],
    [
      'email with a line break',
      { ...valid, email: 'evelyn@example.org\nBcc: x@example.org' },
      'email',
    ],
    [
      'email of 255 characters',
      {
        ...valid,
        email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`,
      },
      'email',
    ],
    ['website without http(s)', { ...valid, website: 'ftp://files.example.org' }, 'website'],
    ['website as javascript:', { ...valid, website: 'javascript:alert(1)' }, 'website'],
    ['website that is not a URL', { ...valid, website: 'not a url' }, 'website'],
    [
      'website of 2049 characters',
      { ...valid, website: `https://example.org/${'p'.repeat(2049 - 20)}` },
      'website',
    ],
    ['message of 5001 characters', { ...valid, message: 'm'.repeat(5001) }, 'message'],
    ['message with a NUL character', { ...valid, message: 'a\u0000b' }, 'message'],
    ['message with a lone surrogate', { ...valid, message: 'a\ud800b' }, 'message'],
    ['an unknown field', { ...valid, phone: '555-0100' }, 'phone'],
    ['a malformed start time', { ...valid, startedAt: 'yesterday' }, 'startedAt'],
    ['a malformed submission id', { ...valid, submissionId: '1234' }, 'submissionId'],
  ])('%s', async (_label, body, field) => {
    const response = await post(body)
    expect(response.statusCode).toBe(400)
    const json = response.json()
    expect(json).toMatchObject({ error: 'Bad Request' })
    expect(Object.keys(json.fields)).toEqual([field])
    expect(json.fields[field]).toEqual(expect.any(String))
    expect(await rows()).toEqual([])
  })

  it('names every bad field at once', async () => {
    const response = await post({
      name: '',
      email: 'nope',
      website: 'ftp://x.example',
      message: 'm'.repeat(5001),
      extra: 1,
    })
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'email',
      'extra',
      'message',
      'name',
      'website',
    ])
  })

  it.each([['null'], ['[]'], ['"text"'], ['42']])('refuses %s as a body', async (payload) => {
    const response = await post(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ _: expect.any(String) })
  })

  it('refuses malformed JSON and prototype poisoning with 400', async () => {
    expect((await post('{"name": ')).statusCode).toBe(400)
    expect(
      (await post('{"__proto__": {"admin": true}, "name": "x", "email": "x@example.org"}'))
        .statusCode,
    ).toBe(400)
  })
}

function sizeAndType({ api, post, rows }: ContactApi) {
  it('answers 413 above 16 KB', async () => {
    const response = await post({ ...valid, message: 'm'.repeat(16 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: 'Payload Too Large' })
    expect(await rows()).toEqual([])
  })

  it.each([
    ['plain text', 'text/plain', JSON.stringify(valid)],
    ['multipart', 'multipart/form-data; boundary=x', '--x--'],
    ['JSON-like but not JSON', 'application/jsonx', JSON.stringify(valid)],
  ])('answers 415 for %s', async (_label, type, payload) => {
    const response = await post(payload, { headers: { 'content-type': type } })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ error: 'Unsupported Media Type' })
  })

  it('answers 415 without a content type', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/contact/',
      remoteAddress: '10.9.9.9',
      payload: Buffer.from('{}'),
    })
    expect(response.statusCode).toBe(415)
  })

  it('accepts application/json with a charset', async () => {
    const response = await post(
      { ...valid, startedAt: started() },
      { headers: { 'content-type': 'Application/JSON; charset=utf-8' } },
    )
    expect(response.statusCode).toBe(201)
  })
}

function formPosts({ postForm, rows }: ContactApi) {
  const fields = {
    name: 'Tomasz Nowak',
    email: 'tomasz@example.org',
    website: '',
    message: 'Zażółć gęślą jaźń: can your team visit our library?',
    fax: '',
  }

  it('stores the message like JSON, without a start time and not as spam, and answers 303 to /contact/sent', async () => {
    const response = await postForm(fields)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/contact/sent')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(await rows()).toMatchObject([
      {
        name: 'Tomasz Nowak',
        email: 'tomasz@example.org',
        website: null,
        message: fields.message,
        spam_reason: null,
      },
    ])
  })

  it('accepts the post without Origin and Sec-Fetch-Site (not a cross-site browser request)', async () => {
    const response = await postForm(fields, {
      headers: { origin: undefined, 'sec-fetch-site': undefined },
    })
    expect(response.headers.location).toBe('/contact/sent')
  })

  it('lets a message of 5000 four-byte characters through, which percent-encoding makes 60 KB', async () => {
    const response = await postForm({ ...fields, message: '🎥'.repeat(2500) })
    expect(response.headers.location).toBe('/contact/sent')
    expect((await rows())[0]!.message).toHaveLength(5000)
  })

  it('still takes a filled honeypot for spam, with the same answer', async () => {
    const response = await postForm({ ...fields, fax: '+1 555 0100' })
    expect(response.headers.location).toBe('/contact/sent')
    expect(await rows()).toMatchObject([{ spam_reason: 'honeypot', delivery_status: 'none' }])
  })

  it('sends bad input to /contact/not-sent naming the fields, and stores nothing', async () => {
    const response = await postForm({ ...fields, name: ' ', email: 'tomasz@', unknown: 'x' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/contact/not-sent?fields=name,email')
    expect(await rows()).toEqual([])
  })

  it.each([
    ['Origin of another site', { origin: 'https://evil.example.net' }],
    ['Origin "null"', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a post with %s (403) and stores nothing', async (_label, headers) => {
    const response = await postForm(fields, { headers })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ error: 'Forbidden' })
    expect(await rows()).toEqual([])
  })

  it('sends the sixth post in a window to /contact/not-sent?reason=rate-limit', async () => {
    const from = { remoteAddress: '192.0.2.77' }
    for (let i = 0; i < 5; i++) expect((await postForm(fields, from)).statusCode).toBe(303)
    const refused = await postForm(fields, from)
    expect(refused.statusCode).toBe(303)
    expect(refused.headers.location).toBe('/contact/not-sent?reason=rate-limit')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await rows()).toHaveLength(5)
  })
}

function spam({ post, rows }: ContactApi) {
  it('answers 201 to a filled honeypot, stores it as spam and queues no mail', async () => {
    const response = await post({ ...valid, fax: '+1 555 0100', startedAt: started() })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true })
    expect((await rows())[0]).toMatchObject({ spam_reason: 'honeypot', delivery_status: 'none' })
  })

  it('keeps a form sent sooner than the minimum fill time in the inbox, to check', async () => {
    // A password manager fills and sends the form in about a second (docs/forms-and-mail.md).
    expect((await post({ ...valid, startedAt: Date.now() - 500 })).statusCode).toBe(201)
    expect((await rows())[0]).toMatchObject({ spam_reason: null, check_reason: 'too-fast' })
  })

  it('still takes a fast form with a filled honeypot for spam, and nothing to check', async () => {
    await post({ ...valid, fax: 'x', startedAt: Date.now() - 500 })
    expect((await rows())[0]).toMatchObject({ spam_reason: 'honeypot', check_reason: null })
  })

  it('treats a submission without a start time as spam', async () => {
    expect((await post(valid)).statusCode).toBe(201)
    expect((await rows())[0]).toMatchObject({ spam_reason: 'no-timing' })
  })

  it('does not hold a fast clock (start time in the future) against the visitor', async () => {
    expect((await post({ ...valid, startedAt: Date.now() + 60_000 })).statusCode).toBe(201)
    expect((await rows())[0]).toMatchObject({ spam_reason: null })
  })

  it('ignores an empty honeypot and a form filled slowly enough', async () => {
    await post({ ...valid, fax: '', startedAt: Date.now() - 3_100 })
    expect((await rows())[0]).toMatchObject({ spam_reason: null, check_reason: null })
  })
}

function rateLimit({ api, post, rows }: ContactApi) {
  it('allows 5 per address and window, then answers 429 with Retry-After', async () => {
    const from = { remoteAddress: '192.0.2.10' }
    for (let i = 0; i < 5; i++)
      expect((await post({ ...valid, startedAt: started() }, from)).statusCode).toBe(201)
    const refused = await post({ ...valid, startedAt: started() }, from)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: 'Too Many Requests' })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(590)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(await rows()).toHaveLength(5)
    // Another address is not affected.
    expect(
      (await post({ ...valid, startedAt: started() }, { remoteAddress: '192.0.2.11' })).statusCode,
    ).toBe(201)
  })

  it('counts invalid requests too, and opens again when the window has passed', async () => {
    // The window is crossed by moving the clock, not by waiting.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    const shortWindow = await buildApp({
      env: testEnv({ FORM_RATE_LIMIT_MAX: '2', FORM_RATE_LIMIT_WINDOW_SECONDS: '1' }),
      database: api.testDb.database,
    })
    const send = (payload: unknown) =>
      shortWindow.inject({
        method: 'POST',
        url: '/api/contact/',
        remoteAddress: '192.0.2.20',
        payload: payload as object,
      })
    expect((await send({ name: '' })).statusCode).toBe(400)
    expect((await send({ ...valid, startedAt: started() })).statusCode).toBe(201)
    const refused = await send({ ...valid, startedAt: started() })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
    vi.advanceTimersByTime(999)
    expect((await send({ ...valid, startedAt: started() })).statusCode).toBe(429)
    vi.advanceTimersByTime(1)
    expect((await send({ ...valid, startedAt: started() })).statusCode).toBe(201)
    await shortWindow.close()
  })
}
