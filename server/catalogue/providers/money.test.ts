import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalToCents, minorUnitsToCents } from './money.ts'

describe('decimalToCents', () => {
  it.each([
    ['19.99', 1999],
    ['20', 2000],
    ['20.5', 2050],
    ['0.01', 1],
    ['19.994', 1999],
    ['19.995', 2000],
    [' 7.00 ', 700],
  ])('%s -> %i', (value, cents) => expect(decimalToCents(value)).toBe(cents))

  it.each(['', 'abc', '-1.00', '1,99', '1.2.3', '1e3', '.5', 'NaN'])('refuses %j', (value) => {
    expect(decimalToCents(value)).toBeUndefined()
  })

  it('agrees with the price it was printed from', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        expect(decimalToCents((cents / 100).toFixed(2))).toBe(cents)
      }),
    )
  })
})

describe('minorUnitsToCents', () => {
  it.each([
    ['2900', 2, 2900],
    ['29', 0, 2900],
    ['2995', 3, 300],
    ['2994', 3, 299],
    ['295', 1, 2950],
  ])('%s with minor unit %i -> %i cents', (amount, unit, cents) =>
    expect(minorUnitsToCents(amount, unit)).toBe(cents),
  )

  it.each([
    ['29.00', 2],
    ['-5', 2],
    ['10', 7],
    ['10', 1.5],
  ])('refuses %s with minor unit %s', (amount, unit) =>
    expect(minorUnitsToCents(amount, unit)).toBeUndefined(),
  )
})
