import { describe, expect, it } from 'vitest'
import { pairedRatio, wrkVersionOf } from './api.ts'

describe('the wrk version in the benchmark section', () => {
  it("reads Debian's and upstream's first line", () => {
    expect(
      wrkVersionOf('wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer\nUsage: wrk'),
    ).toBe('wrk debian/4.1.0-3+b2')
    expect(wrkVersionOf('wrk 4.2.0 [epoll] Copyright (C) 2012 Will Glozer\n')).toBe('wrk 4.2.0')
    expect(wrkVersionOf('')).toBe('wrk (version unknown)')
  })
})

describe('the CPU ratio beside nginx', () => {
  it('is the median of the ratios of runs made in the same round', () => {
    // A slow second round hits both servers: per round the ratio is 2, 2 and 1.5.
    const node = [{ cpuMicros: 20 }, { cpuMicros: 60 }, { cpuMicros: 15 }]
    const nginx = [{ cpuMicros: 10 }, { cpuMicros: 30 }, { cpuMicros: 10 }]
    expect(pairedRatio(node, nginx)).toBe(2)
    // Here the ratio of the medians would read 30 / 10 = 3; per round it is 3, 1.2 and 1.2.
    expect(pairedRatio([{ cpuMicros: 30 }, { cpuMicros: 36 }, { cpuMicros: 12 }], nginx)).toBe(1.2)
  })

  it('refuses rounds that do not pair up', () => {
    expect(() => pairedRatio([{ cpuMicros: 1 }], [])).toThrow(/1 runs of node against 0/)
  })
})
