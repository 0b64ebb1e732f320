/**
 * A throwaway PostgreSQL server on 127.0.0.1 for the database tests, from the machine's
 * PostgreSQL binaries (Debian's postgresql package). Used by scripts/test.ts; also runnable:
 *   node scripts/postgres.ts start   -> prints TEST_DATABASE_URL=... and keeps running until Ctrl-C
 * PostgreSQL refuses to run as root, so as root the server runs as the "postgres" system user.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface RunningPostgres {
  url: string
  /** Stops the server and removes its data. */
  stop(): void
  /** Stops the server but keeps its data, to start it again with resume() (outage tests). */
  halt(): void
  resume(): void
  /**
   * Stops every process of the server with SIGSTOP (outage tests): connections stay open and
   * nothing answers, as with a server that hangs. thaw() (SIGCONT) lets them go on.
   */
  freeze(): void
  thaw(): void
}

export function findPostgresBin(): string | undefined {
  const candidates = ['/usr/lib/postgresql']
  for (const root of candidates) {
    if (!fs.existsSync(root)) continue
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    for (const version of versions) {
      const bin = path.join(root, version, 'bin')
      if (fs.existsSync(path.join(bin, 'pg_ctl'))) return bin
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' })
  return which.status === 0 ? path.dirname(which.stdout.trim()) : undefined
}

export function startPostgres(port = 54329): RunningPostgres {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)')
  const isRoot = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lll-pg-'))
  const dataDir = path.join(dir, 'data')
  const socketDir = path.join(dir, 'socket')
  fs.mkdirSync(socketDir)
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir])
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd)
    return isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : execFileSync(full, args, { stdio: 'pipe' })
  }
  const user = isRoot ? 'postgres' : os.userInfo().username
  run('initdb', ['-D', dataDir, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-instructions'])
  const serve = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-h 127.0.0.1 -p ${port} -k ${socketDir} -c fsync=off -c full_page_writes=off -c max_connections=200`,
      '-w',
      '-t',
      '30',
      'start',
    ])
  serve()
  let stopped = false
  let halted = false
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return
      stopped = true
      try {
        if (!halted) run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
    halt() {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
      halted = true
    },
    resume() {
      serve()
      halted = false
    },
    freeze() {
      // The postmaster's children first, so that it sees none of them stop.
      for (const pid of [...serverProcesses(dataDir)].reverse()) signal(pid, 'SIGSTOP')
    },
    thaw() {
      for (const pid of serverProcesses(dataDir)) signal(pid, 'SIGCONT')
    },
  }
}

/**
 * Sends a signal to one of the server's processes; one that ended since it was listed (a
 * backend whose client left) is skipped: there is nothing left to stop or resume.
 */
export function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}

/** The postmaster (its pid is the first line of postmaster.pid) and every process it started. */
function serverProcesses(dataDir: string): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0],
  )
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], {
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0)
  return [postmaster, ...children]
}

if (import.meta.main && process.argv[2] === 'start') {
  const pg = startPostgres(Number(process.env.PG_PORT ?? 54329))
  console.log(`TEST_DATABASE_URL=${pg.url}`)
  const stop = () => {
    pg.stop()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  setInterval(() => {}, 1 << 30)
}
