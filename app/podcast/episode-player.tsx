import { useRef, useSyncExternalStore } from 'react'
import type { Chapter, TranscriptCue } from '#common/content/podcast.ts'
import { cn } from '#app/lib/cn.ts'
import { indexAt } from './cues.ts'
import { PlayerControls } from './player-controls.tsx'
import { formatClock, timeFragment } from './time.ts'
import { usePlayer, type PlayerState } from './use-player.ts'

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
  // false in the prerendered HTML and while hydrating (the native player), true from then on
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const audioRef = useRef<HTMLAudioElement>(null)
  const player = usePlayer(audioRef, guid, audio, pageUrl)
  const { time, seek } = player

  const chapterIndex = indexAt(chapters, time, (c) => c.startTime)
  // before the first words, the first line waits there, so the box never changes height
  const cue =
    cues[
      Math.max(
        0,
        indexAt(cues, time, (c) => c.start),
      )
    ]

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
          {...player.audioEvents}
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
          <PlayerControls player={player} chapters={chapters} chapterIndex={chapterIndex} />
        )}
      </div>

      {player.problem && (
        <p role="alert" className="mt-3 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {player.problem}
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

      {enhanced && <ShareRow player={player} />}

      {/* with JavaScript on, hold the room the line and the share row will take once hydrated */}
      {!enhanced && (
        <div aria-hidden="true" className="js-only">
          {cues.length > 0 && <div className="mt-4 h-20" />}
          <div className="mt-4 h-11" />
        </div>
      )}

      {chapters.length > 0 && (
        <ChapterList
          id={`player-${guid}-chapters`}
          chapters={chapters}
          current={enhanced ? chapterIndex : undefined}
          seek={seek}
        />
      )}
    </section>
  )
}

/** "Share this moment", the offer to start over after a resume, and the link once shared. */
function ShareRow({ player }: { player: PlayerState }) {
  const { time, resumedAt, shared } = player
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          onClick={player.share}
          className="min-h-11 rounded-full border border-paper/30 px-4 font-semibold hover:bg-ink-soft focus-visible:outline-gold"
        >
          Share this moment ({formatClock(time)})
        </button>
        {resumedAt !== null && (
          <p className="text-paper/80">
            Picked up where you left off, at {formatClock(resumedAt)}.{' '}
            <button
              type="button"
              onClick={player.startOver}
              className="font-semibold text-gold underline focus-visible:outline-gold"
            >
              Start from the beginning
            </button>
          </p>
        )}
      </div>

      <p role="status" className="mt-2 text-sm text-paper/80 empty:mt-0">
        {shared && (shared.copied ? <>Link copied: </> : <>Copy this link: </>)}
        {shared && (
          <a href={shared.url} className="break-all text-gold underline">
            {shared.url}
          </a>
        )}
      </p>
    </>
  )
}

/**
 * The chapter list: #t= links that work without JavaScript; hydrated (`current` set), a click
 * seeks in place and the chapter being played is marked.
 */
function ChapterList({
  id,
  chapters,
  current,
  seek,
}: {
  /** Not useId: an island hydrates as a root of its own, where React's ids differ from the page's. */
  id: string
  chapters: readonly Pick<Chapter, 'startTime' | 'title'>[]
  current: number | undefined
  seek: (seconds: number) => void
}) {
  const enhanced = current !== undefined
  return (
    <nav aria-labelledby={id} className="mt-5 border-t border-paper/15 pt-4">
      <h2 id={id} className="font-sans text-sm font-semibold tracking-eyebrow text-gold uppercase">
        Chapters
      </h2>
      <ol className="mt-2 grid gap-1">
        {chapters.map((c, i) => (
          <li key={c.startTime}>
            <a
              href={timeFragment(c.startTime)}
              aria-current={enhanced && i === current ? 'true' : undefined}
              onClick={(event) => {
                if (!enhanced) return
                event.preventDefault()
                seek(c.startTime)
              }}
              className={cn(
                'flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-ink-soft focus-visible:outline-gold',
                enhanced && i === current && 'bg-ink-soft font-semibold text-gold',
              )}
            >
              <span className="w-14 text-paper/80 tabular-nums">{formatClock(c.startTime)}</span>
              <span>{c.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
