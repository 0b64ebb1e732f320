/** POST /api/newsletter/subscribe/ without mail configured (single opt-in), on every database. */
import { describe, expect, it } from 'vitest'
import type { Dialect } from '#server/db/index.ts'
import { apiOnDatabase } from '#server/test/api.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { formPoster, jsonPoster } from '#server/test/post-json.ts'
import { hashToken, newToken } from '#server/http/tokens.ts'

const started = () => Date.now() - 10_000

describeOnDatabases('POST /api/newsletter/subscribe/', (dialect) => {
  const signUp = useSignUpApi(dialect)
  signUpChecks(signUp)
  limitSpamAndLinkChecks(signUp)
  describe('form posts without JavaScript', () => formPostChecks(signUp))
  describe('unsubscribe without mail set up', () => unsubscribeChecks(signUp))
})

/** The API on one engine without mail, and the posts the checks make to it. */
function useSignUpApi(dialect: Dialect) {
  const api = apiOnDatabase(dialect, { emptied: ['newsletter_subscriber'] })

  const post = jsonPoster(() => api.app, '/api/newsletter/subscribe/', 1)
  /** A button press on the site's confirm or unsubscribe page (a form post to the page's URL). */
  const postPage = (
    url: string,
    extra: { headers?: Record<string, string>; payload?: string } = {},
  ) =>
    api.app.inject({
      method: 'POST',
      url,
      payload: extra.payload ?? '',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
        ...extra.headers,
      },
    })
  const rows = () =>
    api.testDb.database.db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .orderBy('created_at')
      .execute()
  return { api, post, postPage, rows }
}
type SignUpApi = ReturnType<typeof useSignUpApi>

/** A sign-up stored once, and what the endpoint refuses. */
function signUpChecks({ post, rows }: SignUpApi) {
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
      (await post('email=a%40example.org', { headers: { 'content-type': 'text/plain' } }))
        .statusCode,
    ).toBe(415)
  })
}

/** The rate limit, spam, and the links of older mails. */
function limitSpamAndLinkChecks({ api, post, postPage, rows }: SignUpApi) {
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
    await post({ email: 'bot@example.org', fax: 'x', startedAt: started() })
    expect(await rows()).toMatchObject([{ status: 'subscribed', spam_reason: null }])
  })

  it('takes a sign-up sent within the minimum fill time like any other (people autofill)', async () => {
    expect(
      (await post({ email: 'quick@example.org', startedAt: Date.now() - 400 })).json(),
    ).toEqual({ ok: true, confirmByEmail: false })
    expect(await rows()).toMatchObject([{ status: 'subscribed', spam_reason: null }])
  })

  it('forwards the confirmation links of older mails to the confirm page, which alone confirms', async () => {
    for (const [url, location] of [
      [
        '/api/newsletter/confirm?token=' + 'A'.repeat(43),
        '/newsletter/confirm?token=' + 'A'.repeat(43),
      ],
      ['/api/newsletter/confirm/?token=short', '/newsletter/confirm?token=short'],
      ['/api/newsletter/confirm?token=a%26b', '/newsletter/confirm?token=a%26b'],
      ['/api/newsletter/confirm', '/newsletter/confirm?token='],
    ] as const) {
      const response = await api.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe(location)
    }
  })

  it('sends a confirm or unsubscribe button press without a valid token to /newsletter/invalid-link', async () => {
    for (const url of [
      '/newsletter/confirm?token=' + 'A'.repeat(43),
      '/newsletter/confirm/?token=short',
      '/newsletter/confirm',
      '/newsletter/unsubscribe?token=' + 'A'.repeat(43),
      '/newsletter/unsubscribe/',
    ]) {
      const response = await postPage(url)
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe('/newsletter/invalid-link')
    }
  })
}

function formPostChecks({ api, post, rows }: SignUpApi) {
  const postForm = formPoster(() => api.app, '/api/newsletter/subscribe/', 101)

  it('stores the sign-up without a start time, not as spam, and answers 303 to /newsletter/subscribed', async () => {
    const response = await postForm({ email: 'Ines.Ortega@example.org', fax: '' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/newsletter/subscribed')
    expect(await rows()).toMatchObject([
      {
        email: 'Ines.Ortega@example.org',
        status: 'subscribed',
        spam_reason: null,
        consent_at: expect.any(String),
        consent_source: 'newsletter form without JavaScript (single opt-in)',
      },
    ])
  })

  it('still takes a filled honeypot for spam', async () => {
    const response = await postForm({ email: 'bot@example.org', fax: 'x' })
    expect(response.headers.location).toBe('/newsletter/subscribed')
    expect(await rows()).toMatchObject([{ status: 'spam', spam_reason: 'honeypot' }])
  })

  it('sends a bad address to /newsletter/not-sent?fields=email', async () => {
    const response = await postForm({ email: 'not-an-address' })
    expect(response.headers.location).toBe('/newsletter/not-sent?fields=email')
    expect(await rows()).toEqual([])
  })

  it('refuses a post from another site with 403', async () => {
    const response = await postForm(
      { email: 'victim@example.org' },
      { headers: { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' } },
    )
    expect(response.statusCode).toBe(403)
    expect(await rows()).toEqual([])
  })

  it('sends the sixth sign-up in a window to /newsletter/not-sent?reason=rate-limit', async () => {
    const from = { remoteAddress: '198.51.100.77' }
    for (let i = 0; i < 5; i++) await postForm({ email: `f${i}@example.org` }, from)
    const refused = await postForm({ email: 'f5@example.org' }, from)
    expect(refused.headers.location).toBe('/newsletter/not-sent?reason=rate-limit')
    expect(await rows()).toHaveLength(5)
  })

  it('takes a JSON sign-up without a start time for spam, as before', async () => {
    await post({ email: 'script@example.org' })
    expect(await rows()).toMatchObject([{ status: 'spam', spam_reason: 'no-timing' }])
  })
}

function unsubscribeChecks({ api, post, postPage, rows }: SignUpApi) {
  /** A link mailed to the address earlier (before mail was turned off): its token's hash. */
  const tokenOf = async (key: string) => {
    const { db } = api.testDb.database
    const { id } = await db
      .selectFrom('newsletter_subscriber')
      .select('id')
      .where('email_key', '=', key)
      .executeTakeFirstOrThrow()
    const token = newToken()
    await db
      .insertInto('newsletter_unsubscribe_token')
      .values({
        token_hash: hashToken(token),
        subscriber_id: id,
        created_at: '2026-01-05T09:00:00.000Z',
      })
      .execute()
    return token
  }

  it('unsubscribes from the page (303); a later sign-up cannot undo it', async () => {
    await post({ email: 'Ruth@example.org', startedAt: started() })
    const token = await tokenOf('ruth@example.org')
    const response = await postPage(`/newsletter/unsubscribe?token=${token}`)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/newsletter/unsubscribed')
    expect(await rows()).toMatchObject([
      { status: 'unsubscribed', unsubscribed_at: expect.any(String) },
    ])
    // Pressing it again changes nothing and says the same.
    expect((await postPage(`/newsletter/unsubscribe?token=${token}`)).headers.location).toBe(
      '/newsletter/unsubscribed',
    )

    // Without mail set up nothing can confirm a new sign-up: the unsubscribe stands.
    expect((await post({ email: 'ruth@example.org', startedAt: started() })).statusCode).toBe(201)
    expect(await rows()).toMatchObject([
      { status: 'unsubscribed', unsubscribed_at: expect.any(String) },
    ])
  })

  it('refuses the page button from another site, but not the one-click POST of a mail provider', async () => {
    await post({ email: 'omar@example.org', startedAt: started() })
    const url = `/newsletter/unsubscribe?token=${await tokenOf('omar@example.org')}`
    const crossSite = { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' }
    expect((await postPage(url, { headers: crossSite })).statusCode).toBe(403)
    expect(await rows()).toMatchObject([{ status: 'subscribed' }])

    const oneClick = await postPage(url, {
      headers: crossSite,
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(await rows()).toMatchObject([{ status: 'unsubscribed' }])
  })

  it('accepts the one-click POST as multipart/form-data too, and answers 404 to an unknown token', async () => {
    await post({ email: 'lena@example.org', startedAt: started() })
    const token = await tokenOf('lena@example.org')
    const multipart = (url: string) =>
      api.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
        payload:
          '--b0undary\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b0undary--\r\n',
      })
    expect((await multipart(`/newsletter/unsubscribe?token=${'C'.repeat(43)}`)).statusCode).toBe(
      404,
    )
    expect((await multipart(`/newsletter/unsubscribe?token=${token}`)).statusCode).toBe(200)
    expect(await rows()).toMatchObject([{ status: 'unsubscribed' }])
  })
}
