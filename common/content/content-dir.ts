/**
 * The one module of common/ that touches files (eslint.config.js allows it, and only it): the
 * build and the server both read a content folder, and they must read it the same way. Node
 * only; nothing in the browser imports it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { ARTICLES_FOLDER, snapshotFiles, snapshotFromFiles } from './files.ts'
import type { ContentSnapshot } from './snapshot.ts'

/** How a file is named in messages: relative to the working directory when inside it. */
function labelFor(dir: string) {
  return (file: string) => {
    const full = path.join(dir, file)
    const relative = path.relative(process.cwd(), full)
    return relative.startsWith('..') || path.isAbsolute(relative) ? full : relative
  }
}

/** The content files of a folder: its top-level files and articles/*.md. README.md is a guide. */
export function listContentFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && !entry.name.startsWith('.') && entry.name !== 'README.md')
      files.set(entry.name, fs.readFileSync(path.join(dir, entry.name), 'utf8'))
  }
  const articles = path.join(dir, ARTICLES_FOLDER)
  if (fs.existsSync(articles)) {
    for (const name of fs.readdirSync(articles).sort()) {
      if (name.startsWith('.')) continue
      files.set(`${ARTICLES_FOLDER}/${name}`, fs.readFileSync(path.join(articles, name), 'utf8'))
    }
  }
  return files
}

/**
 * Reads and checks a content folder (the repository's content/, or an export). Throws a
 * ContentError that names every file and field that is wrong.
 */
export function readContentDir(dir: string): ContentSnapshot {
  return snapshotFromFiles(listContentFiles(dir), labelFor(dir))
}

/**
 * Writes a snapshot into a folder in the repository's formats. The folder must be empty or
 * missing: an export never mixes with files that were there before.
 */
export function writeContentDir(dir: string, snapshot: ContentSnapshot): string[] {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: export into a new or empty folder.`)
  const written: string[] = []
  for (const [file, text] of snapshotFiles(snapshot)) {
    const full = path.join(dir, file)
    fs.mkdirSync(path.dirname(full), { recursive: true })
    fs.writeFileSync(full, text)
    written.push(file)
  }
  return written
}
