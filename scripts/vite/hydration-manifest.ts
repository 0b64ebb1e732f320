/**
 * `import manifest from 'virtual:hydration-manifest'` in the server build: the client entry's
 * chunks as the browser should evaluate them, dependencies first and the entry last, read from
 * the client build that React Router runs before the server build. The pages' boot script
 * (app/document/boot.ts) imports them one per task, so that no single evaluation is a long task.
 * During `react-router dev` there is no client build: the list is empty and the page loads its
 * scripts the development way (React Router's <Scripts />).
 */
import path from 'node:path'
import type { Plugin } from 'vite'
import type { HydrationManifest } from '#app/document/document-assets.ts'

const ID = 'virtual:hydration-manifest'
const RESOLVED = '\0' + ID

interface ChunkInfo {
  imports: string[]
}

/** Post-order over static imports: every chunk after the chunks it imports, `entry` last. */
export function dependencyOrder(entry: string, chunks: Map<string, ChunkInfo>): string[] {
  const order: string[] = []
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const dependency of chunks.get(file)?.imports ?? []) visit(dependency)
    order.push(file)
  }
  visit(entry)
  return order
}

export function hydrationManifest(options: { entry: string }): Plugin {
  let manifest: HydrationManifest | undefined
  let base = '/'
  const entry = path.resolve(options.entry)
  return {
    name: 'hydration-manifest',
    sharedDuringBuild: true,
    configResolved(config) {
      base = config.base
    },
    generateBundle(_, bundle) {
      if (this.environment.name !== 'client') return
      const chunks = new Map<string, ChunkInfo>()
      let entryFile: string | undefined
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks.set(output.fileName, { imports: output.imports })
        if (output.isEntry && output.facadeModuleId === entry) entryFile = output.fileName
      }
      if (!entryFile) throw new Error(`hydration-manifest: no client chunk for ${options.entry}`)
      manifest = { chunks: dependencyOrder(entryFile, chunks).map((file) => base + file) }
    },
    resolveId(id) {
      return id === ID ? RESOLVED : null
    },
    load(id) {
      if (id !== RESOLVED) return null
      if (this.environment.mode === 'build' && this.environment.name !== 'client' && !manifest)
        throw new Error('hydration-manifest: the server build ran before the client build')
      return `export default ${JSON.stringify(manifest ?? { chunks: [] })}`
    },
  }
}
