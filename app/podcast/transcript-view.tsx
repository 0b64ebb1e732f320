import { useEffect, useRef, useState } from 'react'
import type { TranscriptCue } from '#common/content/podcast.ts'
import { cn } from '#app/lib/cn.ts'
import { indexAt, turnsOf } from './cues.ts'
import { usePlayback } from './playback-store.ts'
import { formatClock, spokenDuration, timeFragment } from './time.ts'

export type TranscriptViewProps = {
  /** The episode's guid: the view follows and seeks the player of the same episode. */
  guid: string
  cues: readonly TranscriptCue[]
  /** False when the transcript has no times (plain text without time stamps). */
  timed?: boolean
  id?: string
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false

/**
 * The episode's transcript as text (WCAG 1.2.1: recorded audio has a text alternative): one
 * paragraph per turn with the speaker's name and a time stamp link. With the player hydrated, the
 * line being spoken is highlighted, a time stamp (or, with a mouse, any line) seeks the player,
 * and the box follows the audio without ever moving the focus or the page.
 */
export function TranscriptView({
  guid,
  cues,
  timed = true,
  id = 'transcript',
}: TranscriptViewProps) {
  const playback = usePlayback(guid)
  const boxRef = useRef<HTMLDivElement>(null)
  const [follow, setFollow] = useState(true)
  const turns = turnsOf(cues)
  const active = timed && playback.seek ? indexAt(cues, playback.time, (c) => c.start) : -1

  // a click on a line seeks there: a pointer convenience, as each turn's time stamp is a link
  useEffect(() => {
    const box = boxRef.current
    if (!box || !timed || !playback.seek) return
    const seek = playback.seek
    const onClick = (event: MouseEvent) => {
      const line = (event.target as Element).closest<HTMLElement>('[data-start]')
      if (line && !window.getSelection()?.toString()) seek(Number(line.dataset.start))
    }
    box.addEventListener('click', onClick)
    return () => box.removeEventListener('click', onClick)
  }, [timed, playback.seek])

  // follow the audio inside the box only: never scrollIntoView (it scrolls the page) and never
  // while the reader is inside the box (focus or pointer), so nothing moves under them
  useEffect(() => {
    const box = boxRef.current
    if (!box || !follow || active < 0) return
    if (box.contains(document.activeElement) || box.matches(':hover')) return
    const line = box.querySelector<HTMLElement>(`[data-cue="${active}"]`)
    if (!line) return
    const top = line.offsetTop - box.offsetTop
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTo({
        top: Math.max(0, top - box.clientHeight / 3),
        behavior: reducedMotion() ? 'auto' : 'smooth',
      })
  }, [active, follow])

  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="rounded-card bg-white/70 p-5 ring-1 ring-ink/5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold">
          Transcript
        </h2>
        {timed && playback.seek && (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={follow}
              onChange={(event) => setFollow(event.target.checked)}
              className="size-4 accent-clay"
            />
            Follow the audio
          </label>
        )}
      </div>
      <div ref={boxRef} className="mt-4 max-h-112 overflow-y-auto pr-2">
        {turns.map((turn) => (
          <div
            key={`${turn.start}-${turn.cues[0]!.index}`}
            className="border-t border-ink/10 py-3 first:border-t-0"
          >
            <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
              {timed && (
                <a
                  href={timeFragment(turn.start)}
                  aria-label={`${formatClock(turn.start)}: play from ${spokenDuration(turn.start)}`}
                  onClick={(event) => {
                    if (!playback.seek) return
                    event.preventDefault()
                    playback.seek(turn.start)
                    window.history.replaceState(window.history.state, '', timeFragment(turn.start))
                  }}
                  className="font-semibold text-teal tabular-nums underline-offset-2 hover:underline"
                >
                  {formatClock(turn.start)}
                </a>
              )}
              {turn.speaker && <strong className="font-semibold">{turn.speaker}</strong>}
            </p>
            <p className="mt-1 leading-relaxed">
              {turn.cues.map(({ cue, index }) => (
                <span
                  key={index}
                  data-cue={index}
                  data-start={timed ? cue.start : undefined}
                  className={cn(
                    timed && playback.seek && 'cursor-pointer rounded-sm',
                    index === active && 'bg-gold-soft',
                  )}
                >
                  {cue.text}{' '}
                </span>
              ))}
            </p>
          </div>
        ))}
      </div>
    </section>
  )
}
