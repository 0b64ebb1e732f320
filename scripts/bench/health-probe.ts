/**
 * The /api/health probe of `npm run bench:scale`, in a thread of its own: the bench publishes
 * through node:sqlite, whose calls hold the bench's own event loop, and a probe on that loop would
 * count those holds as the server's. Asks each server in turn every 10 ms until told to stop,
 * then posts the longest answer in milliseconds.
 */
import http from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const urls = (workerData as { urls: string[] }).urls
let probing = true
parentPort!.once('message', () => (probing = false))

function health(url: string): Promise<number> {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/health`, { agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(performance.now() - started))
    })
    request.setTimeout(60_000, () => request.destroy())
    request.on('error', () => resolve(performance.now() - started))
  })
}

let longest = 0
while (probing) {
  for (const url of urls) longest = Math.max(longest, await health(url))
  await new Promise((resolve) => setTimeout(resolve, 10))
}
parentPort!.postMessage(longest)
