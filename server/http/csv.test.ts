import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvLine, neutraliseFormulas } from './csv.ts'

/** The cells a spreadsheet reads from a line, splitting at `separator` and ignoring quotes. */
const cellsAsSplitAt = (line: string, separator: RegExp) =>
  line.split(separator).map((cell) => cell.replace(/^[\s"]+/, ''))
const FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/

describe('csvLine', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [3, '3'],
    [-3, '-3'],
    [false, 'false'],
    ['plain', 'plain'],
    [' padded ', '" padded "'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', `"\t'=1"`],
    ['\r=1', `"\r'=1"`],
    // After a separator another locale's spreadsheet splits at.
    ['Ann;=1+1', "Ann;'=1+1"],
    ['Ann; =1+1', "Ann; '=1+1"],
    ['Ann;"=1+1', `"Ann;""'=1+1"`],
    ['a,-2+3', `"a,'-2+3"`],
    ['a\t@SUM(1)', "a\t'@SUM(1)"],
    ['a|=1', "a|'=1"],
    ['first line\n+1', `"first line\n'+1"`],
    // Full-width, which Japanese editions read as =, +, - and @.
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['x;\uFF20SUM(1)', "x;'\uFF20SUM(1)"],
    // Where no cell starts, nothing changes.
    ['Tom - Jerry, 3-2=1', '"Tom - Jerry, 3-2=1"'],
    ['mei.lin+news@example.org', 'mei.lin+news@example.org'],
  ])('csvLine([%j])', (input, output) => expect(csvLine([input])).toBe(`${output}\r\n`))

  it('separates fields with commas and ends the record with CRLF', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n")
  })

  it('leaves no cell a formula, however a spreadsheet splits the line', () => {
    const risky = fc.constantFrom('=', '+', '-', '@', '\uFF1D', ';', ',', '\t', '|', '\n', '"', ' ')
    fc.assert(
      fc.property(
        fc.array(fc.oneof(risky, fc.string({ maxLength: 3 })), { maxLength: 12 }),
        (parts) => {
          const line = csvLine([parts.join(''), 'x'])
          for (const separator of [/,/, /;/, /\t/, /\|/, /\r?\n/])
            for (const cell of cellsAsSplitAt(line, separator)) expect(cell).not.toMatch(FORMULA)
        },
      ),
    )
  })
})

describe('neutraliseFormulas', () => {
  it('changes only what could start a formula', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(neutraliseFormulas(text).replaceAll("'", '')).toBe(text.replaceAll("'", ''))
      }),
    )
  })

  /** The least of a few runs of `work`, in milliseconds (the least is the one least disturbed). */
  const fastest = (work: () => unknown) => {
    let best = Infinity
    for (let run = 0; run < 5; run++) {
      const start = performance.now()
      work()
      best = Math.min(best, performance.now() - start)
    }
    return best
  }

  it('escapes a cell of separators in time linear in its length (issue 25), against plain text of the same length', () => {
    // A pattern that matched a tab both as a separator and as a space before the formula went
    // back over the run of tabs once per tab: quadratic, minutes for 100 KB. The 10 KB step
    // comes first so that a quadratic version fails in a moment rather than hanging.
    for (const length of [10_000, 100_000]) {
      const separators = `"a"${'\t'.repeat(length)}"b"`
      const mixed = `"a"${';\r\n, |'.repeat(length / 6)}=b`
      const control = `"a"${'x'.repeat(length)}"b"`
      const controlMs = Math.max(
        fastest(() => neutraliseFormulas(control)),
        0.05,
      )
      expect(neutraliseFormulas(separators)).toBe(separators)
      expect(fastest(() => neutraliseFormulas(separators)) / controlMs).toBeLessThan(30)
      expect(fastest(() => neutraliseFormulas(mixed)) / controlMs).toBeLessThan(30)
    }
  })
})
