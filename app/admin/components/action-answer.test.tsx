// @vitest-environment happy-dom
/**
 * useActionAnswer: `follow` and `say` run once for each new answer, however often the page draws
 * itself again in between, and never for the same answer twice.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { sayNotice, useActionAnswer } from './action-answer.ts'
import { ToastProvider } from './toast.tsx'

afterEach(cleanup)

type Answer = { ok: true; notice: string } | { ok: false; message: string }

function Page({ answer }: { answer?: Answer }) {
  const [followed, setFollowed] = useState(0)
  const [draws, setDraws] = useState(0)
  useActionAnswer(answer, { follow: () => setFollowed((n) => n + 1), say: sayNotice })
  return (
    <>
      <p>followed {followed}</p>
      <button type="button" onClick={() => setDraws(draws + 1)}>
        draw again {draws}
      </button>
    </>
  )
}

const page = (answer?: Answer) => (
  <ToastProvider>
    <Page answer={answer} />
  </ToastProvider>
)

const toasts = () =>
  screen.queryAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)

describe('useActionAnswer', () => {
  it('follows and says each new answer once, a refusal as an error', () => {
    const view = render(page())
    expect(screen.getByText('followed 0')).toBeTruthy()
    const saved: Answer = { ok: true, notice: 'Saved.' }
    view.rerender(page(saved))
    fireEvent.click(screen.getByRole('button', { name: /draw again/ }))
    view.rerender(page(saved))
    expect(screen.getByText('followed 1')).toBeTruthy()
    expect(toasts()).toEqual(['Saved.'])
    view.rerender(page({ ok: false, message: 'Changed since.' }))
    expect(screen.getByText('followed 2')).toBeTruthy()
    expect(toasts()).toEqual(['Saved.', 'Changed since.'])
    expect(screen.getByRole('alert').textContent).toContain('Changed since.')
  })
})
