/**
 * The README's deployment section, run verbatim: the shell commands between
 * `<!-- deploy:start -->` and `<!-- deploy:end -->` are executed in a copy of the repository (its
 * tracked files, as a clone would have them). The first block runs on "the build machine", the
 * second on "the host", which gets a real `npm ci --omit=dev` from the registry and no Node but
 * the Node 24 this test runs on. The last command of the host block starts the server; the site
 * it serves must carry the build's public address.
 */
import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#server/test/server-process.ts'

const exec = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const SITE_URL = 'https://www.example.org'

/** The shell blocks of the README's marked deployment section, one array of commands each. */
function deploymentBlocks(readme: string): string[][] {
  const section = /<!-- deploy:start -->([\s\S]*?)<!-- deploy:end -->/.exec(readme)?.[1]
  if (!section)
    throw new Error('README.md has no <!-- deploy:start --> … <!-- deploy:end --> block')
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
    match[1]!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
}

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

describe('README deployment section', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-deploy-'))
  let server: ServerProcess | undefined

  afterAll(async () => {
    if (server) await stopServerProcess(server)
    fs.rmSync(dir, { recursive: true, force: true })
  }, 30_000)

  it('builds, installs production dependencies only and serves the built public address', async () => {
    const blocks = deploymentBlocks(fs.readFileSync(path.join(root, 'README.md'), 'utf8'))
    expect(blocks).toHaveLength(2)
    const [buildMachine, host] = blocks as [string[], string[]]
    expect(buildMachine.join('\n')).toContain(`PUBLIC_SITE_URL=${SITE_URL}`)
    expect(host).toContain('npm ci --omit=dev')

    copyRepository(dir)
    // No Node but Node 24 (this test's), npm and the system's tools, and this machine's network
    // settings (proxies, CA certificates) for the registry; nothing of this process's
    // configuration (PUBLIC_*, DATABASE_URL, TEST_DATABASE_URL, PORT…) leaks into the commands.
    const env: Record<string, string> = {
      PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
      HOME: os.homedir(),
    }
    for (const [name, value] of Object.entries(process.env)) {
      if (/proxy|cert|_ca_|ca_bundle|ssl/i.test(name) && value !== undefined) env[name] = value
    }
    const run = async (command: string) => {
      try {
        await exec('sh', ['-c', command], { cwd: dir, env, maxBuffer: 64 << 20 })
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: string; stderr?: string }
        throw new Error(`"${command}" failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error })
      }
    }

    // The build machine: this checkout's node_modules is `npm ci` of the same lockfile (the
    // lockfile check in `npm test` holds them together), so `npm ci` itself is not repeated.
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
    for (const command of buildMachine) {
      if (command === 'npm ci') continue
      await run(command)
    }
    fs.unlinkSync(path.join(dir, 'node_modules'))
    fs.rmSync(path.join(dir, '.react-router'), { recursive: true, force: true })
    expect(fs.existsSync(path.join(dir, 'build', 'client', 'index.html'))).toBe(true)

    // The host: everything but the last command runs to completion; the last one is the server.
    for (const command of host.slice(0, -1)) await run(command)
    expect(fs.existsSync(path.join(dir, 'node_modules', 'fastify'))).toBe(true)
    expect(fs.existsSync(path.join(dir, 'node_modules', 'vite'))).toBe(false)

    server = await startServerProcess({
      command: ['sh', '-c', host.at(-1)!],
      cwd: dir,
      env: { ...env, HOST: '127.0.0.1', PORT: '0' },
      group: true,
    })
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
  }, 480_000)
})
