/**
 * Finds the Chromium the browser tests drive (Debian's package, never a downloaded build). If it
 * is missing and this is a root shell with apt, installs Debian's `chromium`; otherwise fails
 * with one line saying how to get one.
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

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv
  return CANDIDATES.find((c) => fs.existsSync(c))
}

export function ensureChromium(): string {
  const found = findChromium()
  if (found) return found
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium with apt-get…")
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation',
      {
        stdio: 'inherit',
      },
    )
    const installed = findChromium()
    if (installed) return installed
  }
  console.error(
    "No Chromium found: install Debian's package (sudo apt-get install chromium) or set CHROME_PATH to a Chromium/Chrome binary.",
  )
  process.exit(1)
}

if (import.meta.main) console.log(ensureChromium())
