/**
 * A throwaway nginx on 127.0.0.1 in front of server processes, from Debian's nginx package: the
 * proxy of the reference topology (deploy/nginx/app.conf, the same file compose.yaml mounts), with
 * a round-robin upstream of the given addresses. Used by server/test/topology.test.ts; also
 * runnable:  node scripts/nginx.ts start 127.0.0.1:3001 127.0.0.1:3002   (prints its URL)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.ts'

const root = path.resolve(import.meta.dirname, '..')
export const NGINX_APP_CONF = path.join(root, 'deploy', 'nginx', 'app.conf')
/** The access log's format, included at the http level (as compose.conf does). */
export const NGINX_LOG_FORMAT_CONF = path.join(root, 'deploy', 'nginx', 'log-format.conf')

export interface RunningNginx {
  url: string
  port: number
  /** What nginx wrote to stderr (its error log). */
  output: string[]
  /** The access log app.conf writes (one line a request), in this nginx's own folder. */
  accessLogFile: string
  stop(): Promise<void>
}

export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(candidate)) return candidate
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' })
  return which.status === 0 ? which.stdout.trim() : undefined
}

/** Where app.conf writes its access log (in the nginx image, a link to the container's output). */
export const NGINX_ACCESS_LOG = '/var/log/nginx/access.log'
const ACCESS_LOG = 'access.log'

/**
 * deploy/nginx/app.conf as it is, but for the access log's file, which goes into `dir` (a test's
 * nginx may not write to the system's logs).
 */
export function appConfIn(dir: string): string {
  const conf = fs.readFileSync(NGINX_APP_CONF, 'utf8')
  if (!conf.includes(NGINX_ACCESS_LOG))
    throw new Error(`app.conf does not log to ${NGINX_ACCESS_LOG}`)
  const copy = path.join(dir, 'app.conf')
  fs.writeFileSync(copy, conf.replaceAll(NGINX_ACCESS_LOG, path.join(dir, ACCESS_LOG)))
  return copy
}

/** The http-level configuration: everything but the shared app.conf is about running as a test. */
export function nginxConfig(options: { dir: string; port: number; upstreams: string[] }) {
  const { dir, port, upstreams } = options
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`
  return `daemon off;
master_process on;
worker_processes 1;
worker_rlimit_nofile 8192;
pid ${path.join(dir, 'nginx.pid')};
error_log stderr warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  include ${NGINX_LOG_FORMAT_CONF};
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}
  upstream app {
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    include ${appConfIn(dir)};
  }
}
`
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Starts nginx in the foreground and resolves once it accepts connections. */
export async function startNginx(options: { upstreams: string[] }): Promise<RunningNginx> {
  const bin = findNginx()
  if (!bin) {
    throw new Error(
      'nginx is not installed: apt-get install -y nginx (Debian package; .ci/run installs it)',
    )
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-nginx-'))
  // Another process may take the free port between the check and nginx's bind: try again.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const conf = path.join(dir, 'nginx.conf')
    fs.writeFileSync(conf, nginxConfig({ dir, port, upstreams: options.upstreams }))
    const output: string[] = []
    const child = spawn(bin, ['-p', dir, '-e', 'stderr', '-c', conf], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })

    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (chunk: string) => output.push(...chunk.trimEnd().split('\n')))
    const deadline = Date.now() + 10_000
    let ready = false
    while (!ready && child.exitCode === null && Date.now() < deadline) {
      ready = await accepts(port)
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    if (ready) {
      return {
        url: `http://127.0.0.1:${port}`,
        port,
        output,
        accessLogFile: path.join(dir, ACCESS_LOG),
        async stop() {
          // SIGQUIT: nginx's graceful shutdown (finish requests in flight).
          child.kill('SIGQUIT')
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
          await exited(child)
          clearTimeout(timer)
          fs.rmSync(dir, { recursive: true, force: true })
        },
      }
    }
    child.kill('SIGKILL')
    await exited(child)
    const log = output.join('\n')
    if (attempt < 3 && /Address already in use/.test(log)) continue
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`nginx did not start:\n${log}`)
  }
}

if (import.meta.main && process.argv[2] === 'start') {
  const upstreams = process.argv.slice(3)
  if (upstreams.length === 0) {
    console.error('usage: node scripts/nginx.ts start HOST:PORT [HOST:PORT...]')
    process.exit(1)
  }
  const nginx = await startNginx({ upstreams })
  console.log(`nginx on ${nginx.url} in front of ${upstreams.join(', ')}`)
  const stop = () => void nginx.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
