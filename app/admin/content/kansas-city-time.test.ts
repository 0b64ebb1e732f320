import { describe, expect, it } from 'vitest'
import {
  formatKansasCity,
  formatLocalIfDifferent,
  fromKansasCity,
  kansasCityWallClock,
} from './kansas-city-time.ts'

describe('publication times in Kansas City', () => {
  it.each([
    ['summer (CDT, UTC−5)', '2026-07-04', '09:30', '2026-07-04T14:30:00.000Z'],
    ['winter (CST, UTC−6)', '2026-01-15', '18:00', '2026-01-16T00:00:00.000Z'],
    ['the day the clocks go forward, before', '2026-03-08', '01:59', '2026-03-08T07:59:00.000Z'],
    ['the day the clocks go forward, after', '2026-03-08', '03:00', '2026-03-08T08:00:00.000Z'],
    [
      'the repeated hour in November: the first one',
      '2026-11-01',
      '01:30',
      '2026-11-01T06:30:00.000Z',
    ],
    ['midnight', '2026-05-01', '00:00', '2026-05-01T05:00:00.000Z'],
  ])('%s', (_, date, time, iso) => {
    const instant = fromKansasCity(date, time)!
    expect(instant.toISOString()).toBe(iso)
    expect(kansasCityWallClock(instant)).toEqual({ date, time })
  })

  it('reads a time the clocks skip as the same minutes after the change', () => {
    expect(fromKansasCity('2026-03-08', '02:30')!.toISOString()).toBe('2026-03-08T08:30:00.000Z')
  })

  it('refuses what is not a date and a time', () => {
    expect(fromKansasCity('2026-02-30', '09:00')).toBeUndefined()
    expect(fromKansasCity('tomorrow', '09:00')).toBeUndefined()
    expect(fromKansasCity('2026-05-01', '9am')).toBeUndefined()
  })

  it('says which clock it is on, and the reader’s own when that differs', () => {
    const instant = '2026-07-04T14:30:00.000Z'
    expect(formatKansasCity(instant)).toBe(
      'Saturday, July 4, 2026 at 9:30 AM CDT (Kansas City time)',
    )
    expect(formatLocalIfDifferent(instant, 'America/Chicago')).toBeUndefined()
    expect(formatLocalIfDifferent(instant, 'Europe/Berlin')).toBe(
      'Saturday, July 4, 2026 at 4:30 PM GMT+2',
    )
  })
})
