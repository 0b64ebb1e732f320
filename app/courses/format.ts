/**
 * A price in US dollars as en-US shows it: 29 -> "$29.00", 1499.5 -> "$1,499.50".
 *
 * Written out rather than with `Intl.NumberFormat`: the course cards are an island, so this
 * module is evaluated on every page the site hydrates, and a browser's first currency formatter
 * loads its locale data on the main thread (44–57 ms measured in Chromium here: a long task on a
 * slow phone, docs/benchmarks.md). It rounds as that formatter does, half away from zero on the
 * number's shortest decimal form (1.115 -> "$1.12"); the unit test holds the two to the same text.
 */
export function formatUsd(dollars: number): string {
  const abs = Math.abs(dollars)
  if (!(abs < 1e21)) throw new RangeError(`${dollars} is not an amount of dollars`)
  // The shortest decimal that reads back as this number; below 1e-6 JavaScript writes an
  // exponent, and such an amount is 0 cents.
  const [integer = '0', fraction = ''] = (abs < 1e-6 ? '0' : String(abs)).split('.')
  let cents = BigInt(integer + fraction.padEnd(2, '0').slice(0, 2))
  if ((fraction[2] ?? '0') >= '5') cents += 1n
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',')
  const sign = dollars < 0 || Object.is(dollars, -0) ? '-' : ''
  return `${sign}$${whole}.${(cents % 100n).toString().padStart(2, '0')}`
}
