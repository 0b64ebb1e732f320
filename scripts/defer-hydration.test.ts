import { describe, expect, it } from 'vitest'
import { chunkImports, deferHydration, dependencyOrder } from './defer-hydration.ts'

// The shape React Router 8 prerenders (head preloads, then the module script at the end of body).
const PAGE = [
  '<html><head><link rel="stylesheet" href="/assets/root.css"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/root-3.js"/>',
  '<link rel="modulepreload" href="/assets/about-4.js"/>',
  '</head><body><p>Hello</p>',
  '<script>window.__reactRouterContext = {}</script>',
  '<script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-3.js";',
  'import * as route1 from "/assets/about-4.js";',
  '  ',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};',
  '',
  'import("/assets/entry.client-2.js");</script></body></html>',
].join('\n')

/**
 * Runs the rewritten loader with a fake window, recording what it preloads and imports. With
 * `painted`, the page has inline-styles.ts's paint signal, fired by calling the returned `paint`.
 */
function startLoader(html: string, options: { painted?: boolean; failing?: string } = {}) {
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .find((body) => body.includes('function start'))!
  const listeners: Record<string, () => void> = {}
  const preloaded: string[] = []
  /** The task each preload link went in, counted by the loader's own timers. */
  const preloadTask: number[] = []
  const imported: string[] = []
  const afterPaint: (() => void)[] = []
  const window: Record<string, unknown> = options.painted
    ? { __afterPaint: (f: () => void) => afterPaint.push(f) }
    : {}
  const document = {
    readyState: 'interactive',
    createElement: () => ({ rel: '', href: '' }),
    head: {
      appendChild: (link: { rel: string; href: string }) => {
        preloaded.push(link.href)
        preloadTask.push(tasks)
      },
    },
  }
  const load = async (url: string) => {
    imported.push(url)
    // fails the first time only (a network blip): the page's own import then succeeds
    if (url === options.failing && imported.filter((u) => u === url).length === 1)
      throw new Error(`${url} failed`)
    return { url }
  }
  let tasks = 0
  const taskTimer = (f: () => void) => setTimeout(() => (tasks++, f()))
  // `import(` is syntax, not a function: route it to the recorder for this test.
  new Function(
    'addEventListener',
    'document',
    'window',
    'load',
    'setTimeout',
    script.replaceAll('import(', 'load('),
  )(
    (type: string, listener: () => void) => (listeners[type] = listener),
    document,
    window,
    load,
    taskTimer,
  )
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
  return {
    preloaded,
    preloadTask,
    imported,
    window,
    get tasks() {
      return tasks
    },
    fireLoad: async () => {
      document.readyState = 'complete'
      listeners.load?.()
      await settle()
    },
    paint: async () => {
      afterPaint.splice(0).forEach((f) => f())
      await settle()
    },
  }
}

async function runLoader(html: string) {
  const loader = startLoader(html)
  expect(loader.imported, 'nothing loads before the load event').toEqual([])
  await loader.fireLoad()
  return loader
}

describe('deferHydration', () => {
  it('removes the modulepreload links and the module script', () => {
    const html = deferHydration(PAGE)
    expect(html).not.toMatch(/<link[^>]*modulepreload/)
    expect(html).not.toContain('type="module"')
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>')
    expect(html).toContain('<script>window.__reactRouterContext = {}</script>')
  })

  it('loads the same modules in the same order at the load event, preloading them all', async () => {
    const { preloaded, imported, window } = await runLoader(deferHydration(PAGE))
    expect(preloaded).toEqual([
      '/assets/manifest-1.js',
      '/assets/entry.client-2.js',
      '/assets/root-3.js',
      '/assets/about-4.js',
    ])
    expect(imported).toEqual([
      '/assets/manifest-1.js',
      '/assets/root-3.js',
      '/assets/about-4.js',
      '/assets/entry.client-2.js',
    ])
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root-3.js' },
      'routes/about': { url: '/assets/about-4.js' },
    })
  })

  it('waits for both the first paint and the load event where the paint signal exists', async () => {
    const beforePaint = startLoader(deferHydration(PAGE), { painted: true })
    await beforePaint.fireLoad()
    expect(beforePaint.imported, 'loaded but not painted').toEqual([])
    await beforePaint.paint()
    expect(beforePaint.imported).toHaveLength(4)

    const beforeLoad = startLoader(deferHydration(PAGE), { painted: true })
    await beforeLoad.paint()
    expect(beforeLoad.imported, 'painted but not loaded').toEqual([])
    await beforeLoad.fireLoad()
    expect(beforeLoad.preloaded).toHaveLength(4)
    expect(beforeLoad.imported).toHaveLength(4)
  })

  it('evaluates the preloaded chunks one per task, dependencies first, before the entry', async () => {
    // The built chunks' own imports: root needs react, the entry needs react and root.
    const code: Record<string, string> = {
      '/assets/manifest-1.js': 'window.__reactRouterManifest={}',
      '/assets/entry.client-2.js': 'import{a}from"./react-5.js";import"./root-3.js";',
      '/assets/root-3.js': 'import{b as c}from"./react-5.js";export default 1',
      '/assets/about-4.js': 'import {x} from "./root-3.js";export default 2',
      '/assets/react-5.js': 'export const a=1',
    }
    const page = PAGE.replace(
      '<link rel="modulepreload" href="/assets/root-3.js"/>',
      '<link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/react-5.js"/>',
    )
    const loader = startLoader(deferHydration(page, (url) => code[url]!))
    await loader.fireLoad()
    expect(loader.imported).toEqual([
      // one by one, each after what it imports; the entry is not among them
      '/assets/manifest-1.js',
      '/assets/react-5.js',
      '/assets/root-3.js',
      '/assets/about-4.js',
      // then the page's own script, as React Router wrote it (these are evaluated by now)
      '/assets/manifest-1.js',
      '/assets/root-3.js',
      '/assets/about-4.js',
      '/assets/entry.client-2.js',
    ])
    expect(loader.window.__reactRouterRouteModules).toBeDefined()
    expect(loader.tasks, 'a task between two warm-up imports').toBeGreaterThanOrEqual(4)
  })

  it('goes on to the page script when a warm-up import fails', async () => {
    const loader = startLoader(
      deferHydration(PAGE, () => ''),
      { failing: '/assets/root-3.js' },
    )
    await loader.fireLoad()
    expect(loader.imported).toEqual([
      '/assets/manifest-1.js',
      '/assets/root-3.js', // failed: the warm-up stops here
      '/assets/manifest-1.js',
      '/assets/root-3.js',
      '/assets/about-4.js',
      '/assets/entry.client-2.js',
    ])
  })

  it('adds the preload links a few per task, all before the first import', async () => {
    const links = Array.from({ length: 9 }, (_, i) => `/assets/chunk-${i}.js`)
    const page = PAGE.replace(
      '</head>',
      links.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('') + '</head>',
    )
    const loader = startLoader(deferHydration(page, () => ''))
    await loader.fireLoad()
    expect(loader.preloaded).toHaveLength(13)
    const perTask = Map.groupBy(loader.preloadTask, (task) => task)
    expect(Math.max(...[...perTask.values()].map((inTask) => inTask.length))).toBeLessThanOrEqual(4)
    expect(perTask.size).toBe(4)
    expect(loader.imported.length).toBeGreaterThan(0)
  })

  it('orders chunks after their imports and reads the imports of minified chunks', () => {
    expect(
      chunkImports(
        '/assets/a.js',
        'import{x as y}from"./b-1.js";import"./c-2.js";import("./lazy-3.js")',
      ),
    ).toEqual(['/assets/b-1.js', '/assets/c-2.js'])
    const imports: Record<string, string[]> = { a: ['b', 'outside'], b: ['c'], c: [], d: ['a'] }
    expect(dependencyOrder(['a', 'b', 'c', 'd'], (u) => imports[u]!, new Set(['d']))).toEqual([
      'c',
      'b',
      'a',
    ])
    // a cycle (chunks may import each other) ends instead of looping
    const cycle: Record<string, string[]> = { a: ['b'], b: ['a'] }
    expect(dependencyOrder(['a', 'b'], (u) => cycle[u]!, new Set())).toEqual(['b', 'a'])
  })

  it('leaves a page without a module script alone', () => {
    const html = '<html><head></head><body><p>static</p></body></html>'
    expect(deferHydration(html)).toBe(html)
  })

  it('fails the build on an import form it does not know', () => {
    const html = PAGE.replace('import * as route1 from', 'import { default as route1 } from')
    expect(() => deferHydration(html)).toThrow(/unexpected import form/)
  })
})
