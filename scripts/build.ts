/**
 * Production build: React Router prerenders every page into build/client, each page's hydration
 * scripts are moved behind its load event (defer-hydration.ts), then every text file is precompressed (brotli and gzip) so the server picks a variant by Accept-Encoding without
 * compressing per request. Writes build/build-info.json last (time and build settings);
 * scripts/start.ts compares both with the sources and the environment to decide whether to rebuild.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { siteConfigFromEnv } from '#app/site-config.ts'
import { deferHydration } from './defer-hydration.ts'

const root = path.resolve(import.meta.dirname, '..')
export const BUILD_DIR = path.join(root, 'build')
export const CLIENT_DIR = path.join(BUILD_DIR, 'client')
export const BUILD_INFO = path.join(BUILD_DIR, 'build-info.json')

const COMPRESSIBLE = /\.(html|js|mjs|css|json|data|xml|txt|svg|webmanifest|map)$/

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile()) yield full
  }
}

export function precompress(dir: string): { files: number; raw: number; br: number } {
  let files = 0
  let raw = 0
  let br = 0
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue
    const content = fs.readFileSync(file)
    if (content.length < 256) continue
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    })
    const gzip = zlib.gzipSync(content, { level: 9 })
    // Keep a variant only where it actually saves bytes.
    if (brotli.length < content.length) fs.writeFileSync(file + '.br', brotli)
    if (gzip.length < content.length) fs.writeFileSync(file + '.gz', gzip)
    files++
    raw += content.length
    br += Math.min(brotli.length, content.length)
  }
  return { files, raw, br }
}

export function build() {
  const started = Date.now()
  // Validate the PUBLIC_* settings before spending time on the build.
  let config
  try {
    config = siteConfigFromEnv(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  fs.rmSync(BUILD_DIR, { recursive: true, force: true })
  const result = spawnSync('react-router', ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  })
  if (result.status !== 0) {
    console.error('Build failed (see the messages above).')
    process.exit(result.status ?? 1)
  }
  for (const file of walk(CLIENT_DIR)) {
    if (file.endsWith('.html'))
      fs.writeFileSync(file, deferHydration(fs.readFileSync(file, 'utf8')))
  }
  const stats = precompress(CLIENT_DIR)
  fs.writeFileSync(
    BUILD_INFO,
    JSON.stringify({ builtAt: new Date().toISOString(), config }, null, 2),
  )
  console.log(
    `Precompressed ${stats.files} files: ${(stats.raw / 1024).toFixed(0)} KB -> ${(stats.br / 1024).toFixed(0)} KB brotli. Build took ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
}

if (import.meta.main) build()
