import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { DESKTOP } from './e2e/desktop.ts'
import { E2E_PORT as PORT, E2E_SMTP_PORT } from './e2e/ports.ts'
import { CHROMIUM_FLAGS, findTestChromium } from './scripts/chromium.ts'
import { useCompileCache } from './scripts/compile-cache.ts'
import { SITE_CONFIG_FILE } from './server/site/site-config.ts'

// Each run gets an empty embedded database, so tests see exactly the sample catalogue. The
// runner's process makes the folder and removes it as it exits, after the web server has stopped;
// a folder given in E2E_DATA_DIR is left alone.
let dataDir = process.env.E2E_DATA_DIR
if (!dataDir) {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-e2e-'))
  process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }))
  dataDir = made
}
// The workers read the same folder (the back-office specs run `npm run staff` on its database).
process.env.E2E_DATA_DIR = dataDir
// The web server and the commands the specs run share compiled code with the rest of the run.
useCompileCache()

/**
 * The server refuses a PUBLIC_SITE_URL other than the one the build was made with, and needs one
 * to put links in mail: take the build's (the tests follow those links on this server).
 */
function builtSiteUrl(): string {
  try {
    const release = path.dirname(fs.realpathSync('build/client'))
    const config = JSON.parse(fs.readFileSync(path.join(release, SITE_CONFIG_FILE), 'utf8')) as {
      settings?: Record<string, string>
    }
    return config.settings?.PUBLIC_SITE_URL ?? 'http://127.0.0.1:3000'
  } catch {
    return 'http://127.0.0.1:3000'
  }
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Generous for a slow machine (a CPU quota, a busy day): a deadline is for a state that never
  // comes, and a passing test never waits for it. Speed is `npm run bench`'s, not a timeout's.
  // Under `slow-machine 0.7` beside other work, tests that take 5-15 s on a quiet machine took
  // up to 55 s of the 60 they had (29 November).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // Recording a trace costs every test about a tenth of its CPU, kept or not: CI records only
    // the retry of a failed test; a local run (no retries) keeps the trace of what failed.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: findTestChromium() ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: DESKTOP,
    },
  ],
  webServer: {
    command: 'node server/index.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REFRESH_COOLDOWN_SECONDS: '0',
      // Every browser test comes from 127.0.0.1: per-address limits would throttle the suite.
      // The limits themselves are covered by the API tests.
      REFRESH_RATE_LIMIT_MAX: '10000',
      FORM_RATE_LIMIT_MAX: '10000',
      SEARCH_RATE_LIMIT_MAX: '10000',
      // Browser tests fill a form faster than a person; the minimum fill time is covered by the
      // API tests.
      FORM_MIN_FILL_MS: '0',
      // Mail goes to the loopback SMTP server of e2e/consent.spec.ts (listening only while that
      // spec runs; mail sent at other times waits in the outbox). Double opt-in is on.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'DocuCommons <newsletter@docucommons.example.org>',
      PUBLIC_SITE_URL: builtSiteUrl(),
      MAIL_POLL_MS: '200',
      // Letters end with the organisation's postal address (e2e/newsletter.spec.ts).
      NEWSLETTER_POSTAL_ADDRESS: 'Heartland Story Fund, 1400 Grand Blvd, Kansas City, MO 64106',
      MAIL_RETRY_BASE_MS: '500',
      MAIL_RETRY_MAX_MS: '2000',
      // The back office: passkeys need a host name, so its specs open http://localhost:<port>
      // (e2e/back-office-helpers.ts). They sign in many times from one address.
      ADMIN_ORIGIN: `http://localhost:${PORT}`,
      STAFF_SIGN_IN_RATE_LIMIT_MAX: '10000',
    },
  },
})
