import fs from 'node:fs'
import type { IncomingMessage } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { openDatabase } from '#server/db/index.ts'
import { testEnv } from '#server/test/databases.ts'
import { createRequestIdGenerator } from './request-id.ts'

const request = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage
const NAMED = 'lb-0123456789abcdef'

describe('request ids', () => {
  it('are unique within a process and apart across processes, in the accepted form', () => {
    const first = createRequestIdGenerator({ trustProxy: false })
    const second = createRequestIdGenerator({ trustProxy: false })
    const ids = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      for (const next of [first, second]) {
        const id = next(request())
        expect(id).toMatch(/^[\w-]{8,64}$/)
        ids.add(id)
      }
    }
    expect(ids.size).toBe(4000)
  })

  it("keep a trusted proxy's X-Request-Id when it is a plain token, and replace any other", () => {
    const next = createRequestIdGenerator({ trustProxy: 1, prefix: 'prefix01' })
    expect(next(request({ 'x-request-id': NAMED }))).toBe(NAMED)
    for (const bad of ['short', 'has space in it', 'x'.repeat(65), '<script>alert(1)</script>']) {
      expect(next(request({ 'x-request-id': bad }))).toMatch(/^prefix01-[0-9a-z]+$/)
    }
  })

  it('ignore X-Request-Id unless TRUST_PROXY names the peer that sent it', () => {
    const own = /^prefix01-[0-9a-z]+$/
    const untrusting = createRequestIdGenerator({ trustProxy: false, prefix: 'prefix01' })
    expect(untrusting(request({ 'x-request-id': NAMED }))).toMatch(own)

    const byAddress = createRequestIdGenerator({
      trustProxy: ['10.0.0.0/8', '192.0.2.7', 'loopback', '2001:db8::/32'],
      prefix: 'prefix01',
    })
    for (const proxy of [
      '10.1.2.3',
      '::ffff:10.1.2.3',
      '192.0.2.7',
      '127.0.0.1',
      '::1',
      '2001:db8::5',
    ])
      expect(byAddress(request({ 'x-request-id': NAMED }, proxy))).toBe(NAMED)
    for (const client of ['203.0.113.9', '192.0.2.8', '::ffff:203.0.113.9', '2001:db9::5', ''])
      expect(byAddress(request({ 'x-request-id': NAMED }, client))).toMatch(own)
  })

  it('reach the answer and the log only from a trusted proxy, in the app', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llltest-'))
    const database = await openDatabase({ dataDir })
    const ids: Record<string, string | undefined> = {}
    for (const trust of ['false', '127.0.0.1']) {
      const app = await buildApp({ env: testEnv({ TRUST_PROXY: trust }), database })
      for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
        const response = await app.inject({
          url: '/api/health',
          remoteAddress,
          headers: { 'x-request-id': NAMED },
        })
        ids[`${trust} ${remoteAddress}`] = response.headers['x-request-id'] as string | undefined
      }
      await app.close()
    }
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    expect(ids['127.0.0.1 127.0.0.1']).toBe(NAMED)
    for (const key of ['false 127.0.0.1', 'false 203.0.113.9', '127.0.0.1 203.0.113.9'])
      expect(ids[key]).toMatch(/^[\w-]{8,}-[0-9a-z]+$/)
  })
})
