/**
 * Post-build step: every page is prerendered, so its first paint needs only the HTML, the
 * stylesheet and the first screen's picture. React Router puts the hydration scripts in as
 * `<link rel="modulepreload">` in <head> and a module script: on a slow connection they all
 * download at once and compete with the stylesheet (measured by Lighthouse's simulated
 * throttling: every request started before first paint counts). This rewrites each page so
 * the same scripts start downloading just after the window's `load` event instead (a task after
 * it, so that nothing of them counts as loading before `load`): the preload links
 * are added then, and the module script becomes dynamic imports in the same order. The page is
 * already complete and usable without JavaScript (links, native forms), so nothing waits on it.
 *
 * **One chunk per task.** Importing the entry evaluates every chunk it has not met yet in one go:
 * on a slow phone that is two tasks of 70–100 ms (the React chunk, then the router's), each a
 * long task that blocks input. Given the chunks' own imports (`readChunk`), the loader first
 * imports the preloaded chunks one by one, dependencies first, with a task between them; the
 * original imports then find them evaluated. The entry chunk is left to its place at the end
 * (evaluating it starts hydration, which needs the route modules set first).
 */

const MODULEPRELOAD = /<link\s+rel="modulepreload"\s+href="([^"]+)"\s*\/?>/g
const MODULE_SCRIPT = /<script type="module"(?: async="")?>([\s\S]*?)<\/script>/g
const SIDE_EFFECT_IMPORT = /^\s*import\s+"([^"]+)";?\s*$/
const NAMESPACE_IMPORT = /^\s*import\s+\*\s+as\s+(\w+)\s+from\s+"([^"]+)";?\s*$/
/**
 * Inserting a modulepreload link starts its fetch there and then: about 1.3 ms each on this
 * machine's Chromium, so the 14–17 links of a page in one task came to 20 ms (80 ms at
 * Lighthouse's 4× CPU slowdown, a long task). Four per task keeps each well under 50 ms.
 */
const PRELOADS_PER_TASK = 4
const DYNAMIC_IMPORT = /\bimport\("([^"]+)"\)/g
/** A built chunk's static imports of sibling chunks: `import"./a.js"`, `from"./b.js"`. */
const CHUNK_IMPORT = /(?:\bimport|\bfrom)\s*"\.\/([^"]+\.js)"/g

/** The static imports of one built chunk, as the URLs the page preloads them by. */
export function chunkImports(url: string, code: string): string[] {
  const dir = url.slice(0, url.lastIndexOf('/') + 1)
  return [...new Set([...code.matchAll(CHUNK_IMPORT)].map((m) => dir + m[1]!))]
}

/**
 * The preloaded chunks, `exclude` left out, in an order that puts every chunk after the chunks
 * it imports (otherwise the order of the list). Chunks that import each other end the walk.
 */
export function dependencyOrder(
  preloads: string[],
  importsOf: (url: string) => string[],
  exclude: Set<string>,
): string[] {
  const order: string[] = []
  const seen = new Set<string>()
  const visit = (url: string) => {
    if (seen.has(url)) return
    seen.add(url)
    for (const dependency of importsOf(url)) if (preloads.includes(dependency)) visit(dependency)
    order.push(url)
  }
  for (const url of preloads) if (!exclude.has(url)) visit(url)
  return order
}

/**
 * Turns a module script's static imports into ordered dynamic imports (classic script code);
 * `warmUp` chunks are imported first, one per task.
 */
export function moduleToDeferred(body: string, preloads: string[], warmUp: string[] = []): string {
  const imports: { url: string; binding?: string }[] = []
  const rest: string[] = []
  for (const line of body.split('\n')) {
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line)
    const namespace = NAMESPACE_IMPORT.exec(line)
    if (sideEffect) imports.push({ url: sideEffect[1]! })
    else if (namespace) imports.push({ url: namespace[2]!, binding: namespace[1]! })
    else if (/^\s*import\s[^(]/.test(line))
      throw new Error(`defer-hydration: unexpected import form in the module script: ${line}`)
    else if (line.trim()) rest.push(line.trim())
  }
  // Imports run one after another, as the static ones did; the preloads fetch them all at once.
  const chain = imports
    .map(
      ({ url, binding }) =>
        `.then(function(){return import(${JSON.stringify(url)})})` +
        (binding ? `.then(function(m){${binding}=m})` : ''),
    )
    .join('')
  const bindings = imports.flatMap((i) => (i.binding ? [i.binding] : []))
  // Starts a task after `load`, and after the first paint where inline-styles.ts put its signal.
  // The preloads go in first, a few per task; the warm-up imports follow, each in a task of its
  // own (a failed one is left for the chain below to meet and report as before).
  return (
    `(function(){function start(){` +
    `var p=${JSON.stringify(preloads)},w=${JSON.stringify(warmUp)};` +
    `function preload(){p.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});setTimeout(p.length?preload:next)}` +
    `function next(){var u=w.shift();if(!u)return run();import(u).then(function(){setTimeout(next)},run)}preload()}` +
    `function run(){` +
    (bindings.length ? `var ${bindings.join(',')};` : '') +
    `Promise.resolve()${chain}.then(function(){${rest.join('\n')}})}` +
    `function loaded(){document.readyState==="complete"?setTimeout(start):addEventListener("load",function(){setTimeout(start)})}` +
    `window.__afterPaint?window.__afterPaint(loaded):loaded()})()`
  )
}

/**
 * Rewrites one prerendered page; pages without a module script come back unchanged.
 * `readChunk` gives the code of a preloaded `/assets/…js` (for the one-chunk-per-task warm-up);
 * without it the page imports as React Router wrote it.
 */
export function deferHydration(html: string, readChunk?: (url: string) => string): string {
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!)
  if (!html.includes('<script type="module"')) return html
  return html.replace(MODULEPRELOAD, '').replace(MODULE_SCRIPT, (_, body: string) => {
    // The modules the script imports only after setting things up (the entry) keep their place.
    const late = new Set([...body.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!))
    const warmUp = readChunk
      ? dependencyOrder(preloads, (url) => chunkImports(url, readChunk(url)), late)
      : []
    return `<script>${moduleToDeferred(body, preloads, warmUp)}</script>`
  })
}
