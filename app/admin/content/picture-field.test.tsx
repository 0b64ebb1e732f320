// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PicturePreview } from '#common/content-admin.ts'
import { ToastProvider } from '#app/admin/components/toast.tsx'
import { PictureField } from './picture-field.tsx'
import { PicturesProvider } from './pictures.tsx'

afterEach(cleanup)

const built: PicturePreview = {
  id: 'about/gain-insight',
  src: '/media/about/gain-insight-800.webp',
  width: 1600,
  height: 1200,
  color: '#8a6d52',
  uploaded: false,
  focalPoint: null,
  alt: 'A listener in headphones takes notes at a kitchen table',
  mediaId: null,
}

function field(props: { image: string; alt?: string; picture?: PicturePreview }) {
  render(
    <ToastProvider>
      <PicturesProvider initial={props.picture ? { [props.picture.id]: props.picture } : {}}>
        <PictureField label="Cover" image={props.image} alt={props.alt} onChange={() => {}} />
      </PicturesProvider>
    </ToastProvider>,
  )
  const button = screen.getByRole('button', { name: /picture for Cover/ })
  const described = (button.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')
  return { button, described }
}

describe('a picture field', () => {
  it('names the chosen picture by what it shows, not by its id', () => {
    const { described } = field({
      image: built.id,
      alt: 'Notes at a kitchen table',
      picture: built,
    })
    expect(described).toBe('Picture: Notes at a kitchen table')
    expect(screen.queryByText(/about\/gain-insight/)).toBeNull()
  })

  it('falls back to the alt text the content gives the picture elsewhere', () => {
    const { described } = field({ image: built.id, alt: '', picture: built })
    expect(described).toBe(`Picture: ${built.alt}`)
  })

  it('names the id only while nothing describes the picture', () => {
    const { described } = field({ image: built.id, picture: { ...built, alt: null } })
    expect(described).toBe('Picture about/gain-insight, not described yet')
  })
})
