// @vitest-environment happy-dom
/**
 * Each way of starting a letter posts to the route's action, which makes the letter and opens it;
 * a refusal is said and the page stays.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { LetterListAnswer } from '#common/newsletter-admin.ts'
import { lettersAction, lettersLoader, NewsletterPage } from './newsletter.tsx'
import { cleanUpAfterEach, renderRoute, WAIT } from './render-route.tsx'

/** A generous deadline: the machine may be busy. */

cleanUpAfterEach()

const list: LetterListAnswer = {
  letters: [],
  readers: 12,
  sources: [
    { kind: 'episode', slug: 'a-winter-of-listening', title: 'A Winter of Listening', date: '' },
    { kind: 'article', slug: 'the-quilter', title: 'The Quilter', date: '' },
  ],
}

function fakeServer(refuse = false) {
  const posted: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') return Response.json(list)
      posted.push(JSON.parse(String(init.body)))
      if (refuse) return Response.json({ message: 'Not available to you.' }, { status: 403 })
      return Response.json({ id: 'L7' })
    }),
  )
  return posted
}

function renderNewsletter() {
  return renderRoute(
    [
      {
        path: 'newsletter',
        loader: lettersLoader,
        action: lettersAction,
        Component: NewsletterPage,
      },
      { path: 'newsletter/:id', Component: () => <h1>The letter</h1> },
    ],
    { staff: { role: 'editor' }, at: '/newsletter' },
  )
}

describe('starting a letter', () => {
  it('makes the letter the button asks for and opens it', async () => {
    const posted = fakeServer()
    const router = renderNewsletter()
    const select = await screen.findByLabelText(
      'Make a letter from an episode or article',
      undefined,
      WAIT,
    )
    fireEvent.change(select, { target: { value: 'article/the-quilter' } })
    fireEvent.click(screen.getByRole('button', { name: 'Make the letter' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/newsletter/L7'), WAIT)
    expect(posted).toEqual([{ kind: 'article', slug: 'the-quilter' }])
  })

  it('writes a blank letter, or assembles the weekly one', async () => {
    const posted = fakeServer()
    const router = renderNewsletter()
    fireEvent.click(
      await screen.findByRole('button', { name: 'Assemble this week’s letter' }, WAIT),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/newsletter/L7'), WAIT)
    expect(posted).toEqual([{ kind: 'weekly' }])
  })

  it('says a refusal and stays', async () => {
    fakeServer(true)
    const router = renderNewsletter()
    fireEvent.click(await screen.findByRole('button', { name: 'Write a letter' }, WAIT))
    expect(await screen.findByText('Not available to you.', undefined, WAIT)).toBeTruthy()
    expect(router.state.location.pathname).toBe('/newsletter')
  })
})
