/**
 * CSV for every export (npm run messages and subscribers, and any download of the same rows):
 * RFC 4180 records whose text no spreadsheet can run as a formula, in any locale (issue 21).
 *
 * A spreadsheet runs a cell that starts with =, +, - or @ (or a tab or CR before one), and
 * Japanese editions take the full-width ＝ ＋ － ＠ for them too. Where a cell starts depends on
 * the reader: a spreadsheet set to another locale splits lines at ";" (or a tab), ignoring our
 * quotes, so "Ann;=1+1", quoted as one cell here, opens as "Ann" and a formula there. So every
 * such character that follows the start of the text, a separator any reader might split at
 * (comma, semicolon, tab, "|") or a line break, with only spaces or quotes in between, gets an
 * apostrophe before it: the reader shows the text as text. Numbers (-3) stay numbers.
 */
import { stringify } from 'csv-stringify/sync'

/** Where a spreadsheet may start a cell: the start of the text, or after one of these. */
const SEPARATORS = new Set([',', ';', '\t', '|', '\r', '\n'])
/** What makes a cell that starts with it a formula. */
const FORMULA_CHARACTERS = new Set(['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'])
/** What may come between a cell's start and its formula (a space, quotes): \s of a pattern. */
const SPACE = /\s/

/**
 * The text with an apostrophe before every character that could start a formula. One pass, one
 * look at each character (a pattern with a repeated group of spaces after a separator, both
 * matching a tab, went back over a long run of tabs once per tab: quadratic).
 */
export function neutraliseFormulas(text: string): string {
  let out = ''
  let from = 0
  // Whether a cell may start here: the start, or only spaces and quotes since a separator.
  let cellStart = true
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!
    if (SEPARATORS.has(character)) cellStart = true
    else if (cellStart && FORMULA_CHARACTERS.has(character)) {
      out += `${text.slice(from, i)}'`
      from = i
      cellStart = false
    } else if (character !== '"' && !SPACE.test(character)) cellStart = false
  }
  return out + text.slice(from)
}

/**
 * One CSV record (RFC 4180, CRLF). Text passes through neutraliseFormulas; negative numbers stay
 * numbers; booleans are written as true/false, dates as ISO 8601; leading or trailing spaces and
 * line breaks are kept by quoting.
 */
export function csvLine(values: readonly unknown[]): string {
  return stringify([values], {
    record_delimiter: 'windows',
    // A bare line break must be quoted too, not only CRLF (the record delimiter).
    quoted_match: [/^\s|\s$/, /[\r\n]/],
    cast: {
      boolean: String,
      date: (date) => date.toISOString(),
      string: (text) => neutraliseFormulas(text),
    },
  })
}
