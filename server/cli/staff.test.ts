/**
 * npm run staff (server/cli/staff.ts) against a real database of each engine: the printed link
 * registers a passkey through the server's routes; list, role, remove and a new link; refusals
 * that would lock the organisation out; every change in the audit log as "command line".
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAuthenticator } from '#server/test/authenticator.ts'
import {
  createTestDatabase,
  describeOnDatabases,
  type TestDatabase,
} from '#server/test/databases.ts'
import { runCommand, SPAWNING_TIMEOUT_MS } from '#server/test/command.ts'
import { acceptInvitation, ADMIN_ORIGIN, ADMIN_SITE, backOfficeApp } from '#server/test/staff.ts'

describeOnDatabases('npm run staff', (dialect) => {
  let testDb: TestDatabase
  let app: FastifyInstance

  const staff = (...args: string[]) => runCommand('staff', args, { ADMIN_ORIGIN, ...testDb.env })
  const tokenOf = (stdout: string) => {
    const link = /^https:\/\/\S+$/m.exec(stdout)?.[0]
    expect(link?.startsWith(`${ADMIN_ORIGIN}/admin/welcome#token=`)).toBe(true)
    return link!.split('#token=')[1]!
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect)
    app = await backOfficeApp(testDb.database)
  })
  afterAll(async () => {
    await app.close()
    await testDb.drop()
  })

  it(
    'invites the first administrator with a link that registers a passkey and signs in',
    async () => {
      expect(staff('list').stdout).toMatch(/Nobody is on the staff list yet/)
      const invited = staff('invite', 'ada@example.org', '--role', 'admin', '--name', 'Ada Brooks')
      expect(invited.status).toBe(0)
      expect(invited.stdout).toMatch(
        /^Invited ada@example.org as administrator\.\nOne-time link \(works once, until \d{4}-\d\d-\d\d \d\d:\d\d UTC\):\n/,
      )
      const accepted = await acceptInvitation(
        app,
        tokenOf(invited.stdout),
        createAuthenticator(ADMIN_SITE),
      )
      expect(accepted.statusCode).toBe(200)
      expect(accepted.json().staff).toMatchObject({
        email: 'ada@example.org',
        name: 'Ada Brooks',
        role: 'admin',
      })
      expect(staff('list').stdout).toMatch(
        /^ada@example.org\tadmin\t1 passkey\(s\)\tlast signed in /m,
      )

      const again = staff('invite', 'ADA@example.org', '--role', 'editor')
      expect(again.status).toBe(1)
      expect(again.stderr).toMatch(/already on the staff list/)
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'makes a new link (the old one stops working), changes roles and removes people, never the last administrator',
    async () => {
      const first = tokenOf(staff('invite', 'lin@example.org', '--role', 'editor').stdout)
      const second = tokenOf(staff('link', 'lin@example.org').stdout)
      const authenticator = createAuthenticator(ADMIN_SITE)
      expect(
        await acceptInvitation(app, first, authenticator).catch((e: Error) => e),
      ).toBeInstanceOf(Error)
      expect((await acceptInvitation(app, second, authenticator)).statusCode).toBe(200)

      expect(staff('role', 'lin@example.org', 'admin').stdout).toBe(
        'lin@example.org is now administrator.\n',
      )
      expect(staff('role', 'lin@example.org', 'editor').status).toBe(0)
      const last = staff('role', 'ada@example.org', 'editor')
      expect(last.status).toBe(1)
      expect(last.stderr).toMatch(/only administrator/)
      expect(staff('remove', 'ada@example.org').status).toBe(1)
      expect(staff('remove', 'lin@example.org').stdout).toMatch(/^Removed lin@example.org/)
      expect(staff('remove', 'lin@example.org').stderr).toMatch(/not on the staff list/)

      const audit = await testDb.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_label'])
        .where('actor_label', '=', 'command line')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      expect(audit.map((entry) => entry.action)).toEqual([
        'staff.invite',
        'staff.invite',
        'staff.new-link',
        'staff.role',
        'staff.role',
        'staff.remove',
      ])
    },
    SPAWNING_TIMEOUT_MS,
  )

  it(
    'explains wrong use and exits 2',
    () => {
      for (const args of [
        [],
        ['invite', 'ada@example.org'],
        ['invite', 'not-an-address', '--role', 'admin'],
        ['invite', 'x@example.org', '--role', 'owner'],
        ['role', 'ada@example.org'],
        ['fly'],
      ]) {
        const result = staff(...args)
        expect(result.status, args.join(' ')).toBe(2)
        expect(result.stderr.length).toBeGreaterThan(0)
      }
      expect(staff('--help').stdout).toMatch(/^Usage: npm run staff/)
    },
    SPAWNING_TIMEOUT_MS,
  )
})
