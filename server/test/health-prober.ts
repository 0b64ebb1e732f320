/**
 * Test helper: asks a server's /api/health at a steady rate from a process of its own, so that
 * what the test process itself is doing (serving a stub store's 5 MB pages, another test file's
 * work) is not counted as the server's latency. Beside each health question the prober asks a
 * trivial server of its own the same way: that control's time is what the machine's scheduling
 * cost the prober at that moment, and a probe's `excessMs` (health time minus control time) is
 * what the server under test added.
 */
import { spawn } from 'node:child_process'

export interface HealthProbe {
  status: number
  healthMs: number
  controlMs: number
  excessMs: number
}

const PROBER = `
import http from 'node:http'
const [target, everyMs] = [process.argv[1], Number(process.argv[2])]
const control = http.createServer((request, response) => response.end('{"status":"ok"}'))
await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve))
const controlUrl = 'http://127.0.0.1:' + control.address().port + '/'
let stopped = false
process.on('message', () => { stopped = true })
const timed = async (url) => {
  const begun = performance.now()
  const answer = await fetch(url)
  await answer.arrayBuffer()
  return [answer.status, performance.now() - begun]
}
const probes = []
process.send('ready')
// Bounded: a prober nobody stops ends after two minutes.
for (let i = 0; !stopped && i < (120000 / everyMs); i++) {
  const [[status, healthMs], [, controlMs]] = await Promise.all([timed(target), timed(controlUrl)])
  probes.push({ status, healthMs, controlMs, excessMs: healthMs - controlMs })
  await new Promise((resolve) => setTimeout(resolve, everyMs))
}
process.send(probes, () => control.close(() => process.disconnect()))
`

/** Starts probing `baseUrl`/api/health every `everyMs`; `stop()` resolves with every probe. */
export async function startHealthProber(
  baseUrl: string,
  everyMs = 25,
): Promise<{ stop(): Promise<HealthProbe[]> }> {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', PROBER, `${baseUrl}/api/health`, String(everyMs)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  const result = new Promise<HealthProbe[]>((resolve, reject) => {
    child.on('message', (message) => {
      if (Array.isArray(message)) resolve(message as HealthProbe[])
    })
    child.on('exit', (code) => reject(new Error(`the health prober exited with ${code}`)))
  })
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`the health prober exited with ${code}`)))
  })
  return {
    stop() {
      child.send('stop')
      return result
    },
  }
}
