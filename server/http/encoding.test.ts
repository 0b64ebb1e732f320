import { describe, expect, it } from 'vitest'
import { acceptedEncodings, chooseEncoding } from './encoding.ts'

const both = { br: true, gzip: true }

describe('content-encoding negotiation', () => {
  it('prefers brotli, then gzip, honours q=0 and *, and sends as-is otherwise', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br')
    expect(chooseEncoding('gzip', both)).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip')
    expect(chooseEncoding('BR;Q=0.5', both)).toBe('br')
    expect(chooseEncoding('*', both)).toBe('br')
    expect(chooseEncoding('*, br;q=0', both)).toBe('gzip')
    expect(chooseEncoding('identity', both)).toBeUndefined()
    expect(chooseEncoding('br', { gzip: true })).toBeUndefined()
    expect(chooseEncoding(undefined, both)).toBeUndefined()
    expect(chooseEncoding('br, gzip', {})).toBeUndefined()
  })

  it('answers a header seen before from memory, and stays right past the memory bound', () => {
    expect(acceptedEncodings('gzip, br')).toBe(acceptedEncodings('gzip, br'))
    for (let i = 0; i < 600; i++) {
      const header = i % 2 ? `gzip;q=0.${i}, br;q=0` : `br, x-${i}`
      expect(acceptedEncodings(header)).toEqual(
        i % 2 ? { br: false, gzip: true } : { br: true, gzip: false },
      )
    }
  })
})
