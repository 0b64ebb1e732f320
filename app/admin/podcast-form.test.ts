import { describe, expect, it } from 'vitest'
import { formatShowTime, isoToZoned, parseClock, zonedToIso } from './format.ts'
import { slugify } from '#common/content/slug.ts'
import { chapterTime } from './pages/episode.tsx'

describe('the episode form’s times', () => {
  it('reads and writes the publication time in Kansas City time, either side of a change of clocks', () => {
    expect(zonedToIso('2026-11-25T06:00')).toBe('2026-11-25T12:00:00Z')
    expect(isoToZoned('2026-11-25T12:00:00Z')).toBe('2026-11-25T06:00')
    // Summer time (CDT, UTC-5), and the morning after the clocks went back.
    expect(zonedToIso('2026-07-01T06:00')).toBe('2026-07-01T11:00:00Z')
    expect(zonedToIso('2026-11-02T06:00')).toBe('2026-11-02T12:00:00Z')
    for (const iso of ['2026-03-09T12:00:00Z', '2026-11-01T12:00:00Z', '2026-06-15T03:30:00Z'])
      expect(zonedToIso(isoToZoned(iso))).toBe(iso)
    expect(zonedToIso('tomorrow')).toBeUndefined()
    expect(formatShowTime('2026-11-25T12:00:00Z')).toBe('Wed, Nov 25, 2026, 6:00 AM CST')
  })

  it('reads a chapter’s start as m:ss, h:mm:ss or seconds, and writes it back the same', () => {
    expect(parseClock('1:05')).toBe(65)
    expect(parseClock('0:18.88')).toBe(18.88)
    expect(parseClock('1:02:03')).toBe(3723)
    expect(parseClock('90')).toBe(90)
    expect(parseClock('1:75')).toBeUndefined()
    expect(parseClock('soon')).toBeUndefined()
    for (const seconds of [0, 18.88, 101.36, 129.42, 136.4, 3723.5, 59.999])
      expect(parseClock(chapterTime(seconds))).toBeCloseTo(Math.round(seconds * 100) / 100, 2)
    expect(chapterTime(18.88)).toBe('0:18.88')
    expect(chapterTime(136.4)).toBe('2:16.4')
  })

  it('proposes an address from the title', () => {
    expect(slugify('A Cuff in Every Bag')).toBe('a-cuff-in-every-bag')
    expect(slugify('  Señora’s 3 Rules!  ')).toBe('senora-s-3-rules')
  })
})
