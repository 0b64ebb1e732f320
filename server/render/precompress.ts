/**
 * Writes a `.br` and a `.gz` beside every text file of a folder (scripts, SVG, the web manifest…),
 * where they save bytes: the server picks one by Accept-Encoding without compressing per request.
 */
import fs from 'node:fs'
import path from 'node:path'
import { compress } from './compress.ts'

const COMPRESSIBLE = /\.(html|js|mjs|css|json|data|xml|txt|svg|webmanifest|map)$/

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile()) yield full
  }
}

export async function precompressFiles(
  dir: string,
): Promise<{ files: number; raw: number; br: number }> {
  let files = 0
  let raw = 0
  let br = 0
  for (const file of [...walk(dir)]) {
    if (!COMPRESSIBLE.test(file)) continue
    const content = fs.readFileSync(file)
    const forms = await compress(content)
    if (forms.br) fs.writeFileSync(`${file}.br`, forms.br)
    if (forms.gzip) fs.writeFileSync(`${file}.gz`, forms.gzip)
    files++
    raw += content.length
    br += forms.br?.length ?? content.length
  }
  return { files, raw, br }
}
