/**
 * The back office's newsletter list on both databases: counts by state, the list newest first
 * with search and a state filter, the CSV of mailable addresses (exactly the command's), and
 * unsubscribing an address on request (never mailed again; the audit log names the row).
 */
import { beforeAll, expect, it } from 'vitest'
import { describeOnDatabases } from '#server/test/databases.ts'
import { backOfficeOnDatabase, call } from '#server/test/staff.ts'
import { subscribe } from './repository.ts'

describeOnDatabases('the back office subscriber list', (dialect) => {
  const office = backOfficeOnDatabase(dialect)
  const get = (url: string) => call(office.app, 'GET', url, { cookie: office.admin.cookie })

  beforeAll(async () => {
    const db = office.testDb.database.db
    const signUpAt = (
      email: string,
      day: number,
      options: { spam?: boolean; double?: boolean } = {},
    ) =>
      subscribe(
        db,
        { email },
        {
          receivedAt: new Date(Date.UTC(2026, 3, day)),
          spamReason: options.spam ? 'honeypot' : null,
          doubleOptIn: options.double ?? false,
          source: `newsletter form (${options.double ? 'double' : 'single'} opt-in)`,
        },
      )
    await signUpAt('early@example.org', 1)
    await signUpAt('pending@example.org', 2, { double: true })
    await signUpAt('bot@example.org', 3, { spam: true })
    await signUpAt('=cmd@example.org', 4)
    await signUpAt('late@example.org', 5)
  })

  it('counts each state and lists the mailable addresses newest first, searchable', async () => {
    const list = (await get('/subscribers')).json()
    expect(list.counts).toEqual({
      confirmed: 0,
      subscribed: 3,
      pending: 1,
      unsubscribed: 0,
      spam: 1,
    })
    expect(list.subscribers.map((s: { email: string }) => s.email)).toEqual([
      'late@example.org',
      '=cmd@example.org',
      'early@example.org',
    ])
    const all = (await get('/subscribers?status=all')).json()
    expect(all.subscribers).toHaveLength(5)
    const pending = (await get('/subscribers?status=pending')).json()
    expect(pending.subscribers.map((s: { email: string }) => s.email)).toEqual([
      'pending@example.org',
    ])
    const found = (await get('/subscribers?status=all&q=EARLY')).json()
    expect(found.subscribers.map((s: { email: string }) => s.email)).toEqual(['early@example.org'])
  })

  it('downloads the addresses that may be mailed, as the command writes them', async () => {
    const answer = await get('/subscribers/export.csv')
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = answer.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('email,status,consentAt,consentSource,confirmedAt')
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'early@example.org',
      "'=cmd@example.org",
      'late@example.org',
    ])
  })

  it('unsubscribes an address on request; it leaves the mailable list', async () => {
    const { id } = (await get('/subscribers?q=late')).json().subscribers[0]
    const answer = await call(office.app, 'POST', `/subscribers/${id}/unsubscribe`, {
      cookie: office.admin.cookie,
      body: {},
    })
    expect(answer.json()).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(String),
    })
    expect((await get('/subscribers')).json().counts.unsubscribed).toBe(1)
    expect((await get('/subscribers/export.csv')).body).not.toContain('late@example.org')
    const bot = (await get('/subscribers?status=spam')).json().subscribers[0]
    expect(
      (
        await call(office.app, 'POST', `/subscribers/${bot.id}/unsubscribe`, {
          cookie: office.admin.cookie,
          body: {},
        })
      ).statusCode,
    ).toBe(409)
    const audit = await office.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'summary'])
      .where('action', '=', 'subscriber.unsubscribe')
      .execute()
    expect(audit).toEqual([
      {
        action: 'subscriber.unsubscribe',
        target_id: id,
        summary: expect.not.stringContaining('late@'),
      },
    ])
  })
})
