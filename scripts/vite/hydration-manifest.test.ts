import { describe, expect, it } from 'vitest'
import { pageChunks } from '#app/document/document-assets.ts'
import { dependencyOrder, packOrder } from './hydration-manifest.ts'

describe('dependencyOrder', () => {
  it('puts every chunk after the chunks it imports, each once, the entry last', () => {
    const chunks = new Map([
      ['entry.js', { imports: ['islands.js', 'react-dom.js'] }],
      ['islands.js', { imports: ['react.js', 'react-dom.js', 'cn.js'] }],
      ['react-dom.js', { imports: ['react.js', 'runtime.js'] }],
      ['react.js', { imports: ['runtime.js'] }],
      ['cn.js', { imports: [] }],
      ['runtime.js', { imports: [] }],
      ['not-imported.js', { imports: [] }],
    ])
    const order = dependencyOrder('entry.js', chunks)
    expect(order.at(-1)).toBe('entry.js')
    expect(new Set(order).size).toBe(order.length)
    expect(order).not.toContain('not-imported.js')
    for (const [file, { imports }] of chunks)
      for (const dependency of imports)
        if (order.includes(file))
          expect(order.indexOf(dependency), `${dependency} before ${file}`).toBeLessThan(
            order.indexOf(file),
          )
  })

  it('ends a cycle of imports instead of looping', () => {
    const chunks = new Map([
      ['entry.js', { imports: ['a.js'] }],
      ['a.js', { imports: ['b.js'] }],
      ['b.js', { imports: ['a.js'] }],
    ])
    expect(dependencyOrder('entry.js', chunks)).toEqual(['b.js', 'a.js', 'entry.js'])
  })
})

describe('island packs', () => {
  const chunks = new Map([
    ['entry.js', { imports: ['registry.js', 'react-dom.js'] }],
    ['registry.js', { imports: ['react-dom.js', 'cn.js'] }],
    ['react-dom.js', { imports: [] }],
    ['cn.js', { imports: [] }],
    ['pack.js', { imports: ['registry.js', 'player.js', 'cn.js'] }],
    ['player.js', { imports: ['cn.js', 'time.js'] }],
    ['time.js', { imports: [] }],
  ])

  it('adds only the chunks the entry does not load, dependencies first', () => {
    const entry = dependencyOrder('entry.js', chunks)
    expect(packOrder('pack.js', entry, chunks)).toEqual(['time.js', 'player.js', 'pack.js'])
  })

  it('puts a page’s packs before the entry, which stays last; a page without packs is unchanged', () => {
    const manifest = {
      chunks: ['/react-dom.js', '/cn.js', '/registry.js', '/entry.js'],
      packs: { podcast: ['/time.js', '/player.js', '/pack.js'] },
    }
    expect(pageChunks(manifest, [])).toBe(manifest.chunks)
    expect(pageChunks(manifest, ['podcast', 'podcast'])).toEqual([
      '/react-dom.js',
      '/cn.js',
      '/registry.js',
      '/time.js',
      '/player.js',
      '/pack.js',
      '/entry.js',
    ])
    expect(() => pageChunks(manifest, ['video'])).toThrow('No island pack "video"')
  })
})
