/**
 * For the staff app's publishing spec: a server of its own (its own database, a free port), so
 * that what it publishes, restores and unpublishes is never seen by the specs that count the
 * sample's cards on the shared server. One per Playwright worker, with the back office at
 * http://localhost:<port>. Pictures to upload are drawn here with sharp.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test as base, type Page } from '@playwright/test'
import sharp from 'sharp'
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../server/test/server-process.ts'
import { freePort } from '../scripts/free-port.ts'
import { acceptInvitation, addVirtualAuthenticator } from './back-office-helpers.ts'
import { childEnv } from '#server/test/child-env.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The build's PUBLIC_SITE_URL (the server refuses another), as playwright.config.ts reads it. */
function builtSiteUrl(): string {
  try {
    const release = path.dirname(fs.realpathSync(path.join(ROOT, 'build/client')))
    const config = JSON.parse(fs.readFileSync(path.join(release, 'site-config.json'), 'utf8')) as {
      settings?: Record<string, string>
    }
    return config.settings?.PUBLIC_SITE_URL ?? 'http://127.0.0.1:3000'
  } catch {
    return 'http://127.0.0.1:3000'
  }
}

export interface ContentServer {
  /** http://localhost:<port>, where the back office runs. */
  base: string
  /** http://127.0.0.1:<port>, as visitors and the feed readers ask. */
  site: string
  /** `npm run staff -- invite` on its database: the one-time link. */
  invite: (email: string, role: 'admin' | 'editor') => string
}

async function start(port: number): Promise<{ server: ServerProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-e2e-content-'))
  const server = await startServerProcess({
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_SITE_URL: builtSiteUrl(),
      ADMIN_ORIGIN: `http://localhost:${port}`,
      STAFF_SIGN_IN_RATE_LIMIT_MAX: '10000',
      FORM_RATE_LIMIT_MAX: '10000',
    },
    timeoutMs: 60_000,
  })
  return { server, dataDir }
}

/** `test` with a worker-scoped `content` server (and the browser set up for its back office). */
export const test = base.extend<object, { content: ContentServer }>({
  content: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const port = await freePort()
      const { server, dataDir } = await start(port)
      const adminBase = `http://localhost:${port}`
      try {
        await use({
          base: adminBase,
          site: `http://127.0.0.1:${port}`,
          invite(email, role) {
            const result = spawnSync(
              process.execPath,
              ['server/cli/staff.ts', 'invite', email, '--role', role],
              {
                cwd: ROOT,
                env: childEnv({ DATA_DIR: dataDir, ADMIN_ORIGIN: adminBase }),
                encoding: 'utf8',
              },
            )
            expect(result.stderr).toBe('')
            const link = /^http\S+#token=\S+$/m.exec(result.stdout)?.[0]
            expect(link).toBeDefined()
            return link!
          },
        })
      } finally {
        await stopServerProcess(server)
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 270_000 },
  ],
})

/** A new staff member of that server, signed in on this page with a passkey of its own. */
export async function signedInOn(
  content: ContentServer,
  page: Page,
  role: 'admin' | 'editor',
  name: string = role,
): Promise<string> {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`
  await addVirtualAuthenticator(page)
  await acceptInvitation(page, content.invite(email, role))
  return email
}

/** Collects script errors and policy violations (CSP, Trusted Types) a page logs. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** A photograph-like JPEG to upload: bands of colour with a bright spot, `width` × `height`. */
export async function photo(
  name: string,
  colors: [string, string],
  { width = 1600, height = 1000 } = {},
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${colors[0]}"/>
    <rect y="${height * 0.55}" width="100%" height="${height * 0.45}" fill="${colors[1]}"/>
    <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.12}" fill="#f7f1e6"/>
  </svg>`
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}
