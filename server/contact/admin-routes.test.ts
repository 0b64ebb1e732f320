/**
 * The back office's inbox on both databases: views, newest first with keyset paging, search, one
 * message with its delivery state, handled / spam marks, "send again" through the outbox, the
 * CSV download (the command's columns and formula escaping) and the audit entries, which name
 * the message, never the visitor.
 */
import { beforeEach, expect, it } from 'vitest'
import { describeOnDatabases } from '#server/test/databases.ts'
import { backOfficeOnDatabase, call } from '#server/test/staff.ts'
import { saveMessage } from './repository.ts'

describeOnDatabases('the back office inbox', (dialect) => {
  const office = backOfficeOnDatabase(dialect)
  const get = (url: string) => call(office.app, 'GET', url, { cookie: office.admin.cookie })
  const post = (url: string, body: unknown = {}) =>
    call(office.app, 'POST', url, { cookie: office.admin.cookie, body })

  beforeEach(async () => {
    await office.testDb.database.db.deleteFrom('contact_message').execute()
    await office.testDb.database.db.deleteFrom('audit_log').execute()
  })

  /** n messages a minute apart, oldest first; names "Visitor 0" … */
  async function store(n: number, options: { spam?: boolean; text?: (i: number) => string } = {}) {
    for (let i = 0; i < n; i++) {
      await saveMessage(
        office.testDb.database.db,
        {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.org`,
          message: options.text?.(i) ?? `Message number ${i}`,
        },
        {
          receivedAt: new Date(Date.UTC(2026, 4, 1, 10, i)),
          spamReason: options.spam ? 'honeypot' : null,
          notify: false,
        },
      )
    }
  }

  it('lists newest first, 25 a page, following the cursor to the end without repeats', async () => {
    await store(60)
    const names: string[] = []
    let cursor: string | null = ''
    let pages = 0
    while (cursor !== null) {
      const answer = await get(`/messages?filter=new${cursor ? `&cursor=${cursor}` : ''}`)
      expect(answer.statusCode).toBe(200)
      const body = answer.json()
      names.push(...body.messages.map((m: { name: string }) => m.name))
      // Counts come with the first page only.
      expect(body.counts === null).toBe(pages > 0)
      cursor = body.next
      pages++
    }
    expect(pages).toBe(3)
    expect(names).toEqual(Array.from({ length: 60 }, (_, i) => `Visitor ${59 - i}`))
  })

  it('counts and filters the views; handled and spam move messages between them', async () => {
    await store(3)
    await store(2, { spam: true })
    const list = (await get('/messages?filter=new')).json()
    expect(list.counts).toEqual({ new: 3, handled: 0, spam: 2, all: 3 })
    const first = list.messages[0]

    const handled = await post(`/messages/${first.id}/handled`, { handled: true })
    expect(handled.json()).toMatchObject({
      handledBy: 'ada@example.org',
      handledAt: expect.any(String),
    })
    const spam = (await get('/messages?filter=spam')).json()
    expect(spam.messages).toHaveLength(2)
    await post(`/messages/${spam.messages[0].id}/spam`, { spam: false })
    await post(`/messages/${list.messages[1].id}/spam`, { spam: true })
    const after = (await get('/messages?filter=handled')).json()
    expect(after.counts).toEqual({ new: 2, handled: 1, spam: 2, all: 3 })
    expect(after.messages.map((m: { id: string }) => m.id)).toEqual([first.id])
    await post(`/messages/${first.id}/handled`, { handled: false })
    expect((await get('/messages?filter=new')).json().counts.new).toBe(3)
  })

  it('searches names, addresses and text in any case, with % and _ as plain characters', async () => {
    await store(4, {
      text: (i) => ['Workshop for our youth centre', 'A 100% match', 'under_score', 'Nothing'][i]!,
    })
    const search = async (q: string) =>
      (await get(`/messages?filter=all&q=${encodeURIComponent(q)}`))
        .json()
        .messages.map((m: { name: string }) => m.name)
    expect(await search('YOUTH')).toEqual(['Visitor 0'])
    expect(await search('visitor2@')).toEqual(['Visitor 2'])
    expect(await search('100%')).toEqual(['Visitor 1'])
    expect(await search('r_s')).toEqual(['Visitor 2'])
    expect(await search('%')).toEqual(['Visitor 1'])
    expect(await search('nobody at all')).toEqual([])
  })

  it('shows one message with its delivery state and records who read it', async () => {
    await store(1)
    const { id } = (await get('/messages?filter=new')).json().messages[0]
    await office.testDb.database.db
      .updateTable('contact_message')
      .set({
        delivery_status: 'failed',
        delivery_attempts: 12,
        last_error: '550 mailbox unavailable',
      })
      .execute()
    const answer = (await get(`/messages/${id}`)).json()
    expect(answer).toMatchObject({
      name: 'Visitor 0',
      delivery: { status: 'failed', attempts: 12, lastError: '550 mailbox unavailable' },
      // Mail is not configured in this app: nothing could be sent again.
      canSendAgain: false,
    })
    expect((await post(`/messages/${id}/send-again`)).statusCode).toBe(409)
    expect((await get('/messages/01900000-0000-7000-8000-000000000000')).statusCode).toBe(404)
    const audit = await office.testDb.database.db.selectFrom('audit_log').selectAll().execute()
    expect(audit.map((a) => [a.action, a.target_id, a.actor_label])).toEqual([
      ['message.read', id, 'ada@example.org'],
    ])
    expect(JSON.stringify(audit)).not.toContain('visitor0@example.org')
    expect(JSON.stringify(audit)).not.toContain('Visitor 0')
  })

  it('downloads the current view as CSV with the command columns and formula escaping', async () => {
    await store(3, { text: (i) => (i === 1 ? '=HYPERLINK("http://evil.example")' : `Text ${i}`) })
    await store(1, { spam: true })
    const answer = await get('/messages/export.csv?filter=new')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="messages-new-\d{4}-\d\d-\d\d\.csv"$/,
    )
    expect(answer.headers['cache-control']).toBe('no-store')
    const [header, ...rows] = answer.body.trimEnd().split('\r\n')
    expect(header).toBe(
      'id,receivedAt,name,email,website,message,spam,spamReason,checkReason,deliveryStatus,deliveryAttempts,nextAttemptAt,lastError,deliveredAt,handledAt',
    )
    expect(rows.map((row) => row.split(',')[2])).toEqual(['Visitor 2', 'Visitor 1', 'Visitor 0'])
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    const audit = await office.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .execute()
    expect(audit).toEqual([
      {
        action: 'messages.export',
        details: JSON.stringify({ view: 'new', searched: false, count: 3 }),
      },
    ])
  })

  it('names what to fix in a bad query', async () => {
    const answer = await get('/messages?filter=unread')
    expect(answer.statusCode).toBe(400)
    expect(answer.json().fields).toHaveProperty('filter')
  })
})
