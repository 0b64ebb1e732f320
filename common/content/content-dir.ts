/**
 * The one module of common/ that touches files (eslint.config.js allows it, and only it): the
 * build and the server both read a content folder, and they must read it the same way. Node
 * only; nothing in the browser imports it.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  ARTICLES_FOLDER,
  EPISODES_FOLDER,
  isBinaryFile,
  PODCAST_FOLDER,
  snapshotFiles,
  snapshotFromFiles,
  snapshotStoredFiles,
} from './files.ts'
import type { ContentSnapshot } from './snapshot.ts'

/** How a file is named in messages: relative to the working directory when inside it. */
function labelFor(dir: string) {
  return (file: string) => {
    const full = path.join(dir, file)
    const relative = path.relative(process.cwd(), full)
    return relative.startsWith('..') || path.isAbsolute(relative) ? full : relative
  }
}

/** The files of the folders content/ holds: articles/, podcast/ and podcast/episodes/. */
function contentPaths(dir: string): string[] {
  const paths: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && !entry.name.startsWith('.') && entry.name !== 'README.md')
      paths.push(entry.name)
  }
  for (const folder of [ARTICLES_FOLDER, PODCAST_FOLDER, EPISODES_FOLDER]) {
    const full = path.join(dir, folder)
    if (!fs.existsSync(full)) continue
    for (const entry of fs
      .readdirSync(full, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.isFile() && !entry.name.startsWith('.')) paths.push(`${folder}/${entry.name}`)
    }
  }
  return paths
}

/**
 * The text files of a content folder: its top-level files, articles/*.md and the podcast's show,
 * episodes, transcripts and chapters. README.md is a guide.
 */
export function listContentFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const file of contentPaths(dir).filter((p) => !isBinaryFile(p)))
    files.set(file, fs.readFileSync(path.join(dir, file), 'utf8'))
  return files
}

/** The files of a content folder that are bytes: the podcast's audio and artwork. */
export function listStoredFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  for (const file of contentPaths(dir).filter(isBinaryFile))
    files.set(file, fs.readFileSync(path.join(dir, file)))
  return files
}

/**
 * Reads and checks a content folder (the repository's content/, or an export). Throws a
 * ContentError that names every file and field that is wrong.
 */
export function readContentDir(dir: string): ContentSnapshot {
  return readContentFolder(dir).snapshot
}

/**
 * A content folder for an import: its snapshot, the bytes of its stored files (audio, artwork)
 * by path, and how its files are named in messages.
 */
export function readContentFolder(dir: string): {
  snapshot: ContentSnapshot
  stored: Map<string, Buffer>
  label: (file: string) => string
} {
  const stored = listStoredFiles(dir)
  const label = labelFor(dir)
  return { snapshot: snapshotFromFiles(listContentFiles(dir), label, stored), stored, label }
}

/**
 * Writes a snapshot into a folder in the repository's formats: its text files, and its stored
 * files (audio, artwork) as `readStored` gives their bytes. The folder must be empty or missing:
 * an export never mixes with files that were there before.
 */
export async function writeContentDir(
  dir: string,
  snapshot: ContentSnapshot,
  readStored: (file: { sha256: string; size: number }) => Promise<Uint8Array>,
): Promise<string[]> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: export into a new or empty folder.`)
  const written: string[] = []
  const write = (file: string, data: string | Uint8Array) => {
    const full = path.join(dir, file)
    fs.mkdirSync(path.dirname(full), { recursive: true })
    fs.writeFileSync(full, data)
    written.push(file)
  }
  for (const [file, text] of snapshotFiles(snapshot)) write(file, text)
  for (const file of snapshotStoredFiles(snapshot)) write(file.path, await readStored(file))
  return written
}
