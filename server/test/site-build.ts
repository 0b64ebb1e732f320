/**
 * Test helper: a site build on disk as the server opens it (client files and finished pages,
 * server/render/page-files.ts), for tests of the server. The pages are the test's own; tests of
 * the render pipeline itself use the real build (server/test/real-build.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { writePageFiles } from '#server/render/page-files.ts'
import { etagOf, type FinishedPage } from '#server/render/renderer.ts'
import { openSiteBuild, type SiteBuild } from '#server/site/site-build.ts'

/** A finished page with both compressed forms. */
export function finishedPage(
  pagePath: string,
  body: string,
  options: { status?: number; contentType?: string; scriptHashes?: string[] } = {},
): FinishedPage {
  const bytes = Buffer.from(body)
  return {
    path: pagePath,
    status: options.status ?? 200,
    contentType: options.contentType ?? 'text/html; charset=utf-8',
    body: bytes,
    br: zlib.brotliCompressSync(bytes),
    gzip: zlib.gzipSync(bytes),
    etag: etagOf(bytes),
    scriptHashes: options.scriptHashes ?? [],
  }
}

/**
 * Writes `<dir>/client/<files>` and `<dir>/pages/` (each of `pages` an HTML page, and a
 * not-found page); returns the client folder, which is what BUILD_DIR names.
 */
export function writeSiteBuild(
  dir: string,
  content: {
    pages: Record<string, string>
    notFound?: string
    files?: Record<string, string | Buffer>
  },
): string {
  const client = path.join(dir, 'client')
  fs.mkdirSync(client, { recursive: true })
  for (const [name, body] of Object.entries(content.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(client, name)), { recursive: true })
    fs.writeFileSync(path.join(client, name), body)
  }
  writePageFiles(dir, {
    renderedAt: new Date('2026-01-01T00:00:00Z'),
    pages: Object.entries(content.pages).map(([pagePath, body]) => finishedPage(pagePath, body)),
    notFound: finishedPage(
      '/__not-found',
      content.notFound ?? '<!doctype html><title>Not found</title><p>Not found</p>',
      { status: 404 },
    ),
  })
  return client
}

/** writeSiteBuild, then opened as the server opens BUILD_DIR. */
export function openTestSiteBuild(
  dir: string,
  content: Parameters<typeof writeSiteBuild>[1],
): SiteBuild {
  return openSiteBuild(writeSiteBuild(dir, content))
}

/** A real build (server/test/real-build.ts) opened as the server opens it. */
export function openRealSiteBuild(buildDirectory: string): SiteBuild {
  return openSiteBuild(path.join(buildDirectory, 'client'))
}
