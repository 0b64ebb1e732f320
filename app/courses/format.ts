const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** A price in US dollars as en-US shows it: 29 -> "$29.00", 1499.5 -> "$1,499.50". */
export function formatUsd(dollars: number): string {
  return usd.format(dollars)
}
