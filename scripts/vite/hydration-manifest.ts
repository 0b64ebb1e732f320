/**
 * `import manifest from 'virtual:hydration-manifest'` in the server build: the client entry's
 * chunks as the browser should evaluate them, dependencies first and the entry last, read from
 * the client build that React Router runs before the server build. The pages' boot script
 * (app/document/boot.ts) imports them one per task, so that no single evaluation is a long task.
 * During `react-router dev` there is no client build: the list is empty and the page loads its
 * scripts the development way (React Router's <Scripts />).
 *
 * Island packs (`packs`: name -> module): modules that add islands only some pages have to the
 * registry (app/podcast/islands.ts). Each is emitted as a chunk of its own, and the manifest
 * lists, per pack, the chunks it needs that the entry's list does not have, dependencies first:
 * a page that names the pack imports those before the entry (app/document/document-assets.ts).
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

/** The chunks a pack adds to a page: its own and its dependencies the entry's list lacks. */
export function packOrder(pack: string, entryOrder: string[], chunks: Map<string, ChunkInfo>) {
  const loaded = new Set(entryOrder)
  return dependencyOrder(pack, chunks).filter((file) => !loaded.has(file))
}

export function hydrationManifest(options: {
  entry: string
  packs?: Record<string, string>
}): Plugin {
  let manifest: HydrationManifest | undefined
  let base = '/'
  const entry = path.resolve(options.entry)
  const packs = Object.entries(options.packs ?? {}).map(([name, file]) => ({
    name,
    file,
    id: path.resolve(file),
  }))
  return {
    name: 'hydration-manifest',
    sharedDuringBuild: true,
    configResolved(config) {
      base = config.base
    },
    buildStart() {
      if (this.environment.name !== 'client' || this.environment.mode !== 'build') return
      for (const pack of packs)
        this.emitFile({ type: 'chunk', id: pack.id, name: `islands-${pack.name}` })
    },
    generateBundle(_, bundle) {
      if (this.environment.name !== 'client') return
      const chunks = new Map<string, ChunkInfo>()
      const entries = new Map<string, string>()
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks.set(output.fileName, { imports: output.imports })
        if (output.isEntry && output.facadeModuleId)
          entries.set(output.facadeModuleId, output.fileName)
      }
      const entryFile = entries.get(entry)
      if (!entryFile) throw new Error(`hydration-manifest: no client chunk for ${options.entry}`)
      const order = dependencyOrder(entryFile, chunks)
      const packChunks: Record<string, string[]> = {}
      for (const pack of packs) {
        const file = entries.get(pack.id)
        if (!file) throw new Error(`hydration-manifest: no client chunk for the pack ${pack.file}`)
        packChunks[pack.name] = packOrder(file, order, chunks).map((f) => base + f)
      }
      manifest = { chunks: order.map((file) => base + file), packs: packChunks }
    },
    resolveId(id) {
      return id === ID ? RESOLVED : null
    },
    load(id) {
      if (id !== RESOLVED) return null
      if (this.environment.mode === 'build' && this.environment.name !== 'client' && !manifest)
        throw new Error('hydration-manifest: the server build ran before the client build')
      return `export default ${JSON.stringify(manifest ?? { chunks: [], packs: {} })}`
    },
  }
}
