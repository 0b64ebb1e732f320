import { describe, expect, it } from 'vitest'
import { wrkVersionOf } from './api.ts'

describe('the wrk version in the benchmark section', () => {
  it("reads Debian's and upstream's first line", () => {
    expect(
      wrkVersionOf('wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer\nUsage: wrk'),
    ).toBe('wrk debian/4.1.0-3+b2')
    expect(wrkVersionOf('wrk 4.2.0 [epoll] Copyright (C) 2012 Will Glozer\n')).toBe('wrk 4.2.0')
    expect(wrkVersionOf('')).toBe('wrk (version unknown)')
  })
})
