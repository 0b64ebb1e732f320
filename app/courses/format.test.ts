import { describe, expect, it } from 'vitest'
import { formatUsd } from './format.ts'

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

describe('formatUsd', () => {
  it('writes the examples a course card shows', () => {
    expect(formatUsd(29)).toBe('$29.00')
    expect(formatUsd(1499.5)).toBe('$1,499.50')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(1_000_000)).toBe('$1,000,000.00')
  })

  it('gives the same text as Intl.NumberFormat for prices in cents: each to $1,000, then every $99.73', () => {
    const differ: string[] = []
    for (let cents = 0; cents <= 100_000_000; cents += cents < 100_000 ? 1 : 9_973) {
      const dollars = cents / 100
      if (formatUsd(dollars) !== intl.format(dollars)) differ.push(String(dollars))
    }
    expect(differ).toEqual([])
  })

  it('rounds as Intl.NumberFormat does: half away from zero, on the shortest decimal', () => {
    const amounts = [
      1.115, 0.125, 0.005, 0.0049999, 2.675, 1.005, 999_999.995, 1_234_567.891, 1e-7, 4.9999, 0.995,
      99.995, 123_456_789.125, 1e20, -5, -0.001, -0, -1_499.505,
    ]
    // Amounts with up to six decimals across the range a course's price may take, from a fixed
    // sequence (a linear congruential generator), so a failure names the same numbers every run.
    let seed = 12_345
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      amounts.push(Number(((seed / 2_147_483_648) * 1_000_000).toFixed(1 + (i % 6))))
    }
    const differ = amounts.filter((dollars) => formatUsd(dollars) !== intl.format(dollars))
    expect(differ).toEqual([])
  })

  it('refuses what is not an amount', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 1e21])
      expect(() => formatUsd(value)).toThrow(RangeError)
  })
})
