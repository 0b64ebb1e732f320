/**
 * docs/benchmarks.md is written by several benchmarks, each owning the part between its two
 * markers. A section is replaced in place (or added at the end), and the file is then formatted
 * as `npm run format` would, so that it passes the `prettier --check` of `npm run lint`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export interface Markers {
  start: string
  end: string
}

/** The text of `current` with the part between `markers` (markers included) set to `block`. */
export function replaceSection(current: string, markers: Markers, block: string): string {
  const start = current.indexOf(markers.start)
  const end = current.indexOf(markers.end)
  return start !== -1 && end > start
    ? current.slice(0, start) + block + current.slice(end + markers.end.length)
    : `${current.trimEnd()}\n\n${block}\n`
}

/** Writes one benchmark's section (`body`, without the markers) into `file`, then formats it. */
export function writeReportSection(file: string, markers: Markers, body: string) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n'
  fs.writeFileSync(
    file,
    replaceSection(current, markers, `${markers.start}\n${body.trim()}\n${markers.end}`),
  )
  const prettier = spawnSync(
    path.join(root, 'node_modules/.bin/prettier'),
    ['--write', '--log-level', 'warn', file],
    { encoding: 'utf8' },
  )
  if (prettier.status !== 0)
    console.warn(`could not format ${file}: ${prettier.stderr || prettier.error}`)
}
