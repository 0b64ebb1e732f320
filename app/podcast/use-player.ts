/**
 * The episode player's media state (./episode-player.tsx): the one audio element, where it is,
 * how fast it plays, what went wrong, and the position kept across reloads (./resume.ts) and
 * shared with the transcript (./playback-store.ts).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { publishPlayback } from './playback-store.ts'
import { forgetPosition, loadPosition, savePosition } from './resume.ts'
import { parseTimeFragment, timeFragment } from './time.ts'

/** Save the position at most this often while playing (and always on pause and page hide). */
const SAVE_EVERY_SECONDS = 5

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max))

/**
 * Where to start: a #t= link first, else the place it was left at; then follows later #t= links
 * and saves the position when the page goes away. Lends `seek` to the transcript while mounted.
 */
function useStartPosition(
  guid: string,
  audioRef: RefObject<HTMLAudioElement | null>,
  durationRef: RefObject<number>,
  seek: (seconds: number) => void,
  setResumedAt: (seconds: number) => void,
) {
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
  }, [guid, seek, audioRef, durationRef, setResumedAt])
}

/** Starts or pauses the element; a start that fails says so in `setProblem`. */
function toggle(element: HTMLAudioElement, speed: number, setProblem: (text: string) => void) {
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

/** The link to this moment: copied when the browser lets us, shown either way. */
async function shareMoment(url: string) {
  try {
    await navigator.clipboard.writeText(url)
    return { url, copied: true }
  } catch {
    // no clipboard (an insecure page, or permission refused): show the link to copy by hand
    return { url, copied: false }
  }
}

/** `audioRef` is the player's one audio element. */
export function usePlayer(
  audioRef: RefObject<HTMLAudioElement | null>,
  guid: string,
  audio: { duration: number },
  pageUrl: string,
) {
  const durationRef = useRef(audio.duration)
  const lastSaved = useRef(0)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(audio.duration)
  const [speed, setSpeed] = useState<number>(1)
  const [resumedAt, setResumedAt] = useState<number | null>(null)
  const [problem, setProblem] = useState('')
  const [shared, setShared] = useState<{ url: string; copied: boolean } | null>(null)

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
    [guid, audioRef],
  )
  useStartPosition(guid, audioRef, durationRef, seek, setResumedAt)

  /** What the audio element reports, as its event handlers. */
  const audioEvents = {
    onPlay: () => setPlaying(true),
    onPause: () => {
      setPlaying(false)
      if (audioRef.current) savePosition(guid, audioRef.current.currentTime)
    },
    onEnded: () => {
      setPlaying(false)
      forgetPosition(guid)
    },
    onTimeUpdate: () => {
      const now = audioRef.current?.currentTime ?? 0
      setTime(now)
      publishPlayback(guid, { time: now })
      if (Math.abs(now - lastSaved.current) >= SAVE_EVERY_SECONDS) {
        savePosition(guid, now)
        lastSaved.current = now
      }
    },
    onLoadedMetadata: () => {
      const measured = audioRef.current?.duration
      if (measured && Number.isFinite(measured)) {
        durationRef.current = measured
        setDuration(measured)
      }
    },
    onError: () =>
      setProblem('The episode could not be loaded. Please try again, or download it below.'),
  }

  return {
    audioEvents,
    playing,
    time,
    total: duration > 0 ? duration : audio.duration,
    speed,
    resumedAt,
    problem,
    shared,
    seek,
    toggle: () => {
      if (audioRef.current) toggle(audioRef.current, speed, setProblem)
    },
    changeSpeed: (value: number) => {
      setSpeed(value)
      if (audioRef.current) {
        audioRef.current.playbackRate = value
        audioRef.current.defaultPlaybackRate = value
      }
    },
    share: async () => setShared(await shareMoment(`${pageUrl}${timeFragment(time)}`)),
    startOver: () => {
      seek(0)
      setResumedAt(null)
    },
  }
}

export type PlayerState = ReturnType<typeof usePlayer>
