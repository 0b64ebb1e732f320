/**
 * The characters the site's web fonts keep (`npm run fonts` cuts them to it, and each face's
 * unicode-range names it): printable ASCII, Latin-1 (names and store text), typographic
 * punctuation and arrows.
 */
export const UNICODE_RANGE =
  'U+20-7E, U+A0-FF, U+2013-2014, U+2018-201E, U+2022, U+2026, U+2190-2193'
