/**
 * `npm run observatory`: Mozilla's HTTP Observatory against this server as production runs it,
 * behind a TLS proxy. Everything is throwaway and on loopback:
 *   - the scanner (npm @mdn/mdn-http-observatory) is installed into a temporary folder with
 *     --ignore-scripts, plus the empty conf/hsts-preload.json its install script would fetch;
 *   - a certificate authority and a certificate for localhost are made with openssl, and Node
 *     trusts that authority through NODE_EXTRA_CA_CERTS;
 *   - the server (`node server/index.ts` on the current build, TRUST_PROXY=1) and Debian's nginx
 *     in front of it, on free ports. nginx answers plain HTTP on its TLS port with a redirect to
 *     HTTPS (error_page 497), because the scanner tries http:// and https:// on the same port.
 * It scans two pages: the public home page and the back office (/admin, as a visitor without a
 * session sees it). Prints the grade, the score and every test of each; exits non-zero unless both
 * get A+ with every test passed.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.ts'

const root = path.resolve(import.meta.dirname, '..')
const PACKAGE = '@mdn/mdn-http-observatory'

interface ObservatoryTest {
  pass: boolean | null
  result: string
  scoreModifier: number
}
interface ObservatoryResult {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number }
  tests: Record<string, ObservatoryTest>
}

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function requireNginx() {
  if (has('nginx') || fs.existsSync('/usr/sbin/nginx')) return
  if (process.getuid?.() !== 0) {
    throw new Error('nginx is not installed: run "apt-get install -y nginx" as root first.')
  }
  console.log('Installing nginx (apt-get install -y nginx)…')
  execFileSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' })
}

function makeCertificates(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
  const file = (name: string) => path.join(dir, name)
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=Observatory throwaway CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  )
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  )
  fs.writeFileSync(file('san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n')
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    file('san.ext'),
    '-out',
    file('server.pem'),
  )
}

function nginxConfig(dir: string, port: number, serverPort: number): string {
  const temp = (name: string) => {
    const folder = path.join(dir, name)
    fs.mkdirSync(folder, { mode: 0o777 })
    fs.chmodSync(folder, 0o777)
    return folder
  }
  return `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${path.join(dir, 'server.pem')};
    ssl_certificate_key ${path.join(dir, 'server.key')};
    # Plain HTTP on this port: redirect to HTTPS, as port 80 would in production.
    error_page 497 =301 https://$http_host$request_uri;
    location / {
      proxy_pass http://127.0.0.1:${serverPort};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`
}

async function waitFor(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} did not answer ${url} within 30 s`)
}

async function main() {
  if (!fs.existsSync(path.join(root, 'build', 'client'))) {
    throw new Error('There is no build: run "npm run build" first.')
  }
  requireNginx()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-observatory-'))
  fs.chmodSync(dir, 0o755)
  const children: ChildProcess[] = []
  try {
    console.log(`Installing ${PACKAGE} into ${dir}…`)
    execFileSync(
      'npm',
      ['install', '--prefix', dir, '--ignore-scripts', '--no-audit', '--no-fund', PACKAGE],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const packageDir = path.join(dir, 'node_modules', PACKAGE)
    // Its install script downloads Chromium's HSTS preload list; nothing here is preloaded.
    fs.writeFileSync(path.join(packageDir, 'conf', 'hsts-preload.json'), '{}')
    makeCertificates(dir)

    const serverPort = await freePort()
    const port = await freePort()
    const server = spawn(process.execPath, ['server/index.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        // The back office lives at the proxy's address (passkeys and its cookie are per origin).
        ADMIN_ORIGIN: `https://localhost:${port}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    children.push(server)
    await waitFor(`http://127.0.0.1:${serverPort}/api/health`, server, 'The server')

    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, serverPort))
    const nginxBin = has('nginx') ? 'nginx' : '/usr/sbin/nginx'
    const nginx = spawn(nginxBin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    children.push(nginx)
    process.env.NODE_EXTRA_CA_CERTS = path.join(dir, 'ca.pem')
    const runner = path.join(dir, 'run-scan.mjs')
    fs.writeFileSync(
      runner,
      `import { scan } from ${JSON.stringify(path.join(packageDir, 'src', 'scanner', 'index.js'))}
const result = await scan(process.argv[2])
console.log(JSON.stringify({ scan: result.scan, tests: result.tests }))
`,
    )
    // NODE_EXTRA_CA_CERTS is read when Node starts: the scan runs in a child that trusts our CA.
    const waitForTls = spawnSync(
      process.execPath,
      [
        '-e',
        `const d=Date.now()+30000;(async()=>{for(;;){try{await fetch('https://localhost:${port}/');return}catch(e){if(Date.now()>d)throw e;await new Promise(r=>setTimeout(r,200))}}})()`,
      ],
      { env: { ...process.env }, stdio: 'inherit' },
    )
    if (waitForTls.status !== 0) throw new Error('nginx did not answer over TLS within 30 s')
    // The scanner takes a host name; a path after it is kept in the URL it fetches.
    for (const [label, target] of [
      ['the home page', `localhost:${port}`],
      ['the back office', `localhost:${port}/admin`],
    ]) {
      const scanned = spawnSync(process.execPath, [runner, target!], {
        env: { ...process.env },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      })
      if (scanned.status !== 0) throw new Error(`The scan of ${label} failed:\n${scanned.stderr}`)
      const result = JSON.parse(scanned.stdout) as ObservatoryResult
      report(label!, `https://${target}`, result)
      const failed = Object.values(result.tests).some((test) => test.pass === false)
      if (result.scan.grade !== 'A+' || failed) process.exitCode = 1
    }
  } finally {
    for (const child of children.reverse()) {
      if (child.exitCode !== null) continue
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function report(label: string, url: string, { scan, tests }: ObservatoryResult) {
  console.log(
    `\nHTTP Observatory, ${label} (${url}): grade ${scan.grade}, score ${scan.score}, ${scan.testsPassed} of ${scan.testsQuantity} tests passed\n`,
  )
  for (const [name, test] of Object.entries(tests)) {
    const mark = test.pass ? 'pass' : 'FAIL'
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier)
    console.log(`  ${mark}  ${name.padEnd(28)} ${modifier.padStart(4)}  ${test.result}`)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
