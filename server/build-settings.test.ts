/**
 * The build's public settings complete the server's (issue 21): with mail set up and no
 * PUBLIC_SITE_URL in its environment, `node server/index.ts` takes the address the site was
 * built for from the build's site-config.json, and the links it mails point there; the operator
 * commands need no PUBLIC_SITE_URL either.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ROOT,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'
import { startTestSmtpServer, type TestSmtpServer } from '#server/test/smtp-server.ts'
import { writeSiteBuild } from '#server/test/site-build.ts'
import { childEnv } from '#server/test/child-env.ts'

const BUILT_FOR = 'https://news.docucommons.example.org'

describe('a server with mail set up and no PUBLIC_SITE_URL of its own', () => {
  let work: string
  let smtp: TestSmtpServer
  let server: ServerProcess
  let env: Record<string, string>

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-built-'))
    const client = writeSiteBuild(path.join(work, 'releases', '1'), {
      pages: { '/': '<!doctype html><title>built</title>' },
    })
    fs.writeFileSync(
      path.join(work, 'releases', '1', 'site-config.json'),
      JSON.stringify({ builtAt: '', settings: { PUBLIC_SITE_URL: BUILT_FOR } }),
    )
    smtp = await startTestSmtpServer()
    env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(work, 'data'),
      BUILD_DIR: client,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'DocuCommons <news@docucommons.example.org>',
      FORM_MIN_FILL_MS: '0',
    }
    server = await startServerProcess({ env })
  }, 180_000)

  afterAll(async () => {
    if (server) await stopServerProcess(server)
    await smtp?.stop()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('mails links to the address the site was built for', async () => {
    const response = await fetch(`${server.url}/api/newsletter/subscribe/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ines@example.org', startedAt: Date.now() - 10_000 }),
    })
    expect(response.status).toBe(201)
    const [mail] = await smtp.waitForMail(1)
    const links = mail!.text.match(/https?:\/\/\S+/g) ?? []
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(new URL(link).origin).toBe(BUILT_FOR)
    expect(mail!.headers.get('list-unsubscribe')).toContain(
      `<${BUILT_FOR}/newsletter/unsubscribe?token=`,
    )
  })

  it('lets the operator commands run in the same environment', () => {
    const result = spawnSync(process.execPath, ['server/cli/subscribers.ts', '--all'], {
      cwd: ROOT,
      env: childEnv(env),
      encoding: 'utf8',
    })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ email: 'ines@example.org' })
  }, 180_000)
})
