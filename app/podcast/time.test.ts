import { describe, expect, it } from 'vitest'
import { indexAt, turnsOf } from './cues.ts'
import { formatClock, parseTimeFragment, spokenDuration, timeFragment } from './time.ts'

describe('parseTimeFragment', () => {
  it.each([
    ['#t=90', 90],
    ['#t=90.5', 90.5],
    ['#t=1:30', 90],
    ['#t=01:02:03', 3723],
    ['#t=npt:75', 75],
    ['#t=75,120', 75],
    ['#transcript&t=12', 12],
    ['#t=0', 0],
  ])('%s starts at %s s', (hash, seconds) => {
    expect(parseTimeFragment(hash)).toBe(seconds)
  })

  it.each(['', '#', '#t=', '#t=abc', '#t=-5', '#t=1:75', '#t=1e9', '#t=999999', '#tt=5', '#x=1'])(
    '%s starts nowhere',
    (hash) => {
      expect(parseTimeFragment(hash)).toBeNull()
    },
  )
})

describe('clocks', () => {
  it('formats and speaks times, and writes whole seconds into a share link', () => {
    expect(formatClock(0)).toBe('0:00')
    expect(formatClock(161.9)).toBe('2:41')
    expect(formatClock(3723)).toBe('1:02:03')
    expect(formatClock(Number.NaN)).toBe('0:00')
    expect(spokenDuration(61)).toBe('1 minute 1 second')
    expect(spokenDuration(0)).toBe('0 seconds')
    expect(timeFragment(83.9)).toBe('#t=83')
  })
})

describe('cues', () => {
  const cues = [
    { start: 3, speaker: 'A', text: 'one' },
    { start: 5, speaker: 'A', text: 'two' },
    { start: 9, speaker: 'B', text: 'three' },
  ]
  it('finds the cue playing at a time', () => {
    expect(indexAt(cues, 0, (c) => c.start)).toBe(-1)
    expect(indexAt(cues, 3, (c) => c.start)).toBe(0)
    expect(indexAt(cues, 8.99, (c) => c.start)).toBe(1)
    expect(indexAt(cues, 100, (c) => c.start)).toBe(2)
  })
  it('groups consecutive cues of one speaker into turns', () => {
    expect(turnsOf(cues).map((t) => [t.speaker, t.start, t.cues.map((c) => c.index)])).toEqual([
      ['A', 3, [0, 1]],
      ['B', 9, [2]],
    ])
  })
})
