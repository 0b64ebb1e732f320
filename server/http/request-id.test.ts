import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createRequestIdGenerator } from './request-id.ts'

const request = (headers: Record<string, string> = {}) => ({ headers }) as IncomingMessage

describe('request ids', () => {
  it('are unique within a process and apart across processes, in the accepted form', () => {
    const first = createRequestIdGenerator()
    const second = createRequestIdGenerator()
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

  it("keep a proxy's X-Request-Id when it is a plain token, and replace any other", () => {
    const next = createRequestIdGenerator('prefix01')
    expect(next(request({ 'x-request-id': 'lb-0123456789abcdef' }))).toBe('lb-0123456789abcdef')
    for (const bad of ['short', 'has space in it', 'x'.repeat(65), '<script>alert(1)</script>']) {
      expect(next(request({ 'x-request-id': bad }))).toMatch(/^prefix01-[0-9a-z]+$/)
    }
  })
})
