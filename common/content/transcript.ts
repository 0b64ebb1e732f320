/**
 * Transcripts in, transcripts out. Staff upload either WebVTT (with `<v Speaker>` voice tags) or
 * plain text with one speaker line per paragraph (`Name: text`, optionally after a `[mm:ss]` time
 * stamp); both become the same list of cues, which the episode page renders as text (React escapes
 * it) and `toWebVtt` writes back for the feed's podcast:transcript.
 *
 * Nothing here is HTML: WebVTT's own markup (voice, class, bold, ruby, time-stamp tags) is removed
 * and its character references decoded into plain text; anything else that looks like a tag is a
 * tag by WebVTT's rules and is removed too. Plain text is kept exactly as typed.
 */
import { decodeHTML } from 'entities'
import type { TranscriptCue } from './podcast.ts'

export type ParsedTranscript = {
  cues: TranscriptCue[]
  /** False for plain text without time stamps: the text is there, but nothing can seek to it. */
  timed: boolean
}

export class TranscriptError extends Error {
  readonly line: number
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`)
    this.name = 'TranscriptError'
    this.line = line
  }
}

const MAX_SPEAKER = 100

// ---------------------------------------------------------------- WebVTT

/** hh:mm:ss.ttt or mm:ss.ttt (WebVTT requires the milliseconds and two-digit minutes/seconds). */
const VTT_TIME = /^(?:(\d{1,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/

function parseVttTime(value: string, line: number): number {
  const match = VTT_TIME.exec(value)
  if (!match)
    throw new TranscriptError(
      line,
      `“${value}” is not a WebVTT time; write hh:mm:ss.ttt or mm:ss.ttt, such as 00:01:05.250`,
    )
  const [, h, m, s, ms] = match
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000
}

/** The voice spans of a cue payload as plain text, one per speaker in order. */
function voiceSpans(payload: string): { speaker: string; text: string }[] {
  const spans: { speaker: string; text: string }[] = []
  let speaker = ''
  let buffer = ''
  const flush = () => {
    const text = decodeHTML(buffer).replace(/\s+/g, ' ').trim()
    if (text) {
      const last = spans.at(-1)
      if (last && last.speaker === speaker) last.text = `${last.text} ${text}`
      else spans.push({ speaker, text })
    }
    buffer = ''
  }
  // Tags per the WebVTT cue-text tokenizer: "<" up to ">" (or the end of the payload).
  for (const token of payload.split(/(<[^>]*>?)/)) {
    if (!token.startsWith('<')) {
      buffer += token
      continue
    }
    const voice = /^<v(?:\.[^\s>]*)?[\s]+([^>]*)>?$/.exec(token)
    if (voice) {
      flush()
      speaker = decodeHTML(voice[1]!).replace(/\s+/g, ' ').trim().slice(0, MAX_SPEAKER)
    } else if (/^<\/v\s*>?$/.test(token)) {
      flush()
      speaker = ''
    }
    // every other tag (b, i, u, c, lang, ruby, rt, time stamps, unknown) is dropped, its text kept
  }
  flush()
  return spans
}

export function parseWebVtt(source: string): ParsedTranscript {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? ''))
    throw new TranscriptError(1, 'a WebVTT file starts with the line “WEBVTT”')
  const cues: TranscriptCue[] = []
  let i = 1
  // the header may continue until the first blank line
  while (i < lines.length && lines[i]!.trim() !== '') i++
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.trim() === '') i++
    if (i >= lines.length) break
    const blockStart = i
    const block: string[] = []
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!)
    const first = block[0]!
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue
    const timingIndex = block.findIndex((l) => l.includes('-->'))
    if (timingIndex === -1 || timingIndex > 1)
      throw new TranscriptError(
        blockStart + 1,
        'expected a cue time line such as “00:00:01.000 --> 00:00:04.000”',
      )
    const timingLine = blockStart + timingIndex + 1
    const [startText, rest = ''] = block[timingIndex]!.split('-->').map((part) => part.trim())
    const endText = rest.split(/[ \t]+/)[0] ?? ''
    const start = parseVttTime(startText!, timingLine)
    const end = parseVttTime(endText, timingLine)
    if (end <= start)
      throw new TranscriptError(
        timingLine,
        `the cue ends (${endText}) before or when it starts (${startText})`,
      )
    const previous = cues.at(-1)
    if (previous && start < previous.start)
      throw new TranscriptError(
        timingLine,
        `the cue starts (${startText}) before the previous one; cues must be in time order`,
      )
    const payload = block.slice(timingIndex + 1).join('\n')
    for (const span of voiceSpans(payload))
      cues.push({ start, end, speaker: span.speaker, text: span.text })
  }
  if (!cues.length) throw new TranscriptError(lines.length, 'the file has no cues')
  return { cues, timed: true }
}

// ---------------------------------------------------------------- plain text

/** [mm:ss] or [h:mm:ss], optionally with fractions of a second. */
const STAMP = /^\[(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d(?:\.\d{1,3})?)\]\s*/
/** "Name: text". A name starts with a letter and holds no colon; up to 100 characters. */
const SPEAKER = /^([\p{L}][\p{L}\p{M}\p{N} .'’-]{0,99}?):\s+(\S.*)$/u

/**
 * Whether a plain-text transcript that passed its checks is timed: its first line says (every
 * line has a stamp or none has). Reads one line, not the whole text: lists of every episode (the
 * feed, the transcript files' paths) ask it of thousands of episodes.
 */
export function plainTranscriptIsTimed(source: string): boolean {
  const text = source.replace(/^\uFEFF/, '')
  const first = /^[^\S\r\n]*\S.*$/m.exec(text)?.[0] ?? ''
  return STAMP.test(first.trim())
}

export function parsePlainTranscript(source: string): ParsedTranscript {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const cues: TranscriptCue[] = []
  let timed: boolean | undefined
  let firstLine = 0
  let speaker: string | undefined
  for (const [index, raw] of lines.entries()) {
    const lineNumber = index + 1
    let line = raw.trim()
    if (!line) continue
    const stamp = STAMP.exec(line)
    const hasStamp = stamp !== null
    if (timed === undefined) {
      timed = hasStamp
      firstLine = lineNumber
    } else if (timed !== hasStamp)
      throw new TranscriptError(
        lineNumber,
        timed
          ? `every line needs a [mm:ss] time stamp, as line ${firstLine} has one`
          : `line ${firstLine} has no time stamp, so no line may have one`,
      )
    let start = 0
    if (stamp) {
      const [, h, m, s] = stamp
      start = Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s)
      line = line.slice(stamp[0].length)
      const previous = cues.at(-1)
      if (previous && start < previous.start)
        throw new TranscriptError(
          lineNumber,
          `the time stamp ${stamp[0].trim()} is earlier than the line before it`,
        )
    }
    const named = SPEAKER.exec(line)
    if (named) {
      speaker = named[1]!.trim()
      line = named[2]!.trim()
    } else if (speaker === undefined)
      throw new TranscriptError(
        lineNumber,
        'the first line must say who speaks, as “Name: what they say”',
      )
    if (!line) throw new TranscriptError(lineNumber, 'the line has a speaker but no text')
    cues.push({ start, speaker, text: line })
  }
  if (!cues.length) throw new TranscriptError(1, 'the transcript is empty')
  // untimed cues all start at 0: say so rather than pretend they can be sought
  return { cues, timed: timed ?? false }
}

/** WebVTT when the text starts with WEBVTT, plain text otherwise. */
export function parseTranscript(source: string): ParsedTranscript {
  return /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(source)
    ? parseWebVtt(source)
    : parsePlainTranscript(source)
}

// ---------------------------------------------------------------- writing WebVTT

export function formatVttTime(seconds: number): string {
  const totalMs = Math.round(seconds * 1000)
  const ms = totalMs % 1000
  const s = Math.floor(totalMs / 1000) % 60
  const m = Math.floor(totalMs / 60_000) % 60
  const h = Math.floor(totalMs / 3_600_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(h)}:${two(m)}:${two(s)}.${String(ms).padStart(3, '0')}`
}

const escapeCueText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/**
 * WebVTT for timed cues. A cue without an end ends where the next one starts; the last one at
 * `duration` (the audio's length), or 5 seconds after it starts when that is not known.
 */
export function toWebVtt(cues: readonly TranscriptCue[], options: { duration?: number } = {}) {
  let out = 'WEBVTT\n'
  cues.forEach((cue, i) => {
    const next = cues[i + 1]
    const end =
      cue.end ?? (next && next.start > cue.start ? next.start : (options.duration ?? cue.start + 5))
    if (end <= cue.start)
      throw new Error(`cue ${i + 1} (${formatVttTime(cue.start)}) has no time after its start`)
    // a blank line ends a cue, so the text stays on one line
    const text = escapeCueText(cue.text.replace(/\s+/g, ' ').trim())
    const speaker = cue.speaker.replace(/\s+/g, ' ').trim()
    const payload = speaker ? `<v ${escapeCueText(speaker)}>${text}` : text
    out += `\n${formatVttTime(cue.start)} --> ${formatVttTime(end)}\n${payload}\n`
  })
  return out
}
