import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, expect, it, vi } from 'vitest'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'

describeOnDatabases('the database', (dialect) => {
  let testDb: TestDatabase | undefined
  afterEach(async () => {
    await testDb?.drop()
    testDb = undefined
  })

  it('applies the migrations and answers a ping', async () => {
    testDb = await createTestDatabase(dialect)
    await expect(testDb.database.ping()).resolves.toBeUndefined()
    const { rows } = await sql<{
      name: string
    }>`select name from kysely_migration order by name`.execute(testDb.database.db)
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['001-catalogue', '100-contact-messages']),
    )
  })

  // PostgreSQL only: SQLite has no server to close a connection.
  if (dialect === 'postgres')
    it('survives the server closing an idle connection', async () => {
      testDb = await createTestDatabase(dialect)
      const { database } = testDb
      await database.ping()
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
      // Another session terminates the pool's connections, as a server restart would.
      const admin = new pg.Client({ connectionString: testDb.env.DATABASE_URL })
      await admin.connect()
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
      await admin.end()
      expect(rows.length).toBeGreaterThan(0)
      // The pool has heard of each closed connection (and dropped it).
      await vi.waitFor(() => expect(quiet.mock.calls.length).toBeGreaterThanOrEqual(rows.length))
      await expect(database.ping()).resolves.toBeUndefined()
      quiet.mockRestore()
    })
})
