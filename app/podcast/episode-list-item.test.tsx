// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { EpisodeListItem } from './episode-list-item.tsx'

afterEach(cleanup)

describe('EpisodeListItem', () => {
  it('links the title to the episode and dates it in the show’s time zone', () => {
    render(
      <MemoryRouter>
        <EpisodeListItem
          episode={{
            title: 'A Winter of Listening',
            number: 6,
            // 2 a.m. UTC on the 24th is still the 23rd in Kansas City
            publishedAt: '2026-11-24T02:00:00Z',
            summary: 'Six towns, one question.',
            duration: 173.2,
            href: '/listen/a-winter-of-listening',
          }}
        />
      </MemoryRouter>,
    )
    const link = screen.getByRole('link', { name: 'A Winter of Listening' })
    expect(link.getAttribute('href')).toBe('/listen/a-winter-of-listening')
    const time = screen.getByText('Mon, Nov 23, 2026')
    expect(time.getAttribute('datetime')).toBe('2026-11-24T02:00:00Z')
    expect(screen.getByText('2 minutes 53 seconds')).toBeTruthy()
  })
})
