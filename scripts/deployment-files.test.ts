/**
 * No Docker engine runs where the tests run, so the image is never built here. What keeps the
 * Dockerfile and compose.yaml honest is that they use the commands and the proxy configuration
 * the tests do run: the commands of docs/deployment.md (scripts/deployment-doc.test.ts) and the
 * server command and deploy/nginx/app.conf of the topology test (server/test/topology.test.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { deploymentCommands } from './deployment-commands.ts'
import { appConfIn, findNginx, NGINX_APP_CONF, NGINX_LOG_FORMAT_CONF } from './nginx.ts'
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from '#server/test/server-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

/** The Dockerfile's stages: instruction lines (continuations joined) per FROM. */
function stages(dockerfile: string): Map<string, string[]> {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  const result = new Map<string, string[]>()
  let current: string[] | undefined
  for (const line of lines) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)$/i.exec(line)
    if (from) result.set(from[2]!, (current = [line]))
    else current?.push(line)
  }
  return result
}

describe('Dockerfile and compose.yaml', () => {
  const dockerfile = stages(read('Dockerfile'))
  const build = dockerfile.get('build') ?? []
  const runtime = dockerfile.get('runtime') ?? []
  const runs = (stage: string[]) => stage.filter((line) => line.startsWith('RUN ')).join('\n')

  it('builds on Node 24 with the docs/deployment.md build commands, and runs what the docs/deployment.md copies to a host', () => {
    expect(read('Dockerfile')).toMatch(/^ARG NODE_VERSION=24$/m)
    expect(build[0]).toMatch(/^FROM node:\$\{NODE_VERSION\}/)
    expect(runtime[0]).toMatch(/^FROM node:\$\{NODE_VERSION\}/)
    const commands = deploymentCommands()
    // "PUBLIC_SITE_URL=… npm run build": the image takes the settings as build arguments.
    const npm = commands.map((command) => command.replace(/^(PUBLIC_\w+=\S+\s+)+/, ''))
    expect(npm).toContain('npm ci')
    expect(npm).toContain('npm run build')
    expect(npm).toContain('npm ci --omit=dev')
    expect(runs(build)).toContain('npm ci ')
    expect(runs(build)).toContain('npm run build')
    expect(runs(runtime)).toContain('npm ci --omit=dev')
    expect(runs(runtime)).not.toMatch(/npm ci(?! --omit=dev)/)
    expect(runs(runtime)).not.toContain('npm run build')

    // Step 2 of the docs/deployment.md copies these to the host; the runtime stage holds the same.
    const copy = commands.find((command) => command.startsWith('cp -a '))
    const copied = copy!.split(/\s+/).slice(2, -1)
    expect(copied).toEqual([
      'package.json',
      'package-lock.json',
      'server',
      'common',
      'build',
      'content',
    ])
    expect(runtime).toContain('COPY package.json package-lock.json ./')
    expect(runtime).toContain('COPY server ./server')
    expect(runtime).toContain('COPY common ./common')
    expect(runtime).toContain('COPY content ./content')
    expect(runtime).toContain('COPY --from=build --chown=node:node /app/build ./build')
    expect(runtime.filter((line) => line.startsWith('COPY '))).toHaveLength(5)
  })

  it('starts the server as the docs/deployment.md and the topology test do, as a non-root user with a health check', () => {
    const serve = deploymentCommands().at(-1)!
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts
    const script = /^npm run (\S+)$/.exec(serve)?.[1]
    const command = script ? scripts[script] : serve
    const argv = ['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY]
    // The npm scripts set the server's environment unless it is set already; the image sets it.
    const environment = Object.entries(SERVER_ENV).map(([k, v]) => `${k}=\${${k}:-${v}}`)
    expect(command).toBe([...environment, ...argv].join(' '))
    expect(runtime.at(-1)).toBe(`CMD ${JSON.stringify(argv).replaceAll('","', '", "')}`)
    const imageEnv = runtime
      .filter((line) => line.startsWith('ENV '))
      .flatMap((l) => l.split(/\s+/))
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(imageEnv).toContain(`${name}=${value}`)
    // The first start (`npm start`) serves with the same flags and environment.
    expect(scripts.start).toBe(
      [...environment, 'node', ...SERVER_NODE_FLAGS, 'scripts/start.ts'].join(' '),
    )
    expect(runtime).toContain('USER node')
    const healthcheck = runtime.find((line) => line.startsWith('HEALTHCHECK '))
    expect(healthcheck).toContain('/api/health')
  })

  it('runs three app replicas on PostgreSQL behind the nginx configuration the topology test uses', () => {
    const compose = parse(read('compose.yaml')) as {
      services: Record<
        string,
        {
          deploy?: { replicas?: number }
          environment?: Record<string, string>
          volumes?: string[]
          image?: string
        }
      >
    }
    const { proxy, app, db } = compose.services
    expect(app?.deploy?.replicas).toBe(3)
    expect(app?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@db:5432\//)
    expect(app?.environment?.TRUST_PROXY).toBe('1')
    expect(db?.image).toMatch(/^postgres:/)
    expect(db?.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true)
    const appConf = `./${path.relative(root, NGINX_APP_CONF)}:/etc/nginx/app.conf:ro`
    expect(proxy?.volumes).toContain(appConf)
    expect(proxy?.volumes).toContain(
      './deploy/nginx/compose.conf:/etc/nginx/conf.d/default.conf:ro',
    )
    const composeConf = read('deploy/nginx/compose.conf')
    expect(composeConf).toMatch(/^\s*include \/etc\/nginx\/app\.conf;$/m)
    expect(composeConf).toMatch(/^\s*listen 443 ssl;$/m)
  })

  it('has an nginx configuration that nginx accepts, TLS included', () => {
    const nginx = findNginx()
    if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-nginx-check-'))
    try {
      // A throwaway certificate where compose mounts deploy/certs.
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-keyout',
          path.join(dir, 'privkey.pem'),
          '-out',
          path.join(dir, 'fullchain.pem'),
        ],
        { stdio: 'ignore' },
      )
      // Debian's nginx (1.22) predates two directives of the nginx image compose runs: the
      // upstream's `resolve` (1.27.3) and `http2 on` (1.25.1). Everything else is checked as is.
      const conf = read('deploy/nginx/compose.conf')
        .replace('server app:3000 resolve', 'server 127.0.0.1:3000')
        .replace(/^\s*http2 on;$/m, '')
        .replaceAll('/etc/nginx/app.conf', appConfIn(dir))
        .replaceAll('/etc/nginx/log-format.conf', NGINX_LOG_FORMAT_CONF)
        .replaceAll('/var/log/nginx/access.log', path.join(dir, 'access.log'))
        .replaceAll('/etc/nginx/certs', dir)
      fs.writeFileSync(path.join(dir, 'default.conf'), conf)
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  include ${dir}/default.conf;\n}\n`,
      )
      const check = spawnSync(
        nginx,
        ['-t', '-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')],
        {
          encoding: 'utf8',
        },
      )
      expect(check.stderr).toContain('test is successful')
      expect(check.status).toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
