/**
 * The deployment commands of docs/deployment.md, run as they stand: the shell commands between
 * `<!-- deploy:start -->` and `<!-- deploy:end -->` run in one shell, from a copy of the repository
 * (its tracked files, as a clone has them), with a temporary folder for the example host folder.
 * The host folder gets a real `npm ci --omit=dev` from the registry and no Node but the Node 24
 * this test runs on. The last command starts the server; the site it serves must carry the
 * build's public address. Then the operator commands run in the host folder, as docs/deployment.md tells
 * operators to: `npm run staff` (its link registers a passkey with the running server) and
 * `npm run forget`.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createAuthenticator } from '#server/test/authenticator.ts'
import { deploymentCommands } from './deployment-commands.ts'
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const SITE_URL = 'https://www.example.org'
/** docs/deployment.md's example host folder, replaced by a temporary one. */
const HOST_DIR = '/srv/docucommons'

/** The repository's tracked files (and new ones not yet committed), copied as a clone has them. */
function copyRepository(to: string) {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    const from = path.join(root, file)
    if (!fs.existsSync(from)) continue // deleted in the work tree, not yet committed
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
    fs.copyFileSync(from, path.join(to, file))
  }
}

describe('docs/deployment.md', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-deploy-'))
  let server: ServerProcess | undefined

  afterAll(async () => {
    if (server) await stopServerProcess(server)
    // The clone borrows this checkout's node_modules: remove the link itself first, never its target.
    fs.rmSync(path.join(dir, 'clone', 'node_modules'), { force: true })
    fs.rmSync(dir, { recursive: true, force: true })
  }, 360_000)

  it('builds, copies, installs production dependencies only and serves the built public address', async () => {
    const commands = deploymentCommands()
    expect(commands).toContain(`PUBLIC_SITE_URL=${SITE_URL} npm run build`)
    expect(commands).toContain('npm ci --omit=dev')
    expect(commands.join('\n')).toContain(HOST_DIR)

    const clone = path.join(dir, 'clone')
    const host = path.join(dir, 'host')
    copyRepository(clone)
    // This checkout's node_modules is `npm ci` of the same lockfile (the lockfile check in
    // `npm test` holds them together), so the clone borrows it instead of repeating `npm ci`.
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir')
    const script = commands
      .filter((command) => command !== 'npm ci')
      .map((command) => command.replaceAll(HOST_DIR, host))
      .join('\n')

    // No Node but Node 24 (this test's), npm and the system's tools, and this machine's network
    // settings (proxies, CA certificates) for the registry; nothing of this process's
    // configuration (PUBLIC_*, DATABASE_URL, TEST_DATABASE_URL, PORT…) leaks into the commands.
    const env: Record<string, string> = {
      PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
      HOME: os.homedir(),
      HOST: '127.0.0.1',
      PORT: '0',
    }
    for (const [name, value] of Object.entries(process.env)) {
      if (/proxy|cert|_ca_|ca_bundle|ssl/i.test(name) && value !== undefined) env[name] = value
    }
    // One shell runs the whole block (its `cd` included); its last command is the server.
    server = await startServerProcess({
      command: ['sh', '-ec', script],
      cwd: clone,
      env,
      group: true,
      timeoutMs: 420_000,
    })
    expect(fs.existsSync(path.join(host, 'node_modules', 'fastify'))).toBe(true)
    expect(fs.existsSync(path.join(host, 'node_modules', 'vite'))).toBe(false)

    // The API works too: the production install has everything the server imports.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    const page = await (await fetch(`${server.url}/`)).text()
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(page)?.[1]
    expect(canonical).toBe(`${SITE_URL}/`)
    const sitemap = await fetch(`${server.url}/sitemap.xml`)
    expect(sitemap.status).toBe(200)
    const xml = await sitemap.text()
    expect(xml).toContain(`<loc>${SITE_URL}/</loc>`)
    expect(xml).not.toContain('127.0.0.1')

    // The operator commands run where the data is: in the host folder, with what it holds.
    const npmRun = (...args: string[]) =>
      spawnSync('npm', ['run', '--silent', ...args], { cwd: host, env, encoding: 'utf8' })
    const invited = npmRun('staff', '--', 'invite', 'ops@example.org', '--role', 'admin')
    expect(invited.stderr).toBe('')
    const link = /^https:\/\/\S+$/m.exec(invited.stdout)?.[0]
    expect(link?.startsWith(`${SITE_URL}/admin/welcome#token=`)).toBe(true)
    // The link registers a passkey with the running server (the back office's origin is the
    // built public address).
    const authenticator = createAuthenticator({
      origin: SITE_URL,
      rpID: new URL(SITE_URL).hostname,
    })
    const token = link!.split('#token=')[1]
    const postJson = (pathname: string, body: unknown) =>
      fetch(`${server!.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const options = await (await postJson('/admin/api/invitation/options', { token })).json()
    const accepted = await postJson('/admin/api/invitation/accept', {
      token,
      credential: authenticator.register(options),
    })
    expect(accepted.status).toBe(200)
    expect(npmRun('staff', '--', 'list').stdout).toMatch(/^ops@example\.org\tadmin\t1 passkey/m)

    const message = await postJson('/api/contact/', {
      name: 'Sam Rivera',
      email: 'sam@example.org',
      message: 'Please forget me afterwards.',
      startedAt: Date.now() - 60_000,
    })
    expect(message.status).toBe(201)
    const forgotten = npmRun('forget', '--', 'sam@example.org')
    expect(forgotten.stderr).toBe('')
    expect(forgotten.stdout).toMatch(/^sam@example\.org: 1 contact message removed\.$/m)
    expect(npmRun('forget', '--', 'sam@example.org').stdout).toBe(
      'sam@example.org: nothing stored, nothing removed.\n',
    )
  }, 600_000)
})
