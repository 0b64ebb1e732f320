/**
 * A release's finished pages on disk, as the build writes them and the server loads them at
 * start-up: `<build>/pages/` holds each page's body with its `.br` and `.gz` forms, and
 * `pages.json` the rest (status, content type, ETag, CSP hashes). They sit beside `client/` (the
 * files served as they are), not in it: the server answers pages from memory only, so a page
 * removed at run time cannot come back from a file.
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { FinishedPage } from './renderer.ts'

export const PAGES_DIR = 'pages'
export const PAGES_MANIFEST = 'pages.json'

const manifestSchema = z.object({
  /** When the build rendered them (the render clock every page was rendered with). */
  renderedAt: z.iso.datetime(),
  /** The fingerprint of the content they were rendered from (renderer.ts, contentFingerprint). */
  content: z.string().optional(),
  notFound: z.string(),
  pages: z.array(
    z.object({
      path: z.string().startsWith('/'),
      file: z.string().min(1),
      status: z.number().int(),
      contentType: z.string(),
      etag: z.string(),
      scriptHashes: z.array(z.string()),
      br: z.boolean(),
      gzip: z.boolean(),
    }),
  ),
})

export interface PageFiles {
  renderedAt: Date
  /** The fingerprint of the content the pages were rendered from, when known. */
  content?: string | undefined
  pages: FinishedPage[]
  notFound: FinishedPage
}

/** Where a page's body goes: HTML as <path>/index.html, anything else under its own name. */
export function pageFileName(page: Pick<FinishedPage, 'path' | 'contentType'>): string {
  const relative = page.path.replace(/^\/+/, '')
  if (!page.contentType.startsWith('text/html')) return relative
  return relative ? `${relative}/index.html` : 'index.html'
}

export function writePageFiles(buildDirectory: string, files: PageFiles): void {
  const dir = path.join(buildDirectory, PAGES_DIR)
  fs.rmSync(dir, { recursive: true, force: true })
  const entries = [...files.pages, files.notFound].map((page) => {
    const file = pageFileName(page)
    const full = path.join(dir, file)
    fs.mkdirSync(path.dirname(full), { recursive: true })
    fs.writeFileSync(full, page.body)
    if (page.br) fs.writeFileSync(`${full}.br`, page.br)
    if (page.gzip) fs.writeFileSync(`${full}.gz`, page.gzip)
    return {
      path: page.path,
      file,
      status: page.status,
      contentType: page.contentType,
      etag: page.etag,
      scriptHashes: page.scriptHashes,
      br: Boolean(page.br),
      gzip: Boolean(page.gzip),
    }
  })
  const manifest: z.input<typeof manifestSchema> = {
    renderedAt: files.renderedAt.toISOString(),
    ...(files.content !== undefined && { content: files.content }),
    notFound: files.notFound.path,
    pages: entries,
  }
  fs.writeFileSync(path.join(dir, PAGES_MANIFEST), JSON.stringify(manifest, null, 2))
}

export function readPageFiles(buildDirectory: string): PageFiles {
  const dir = path.join(buildDirectory, PAGES_DIR)
  const manifestFile = path.join(dir, PAGES_MANIFEST)
  if (!fs.existsSync(manifestFile))
    throw new Error(
      `The build at ${buildDirectory} has no rendered pages (${PAGES_DIR}/${PAGES_MANIFEST}). Run "npm run build".`,
    )
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')))
  const read = (file: string) => fs.readFileSync(path.join(dir, file))
  const pages = manifest.pages.map((entry): FinishedPage => ({
    path: entry.path,
    status: entry.status,
    contentType: entry.contentType,
    etag: entry.etag,
    scriptHashes: entry.scriptHashes,
    body: read(entry.file),
    br: entry.br ? read(`${entry.file}.br`) : undefined,
    gzip: entry.gzip ? read(`${entry.file}.gz`) : undefined,
  }))
  const notFound = pages.find((page) => page.path === manifest.notFound)
  if (!notFound) throw new Error(`${manifestFile} lists no page for ${manifest.notFound}`)
  return {
    renderedAt: new Date(manifest.renderedAt),
    content: manifest.content,
    pages: pages.filter((page) => page !== notFound),
    notFound,
  }
}
