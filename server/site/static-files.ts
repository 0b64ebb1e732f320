/**
 * The build's client folder (scripts, fonts, media, icons, the web manifest), served as files. The
 * folder is indexed once at start-up, so a request is a Map lookup: no stat calls and no path
 * joins from user input on the hot path. Pages are not files here: they are the page set
 * (page-set.ts).
 *
 * - Hashed assets (/assets/*) are immutable for a year; media is cached for a day; other files
 *   (icons, the manifest) for an hour, pages and text resources revalidated on every use.
 * - Precompressed .br/.gz siblings written by the build are chosen by Accept-Encoding.
 */
import fs from 'node:fs'
import path from 'node:path'
import { chooseEncoding } from '#server/http/encoding.ts'

export interface StaticFile {
  readonly absolutePath: string
  readonly size: number
  readonly etag: string
  readonly contentType: string
  readonly cacheControl: string
  readonly br?: { absolutePath: string; size: number }
  readonly gzip?: { absolutePath: string; size: number }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.data': 'text/x-script; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  // Pages and route data name the hashed assets of their build: always asked again (a 304 when
  // unchanged), so a deploy is seen at once, also through a CDN.
  page: 'public, max-age=0, must-revalidate',
  media: 'public, max-age=86400, stale-while-revalidate=604800',
  other: 'public, max-age=3600',
} as const

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return CACHE.immutable
  if (/\.(html|data|xml|webmanifest|txt)$/.test(urlPath)) return CACHE.page
  if (urlPath.startsWith('/media/') || urlPath.startsWith('/fonts/')) return CACHE.media
  return CACHE.other
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile()) yield full
  }
}

/** Indexes every file under root by URL path. Compressed siblings are attached, not listed. */
export function indexBuild(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const all = new Set(walk(root))
  for (const absolutePath of all) {
    if (absolutePath.endsWith('.br') || absolutePath.endsWith('.gz')) continue
    const stat = fs.statSync(absolutePath)
    const urlPath = '/' + path.relative(root, absolutePath).split(path.sep).join('/')
    const sibling = (ext: string) =>
      all.has(absolutePath + ext)
        ? { absolutePath: absolutePath + ext, size: fs.statSync(absolutePath + ext).size }
        : undefined
    const br = sibling('.br')
    const gzip = sibling('.gz')
    files.set(urlPath, {
      absolutePath,
      size: stat.size,
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      contentType: CONTENT_TYPES[path.extname(absolutePath)] ?? 'application/octet-stream',
      cacheControl: cacheControlFor(urlPath),
      ...(br && { br }),
      ...(gzip && { gzip }),
    })
  }
  return files
}

export type Resolution = { kind: 'file'; file: StaticFile } | { kind: 'not-found' }

/** The URL path decoded, or undefined when it is malformed or steps out of the folder. */
export function decodePath(rawPath: string): string | undefined {
  let urlPath: string
  try {
    urlPath = decodeURIComponent(rawPath)
  } catch {
    return undefined
  }
  if (urlPath.includes('\0') || urlPath.split('/').includes('..')) return undefined
  return urlPath
}

/** Maps a request path to a file of the client folder. */
export function resolvePath(files: Map<string, StaticFile>, rawPath: string): Resolution {
  const urlPath = decodePath(rawPath)
  const file = urlPath === undefined ? undefined : files.get(urlPath)
  return file ? { kind: 'file', file } : { kind: 'not-found' }
}

/** Picks br, then gzip, by the client's Accept-Encoding (q=0 means refused). */
export function negotiateEncoding(
  file: StaticFile,
  acceptEncoding: string | undefined,
): 'br' | 'gzip' | undefined {
  return chooseEncoding(acceptEncoding, file)
}

/**
 * resolvePath remembered per raw path: a page asked for again is one Map lookup instead of a
 * decode, a split and up to three lookups (issue 11). Only paths that name a file are kept, at
 * most `max` of them; beyond that the memory starts afresh (the build has a few hundred files,
 * each reachable by a few spellings).
 */
export function createResolver(files: Map<string, StaticFile>, max = 2048) {
  const found = new Map<string, Resolution>()
  const resolve = (rawPath: string): Resolution => {
    const known = found.get(rawPath)
    if (known) return known
    const resolution = resolvePath(files, rawPath)
    if (resolution.kind === 'file') {
      if (found.size >= max) found.clear()
      found.set(rawPath, resolution)
    }
    return resolution
  }
  /** How many paths are remembered (for tests). */
  resolve.size = () => found.size
  return resolve
}
