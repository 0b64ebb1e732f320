/** The name of each article series, as the article page's breadcrumb and JSON-LD give it. */
export const SERIES_NAME = {
  'art-advocacy': 'Art & Advocacy',
  'returning-redemption': 'Returning & Redemption',
  'bails-bonds': 'Bails & Bonds',
} as const
