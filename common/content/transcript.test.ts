import { describe, expect, it } from 'vitest'
import {
  formatVttTime,
  parsePlainTranscript,
  plainTranscriptIsTimed,
  parseTranscript,
  parseWebVtt,
  toWebVtt,
  TranscriptError,
} from './transcript.ts'

const lineOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(TranscriptError)
    return { line: (error as TranscriptError).line, message: (error as Error).message }
  }
  throw new Error('no error')
}

describe('parseWebVtt', () => {
  it('reads cues with voice tags, ids, settings, notes and hour-less times', () => {
    const { cues, timed } = parseWebVtt(
      [
        'WEBVTT - The Daily Commons',
        '',
        'NOTE made by the sample generator',
        '',
        'intro',
        '00:00:02.900 --> 00:00:03.627 align:start',
        '<v Imani Brooks>Good morning.</v>',
        '',
        '01:05.250 --> 01:09.000',
        '<v.host Owen Fairchild>And I’m <i>Owen</i>',
        'Fairchild.',
        '',
      ].join('\r\n'),
    )
    expect(timed).toBe(true)
    expect(cues).toEqual([
      { start: 2.9, end: 3.627, speaker: 'Imani Brooks', text: 'Good morning.' },
      { start: 65.25, end: 69, speaker: 'Owen Fairchild', text: 'And I’m Owen Fairchild.' },
    ])
  })

  it('splits a cue with two voices and keeps a cue without one', () => {
    const { cues } = parseWebVtt(
      'WEBVTT\n\n00:00.000 --> 00:04.000\n<v A>Hello.</v> <v B>Hi.</v>\n\n00:04.000 --> 00:05.000\nMusic\n',
    )
    expect(cues.map((c) => [c.speaker, c.text])).toEqual([
      ['A', 'Hello.'],
      ['B', 'Hi.'],
      ['', 'Music'],
    ])
  })

  it('turns markup into text: no tag survives, character references are decoded', () => {
    const { cues } = parseWebVtt(
      'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Eve &amp; Co>&lt;b&gt; is <script>alert(1)</script><img src=x onerror=alert(2)> &amp; more\n',
    )
    expect(cues[0]).toMatchObject({ speaker: 'Eve & Co', text: '<b> is alert(1) & more' })
  })

  it('names the line of each mistake', () => {
    expect(lineOf(() => parseWebVtt('<v A>hi'))).toMatchObject({ line: 1 })
    expect(lineOf(() => parseWebVtt('WEBVTT\n\n00:00:01 --> 00:00:02.000\nhi'))).toMatchObject({
      line: 3,
      message: expect.stringMatching(/line 3: “00:00:01” is not a WebVTT time/),
    })
    expect(lineOf(() => parseWebVtt('WEBVTT\n\n00:05.000 --> 00:04.000\nhi'))).toMatchObject({
      line: 3,
      message: expect.stringMatching(/ends .* before or when it starts/),
    })
    expect(
      lineOf(() =>
        parseWebVtt('WEBVTT\n\n00:05.000 --> 00:06.000\na\n\n00:01.000 --> 00:02.000\nb'),
      ),
    ).toMatchObject({ line: 6, message: expect.stringMatching(/time order/) })
    expect(lineOf(() => parseWebVtt('WEBVTT\n\njust text\n'))).toMatchObject({ line: 3 })
    expect(lineOf(() => parseWebVtt('WEBVTT\n\n'))).toMatchObject({
      message: expect.stringMatching(/no cues/),
    })
  })
})

describe('parsePlainTranscript', () => {
  it('reads speaker lines with time stamps, continuing the speaker on lines without a name', () => {
    const { cues, timed } = parsePlainTranscript(
      '[00:03] Imani Brooks: Good morning.\n\n[0:10] More from Imani.\n[1:02:03.5] Owen Fairchild: Hello: and welcome.\n',
    )
    expect(timed).toBe(true)
    expect(cues).toEqual([
      { start: 3, speaker: 'Imani Brooks', text: 'Good morning.' },
      { start: 10, speaker: 'Imani Brooks', text: 'More from Imani.' },
      { start: 3723.5, speaker: 'Owen Fairchild', text: 'Hello: and welcome.' },
    ])
  })

  it('reads a transcript without time stamps as untimed', () => {
    const { cues, timed } = parsePlainTranscript('Ana: One.\nBo: Two.')
    expect(timed).toBe(false)
    expect(cues.map((c) => c.start)).toEqual([0, 0])
  })

  it('keeps what looks like HTML as the text it is', () => {
    const { cues } = parsePlainTranscript('Ana: <img src=x onerror=alert(1)> &amp;')
    expect(cues[0]!.text).toBe('<img src=x onerror=alert(1)> &amp;')
  })

  it('names the line of each mistake', () => {
    expect(lineOf(() => parsePlainTranscript('\nno speaker here'))).toMatchObject({ line: 2 })
    expect(lineOf(() => parsePlainTranscript('[00:01] A: x\nB: y'))).toMatchObject({
      line: 2,
      message: expect.stringMatching(/needs a \[mm:ss\] time stamp, as line 1 has one/),
    })
    expect(lineOf(() => parsePlainTranscript('A: x\n[00:01] B: y'))).toMatchObject({ line: 2 })
    expect(lineOf(() => parsePlainTranscript('[00:05] A: x\n[00:04] B: y'))).toMatchObject({
      line: 2,
      message: expect.stringMatching(/earlier than the line before/),
    })
    expect(lineOf(() => parsePlainTranscript('  \n'))).toMatchObject({
      message: expect.stringMatching(/empty/),
    })
  })
})

describe('plainTranscriptIsTimed (one line read, for lists of every episode)', () => {
  it('says what the whole parse says', () => {
    const texts = [
      '[00:00] Ada Nwosu: Good morning.\n[00:04] Owen Fairchild: Morning.',
      'Ada Nwosu: Good morning.\nOwen Fairchild: Morning.',
      '\uFEFF\n\n  [1:02:03.5] Ada Nwosu: Late in the hour.\r\n[1:02:09] Ada Nwosu: Still here.',
      '\r\n\r\nAda Nwosu: [not a stamp] but a bracket.',
      '   \t\nImani Brooks: One line.',
    ]
    for (const text of texts)
      expect(plainTranscriptIsTimed(text), text).toBe(parsePlainTranscript(text).timed)
  })
})

describe('parseTranscript', () => {
  it('tells WebVTT from plain text', () => {
    expect(parseTranscript('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\n<v A>x').cues[0]!.end).toBe(1)
    expect(parseTranscript('WEBVTTfan: what a show').cues[0]!.speaker).toBe('WEBVTTfan')
  })
})

describe('toWebVtt', () => {
  it('writes cues that parse back to the same cues', () => {
    const cues = [
      { start: 0, end: 1.5, speaker: 'Imani Brooks', text: 'A <b> & c > d' },
      { start: 1.5, speaker: 'Owen', text: 'two\n\nparagraphs' },
      { start: 4000.25, speaker: '', text: 'last' },
    ]
    const vtt = toWebVtt(cues, { duration: 4002 })
    expect(vtt).toContain('01:06:40.250 --> 01:06:42.000\nlast\n')
    expect(parseWebVtt(vtt).cues).toEqual([
      { start: 0, end: 1.5, speaker: 'Imani Brooks', text: 'A <b> & c > d' },
      { start: 1.5, end: 4000.25, speaker: 'Owen', text: 'two paragraphs' },
      { start: 4000.25, end: 4002, speaker: '', text: 'last' },
    ])
  })

  it('refuses cues that cannot be timed', () => {
    expect(() => toWebVtt([{ start: 5, speaker: 'A', text: 'x' }], { duration: 4 })).toThrow(
      /cue 1 .* no time after its start/,
    )
  })

  it('formats times', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000')
    expect(formatVttTime(59.9996)).toBe('00:01:00.000')
  })
})
