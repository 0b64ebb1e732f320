/**
 * Property-based tests (fast-check, 1000 runs per property and endpoint): hostile input never
 * gets a 5xx, and every address in the RFC 5321 dot-atom form is accepted and stored as sent.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  testEnv,
  type TestDatabase,
} from '#server/test/databases.ts'

const RUNS = 1000
// A thousand requests (and inserts) per property; generous for a busy CI machine.
const PROPERTY_TIMEOUT_MS = 180_000

const nasty = fc.constantFrom(
  '',
  ' ',
  '\n',
  '\r\n',
  '\u0000',
  '\ud800',
  '\u2028',
  'a\r\nBcc: victim@example.org',
  '<script>alert(1)</script>',
  "'; DROP TABLE contact_message; --",
  '=HYPERLINK("http://evil.example")',
  'javascript:alert(1)',
  'https://',
  'http://[::1',
  '@',
  'a@b',
  '"quoted"@example.org',
  '__proto__',
  'x'.repeat(300),
)
// Text that stresses storage and mail: control characters, lone surrogates, emoji, RTL marks.
const awkward = fc.string({
  unit: fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u001b',
    '\n',
    '\r',
    '\t',
    '\u2028',
    '\ud800',
    '\udfff',
    '\u202e',
    'é',
    '😀',
    '"',
    "'",
    '\\',
    'a',
    ' ',
  ),
  maxLength: 40,
})
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  awkward,
  nasty,
)
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
)
const fieldNames = [
  'name',
  'email',
  'website',
  'message',
  'fax',
  'startedAt',
  'submissionId',
  'extra',
  '__proto__',
  'constructor',
]

// Addresses as fast-check's emailAddress() makes them (dot-atom local part with every atext
// character, including ' and +), within the 254-character limit.
const address = fc.emailAddress().filter((a) => a.length <= 254)
const person = fc
  .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 })
  .filter((s) => s.trim().length > 0)

// A valid submission for each endpoint, so that hostile values in some fields reach the
// database and not only the validation.
const validBodies = {
  '/api/contact/': fc.record(
    {
      name: person,
      email: address,
      website: fc.webUrl({ withQueryParameters: true, withFragments: true }),
      message: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), awkward),
      startedAt: fc.integer({ min: 0, max: Date.now() }),
      submissionId: fc.uuid(),
    },
    { requiredKeys: ['name', 'email'] },
  ),
  '/api/newsletter/subscribe/': fc.record(
    { email: address, startedAt: fc.integer({ min: 0, max: Date.now() }), submissionId: fc.uuid() },
    { requiredKeys: ['email'] },
  ),
}

/** A valid body (or none) with up to four fields replaced or added with hostile values. */
const hostileObject = (url: keyof typeof validBodies) =>
  fc
    .tuple(
      fc.option(validBodies[url] as fc.Arbitrary<Record<string, unknown>>, { nil: {} }),
      fc.array(fc.tuple(fc.constantFrom(...fieldNames), value), { maxLength: 4 }),
    )
    .map(([base, overrides]) => {
      // Built as JSON text so that keys like __proto__ reach the server as sent (duplicate
      // keys too: the last one wins).
      const pairs = [...Object.entries(base), ...overrides]
      return `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`
    })
const hostileBody = (url: keyof typeof validBodies) =>
  fc.oneof(
    { weight: 6, arbitrary: hostileObject(url) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"name":',
        'null',
        '[]',
        '{"a":'.repeat(5000),
        'x'.repeat(17_000),
      ),
    },
  )
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zz',
      undefined,
    ),
  },
)

describeOnDatabases('hostile and valid input', (dialect) => {
  let testDb: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    app = await buildApp({
      env: testEnv({ FORM_RATE_LIMIT_MAX: String(100 * RUNS), FORM_MIN_FILL_MS: '0' }),
      database: testDb.database,
    })
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  describe.each(['/api/contact/', '/api/newsletter/subscribe/'] as const)('%s', (url) => {
    it(
      `never answers 5xx to hostile input (${RUNS} runs)`,
      async () => {
        const seen = new Map<number, number>()
        await fc.assert(
          fc.asyncProperty(hostileBody(url), contentType, async (payload, type) => {
            const response = await app.inject({
              method: 'POST',
              url,
              payload,
              headers: type ? { 'content-type': type } : {},
            })
            seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1)
            expect([201, 303, 400, 413, 415]).toContain(response.statusCode)
            // A form post (without JavaScript) is answered with a page of this site.
            if (response.statusCode === 303) {
              expect(type).toBe('application/x-www-form-urlencoded')
              expect(response.headers.location).toMatch(/^\/(contact|newsletter)\/[a-z-]+(\?|$)/)
              return
            }
            const body = response.json()
            if (response.statusCode === 201) expect(body.ok).toBe(true)
            else
              expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) })
          }),
          { numRuns: RUNS },
        )
        // The inputs reached every outcome, the database included, not only the validation.
        expect(seen.get(201)).toBeGreaterThan(RUNS / 20)
        expect(seen.get(400)).toBeGreaterThan(RUNS / 20)
        expect(seen.get(415)).toBeGreaterThan(0)
        expect(seen.get(413)).toBeGreaterThan(0)
      },
      PROPERTY_TIMEOUT_MS,
    )
  })

  it(
    `accepts and stores every valid address on the contact form (${RUNS} runs)`,
    async () => {
      await testDb.database.db.deleteFrom('contact_message').execute()
      let sent = 0
      await fc.assert(
        fc.asyncProperty(address, person, async (email, name) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/contact/',
            payload: { name, email },
          })
          expect(response.statusCode).toBe(201)
          sent += 1
        }),
        { numRuns: RUNS },
      )
      const stored = await testDb.database.db
        .selectFrom('contact_message')
        .select(['email'])
        .execute()
      expect(stored).toHaveLength(sent)
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    `accepts every valid address on the newsletter, once per address whatever its case (${RUNS} runs)`,
    async () => {
      await testDb.database.db.deleteFrom('newsletter_subscriber').execute()
      const keys = new Set<string>()
      await fc.assert(
        fc.asyncProperty(address, fc.boolean(), async (email, shout) => {
          const sent = shout ? email.toUpperCase() : email
          const response = await app.inject({
            method: 'POST',
            url: '/api/newsletter/subscribe/',
            payload: { email: sent },
          })
          expect(response.statusCode).toBe(201)
          keys.add(email.toLowerCase())
        }),
        { numRuns: RUNS },
      )
      const stored = await testDb.database.db
        .selectFrom('newsletter_subscriber')
        .select(['email_key'])
        .execute()
      expect(new Set(stored.map((r) => r.email_key))).toEqual(keys)
    },
    PROPERTY_TIMEOUT_MS,
  )
})
