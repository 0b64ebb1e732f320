/**
 * Finds the Chromium the browser tests and benchmarks drive (Debian's packages, never a
 * downloaded build). If one is missing and this is a root shell with apt, installs it from Debian;
 * otherwise fails with one line saying how to get one.
 *
 * Two builds of the same Chromium: the benchmarks, Lighthouse and the screenshots measure the
 * browser visitors run (`chromium`, new headless mode); the tests drive Debian's
 * `chromium-headless-shell`, the headless-only build of the same version that Playwright itself
 * drives for headless runs. The same Blink and V8 without the desktop browser's shell: the
 * browser tests took 988 s of a quiet fresh clone's run in `chromium` and 662 s in the shell,
 * every test passing in both (docs/testing.md).
 */
import { execSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/** The browser visitors run: CHROME_PATH, else Debian's `chromium`. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv
  return CANDIDATES.find((c) => fs.existsSync(c))
}

/**
 * The browser the tests drive: TEST_CHROMIUM, else Debian's headless shell, else the browser
 * visitors run (a machine without the shell still runs every test, more slowly).
 */
export function findTestChromium(): string | undefined {
  const fromEnv = process.env.TEST_CHROMIUM
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium()
}

function aptInstall(packages: string[]): boolean {
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
  if (!isRoot || !hasApt) return false
  console.log(`Installing Debian's ${packages.join(', ')} with apt-get…`)
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
    { stdio: 'inherit' },
  )
  return true
}

export function ensureChromium(): string {
  const found = findChromium()
  if (found) return found
  if (aptInstall(['chromium', 'fonts-liberation'])) {
    const installed = findChromium()
    if (installed) return installed
  }
  console.error(
    "No Chromium found: install Debian's package (sudo apt-get install chromium) or set CHROME_PATH to a Chromium/Chrome binary.",
  )
  process.exit(1)
}

/** The tests' browser, installed from Debian where this shell can (`npm test` calls it first). */
export function ensureTestChromium(): string {
  if (!process.env.TEST_CHROMIUM && !fs.existsSync(HEADLESS_SHELL)) {
    let installed = false
    try {
      installed = aptInstall(['chromium-headless-shell', 'fonts-liberation'])
    } catch {
      // apt failed (no such package in this Debian, no network): the desktop build will do.
    }
    if (!installed)
      console.log(
        `No ${HEADLESS_SHELL} (sudo apt-get install chromium-headless-shell): the browser tests run in the desktop Chromium, more slowly.`,
      )
  }
  return findTestChromium() ?? ensureChromium()
}

if (import.meta.main) console.log(ensureChromium())
