/**
 * Fails fast when package-lock.json lacks a platform package that this machine needs. Some
 * releases (Tailwind 4.3.4 and 4.3.5 here) published a lockfile entry without the native
 * package for linux-x64, and `npm ci` then installs a tree that crashes at build time.
 * For every optional platform dependency of a locked package, the entry for this platform must
 * be in the lockfile.
 */
import fs from 'node:fs'
import path from 'node:path'

interface LockPackage {
  version?: string
  optionalDependencies?: Record<string, string>
  os?: string[]
  cpu?: string[]
  libc?: string[]
}

const root = path.resolve(import.meta.dirname, '..')
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>
}

const platform = process.platform
const arch = process.arch
const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } }
const libc = report.header?.glibcVersionRuntime ? 'glibc' : 'musl'

const missing: string[] = []
const unlocked: string[] = []
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
    // Resolve the way Node does: nested first, then hoisted.
    const candidates = [`${location}/node_modules/${dep}`, `node_modules/${dep}`]
    const found = candidates.map((c) => lock.packages[c]).find(Boolean)
    if (found) continue
    // npm 11's `npm ci` refuses a lockfile that lacks any optional dependency, whatever its
    // platform ("Missing: … from lock file"): a registry without every platform package of a
    // release (unrs-resolver 1.13.0 here) leaves such holes when the lockfile is written.
    unlocked.push(`${dep} (wanted by ${location || 'the project'})`)
    // Only platform packages matter: find any locked sibling that names its os/cpu.
    const siblingWithPlatform = Object.entries(lock.packages).find(
      ([loc, p]) => loc.endsWith(`/${dep}`) && (p.os || p.cpu),
    )
    const looksPlatformSpecific =
      /(linux|darwin|win32|freebsd|android)[-_]?(x64|arm64|ia32|arm)?/.test(dep)
    if (!siblingWithPlatform && !looksPlatformSpecific) continue
    const forThisMachine =
      dep.includes(platform) &&
      dep.includes(arch) &&
      (libc === 'glibc' ? !dep.includes('musl') : dep.includes('musl'))
    if (forThisMachine) missing.push(`${dep} (wanted by ${location || 'the project'})`)
  }
}

if (unlocked.length > 0 && missing.length === 0) {
  console.error(
    `package-lock.json lacks optional dependencies, so \`npm ci\` refuses it:\n  ${unlocked.join('\n  ')}\n` +
      'Pin the package that wants them to a release whose platform packages are all on the registry ' +
      '(package.json "overrides"), then run npm install again.',
  )
  process.exit(1)
}
if (missing.length > 0) {
  console.error(
    `package-lock.json lacks the ${platform}-${arch} package(s) this machine needs:\n  ${missing.join('\n  ')}\n` +
      'Regenerate the lockfile on a machine of this platform (rm -rf node_modules package-lock.json && npm install) ' +
      'or pin the dependency to a release whose lockfile entry is complete (e.g. tailwindcss 4.3.3).',
  )
  process.exit(1)
}
console.log(`lockfile: platform packages for ${platform}-${arch} (${libc}) are present`)
