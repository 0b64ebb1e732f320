import { describe, expect, it } from 'vitest'
import { formatSize } from './format.ts'

describe('a file size as staff read it', () => {
  it('uses the unit that fits, so a small file is never "0.0 MB"', () => {
    expect(formatSize(812)).toBe('812 bytes')
    expect(formatSize(1)).toBe('1 byte')
    expect(formatSize(40 * 1024)).toBe('40 KB')
    expect(formatSize(1500)).toBe('1 KB')
    expect(formatSize(3.4 * 1024 * 1024)).toBe('3.4 MB')
  })
})
