/**
 * The project's import graph, type-only imports included, and the cycles in it (strongly connected
 * components of more than one file, or a file that imports itself). ESLint's import-x/no-cycle
 * skips `import type` by design, but a knot of types is still a knot to untie (issue 28, point 5;
 * docs/testing.md, "Import cycles"). Read with the TypeScript compiler's own scanner, resolved like
 * Node: relative paths and the `#app/…` subpath imports of package.json.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** file -> the project files it imports, paths relative to the root. */
export type ImportGraph = Map<string, string[]>

const SOURCE = /\.(ts|tsx)$/
const SKIP = new Set(['node_modules', 'build', 'data', '.react-router', 'test-results', 'public'])

function sourceFiles(root: string, dir = ''): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name)
    if (entry.isDirectory())
      return SKIP.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(root, file)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : []
  })
}

/** The project file an import names, or undefined for a package or a file that is not source. */
function resolve(
  from: string,
  specifier: string,
  subpaths: Record<string, string>,
  files: Set<string>,
): string | undefined {
  let target: string | undefined
  if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(from), specifier)
  for (const [pattern, replacement] of Object.entries(subpaths)) {
    const prefix = pattern.replace(/\*$/, '')
    if (specifier.startsWith(prefix))
      target = path.posix.normalize(replacement.replace(/\*$/, '') + specifier.slice(prefix.length))
  }
  return target !== undefined && files.has(target) ? target : undefined
}

/** Every import of every .ts/.tsx file under root: value, type-only, re-exports and import(). */
export function importGraph(root: string): ImportGraph {
  const subpaths = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      imports: Record<string, string>
    }
  ).imports
  const files = sourceFiles(root)
  const known = new Set(files)
  const graph: ImportGraph = new Map()
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8')
    const { importedFiles } = ts.preProcessFile(text, true, true)
    const targets = importedFiles
      .map((imported) => resolve(file, imported.fileName, subpaths, known))
      .filter((target): target is string => target !== undefined)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The cycles of a graph (Tarjan's strongly connected components), each sorted, largest first. */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  let next = 0
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member)
      component.push(member)
      if (member === file) break
    }
    if (component.length > 1 || (graph.get(file) ?? []).includes(file))
      cycles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles.sort((a, b) => b.length - a.length)
}
