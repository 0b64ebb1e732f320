/**
 * The staff app's first load (main.tsx and what it imports, not the `lazy` routes) carries no
 * zod (ADR 017, ADR 026): the inbox, the lists and the episode form stay small. Walks the
 * static imports of the source; a type-only import (`import type`) is erased and not followed.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** The modules a file loads at run time: `import … from`, `export … from`, `import '…'`. */
function runtimeImports(source: string): string[] {
  const found: string[] = []
  const statement = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(statement)) found.push(match[1]!)
  return found
}

function resolve(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#app/')) return path.join(root, 'app', specifier.slice(5))
  if (specifier.startsWith('#common/')) return path.join(root, 'common', specifier.slice(8))
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier)
  return undefined // a package
}

/** Every package the first load reaches, with the file that imports it. */
function firstLoadPackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>()
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) continue
    seen.add(file)
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier)
      if (target) queue.push(target)
      else if (!packages.has(specifier)) packages.set(specifier, path.relative(root, file))
    }
  }
  return packages
}

describe('the staff app’s first load', () => {
  it('reads import statements as the bundler does', () => {
    expect(
      runtimeImports(
        "import type { A } from 'zod'\nimport { b } from './b.ts'\nexport { c } from '#common/c.ts'\nimport './d.css'",
      ),
    ).toEqual(['./b.ts', '#common/c.ts', './d.css'])
  })

  it('carries no zod', () => {
    const packages = firstLoadPackages(path.join(root, 'app/admin/main.tsx'))
    expect(packages.has('react-router')).toBe(true)
    const zod = [...packages].filter(([name]) => name === 'zod' || name.startsWith('zod/'))
    expect(zod, `zod is imported by ${zod.map(([, file]) => file).join(', ')}`).toEqual([])
  })
})
