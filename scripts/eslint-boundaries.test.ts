/**
 * The import boundaries in eslint.config.js, proved: each case is a file that breaks one rule
 * (it must fail lint with that rule's message) beside one that keeps it (it must pass).
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message)
}

const cases: Array<[file: string, source: string, banned: RegExp]> = [
  ['app/components/layout/x.tsx', "import { Pool } from 'pg'", /Only server\/db/],
  ['app/lib/x.ts', "import { DatabaseSync } from 'node:sqlite'", /Only server\/db/],
  ['app/lib/x.ts', "import { Kysely } from 'kysely'", /Only server\/db/],
  ['app/routes/x.tsx', "import { buildApp } from '#server/app.ts'", /app\/ must not import server/],
  ['app/components/ui/x.tsx', "import Home from '#app/routes/home.tsx'", /route modules/],
  ['app/contact/x.ts', "import { fetchCourses } from '#app/courses/course-service.ts'", /feature/],
  ['app/courses/x.ts', "import { sendForm } from '#app/contact/send-form.ts'", /feature/],
  [
    'server/newsletter/x.ts',
    "import { saveMessage } from '#server/contact/repository.ts'",
    /feature/,
  ],
  [
    'server/contact/x.ts',
    "import { subscribe } from '#server/newsletter/repository.ts'",
    /feature/,
  ],
  ['server/catalogue/x.ts', "import { Pool } from 'pg'", /Only server\/db/],
  ['server/mail/x.ts', "import { DatabaseSync } from 'node:sqlite'", /Only server\/db/],
  ['server/contact/x.ts', "import { cn } from '#app/lib/cn.ts'", /server\/ must not import app/],
  ['common/x.ts', "import { env } from '#server/env.ts'", /common\/ depends on nothing/],
  ['common/x.ts', "import fs from 'node:fs'", /common\/ does no I\/O/],
  ['common/content/x.ts', "import fs from 'node:fs'", /common\/ does no I\/O/],
  ['common/content/content-dir.ts', "import net from 'node:net'", /common\/ does no I\/O/],
  ['common/content/content-dir.ts', "import { env } from '#server/env.ts'", /depends on nothing/],
  [
    'server/content/x.ts',
    "import { storeMessage } from '#server/contact/repository.ts'",
    /feature/,
  ],
  ['server/contact/x.ts', "import { x } from '#server/content/repository.ts'", /feature/],
  [
    'server/http/x.ts',
    "import { siteRoutes } from '#server/site/routes.ts'",
    /Infrastructure must not depend on a feature/,
  ],
  [
    'server/mail/x.ts',
    "import { subscribe } from '#server/newsletter/repository.ts'",
    /Infrastructure must not depend on a feature/,
  ],
  [
    'server/staff/x.ts',
    "import { saveMessage } from '#server/contact/repository.ts'",
    /Infrastructure must not depend on a feature/,
  ],
  [
    'server/back-office/x.ts',
    "import { findSession } from '#server/staff/repository.ts'",
    /server\/back-office is the framework/,
  ],
  [
    'server/back-office/x.ts',
    "import { saveMessage } from '#server/contact/repository.ts'",
    /Infrastructure must not depend on a feature/,
  ],
  ['server/cli/x.ts', "import { Pool } from 'pg'", /Only server\/db/],
  ['app/routes/x.tsx', "import { AdminApp } from '#app/admin/app.tsx'", /public pages never load/],
  [
    'app/components/ui/x.tsx',
    "import { api } from '../../admin/api.ts'",
    /public pages never load/,
  ],
  ['app/contact/x.ts', "import { api } from '#app/admin/api.ts'", /feature|public pages/],
  ['app/admin/x.ts', "import { sendForm } from '#app/contact/send-form.ts'", /feature/],
]

describe('import boundaries', () => {
  it.each(cases)('%s: %s fails lint', async (file, source, banned) => {
    const messages = await restrictedImports(
      file,
      `${source}\nexport const used = [${source.match(/import (?:\{ )?(\w+)/)![1]}]\n`,
    )
    expect(messages.some((m) => banned.test(m))).toBe(true)
  })

  it.each([
    ['server/newsletter/x.ts', "import { createMailOutbox } from '#server/mail/outbox.ts'"],
    ['server/contact/x.ts', "import { registerFormRoute } from '#server/http/form-route.ts'"],
    ['app/contact/x.ts', "import { cn } from '#app/lib/cn.ts'"],
    ['server/db/x.ts', "import { Pool } from 'pg'"],
    ['server/app.ts', "import { siteRoutes } from '#server/site/routes.ts'"],
    ['server/cli/x.ts', "import { createContentRepository } from '#server/content/repository.ts'"],
    // The content folder's reader, the one file of common/ that reads files.
    ['common/content/content-dir.ts', "import fs from 'node:fs'"],
    ['server/cli/x.ts', "import { saveMessage } from '#server/contact/repository.ts'"],
    ['app/admin/x.tsx', "import { buttonClass } from '#app/components/ui/button-styles.ts'"],
  ])('%s: %s is allowed', async (file, source) => {
    const messages = await restrictedImports(
      file,
      `${source}\nexport const used = [${source.match(/import (?:\{ )?(\w+)/)![1]}]\n`,
    )
    expect(messages).toEqual([])
  })
})

describe('import cycles', () => {
  const cycles = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle')
  }

  it('a leaf module that imports one of its importers fails lint', async () => {
    // outbox.ts imports submission.ts: submission.ts importing outbox.ts closes a cycle.
    const source =
      "import { readResendQueue } from './resend-queue.ts'\nexport const used = [readResendQueue]\n"
    expect(await cycles('app/contact/submission.ts', source)).toHaveLength(1)
  })

  it('follows the #subpath imports of package.json', async () => {
    const source =
      "import { readResendQueue } from '#app/contact/resend-queue.ts'\nexport const used = [readResendQueue]\n"
    expect(await cycles('app/contact/submission.ts', source)).toHaveLength(1)
  })

  it('the same import from a module outside the cycle passes', async () => {
    const source =
      "import { readResendQueue } from './resend-queue.ts'\nexport const used = [readResendQueue]\n"
    expect(await cycles('app/contact/x.ts', source)).toEqual([])
  })
})

describe('test helpers', () => {
  const bans = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax')
  }
  const source =
    "import { startStubStore } from '#server/test/stub-store.ts'\nexport const used = [startStubStore]\n"

  it('production code may not import server/test/', async () => {
    expect(await bans('server/catalogue/x.ts', source)).toHaveLength(1)
  })

  it('a test may', async () => {
    expect(await bans('server/catalogue/x.test.ts', source)).toEqual([])
  })
})

describe('what ships with the server', () => {
  const messages = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).map((m) => m.message)
  }

  it('production code may not import scripts/, which a host does not have', async () => {
    const code =
      "import { freePort } from '#scripts/free-port.ts'\nexport const used = [freePort]\n"
    expect(await messages('server/cli/x.ts', code)).toContainEqual(
      expect.stringMatching(/never imports scripts\//),
    )
    expect(await messages('server/cli/x.test.ts', code)).toEqual([])
  })

  it('production code may import only dependencies, not devDependencies', async () => {
    const code = "import { build } from 'vite'\nexport const used = [build]\n"
    expect(await messages('server/cli/x.ts', code)).toContainEqual(
      expect.stringMatching(/should be listed in the project's dependencies/),
    )
    const allowed = "import { z } from 'zod'\nexport const used = [z]\n"
    expect(await messages('server/cli/x.ts', allowed)).toEqual([])
  })
})

describe('what the integration tests may not change for the next file', () => {
  const messages = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).map((m) => m.message)
  }

  it('a module mock or a stubbed global fails lint; a spy passes', async () => {
    for (const call of ["vi.mock('#server/env.ts')", "vi.stubEnv('TZ', 'UTC')"])
      expect(
        await messages('server/contact/x.test.ts', `import { vi } from 'vitest'\n${call}\n`),
        call,
      ).toContainEqual(expect.stringMatching(/leaks into the next test file/))
    const spy = "import { vi } from 'vitest'\nexport const send = vi.fn()\n"
    expect(await messages('scripts/x.test.ts', spy)).toEqual([])
  })
})
