/**
 * Test helper: a fresh, migrated database per test file, on every configured engine. SQLite
 * always runs; PostgreSQL runs when TEST_DATABASE_URL points at a server (CI starts one, see
 * scripts/postgres.ts). Each PostgreSQL test file gets its own throwaway database.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Migration } from 'kysely/migration'
import pg from 'pg'
import { describe } from 'vitest'
import { openDatabase, type Database, type Dialect } from '#server/db/index.ts'
import { envSchema, type Env } from '#server/env.ts'

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

/** The engines every database test runs on. */
export const dialects: Dialect[] = ['sqlite', 'postgres']

/**
 * describe() once per engine, named "<name> on sqlite" and "<name> on postgres". Without
 * TEST_DATABASE_URL the PostgreSQL half is reported as skipped (never silently absent):
 * scripts/test.ts counts those skips, and CI fails on any.
 */
export function describeOnDatabases(name: string, suite: (dialect: Dialect) => void) {
  for (const dialect of dialects) {
    describe.skipIf(dialect === 'postgres' && !TEST_DATABASE_URL)(`${name} on ${dialect}`, () =>
      suite(dialect),
    )
  }
}

export interface TestDatabase {
  database: Database
  /** The DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite) of this database, for child processes. */
  env: { DATABASE_URL?: string; DATA_DIR: string }
  drop(): Promise<void>
}

/**
 * A fresh database on the given engine, migrated to the latest version, or only as far as the
 * given migrations go (a migration's own test starts from the version before it).
 */
export async function createTestDatabase(
  dialect: Dialect,
  options: { migrations?: Record<string, Migration> } = {},
): Promise<TestDatabase> {
  const { migrations } = options
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llltest-'))
  if (dialect === 'sqlite') {
    const database = await openDatabase({ dataDir, migrations })
    return {
      database,
      env: { DATA_DIR: dataDir },
      async drop() {
        await database.close().catch(() => {})
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  const name = `test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  const database = await openDatabase({ dataDir, databaseUrl: url.toString(), migrations })
  return {
    database,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    async drop() {
      await database.close().catch(() => {})
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A parsed configuration for tests, with overrides. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return envSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides })
}
