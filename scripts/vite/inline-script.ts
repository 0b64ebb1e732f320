/**
 * `import code from './boot.ts?inline-script'`: the module bundled on its own (Rolldown, its
 * imports included) into one minified classic script, as a string. Pages carry such scripts
 * inline (their CSP lists each one's hash), so they are written as real TypeScript modules that
 * the type checker and lint read, and compiled here rather than kept as code in string literals.
 */
import path from 'node:path'
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'

const QUERY = '?inline-script'
const PREFIX = '\0inline-script:'

export function inlineScript(): Plugin {
  return {
    name: 'inline-script',
    enforce: 'pre',
    sharedDuringBuild: true,
    async resolveId(id, importer) {
      if (!id.endsWith(QUERY)) return null
      const resolved = await this.resolve(id.slice(0, -QUERY.length), importer, { skipSelf: true })
      if (!resolved) throw new Error(`inline-script: cannot resolve ${id} from ${importer}`)
      return PREFIX + resolved.id
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null
      const file = id.slice(PREFIX.length)
      const bundle = await rolldown({ input: file, platform: 'browser', logLevel: 'warn' })
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true })
        for (const module of output[0].moduleIds)
          if (path.isAbsolute(module)) this.addWatchFile(module)
        return `export default ${JSON.stringify(output[0].code.trim())}`
      } finally {
        await bundle.close()
      }
    },
  }
}
