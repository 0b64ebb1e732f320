/**
 * Prices travel as strings ("19.99") or integers in minor units (1999); they are converted to
 * whole cents with integer arithmetic, never through a binary fraction.
 */

/** "19.99" -> 1999, "20" -> 2000, "19.995" -> 2000 (half up). Undefined for anything else. */
export function decimalToCents(value: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(value.trim())
  if (!match) return undefined
  const whole = Number(match[1])
  const fraction = (match[2] ?? '').padEnd(3, '0')
  const cents = Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0)
  return whole * 100 + cents
}

/** 1999 with minorUnit 2 -> 1999 cents; 19990 with minorUnit 3 -> 1999; 20 with minorUnit 0 -> 2000. */
export function minorUnitsToCents(amount: string, minorUnit: number): number | undefined {
  if (!/^\d{1,15}$/.test(amount) || !Number.isInteger(minorUnit) || minorUnit < 0 || minorUnit > 6)
    return undefined
  const value = Number(amount)
  if (minorUnit <= 2) return value * 10 ** (2 - minorUnit)
  const divisor = 10 ** (minorUnit - 2)
  return Math.floor(value / divisor) + (value % divisor >= divisor / 2 ? 1 : 0)
}

export const centsToDollars = (cents: number) => cents / 100
