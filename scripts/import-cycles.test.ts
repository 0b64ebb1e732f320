/**
 * No import cycles in the project, type-only imports included (scripts/import-cycles.ts): the
 * check ESLint's import-x/no-cycle cannot make, since it skips `import type`.
 */
import { describe, expect, it } from 'vitest'
import { findCycles, importGraph, type ImportGraph } from './import-cycles.ts'

describe('import cycles', () => {
  it('finds a loop of two files, one of three, and a file that imports itself; not a chain', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['c.ts']],
      ['f.ts', ['f.ts']],
      ['g.ts', ['a.ts']],
    ])
    expect(findCycles(graph)).toEqual([['c.ts', 'd.ts', 'e.ts'], ['a.ts', 'b.ts'], ['f.ts']])
    expect(
      findCycles(
        new Map([
          ['x.ts', ['y.ts']],
          ['y.ts', []],
        ]),
      ),
    ).toEqual([])
  })

  it('reads type-only imports, re-exports and #app/… subpath imports as edges', () => {
    const graph = importGraph(process.cwd())
    // app/islands/island.tsx imports the podcast pack by its subpath, for the server's render.
    expect(graph.get('app/islands/island.tsx')).toContain('app/podcast/islands.ts')
    // registry.ts takes only the pack's type statically (its code comes through import()).
    expect(graph.get('app/islands/registry.ts')).toContain('app/podcast/islands.ts')
  })

  it('has none in app/, common/, server/, scripts/ and e2e/', () => {
    expect(findCycles(importGraph(process.cwd()))).toEqual([])
  })
})
