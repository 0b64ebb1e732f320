import { describe, expect, it } from 'vitest'
import { replaceSection } from './report.ts'

const MARKERS = { start: '<!-- a:start -->', end: '<!-- a:end -->' }

describe('a benchmark section of docs/benchmarks.md', () => {
  it('replaces its own part and keeps the rest', () => {
    const doc = '# Benchmarks\n\n<!-- a:start -->\nold\n<!-- a:end -->\n\n## Notes\nkept\n'
    expect(replaceSection(doc, MARKERS, '<!-- a:start -->\nnew\n<!-- a:end -->')).toBe(
      '# Benchmarks\n\n<!-- a:start -->\nnew\n<!-- a:end -->\n\n## Notes\nkept\n',
    )
  })

  it('is added at the end of a file that does not have it yet', () => {
    expect(replaceSection('# Benchmarks\n', MARKERS, 'block')).toBe('# Benchmarks\n\nblock\n')
    // an end marker before any start marker does not count as a section
    expect(replaceSection('<!-- a:end --> x <!-- a:start -->', MARKERS, 'b')).toBe(
      '<!-- a:end --> x <!-- a:start -->\n\nb\n',
    )
  })
})
