/**
 * The staff app's build (app/admin, vite.admin.config.ts) into a folder of its own: the release's
 * `admin` folder beside `client`, which the server serves under /admin only (server/staff/
 * admin-app.ts). Its files get brotli and gzip twins like the site's, so the server picks one by
 * Accept-Encoding without compressing per request. No public page refers to any of them
 * (e2e/admin-isolation.spec.ts checks the built site).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')

export function buildAdmin(outDir: string) {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'vite.admin.config.ts', '--outDir', outDir, '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error('The staff app (app/admin) did not build: see above.')
  for (const dir of [outDir, path.join(outDir, 'assets')]) {
    for (const name of fs.readdirSync(dir)) {
      if (!/\.(html|js|css|svg)$/.test(name)) continue
      const file = path.join(dir, name)
      const content = fs.readFileSync(file)
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
      )
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }))
    }
  }
}

if (import.meta.main) buildAdmin(path.resolve(process.argv[2] ?? 'build/admin'))
