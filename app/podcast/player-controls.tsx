/**
 * The hydrated player's controls (./episode-player.tsx): play/pause, back and forward 15 s, the
 * speed, and the seek slider with its chapter marks and clock.
 */
import type { ReactNode } from 'react'
import type { Chapter } from '#common/content/podcast.ts'
import { formatClock, spokenDuration } from './time.ts'
import type { PlayerState } from './use-player.ts'

export const SPEEDS = [1, 1.25, 1.5, 1.75, 2] as const
export const SKIP_SECONDS = 15

type Chapters = readonly Pick<Chapter, 'startTime' | 'title'>[]

export function PlayerControls({
  player,
  chapters,
  chapterIndex,
}: {
  player: PlayerState
  chapters: Chapters
  chapterIndex: number
}) {
  const { playing, time, total, speed, seek } = player
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={player.toggle}
          aria-label={playing ? 'Pause' : 'Play'}
          className="inline-flex size-14 items-center justify-center rounded-full bg-gold text-ink hover:bg-gold-soft focus-visible:outline-gold"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <SkipButton
          label={`Back ${SKIP_SECONDS} seconds`}
          disabled={time <= 0}
          onClick={() => seek(time - SKIP_SECONDS)}
        >
          −{SKIP_SECONDS}
        </SkipButton>
        <SkipButton
          label={`Forward ${SKIP_SECONDS} seconds`}
          disabled={time >= total}
          onClick={() => seek(time + SKIP_SECONDS)}
        >
          +{SKIP_SECONDS}
        </SkipButton>
        <label className="ml-auto flex items-center gap-2 text-sm">
          {/* on a phone the row keeps to one line: the select is named all the same */}
          <span className="sr-only sm:not-sr-only">Speed</span>
          <select
            value={speed}
            onChange={(event) => player.changeSpeed(Number(event.target.value))}
            className="min-h-11 rounded-full border border-paper/30 bg-ink px-3 font-semibold tabular-nums focus-visible:outline-gold"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
      </div>

      <SeekBar player={player} chapters={chapters} chapterIndex={chapterIndex} />
    </div>
  )
}

function SeekBar({
  player: { time, total, seek },
  chapters,
  chapterIndex,
}: {
  player: PlayerState
  chapters: Chapters
  chapterIndex: number
}) {
  return (
    <div>
      <div className="relative">
        <input
          type="range"
          min={0}
          max={Math.max(1, Math.floor(total))}
          step={1}
          value={Math.floor(time)}
          onChange={(event) => seek(Number(event.target.value))}
          aria-label="Position in the episode"
          aria-valuetext={`${spokenDuration(time)} of ${spokenDuration(total)}${chapters[chapterIndex] ? `, ${chapters[chapterIndex]!.title}` : ''}`}
          className="relative z-10 h-6 w-full cursor-pointer accent-gold focus-visible:outline-gold"
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-2 bottom-0 h-1.5">
          {chapters
            .filter((c) => c.startTime > 0 && c.startTime < total)
            .map((c) => (
              <span
                key={c.startTime}
                data-chapter-mark=""
                className="absolute top-0 h-1.5 w-0.5 bg-sky"
                style={{ left: `${(c.startTime / total) * 100}%` }}
              />
            ))}
        </div>
      </div>
      <div className="mt-1 flex justify-between text-sm text-paper/80 tabular-nums">
        <span>
          <span className="sr-only">Elapsed </span>
          {formatClock(time)}
        </span>
        <span>
          <span className="sr-only">Length </span>
          {formatClock(total)}
        </span>
      </div>
    </div>
  )
}

function SkipButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-paper/30 px-3 font-semibold tabular-nums hover:bg-ink-soft focus-visible:outline-gold disabled:opacity-50"
    >
      {children}
    </button>
  )
}

const PlayIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="ml-1 size-7" fill="currentColor">
    <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z" />
  </svg>
)

const PauseIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7" fill="currentColor">
    <rect x="5.5" y="4" width="4.5" height="16" rx="1" />
    <rect x="14" y="4" width="4.5" height="16" rx="1" />
  </svg>
)
