/**
 * "Forget a person" on both databases: the preview, the erasure of every registered kind of data
 * in one transaction (a failing eraser leaves everything in place), and its audit entry, which
 * holds the count and the address's hash, never the address.
 */
import { beforeEach, expect, it } from 'vitest'
import { personalDataErasers } from '#server/erasers.ts'
import { saveMessage } from '#server/contact/repository.ts'
import { subscribe } from '#server/newsletter/repository.ts'
import { addressHash } from '#server/back-office/audit.ts'
import { describeOnDatabases } from '#server/test/databases.ts'
import { backOfficeOnDatabase, call } from '#server/test/staff.ts'
import { erasePerson, type PersonalDataEraser } from '#server/privacy/erasure.ts'

describeOnDatabases('forgetting a person', (dialect) => {
  const office = backOfficeOnDatabase(dialect)

  beforeEach(async () => {
    const db = office.testDb.database.db
    for (const table of ['contact_message', 'newsletter_subscriber', 'audit_log'] as const)
      await db.deleteFrom(table).execute()
    for (const [email, at] of [
      ['Sam.Rivera@Example.org', '2026-05-01T10:00:00Z'],
      ['sam.rivera@example.org', '2026-05-02T10:00:00Z'],
      ['noor@example.org', '2026-05-03T10:00:00Z'],
    ] as const)
      await saveMessage(
        db,
        { name: 'Someone', email },
        { receivedAt: new Date(at), spamReason: null, notify: true },
      )
    for (const email of ['SAM.rivera@example.org', 'noor@example.org'])
      await subscribe(
        db,
        { email },
        {
          receivedAt: new Date('2026-05-04T10:00:00Z'),
          spamReason: null,
          doubleOptIn: false,
          source: 'newsletter form (single opt-in)',
        },
      )
  })

  /** The addresses still stored, sorted. */
  const left = async () => ({
    messages: (
      await office.testDb.database.db.selectFrom('contact_message').select('email').execute()
    )
      .map((r) => r.email)
      .sort(),
    subscribers: (
      await office.testDb.database.db.selectFrom('newsletter_subscriber').select('email').execute()
    )
      .map((r) => r.email)
      .sort(),
  })

  it('previews, then erases everything of the address in any case, and records only a hash', async () => {
    const preview = await call(office.app, 'POST', '/erasure/preview', {
      cookie: office.admin.cookie,
      body: { email: 'sam.rivera@EXAMPLE.org' },
    })
    expect(preview.json()).toEqual({
      email: 'sam.rivera@EXAMPLE.org',
      total: 3,
      groups: [
        {
          label: 'Contact messages',
          records: ['received 2026-05-01T10:00:00.000Z', 'received 2026-05-02T10:00:00.000Z'],
        },
        {
          label: 'Newsletter subscription',
          records: ['SAM.rivera@example.org (subscribed, since 2026-05-04T10:00:00.000Z)'],
        },
      ],
    })
    expect((await left()).messages).toHaveLength(3)

    const mismatch = await call(office.app, 'POST', '/erasure', {
      cookie: office.admin.cookie,
      body: { email: 'sam.rivera@example.org', confirm: 'sam@example.org' },
    })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().fields).toHaveProperty('confirm')

    const erased = await call(office.app, 'POST', '/erasure', {
      cookie: office.admin.cookie,
      body: { email: 'sam.rivera@example.org', confirm: 'Sam.Rivera@example.org' },
    })
    expect(erased.json().total).toBe(3)
    expect(await left()).toEqual({
      messages: ['noor@example.org'],
      subscribers: ['noor@example.org'],
    })

    const audit = await office.testDb.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'erasure')
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.details!)).toEqual({
      addressHash: addressHash('sam.rivera@example.org'),
      total: 3,
      counts: { 'contact message': 2, 'newsletter subscription': 1 },
    })
    expect(audit[0]!.summary).toContain('2 contact messages and 1 newsletter subscription')
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('sam.rivera')

    const again = await call(office.app, 'POST', '/erasure/preview', {
      cookie: office.admin.cookie,
      body: { email: 'sam.rivera@example.org' },
    })
    expect(again.json().total).toBe(0)
  })

  it('runs every eraser in one transaction: when one fails, nothing is deleted', async () => {
    const failing: PersonalDataEraser = {
      label: 'Broken',
      noun: 'broken record',
      preview: async () => [],
      erase: async () => {
        throw new Error('disk full')
      },
    }
    await expect(
      erasePerson(
        office.testDb.database.db,
        [...personalDataErasers, failing],
        'sam.rivera@example.org',
      ),
    ).rejects.toThrow('disk full')
    expect(await left()).toEqual({
      messages: ['Sam.Rivera@Example.org', 'noor@example.org', 'sam.rivera@example.org'],
      subscribers: ['SAM.rivera@example.org', 'noor@example.org'],
    })
  })
})
