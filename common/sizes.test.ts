import { describe, expect, it } from 'vitest'
import { formatSize, sizeOver } from './sizes.ts'

const KB = 1024
const MB = 1024 * KB
const GB = 1024 * MB

describe('a size in the unit that fits', () => {
  it('counts bytes below one kilobyte, one of them singular', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(1)).toBe('1 byte')
    expect(formatSize(999)).toBe('999 bytes')
    expect(formatSize(1000)).toBe('1,000 bytes')
    expect(formatSize(1023)).toBe('1,023 bytes')
  })

  it('says a small file in KB, never "0.0 MB"', () => {
    expect(formatSize(1024)).toBe('1 KB')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(40 * KB)).toBe('40 KB')
    expect(formatSize(40_000)).toBe('39 KB')
  })

  it('moves up a unit when the rounded figure would reach 1,024', () => {
    expect(formatSize(MB - 1)).toBe('1 MB')
    expect(formatSize(1.5 * MB)).toBe('1.5 MB')
    expect(formatSize(20 * MB)).toBe('20 MB')
    expect(formatSize(200 * MB)).toBe('200 MB')
  })

  it('says gigabytes, and the binary limits read as they are written', () => {
    expect(formatSize(2 * GB)).toBe('2 GB')
    expect(formatSize(1.25 * GB)).toBe('1.3 GB')
    expect(formatSize(-5)).toBe('0 bytes')
  })
})

describe('the size of something over a limit', () => {
  it('never reads as the limit itself', () => {
    expect(sizeOver(20 * MB + 300, 20 * MB)).toBe('just over 20 MB')
    expect(sizeOver(35 * MB, 20 * MB)).toBe('35 MB')
    expect(sizeOver(20 * MB, 20 * MB)).toBe('20 MB')
  })
})
