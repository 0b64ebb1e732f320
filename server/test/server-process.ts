/**
 * Test helper: a real server process, started with a given command line (`node server/index.ts`
 * by default) and environment, resolved once it logs the address it listens on.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { writeSiteBuild } from './site-build.ts'
import { childEnv } from './child-env.ts'

export const ROOT = path.resolve(import.meta.dirname, '../..')
/** The production start command (the Dockerfile's CMD and `npm run serve`) after `node`. */
export const SERVER_ENTRY = 'server/index.ts'
/**
 * Node's flags in that command: V8's young generation capped at 8 MB a half (Node 24 lets it grow
 * to 32 MB on this machine's memory), which holds an idle process about 70 MB lower for the same
 * work (docs/operations.md, docs/benchmarks.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const
/** The environment `npm run serve` and the Dockerfile give the server (docs/operations.md). */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const

export interface ServerProcess {
  child: ChildProcess
  /** http://127.0.0.1:port */
  url: string
  port: number
  /** Every line the process wrote to stdout and stderr. */
  output: string[]
}

export interface StartOptions {
  env: Record<string, string>
  /** The command and its arguments; default: this Node running server/index.ts. */
  command?: [string, ...string[]]
  cwd?: string
  timeoutMs?: number
  /**
   * Start it in its own process group, for a command that starts the server as a grandchild
   * (`sh -c "npm run serve"`): stopping signals the whole group.
   */
  group?: boolean
}

const groups = new WeakMap<ChildProcess, boolean>()

function signal(child: ChildProcess, name: NodeJS.Signals) {
  if (groups.get(child) && child.pid !== undefined) {
    try {
      process.kill(-child.pid, name)
    } catch {
      // The group is already gone.
    }
  } else child.kill(name)
}

export function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const [command, ...args] = options.command ?? [
    process.execPath,
    ...SERVER_NODE_FLAGS,
    SERVER_ENTRY,
  ]
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: childEnv({ ...SERVER_ENV, ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group ?? false,
  })
  groups.set(child, options.group ?? false)
  const output: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal(child, 'SIGKILL')
      reject(new Error(`server did not start:\n${output.join('\n')}`))
    }, options.timeoutMs ?? 120_000)
    const onLine = (line: string) => {
      output.push(line)
      const match = /Server listening at (http:\/\/127\.0\.0\.1:(\d+))/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: match[1]!, port: Number(match[2]), output })
      }
    }
    readline.createInterface({ input: child.stdout! }).on('line', onLine)
    readline.createInterface({ input: child.stderr! }).on('line', onLine)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code ?? signal}:\n${output.join('\n')}`))
    })
  })
}

/** SIGTERM and wait: resolves with the exit code (null when a signal ended it). */
export function stopServerProcess(server: ServerProcess): Promise<number | null> {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  signal(child, 'SIGTERM')
  return exited
}

/**
 * The last lines a server wrote, for the message of an assertion about how it ended (a process
 * that exits with 1 says why in its log: a shutdown past SHUTDOWN_TIMEOUT_MS, an error).
 */
export function outputTail(...servers: (ServerProcess | undefined)[]): string {
  return servers
    .filter((server): server is ServerProcess => server !== undefined)
    .map((server) => `server ${server.url}:\n${server.output.slice(-30).join('\n')}`)
    .join('\n')
}

/**
 * A site build of one page, for processes that only need the API or media (the site plugin
 * needs a build): its client folder, which BUILD_DIR names. Remove its parent after the test.
 */
export function emptySiteBuild(): string {
  return writeSiteBuild(fs.mkdtempSync(path.join(os.tmpdir(), 'lll-build-')), {
    pages: { '/': '<!doctype html><title>test</title>' },
  })
}
