/**
 * The staff app's files (app/admin, built by scripts/build-admin.ts into the release's `admin`
 * folder beside `client`): read into memory once at start-up with their precompressed variants,
 * and served only under /admin. Every path under /admin that is not a file answers the app's
 * index.html (the app routes in the browser); its status says whether the person may open that
 * page (routes.ts). No public page refers to any of these files.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { chooseEncoding } from '#server/http/encoding.ts'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * The staff app's Content-Security-Policy: its own scripts and styles only (it has no inline
 * script or style at all), its own API, nothing framed, no plugins, and Trusted Types so that no
 * string can become HTML or script. One policy may exist, `article-paste`: the article editor
 * reads pasted HTML with DOMParser (an inert document, never the page) before its schema keeps
 * only what an article may contain (app/admin/editor/paste.ts).
 */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  // The podcast's episode form plays the uploaded audio (/media/u/).
  "media-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types article-paste',
].join('; ')

interface Variant {
  body: Buffer
  br: Buffer | undefined
  gzip: Buffer | undefined
  contentType: string
  etag: string
}

export interface AdminApp {
  /** The app's index.html, or a page that says the app was not built. */
  readonly built: boolean
  sendShell(request: FastifyRequest, reply: FastifyReply, status: number): FastifyReply
  /** Sends /admin/assets/<name>; false when there is no such file. */
  sendAsset(request: FastifyRequest, reply: FastifyReply, name: string): FastifyReply | false
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
}

function readVariant(file: string): Variant {
  const body = fs.readFileSync(file)
  const optional = (suffix: string) =>
    fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined
  return {
    body,
    br: optional('.br'),
    gzip: optional('.gz'),
    contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
    etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  }
}

const NOT_BUILT = Buffer.from(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Back office not built · DocuCommons</title></head>
<body><main><h1>The back office has not been built</h1>
<p>This server's build has no staff app. Run <code>npm run build</code> and restart the server.</p></main></body>
</html>
`)

/** Reads the built staff app from `dir` (missing: every page says so, with status 503). */
export function loadAdminApp(dir: string | undefined): AdminApp {
  const index = dir ? path.join(dir, 'index.html') : undefined
  const built = index !== undefined && fs.existsSync(index)
  const shell: Variant = built
    ? readVariant(index)
    : {
        body: NOT_BUILT,
        br: undefined,
        gzip: undefined,
        contentType: TYPES['.html']!,
        etag: '"not-built"',
      }
  const assets = new Map<string, Variant>()
  const assetDir = dir ? path.join(dir, 'assets') : undefined
  if (built && assetDir && fs.existsSync(assetDir)) {
    for (const name of fs.readdirSync(assetDir)) {
      if (name.endsWith('.br') || name.endsWith('.gz')) continue
      const file = path.join(assetDir, name)
      if (fs.statSync(file).isFile()) assets.set(name, readVariant(file))
    }
  }

  const send = (request: FastifyRequest, reply: FastifyReply, variant: Variant, status: number) => {
    reply.code(status).header('content-type', variant.contentType).header('etag', variant.etag)
    if (variant.br || variant.gzip) reply.header('vary', 'Accept-Encoding')
    const encoding = chooseEncoding(request.headers['accept-encoding'], variant)
    const body = encoding ? variant[encoding]! : variant.body
    if (encoding) reply.header('content-encoding', encoding)
    return reply
      .header('content-length', body.length)
      .send(request.method === 'HEAD' ? undefined : body)
  }

  return {
    built,
    sendShell(request, reply, status) {
      return send(request, reply, shell, built ? status : 503)
    },
    sendAsset(request, reply, name) {
      const asset = assets.get(name)
      return asset ? send(request, reply, asset, 200) : false
    },
  }
}
