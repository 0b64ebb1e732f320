/**
 * The API and the prerendered pages beside nginx: CPU time per request of this server and of
 * nginx (Debian package) serving the same bytes with comparable headers, each pinned to one core,
 * both driven by wrk on the other core. CPU time, not throughput, is the figure: the machine is
 * shared, and another process's load changes requests/s far more than CPU per request.
 *
 * CPU per request = (utime + stime of the server process over the run, /proc/<pid>/stat)
 *                   / requests completed.
 *
 *   npm run bench:api                      # 3 interleaved rounds of 8 s per URL and server
 *   npm run bench:api -- --seconds 4 --rounds 1 --no-write
 *
 * Needs `npm run build`, and `apt-get install -y wrk nginx libnginx-mod-http-brotli-static`.
 * Ports: BENCH_API_PORT (4381) and BENCH_NGINX_PORT (4382); cores: BENCH_SERVER_CPU (0) and
 * BENCH_CLIENT_CPU (1). Writes its section of docs/benchmarks.md between its own markers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PAGES_DIR, pageFileName, readPageFiles } from '#server/render/page-files.ts'
import { CACHE } from '#server/site/static-files.ts'
import { median } from './median.ts'
import { writeReportSection } from './report.ts'
import { baseHeaders, API_CSP, contentSecurityPolicy } from '#server/http/security-headers.ts'

const root = path.resolve(import.meta.dirname, '../..')
const buildDir = path.join(root, 'build/client')
/** The release folder build/client belongs to: its pages are beside it. */
const releaseDir = () => path.dirname(fs.realpathSync(buildDir))
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
const CATALOGUE = '/api/core/sample/courses/'
const PAGES = ['/', '/articles/marisol-vega']
const MARKERS = { start: '<!-- api-bench:start -->', end: '<!-- api-bench:end -->' }

interface Run {
  requests: number
  rps: number
  errors: number
  cpuMicros: number
}

export interface ApiBenchOptions {
  seconds?: number
  rounds?: number
  connections?: number
  write?: boolean
}

export async function runApiBench(options: ApiBenchOptions = {}) {
  const seconds = options.seconds ?? 8
  const rounds = options.rounds ?? 3
  const connections = options.connections ?? 100
  const serverCpu = process.env.BENCH_SERVER_CPU ?? '0'
  const clientCpu = process.env.BENCH_CLIENT_CPU ?? '1'
  const apiPort = Number(process.env.BENCH_API_PORT ?? 4381)
  const nginxPort = Number(process.env.BENCH_NGINX_PORT ?? 4382)

  for (const [tool, hint] of [
    ['wrk', 'apt-get install -y wrk'],
    ['nginx', 'apt-get install -y nginx'],
    ['taskset', 'apt-get install -y util-linux'],
  ] as const) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is missing: ${hint}`)
  }
  if (!fs.existsSync(BROTLI_MODULE))
    throw new Error(
      'nginx cannot serve .br files: apt-get install -y libnginx-mod-http-brotli-static',
    )
  if (!fs.existsSync(buildDir) || !fs.existsSync(path.join(releaseDir(), PAGES_DIR)))
    throw new Error(`No build at ${buildDir}: run npm run build first.`)

  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-api-bench-'))
  const children: ChildProcess[] = []
  try {
    const node = spawn('taskset', ['-c', serverCpu, process.execPath, 'server/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        DATA_DIR: path.join(temp, 'data'),
        LOG_LEVEL: 'info',
      },
      // The request log goes to a file, as it would to a log collector: its cost is counted.
      stdio: ['ignore', fs.openSync(path.join(temp, 'server.log'), 'w'), 'inherit'],
    })
    children.push(node)
    const apiBase = `http://127.0.0.1:${apiPort}`
    await waitFor(`${apiBase}${CATALOGUE}`, node)

    // nginx serves the very bytes the server answers: the catalogue JSON and its compressed
    // forms written beside it, and the prerendered pages straight from the build.
    const json = await (await fetch(`${apiBase}${CATALOGUE}`)).text()
    const jsonFile = path.join(temp, 'courses.json')
    writeWithCompressed(jsonFile, json)
    fs.writeFileSync(path.join(temp, 'nginx.conf'), nginxConfig(temp, nginxPort, jsonFile))
    const nginx = spawn(
      'taskset',
      ['-c', serverCpu, 'nginx', '-p', temp, '-c', path.join(temp, 'nginx.conf')],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    children.push(nginx)
    const nginxBase = `http://127.0.0.1:${nginxPort}`
    await waitFor(`${nginxBase}${CATALOGUE}`, nginx)
    await compareHeaders(apiBase, nginxBase)

    const targets = [CATALOGUE, ...PAGES]
    const servers = [
      { name: 'node', base: apiBase, pid: node.pid! },
      { name: 'nginx', base: nginxBase, pid: nginx.pid! },
    ]
    for (const server of servers)
      for (const url of targets) wrk(server.base + url, 2, connections, clientCpu) // warm up

    const runs = new Map<string, Run[]>()
    for (let round = 1; round <= rounds; round++) {
      for (const url of targets) {
        for (const server of servers) {
          const before = cpuTicks(server.pid)
          const result = wrk(server.base + url, seconds, connections, clientCpu)
          const ticks = cpuTicks(server.pid) - before
          const run: Run = {
            requests: result.requests,
            rps: result.rps,
            errors: result.errors,
            cpuMicros: (ticks * 1e6) / TICKS_PER_SECOND / Math.max(1, result.requests),
          }
          const key = `${server.name} ${url}`
          runs.set(key, [...(runs.get(key) ?? []), run])
          console.log(
            `round ${round} ${key.padEnd(36)} ${run.rps.toFixed(0).padStart(6)} req/s  ${run.cpuMicros.toFixed(1).padStart(6)} µs CPU/request  errors ${run.errors}`,
          )
        }
      }
    }

    const rows = targets.map((url) => {
      const ourRuns = runs.get(`node ${url}`)!
      const theirRuns = runs.get(`nginx ${url}`)!
      return {
        url,
        ours: summarise(ourRuns),
        theirs: summarise(theirRuns),
        ratio: pairedRatio(ourRuns, theirRuns),
      }
    })
    const table = [
      `| URL | node req/s | node µs CPU/req | node errors | nginx req/s | nginx µs CPU/req | nginx errors | ratio |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|`,
      ...rows.map(
        (r) =>
          `| \`${r.url}\` | ${r.ours.rps.toFixed(0)} | ${r.ours.cpuMicros.toFixed(1)} | ${r.ours.errors} | ${r.theirs.rps.toFixed(0)} | ${r.theirs.cpuMicros.toFixed(1)} | ${r.theirs.errors} | **${r.ratio.toFixed(2)}×** |`,
      ),
    ].join('\n')
    console.log(
      `\nMedians of ${rounds} interleaved rounds, ${connections} connections, ${seconds} s each\n`,
    )
    console.log(table)
    if (options.write !== false) writeSection(table, { seconds, rounds, connections })
    return rows
  } finally {
    for (const child of children.reverse()) await stop(child)
    fs.rmSync(temp, { recursive: true, force: true })
  }
}

const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/** utime + stime of a process, all its threads, in clock ticks. */
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

function wrk(url: string, seconds: number, connections: number, cpu: string) {
  const result = spawnSync(
    'taskset',
    [
      '-c',
      cpu,
      'wrk',
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '5s',
      '-H',
      'Accept-Encoding: br, gzip',
      url,
    ],
    { encoding: 'utf8', timeout: (seconds + 30) * 1000 },
  )
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.stdout}`)
  const out = result.stdout
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN)
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
  const errors = (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + non2xx
  if (!Number.isFinite(requests)) throw new Error(`could not read wrk's output:\n${out}`)
  return { requests, rps, errors }
}

/**
 * The median over the rounds of node's CPU per request over nginx's in the same round: each
 * ratio compares two runs made back to back, under the same machine load (the ratio of the two
 * medians could divide figures from different rounds).
 */
export function pairedRatio(ours: Pick<Run, 'cpuMicros'>[], theirs: Pick<Run, 'cpuMicros'>[]) {
  if (ours.length !== theirs.length || ours.length === 0)
    throw new Error(`pairedRatio: ${ours.length} runs of node against ${theirs.length} of nginx`)
  return median(ours.map((run, round) => run.cpuMicros / theirs[round]!.cpuMicros))
}

function summarise(runs: Run[]): Run {
  return {
    requests: median(runs.map((r) => r.requests)),
    rps: median(runs.map((r) => r.rps)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    cpuMicros: median(runs.map((r) => r.cpuMicros)),
  }
}

function writeWithCompressed(file: string, body: string) {
  fs.writeFileSync(file, body)
  const br = spawnSync(process.execPath, [
    '-e',
    `const z=require('node:zlib'),fs=require('node:fs');const b=fs.readFileSync(${JSON.stringify(file)});` +
      `fs.writeFileSync(${JSON.stringify(file + '.br')},z.brotliCompressSync(b));fs.writeFileSync(${JSON.stringify(file + '.gz')},z.gzipSync(b,{level:9}))`,
  ])
  if (br.status !== 0) throw new Error(`could not compress ${file}: ${br.stderr}`)
}

function nginxConfig(temp: string, port: number, jsonFile: string): string {
  const security = Object.entries(baseHeaders({ HSTS_INCLUDE_SUBDOMAINS: true }))
    .map(([name, value]) => `add_header ${name} "${value}" always;`)
    .join('\n      ')
  const location = (match: string, file: string, headers: Record<string, string>) => `
    location = ${match} {
      root ${path.dirname(file)};
      try_files /${path.basename(file)} =404;
      add_header x-request-id $request_id always;
      ${security}
      ${Object.entries(headers)
        .map(([name, value]) => `add_header ${name} "${value}" always;`)
        .join('\n      ')}
    }`
  const release = releaseDir()
  const rendered = readPageFiles(release).pages
  const pages = PAGES.map((path_) => {
    const page = rendered.find((p) => p.path === path_)
    if (!page) throw new Error(`The build has no page ${path_}`)
    const file = path.join(release, PAGES_DIR, pageFileName(page))
    const csp = contentSecurityPolicy(page.scriptHashes)
    return location(path_, file, {
      'content-security-policy': csp,
      'cache-control': CACHE.page,
    })
  })
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs'])
    fs.mkdirSync(path.join(temp, dir), { recursive: true })
  return `load_module ${BROTLI_MODULE};
worker_processes 1;
master_process off;
daemon off;
pid ${temp}/nginx.pid;
error_log ${temp}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log ${temp}/logs/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  sendfile on;
  tcp_nopush on;
  server_tokens off;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
  brotli_static on;
  types { text/html html; }
  default_type application/json;
  server {
    listen 127.0.0.1:${port};
    ${location(CATALOGUE, jsonFile, { 'content-security-policy': API_CSP, 'cache-control': 'no-cache' })}
    ${pages.join('\n')}
  }
}
`
}

/** Prints the response headers of both servers for each URL, so "comparable" can be checked. */
async function compareHeaders(apiBase: string, nginxBase: string) {
  for (const url of [CATALOGUE, ...PAGES]) {
    for (const base of [apiBase, nginxBase]) {
      const response = await fetch(base + url, { headers: { 'accept-encoding': 'br, gzip' } })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${base}${url} answered ${response.status}`)
      const names = [...response.headers.keys()].toSorted().join(' ')
      console.log(`${(base === apiBase ? 'node ' : 'nginx') + ' ' + url}: ${names}`)
    }
  }
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`)
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer 200 within 20 s`)
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

/**
 * "wrk 4.2.0 [epoll] …" upstream, "wrk debian/4.1.0-3+b2 [epoll] …" from Debian: the word after
 * "wrk" either way (the Debian form once printed as "undefined").
 */
export function wrkVersionOf(output: string): string {
  return /^wrk (\S+)/m.exec(output)?.[0] ?? 'wrk (version unknown)'
}

function writeSection(
  table: string,
  run: { seconds: number; rounds: number; connections: number },
) {
  const file = path.join(root, 'docs/benchmarks.md')
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU'
  const nginxVersion = spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim()
  const wrkVersion = wrkVersionOf(spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout)
  const section = `## The API and pages beside nginx

\`npm run bench:api\` (scripts/bench/api.ts), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
${os.cpus().length} × ${cpu}, Node ${process.version}, ${nginxVersion.replace('nginx version: ', '')}, ${wrkVersion}.
Each server pinned to one core with taskset, wrk (2 threads, ${run.connections} connections,
\`Accept-Encoding: br, gzip\`) on the other; ${run.rounds} interleaved rounds of ${run.seconds} s, medians; the ratio is the median of the rounds' ratios (node and nginx measured back to back in each round).
CPU per request = utime + stime of the server process over the run / requests completed. Both send
the same body (the precompressed brotli form), the same security headers, CSP, cache-control,
ETag and Vary; both write a request log line (node: the server's log to a file; nginx: its
buffered access log). Errors are socket errors plus non-2xx answers, summed over the rounds.

${table}

Target (issue 11): ratio ≤ 2.0 with 0 errors.`
  writeReportSection(file, MARKERS, section)
  console.log(`\nWrote the API section of ${path.relative(root, file)}`)
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      'no-write': { type: 'boolean' },
    },
  })
  await runApiBench({
    ...(values.seconds && { seconds: Number(values.seconds) }),
    ...(values.rounds && { rounds: Number(values.rounds) }),
    ...(values.connections && { connections: Number(values.connections) }),
    write: !values['no-write'],
  })
}
