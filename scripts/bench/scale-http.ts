/**
 * The HTTP side of `npm run bench:scale` (scale.ts): one GET timed to its first byte, and a
 * bounded wait for a state.
 */
import http from 'node:http'

export interface Fetched {
  status: number
  bytes: number
  ttfbMs: number
  totalMs: number
  body: string
  etag: string | undefined
}

/** One GET with brotli accepted, as a browser asks; the body is decoded only when asked for. */
export function get(url: string, options: { text?: boolean } = {}): Promise<Fetched> {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.get(
      url,
      { agent: false, headers: { 'accept-encoding': options.text ? 'identity' : 'br, gzip' } },
      (response) => {
        const ttfbMs = performance.now() - started
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({
            status: response.statusCode ?? 0,
            bytes: body.length,
            ttfbMs,
            totalMs: performance.now() - started,
            body: options.text ? body.toString('utf8') : '',
            etag: response.headers.etag,
          })
        })
      },
    )
    request.setTimeout(60_000, () => request.destroy())
    request.on('error', () =>
      resolve({ status: 0, bytes: 0, ttfbMs: 0, totalMs: 0, body: '', etag: undefined }),
    )
  })
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) return NaN
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return performance.now() - started
}
