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
 */

const MODULEPRELOAD = /<link\s+rel="modulepreload"\s+href="([^"]+)"\s*\/?>/g
const MODULE_SCRIPT = /<script type="module"(?: async="")?>([\s\S]*?)<\/script>/g
const SIDE_EFFECT_IMPORT = /^\s*import\s+"([^"]+)";?\s*$/
const NAMESPACE_IMPORT = /^\s*import\s+\*\s+as\s+(\w+)\s+from\s+"([^"]+)";?\s*$/

/** Turns a module script's static imports into ordered dynamic imports (classic script code). */
export function moduleToDeferred(body: string, preloads: string[]): string {
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
  return (
    `(function(){function start(){` +
    (bindings.length ? `var ${bindings.join(',')};` : '') +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    `Promise.resolve()${chain}.then(function(){${rest.join('\n')}})}` +
    `function loaded(){document.readyState==="complete"?setTimeout(start):addEventListener("load",function(){setTimeout(start)})}` +
    `window.__afterPaint?window.__afterPaint(loaded):loaded()})()`
  )
}

/** Rewrites one prerendered page; pages without a module script come back unchanged. */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!)
  if (!html.includes('<script type="module"')) return html
  return html
    .replace(MODULEPRELOAD, '')
    .replace(
      MODULE_SCRIPT,
      (_, body: string) => `<script>${moduleToDeferred(body, preloads)}</script>`,
    )
}
