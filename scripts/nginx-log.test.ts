/**
 * Issue 25, point 7: what the proxy of the reference topology (deploy/nginx/app.conf) writes
 * down and passes on. Its access log has what the app logs and no more: no client address, no
 * query string (a newsletter link's token is in one). And the host the server takes from
 * X-Forwarded-Host is the one nginx saw, never one the client wrote.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNginx, NGINX_APP_CONF, type RunningNginx } from './nginx.ts'

describe('the proxy’s access log and forwarded headers', () => {
  let upstream: http.Server
  let nginx: RunningNginx
  beforeAll(async () => {
    // The app's stand-in: answers with the headers it was sent.
    upstream = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(request.headers))
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    nginx = await startNginx({
      upstreams: [`127.0.0.1:${(upstream.address() as AddressInfo).port}`],
    })
  }, 60_000)
  afterAll(async () => {
    await nginx?.stop()
    await new Promise((resolve) => upstream?.close(resolve))
  })

  const get = (pathAndQuery: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port: nginx.port, path: pathAndQuery, headers },
        (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (body += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        },
      )
      request.on('error', reject)
    })

  it('logs the method, path and status of a request, without its address or query string', async () => {
    const answer = await get('/newsletter/confirm?token=tok-7Hq2ZpL9vX', {
      host: 'www.example.org',
      'x-forwarded-for': '203.0.113.9',
      'x-real-ip': '203.0.113.9',
      referer: 'https://mail.example.net/?token=tok-7Hq2ZpL9vX',
    })
    expect(answer.status).toBe(200)
    const deadline = Date.now() + 60_000
    const accessLog = () =>
      fs.existsSync(nginx.accessLogFile)
        ? fs.readFileSync(nginx.accessLogFile, 'utf8').trimEnd().split('\n')
        : []
    while (!accessLog().some((line) => line.includes('/newsletter/confirm'))) {
      if (Date.now() > deadline) throw new Error('nginx logged nothing within 60 s')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const line = accessLog().find((entry) => entry.includes('/newsletter/confirm'))!
    expect(line).toMatch(/ GET "\/newsletter\/confirm" 200 \d+ [\d.]+$/)
    for (const entry of accessLog()) {
      expect(entry).not.toMatch(/127\.0\.0\.1|203\.0\.113\.9|tok-7Hq2ZpL9vX|\?/)
    }
  })

  it('sets X-Forwarded-Host to the host it saw, whatever the client sent', async () => {
    const answer = await get('/', { host: 'www.example.org', 'x-forwarded-host': 'evil.example' })
    const seen = JSON.parse(answer.body) as Record<string, string>
    expect(seen['x-forwarded-host']).toBe('www.example.org')
    expect(seen['host']).toBe('www.example.org')
  })

  it('every server block of the compose deployment logs in that format', () => {
    const compose = fs.readFileSync(path.join(path.dirname(NGINX_APP_CONF), 'compose.conf'), 'utf8')
    const blocks = compose.split(/^server \{$/m).slice(1)
    expect(blocks.length).toBeGreaterThanOrEqual(2)
    for (const block of blocks)
      expect(block).toMatch(
        /^\s*(access_log \/var\/log\/nginx\/access\.log docucommons;|include \/etc\/nginx\/app\.conf;)$/m,
      )
    expect(fs.readFileSync(NGINX_APP_CONF, 'utf8')).toMatch(
      /^access_log \/var\/log\/nginx\/access\.log docucommons;$/m,
    )
  })
})
