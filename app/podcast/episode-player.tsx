import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import type { Chapter, TranscriptCue } from '#common/content/podcast.ts'
import { cn } from '#app/lib/cn.ts'
import { indexAt } from './cues.ts'
import { publishPlayback } from './playback-store.ts'
import { forgetPosition, loadPosition, savePosition } from './resume.ts'
import { formatClock, parseTimeFragment, spokenDuration, timeFragment } from './time.ts'

export const SPEEDS = [1, 1.25, 1.5, 1.75, 2] as const
export const SKIP_SECONDS = 15
/** Save the position at most this often while playing (and always on pause and page hide). */
const SAVE_EVERY_SECONDS = 5

export type EpisodePlayerProps = {
  /** The episode's stable guid: keys the saved position and the transcript's link to the player. */
  guid: string
  title: string
  audio: { url: string; type: string; duration: number }
  chapters?: readonly Pick<Chapter, 'startTime' | 'title'>[]
  /** Timed cues: the line being spoken shows under the controls, like a caption. */
  cues?: readonly TranscriptCue[]
  /** The episode page's address; the share link adds #t=<seconds>. */
  pageUrl: string
  /** The WebVTT transcript, as the audio element's captions track. */
  captionsUrl?: string
}

const noSubscription = () => () => {}

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max))

/**
 * The episode player. Rendered on the server as a native `<audio controls preload="none">`, which
 * plays without JavaScript; once hydrated, the same element loses its native controls and gets
 * these: play/pause, back and forward 15 s, speed, a seek slider with chapter marks, the chapter
 * list, the line being spoken, a link to this moment, and the place it was left at on a reload.
 */
export function EpisodePlayer({
  guid,
  title,
  audio,
  chapters = [],
  cues = [],
  pageUrl,
  captionsUrl,
}: EpisodePlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const durationRef = useRef(audio.duration)
  const lastSaved = useRef(0)
  // false in the prerendered HTML and while hydrating (the native player), true from then on
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(audio.duration)
  const [speed, setSpeed] = useState<number>(1)
  const [resumedAt, setResumedAt] = useState<number | null>(null)
  const [problem, setProblem] = useState('')
  const [shared, setShared] = useState<{ url: string; copied: boolean } | null>(null)
  // Not useId: an island hydrates as a root of its own, where React's ids differ from the page's.
  const ids = `player-${guid}`

  const seek = useCallback(
    (seconds: number) => {
      const element = audioRef.current
      if (!element) return
      const target = clamp(seconds, durationRef.current)
      // before the audio has loaded this sets the default playback start position (HTML spec)
      element.currentTime = target
      setTime(target)
      publishPlayback(guid, { time: target })
      savePosition(guid, target)
      lastSaved.current = target
    },
    [guid],
  )

  useEffect(() => {
    const fromLink = parseTimeFragment(window.location.hash)
    if (fromLink !== null) seek(fromLink)
    else {
      const saved = loadPosition(guid, durationRef.current)
      if (saved !== null) {
        seek(saved)
        setResumedAt(saved)
      }
    }
    const onHashChange = () => {
      const target = parseTimeFragment(window.location.hash)
      if (target !== null) seek(target)
    }
    const onPageHide = () => {
      const element = audioRef.current
      if (element && element.currentTime > 0) savePosition(guid, element.currentTime)
    }
    window.addEventListener('hashchange', onHashChange)
    window.addEventListener('pagehide', onPageHide)
    publishPlayback(guid, { seek })
    return () => {
      window.removeEventListener('hashchange', onHashChange)
      window.removeEventListener('pagehide', onPageHide)
      publishPlayback(guid, { seek: undefined })
    }
  }, [guid, seek])

  const onTimeUpdate = () => {
    const now = audioRef.current?.currentTime ?? 0
    setTime(now)
    publishPlayback(guid, { time: now })
    if (Math.abs(now - lastSaved.current) >= SAVE_EVERY_SECONDS) {
      savePosition(guid, now)
      lastSaved.current = now
    }
  }

  const onLoadedMetadata = () => {
    const measured = audioRef.current?.duration
    if (measured && Number.isFinite(measured)) {
      durationRef.current = measured
      setDuration(measured)
    }
  }

  const toggle = () => {
    const element = audioRef.current
    if (!element) return
    if (!element.paused) {
      element.pause()
      return
    }
    setProblem('')
    element.playbackRate = speed
    element.play()?.catch((error: unknown) => {
      // AbortError: a pause or a new source interrupted the start; not a failure
      if (error instanceof DOMException && error.name === 'AbortError') return
      setProblem('The episode could not start playing. Please try again, or download it below.')
    })
  }

  const changeSpeed = (value: number) => {
    setSpeed(value)
    if (audioRef.current) {
      audioRef.current.playbackRate = value
      audioRef.current.defaultPlaybackRate = value
    }
  }

  const share = async () => {
    const url = `${pageUrl}${timeFragment(time)}`
    let copied = false
    try {
      await navigator.clipboard.writeText(url)
      copied = true
    } catch {
      // no clipboard (an insecure page, or permission refused): show the link to copy by hand
    }
    setShared({ url, copied })
  }

  const chapterIndex = indexAt(chapters, time, (c) => c.startTime)
  // before the first words, the first line waits there, so the box never changes height
  const cue =
    cues[
      Math.max(
        0,
        indexAt(cues, time, (c) => c.start),
      )
    ]
  const total = duration > 0 ? duration : audio.duration

  return (
    <section
      aria-label={`Player: ${title}`}
      className="rounded-card bg-ink p-5 text-paper shadow-card sm:p-6"
    >
      <div className="flex min-h-28 flex-col justify-center">
        {/* the one audio element: native controls until the player is hydrated. Its captions
            track is there when the episode has a timed (WebVTT) transcript; the transcript on
            the page is the text alternative either way (WCAG 1.2.1). */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the track is conditional */}
        <audio
          ref={audioRef}
          controls={!enhanced}
          preload="none"
          className={cn('w-full', enhanced && 'hidden')}
          onPlay={() => setPlaying(true)}
          onPause={() => {
            setPlaying(false)
            if (audioRef.current) savePosition(guid, audioRef.current.currentTime)
          }}
          onEnded={() => {
            setPlaying(false)
            forgetPosition(guid)
          }}
          onTimeUpdate={onTimeUpdate}
          onLoadedMetadata={onLoadedMetadata}
          onError={() =>
            setProblem('The episode could not be loaded. Please try again, or download it below.')
          }
        >
          <source src={audio.url} type={audio.type} />
          {captionsUrl && (
            <track kind="captions" src={captionsUrl} srcLang="en" label="Transcript" default />
          )}
          <a href={audio.url} className="underline">
            Download the episode
          </a>
        </audio>

        {enhanced && (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                onClick={toggle}
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
                  onChange={(event) => changeSpeed(Number(event.target.value))}
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
                <div
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-x-2 bottom-0 h-1.5"
                >
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
          </div>
        )}
      </div>

      {problem && (
        <p role="alert" className="mt-3 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {problem}
        </p>
      )}

      {enhanced && cue && (
        <div className="mt-4 min-h-20 border-l-4 border-gold pl-4">
          <p className="text-xs font-semibold tracking-eyebrow text-gold uppercase">
            {cue.speaker || 'Now'}
          </p>
          <button
            type="button"
            onClick={() => seek(cue.start)}
            className="mt-1 text-left text-paper hover:underline focus-visible:outline-gold"
          >
            {cue.text}
            <span className="sr-only"> (play again from {formatClock(cue.start)})</span>
          </button>
        </div>
      )}

      {enhanced && (
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <button
            type="button"
            onClick={share}
            className="min-h-11 rounded-full border border-paper/30 px-4 font-semibold hover:bg-ink-soft focus-visible:outline-gold"
          >
            Share this moment ({formatClock(time)})
          </button>
          {resumedAt !== null && (
            <p className="text-paper/80">
              Picked up where you left off, at {formatClock(resumedAt)}.{' '}
              <button
                type="button"
                onClick={() => {
                  seek(0)
                  setResumedAt(null)
                }}
                className="font-semibold text-gold underline focus-visible:outline-gold"
              >
                Start from the beginning
              </button>
            </p>
          )}
        </div>
      )}

      {enhanced && (
        <p role="status" className="mt-2 text-sm text-paper/80 empty:mt-0">
          {shared && (shared.copied ? <>Link copied: </> : <>Copy this link: </>)}
          {shared && (
            <a href={shared.url} className="break-all text-gold underline">
              {shared.url}
            </a>
          )}
        </p>
      )}

      {/* with JavaScript on, hold the room the line and the share row will take once hydrated */}
      {!enhanced && (
        <div aria-hidden="true" className="js-only">
          {cues.length > 0 && <div className="mt-4 h-20" />}
          <div className="mt-4 h-11" />
        </div>
      )}

      {chapters.length > 0 && (
        <nav aria-labelledby={`${ids}-chapters`} className="mt-5 border-t border-paper/15 pt-4">
          <h2
            id={`${ids}-chapters`}
            className="font-sans text-sm font-semibold tracking-eyebrow text-gold uppercase"
          >
            Chapters
          </h2>
          <ol className="mt-2 grid gap-1">
            {chapters.map((c, i) => (
              <li key={c.startTime}>
                <a
                  href={timeFragment(c.startTime)}
                  aria-current={enhanced && i === chapterIndex ? 'true' : undefined}
                  onClick={(event) => {
                    if (!enhanced) return
                    event.preventDefault()
                    seek(c.startTime)
                  }}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-ink-soft focus-visible:outline-gold',
                    enhanced && i === chapterIndex && 'bg-ink-soft font-semibold text-gold',
                  )}
                >
                  <span className="w-14 text-paper/80 tabular-nums">
                    {formatClock(c.startTime)}
                  </span>
                  <span>{c.title}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </section>
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
