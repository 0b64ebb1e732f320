/**
 * The settings a site build was made with: its release folder's site-config.json
 * (server/site/site-build.ts says where that is). A module of its own, without the renderer, so
 * that the operator commands (server/cli/) read it without loading React Router and the pages.
 */
import fs from 'node:fs'
import path from 'node:path'

export const SITE_CONFIG_FILE = 'site-config.json'

export interface SiteConfigFile {
  builtAt: string
  /** Every PUBLIC_* setting the build used, defaults included. */
  settings: Record<string, string>
}

/** URLs with and without a trailing slash, and text with stray spaces, name the same value. */
function normalise(value: string): string {
  const trimmed = value.trim()
  return /^https?:\/\//i.test(trimmed) ? trimmed.replace(/\/+$/, '') : trimmed
}

/**
 * The first setting of the environment that the build contradicts, as one line for the log, or
 * undefined. An unset variable never contradicts: the built value stands.
 */
export function contradiction(
  built: Record<string, string>,
  given: Record<string, string>,
  buildDir: string,
): string | undefined {
  for (const [name, value] of Object.entries(given)) {
    const builtValue = built[name]
    if (builtValue === undefined || normalise(builtValue) === normalise(value)) continue
    return `The site in ${buildDir} was built with ${name}=${JSON.stringify(builtValue)} but the environment sets ${name}=${JSON.stringify(value)}: rebuild with the new value (npm run build) or unset ${name}.`
  }
  return undefined
}

/**
 * The PUBLIC_* settings the current release of `buildDir` was built with, or none when there is
 * no build (the operator commands complete their environment with them, as the server does).
 */
export function builtSettings(buildDir: string): Record<string, string> {
  try {
    const release = path.dirname(fs.realpathSync(buildDir))
    const config = JSON.parse(
      fs.readFileSync(path.join(release, SITE_CONFIG_FILE), 'utf8'),
    ) as Partial<SiteConfigFile>
    return config.settings ?? {}
  } catch {
    return {}
  }
}
