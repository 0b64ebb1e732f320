// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EpisodePlayer, type EpisodePlayerProps } from './episode-player.tsx'
import { TranscriptView } from './transcript-view.tsx'

const guid = '305916ae-cee0-4428-a71f-0dff4c7e35e8'
const cues = [
  { start: 3, end: 6, speaker: 'Owen Fairchild', text: 'Good morning.' },
  { start: 6.5, end: 9, speaker: 'Imani Brooks', text: 'And I’m Imani Brooks.' },
  { start: 30, end: 34, speaker: 'Owen Fairchild', text: 'Six towns.' },
  { start: 100, end: 104, speaker: 'Imani Brooks', text: 'Listen, learn, lead.' },
]
const props: EpisodePlayerProps = {
  guid,
  title: 'A Winter of Listening',
  audio: { url: '/media/podcast/a-winter-of-listening.mp3', type: 'audio/mpeg', duration: 120 },
  chapters: [
    { startTime: 0, title: 'Good morning' },
    { startTime: 29.5, title: 'A winter of listening' },
    { startTime: 99.6, title: 'Listen, learn, lead' },
  ],
  cues,
  pageUrl: 'https://docucommons.example.org/listen/a-winter-of-listening',
  captionsUrl: '/media/podcast/a-winter-of-listening.vtt',
}

const audio = () => document.querySelector('audio')!
/** What the browser does while playing: move the time and say so. */
const playTo = (seconds: number) =>
  act(() => {
    audio().currentTime = seconds
    fireEvent.timeUpdate(audio())
  })
const setup = (extra: Partial<EpisodePlayerProps> = {}) =>
  render(
    <>
      <EpisodePlayer {...props} {...extra} />
      <TranscriptView guid={guid} cues={cues} />
    </>,
  )

beforeEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/listen/a-winter-of-listening')
})
afterEach(cleanup)

describe('EpisodePlayer without JavaScript', () => {
  it('is a native audio player that loads nothing until asked', () => {
    const html = renderToString(<EpisodePlayer {...props} />)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const element = doc.querySelector('audio')!
    expect(element.hasAttribute('controls')).toBe(true)
    expect(element.getAttribute('preload')).toBe('none')
    expect(element.querySelector('source')!.getAttribute('src')).toBe(props.audio.url)
    expect(element.querySelector('track')!.getAttribute('kind')).toBe('captions')
    expect(doc.querySelector('button')).toBeNull()
    // the chapters are there as links all the same
    expect(doc.querySelectorAll('nav a')).toHaveLength(3)
  })
})

describe('EpisodePlayer', () => {
  it('replaces the native controls with its own, and plays and pauses', async () => {
    setup()
    expect(audio().hasAttribute('controls')).toBe(false)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play' })))
    expect(audio().paused).toBe(false)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause' })))
    expect(audio().paused).toBe(true)
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
  })

  it('skips 15 seconds back and forward, never past either end', () => {
    setup()
    const back = screen.getByRole('button', { name: 'Back 15 seconds' }) as HTMLButtonElement
    const forward = screen.getByRole('button', { name: 'Forward 15 seconds' })
    expect(back.disabled).toBe(true)
    fireEvent.click(forward)
    expect(audio().currentTime).toBe(15)
    playTo(10)
    fireEvent.click(back)
    expect(audio().currentTime).toBe(0)
    playTo(110)
    fireEvent.click(forward)
    expect(audio().currentTime).toBe(120)
    expect((forward as HTMLButtonElement).disabled).toBe(true)
  })

  it('changes speed from 1× to 2×', () => {
    setup()
    const speed = screen.getByRole('combobox', { name: 'Speed' }) as HTMLSelectElement
    expect([...speed.options].map((o) => o.textContent)).toEqual([
      '1×',
      '1.25×',
      '1.5×',
      '1.75×',
      '2×',
    ])
    fireEvent.change(speed, { target: { value: '1.75' } })
    expect(audio().playbackRate).toBe(1.75)
    fireEvent.change(speed, { target: { value: '1' } })
    expect(audio().playbackRate).toBe(1)
  })

  it('seeks with the slider, which says where it is and in which chapter', () => {
    setup()
    const slider = screen.getByRole('slider', { name: 'Position in the episode' })
    expect(slider.getAttribute('max')).toBe('120')
    fireEvent.change(slider, { target: { value: '45' } })
    expect(audio().currentTime).toBe(45)
    expect(slider.getAttribute('aria-valuetext')).toBe(
      '45 seconds of 2 minutes, A winter of listening',
    )
    // a mark on the slider for each chapter after the first
    expect(document.querySelectorAll('[data-chapter-mark]')).toHaveLength(2)
  })

  it('seeks by chapter and marks the chapter playing', () => {
    setup()
    const chapters = within(screen.getByRole('navigation', { name: 'Chapters' }))
    fireEvent.click(chapters.getByRole('link', { name: /Listen, learn, lead/ }))
    expect(audio().currentTime).toBe(99.6)
    playTo(100)
    expect(
      chapters.getByRole('link', { name: /Listen, learn, lead/ }).getAttribute('aria-current'),
    ).toBe('true')
    expect(chapters.getByRole('link', { name: /Good morning/ }).hasAttribute('aria-current')).toBe(
      false,
    )
  })

  it('shows the line being spoken, which replays it when pressed', () => {
    setup()
    playTo(31)
    const line = screen.getByRole('button', { name: /^Six towns\. \(play again from 0:30\)$/ })
    playTo(33)
    fireEvent.click(line)
    expect(audio().currentTime).toBe(30)
  })

  it('starts at the #t= of the address, and follows a new one', () => {
    window.history.replaceState(null, '', '/listen/a-winter-of-listening#t=1:23')
    setup()
    expect(audio().currentTime).toBe(83)
    act(() => {
      window.location.hash = '#t=30'
      window.dispatchEvent(new HashChangeEvent('hashchange'))
    })
    expect(audio().currentTime).toBe(30)
  })

  it('shares a link to the current moment', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    try {
      setup()
      playTo(83.7)
      await act(async () =>
        fireEvent.click(screen.getByRole('button', { name: 'Share this moment (1:23)' })),
      )
      expect(writeText).toHaveBeenCalledWith(`${props.pageUrl}#t=83`)
      expect(screen.getByRole('status').textContent).toBe(`Link copied: ${props.pageUrl}#t=83`)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('resumes where the listener stopped after a reload, and can start over', () => {
    const first = setup()
    playTo(40)
    playTo(47)
    fireEvent.pause(audio())
    first.unmount()

    setup()
    expect(audio().currentTime).toBe(47)
    expect(screen.getByText(/Picked up where you left off, at 0:47/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Start from the beginning' }))
    expect(audio().currentTime).toBe(0)
  })

  it('keeps one place per episode, forgets it at the end, and lets a #t= link win', () => {
    const first = setup()
    playTo(60)
    fireEvent.pause(audio())
    first.unmount()

    const other = setup({ guid: '176f978b-a90d-42f3-b3e0-f17b2bd5b913' })
    expect(audio().currentTime).toBe(0)
    other.unmount()

    window.history.replaceState(null, '', '/listen/a-winter-of-listening#t=10')
    const linked = setup()
    expect(audio().currentTime).toBe(10)
    fireEvent.ended(audio())
    linked.unmount()

    window.history.replaceState(null, '', '/listen/a-winter-of-listening')
    setup()
    expect(audio().currentTime).toBe(0)
  })
})

describe('TranscriptView with the player', () => {
  it('seeks from a time stamp, and from a click on a line', () => {
    setup()
    const transcript = within(screen.getByRole('region', { name: 'Transcript' }))
    fireEvent.click(transcript.getByRole('link', { name: '0:30: play from 30 seconds' }))
    expect(audio().currentTime).toBe(30)
    expect(window.location.hash).toBe('#t=30')
    fireEvent.click(transcript.getByText('Listen, learn, lead.'))
    expect(audio().currentTime).toBe(100)
  })

  it('highlights the line being spoken', () => {
    setup()
    const transcript = within(screen.getByRole('region', { name: 'Transcript' }))
    playTo(7)
    expect(transcript.getByText('And I’m Imani Brooks.').className).toContain('bg-gold-soft')
    expect(transcript.getByText('Good morning.').className).not.toContain('bg-gold-soft')
  })

  it('follows the audio inside its box, without motion when reduced, and never takes focus', () => {
    const reduce = vi.fn((query: string) => ({ matches: query.includes('reduce') }))
    vi.stubGlobal('matchMedia', reduce)
    try {
      setup()
      const region = screen.getByRole('region', { name: 'Transcript' })
      const box = region.querySelector<HTMLElement>('.overflow-y-auto')!
      Object.defineProperty(box, 'clientHeight', { value: 90 })
      for (const [text, top] of [
        ['Six towns.', 300],
        ['Listen, learn, lead.', 600],
      ] as const) {
        const line = within(region).getByText(text)
        Object.defineProperty(line, 'offsetTop', { value: top })
        Object.defineProperty(line, 'offsetHeight', { value: 24 })
      }
      const scrollTo = vi.fn()
      box.scrollTo = scrollTo as typeof box.scrollTo

      // the reader's focus is inside the transcript: it stays still under them
      within(region).getByRole('link', { name: /^0:03/ }).focus()
      playTo(31)
      expect(scrollTo).not.toHaveBeenCalled()

      // focus elsewhere: the box scrolls itself, at once, and the focus stays where it is
      const share = screen.getByRole('button', { name: /Share this moment/ })
      share.focus()
      playTo(101)
      expect(scrollTo).toHaveBeenCalledWith({ top: 570, behavior: 'auto' })
      expect(document.activeElement).toBe(share)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('shows what a transcript says as text, never as markup', () => {
    render(
      <TranscriptView
        guid="x"
        cues={[{ start: 0, speaker: 'Eve <b>', text: '<img src=x onerror=alert(1)> & more' }]}
      />,
    )
    const region = screen.getByRole('region', { name: 'Transcript' })
    expect(region.querySelector('img, b')).toBeNull()
    expect(region.textContent).toContain('<img src=x onerror=alert(1)> & more')
    expect(region.textContent).toContain('Eve <b>')
  })
})
