/** POST /api/newsletter/subscribe/ without mail configured (single opt-in), on every database. */
import { expect, it } from 'vitest'
import { apiOnDatabase } from '#server/test/api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { jsonPoster } from '#server/test/post-json.ts'

const started = () => Date.now() - 10_000

describeOnDatabases('POST /api/newsletter/subscribe/', (dialect) => {
  const api = apiOnDatabase(dialect, { emptied: ['newsletter_subscriber'] })

  const post = jsonPoster(() => api.app, '/api/newsletter/subscribe/', 1)
  const rows = () =>
    api.testDb.database.db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .orderBy('created_at')
      .execute()

  it('answers 201 once the address is stored, as a single opt-in when no mail is set up', async () => {
    const response = await post({ email: 'Hana.Whitecloud@Example.org', startedAt: started() })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ ok: true, confirmByEmail: false })
    expect(await rows()).toMatchObject([
      {
        email: 'Hana.Whitecloud@Example.org',
        email_key: 'hana.whitecloud@example.org',
        status: 'subscribed',
        mail_status: 'none',
      },
    ])
  })

  it('serves the path with and without the trailing slash', async () => {
    expect(
      (
        await post(
          { email: 'a@example.org', startedAt: started() },
          { url: '/api/newsletter/subscribe' },
        )
      ).statusCode,
    ).toBe(201)
    expect((await post({ email: 'b@example.org', startedAt: started() })).statusCode).toBe(201)
    expect(await rows()).toHaveLength(2)
  })

  it('is idempotent per address, whatever its case', async () => {
    for (const email of ['marcus@example.org', 'MARCUS@example.org', ' Marcus@Example.ORG ']) {
      const response = await post({ email, startedAt: started() })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({ ok: true, confirmByEmail: false })
    }
    expect(await rows()).toMatchObject([{ email: 'marcus@example.org', status: 'subscribed' }])
  })

  it('stores the same address once under concurrent sign-ups', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post({ email: i % 2 ? 'RACE@example.org' : 'race@example.org', startedAt: started() }),
      ),
    )
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201))
    expect(await rows()).toHaveLength(1)
  })

  it.each([
    ['missing', {}, 'email'],
    ['invalid', { email: 'not-an-address' }, 'email'],
    ['with a line break', { email: 'a@example.org\r\nBcc: b@example.org' }, 'email'],
    ['too long', { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.org` }, 'email'],
    ['with an unknown field', { email: 'a@example.org', name: 'A' }, 'name'],
  ])('answers 400 naming the field for an address %s', async (_label, body, field) => {
    const response = await post(body)
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields)).toEqual([field])
    expect(await rows()).toEqual([])
  })

  it('answers 413 above 16 KB and 415 for anything but JSON', async () => {
    expect((await post({ email: 'a@example.org', fax: 'x'.repeat(17_000) })).statusCode).toBe(413)
    expect(
      (
        await post('email=a%40example.org', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(415)
  })

  it('limits each address to 5 sign-ups per window, apart from the contact form', async () => {
    const from = { remoteAddress: '198.51.100.7' }
    for (let i = 0; i < 5; i++)
      expect(
        (await post({ email: `n${i}@example.org`, startedAt: started() }, from)).statusCode,
      ).toBe(201)
    const refused = await post({ email: 'n5@example.org', startedAt: started() }, from)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const contact = await api.app.inject({
      method: 'POST',
      url: '/api/contact/',
      ...from,
      payload: { name: 'N', email: 'n@example.org', startedAt: started() },
    })
    expect(contact.statusCode).toBe(201)
  })

  it('stores spam as spam with the same answer, and never lets it change a real sign-up', async () => {
    const spam = await post({ email: 'bot@example.org', fax: 'x', startedAt: started() })
    expect(spam.statusCode).toBe(201)
    expect(spam.json()).toEqual({ ok: true, confirmByEmail: false })
    expect(await rows()).toMatchObject([{ status: 'spam', spam_reason: 'honeypot' }])

    // The person behind the address signs up for real: the row becomes theirs.
    await post({ email: 'bot@example.org', startedAt: started() })
    expect(await rows()).toMatchObject([{ status: 'subscribed', spam_reason: null }])

    // A later bot submission for the address changes nothing.
    await post({ email: 'bot@example.org', startedAt: Date.now() })
    expect(await rows()).toMatchObject([{ status: 'subscribed', spam_reason: null }])
  })

  it('sends every confirmation link to the invalid state when there is no such token', async () => {
    for (const url of [
      '/api/newsletter/confirm?token=' + 'A'.repeat(43),
      '/api/newsletter/confirm/?token=short',
      '/api/newsletter/confirm',
    ]) {
      const response = await api.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe('/?newsletter=invalid')
    }
  })
})
