// @vitest-environment happy-dom
/**
 * Islands: the server's markup around each one, and the client hydrating them one by one from
 * that markup alone, then saying the page is interactive.
 */
import { fireEvent, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hydrateIslands } from './hydrate-islands.tsx'
import { Island } from './island.tsx'

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
]
const SOCIAL = {
  Facebook: 'https://facebook.example.com/dc',
  Twitter: 'https://twitter.example.com/dc',
  Instagram: 'https://instagram.example.com/dc',
  LinkedIn: 'https://linkedin.example.com/dc',
  YouTube: 'https://youtube.example.com/dc',
}

afterEach(() => {
  document.body.innerHTML = ''
  delete document.documentElement.dataset.hydrated
  vi.restoreAllMocks()
})

describe('Island', () => {
  it('wraps the component in a box-less element that names it and carries its props', () => {
    const html = renderToString(<Island name="current-year" props={{ renderedYear: 1999 }} />)
    const wrapper = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild!
    expect(wrapper.tagName).toBe('DIV')
    expect(wrapper.getAttribute('data-island')).toBe('current-year')
    expect(JSON.parse(wrapper.getAttribute('data-props')!)).toEqual({ renderedYear: 1999 })
    expect(wrapper.className).toBe('contents')
    expect(wrapper.textContent).toBe('1999')
    const inline = renderToString(
      <p>
        © <Island name="current-year" props={{ renderedYear: 1999 }} inline />
      </p>,
    )
    expect(inline).toMatch(/^<p>© <span data-island="current-year"/)
  })
})

describe('hydrateIslands', () => {
  // As in a browser: React's own scheduler runs the hydration, not a test's act().
  beforeEach(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  })

  it('hydrates every island from its markup, then marks the page interactive', async () => {
    document.body.innerHTML = renderToString(
      <>
        <Island
          name="site-header"
          props={{ siteName: 'DocuCommons', nav: NAV, current: '/', social: SOCIAL }}
        />
        <p>
          © <Island name="current-year" props={{ renderedYear: 1999 }} inline />
        </p>
      </>,
    )
    const menu = document.querySelector('button[aria-controls="mobile-menu"]')!
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    await hydrateIslands()
    expect(document.documentElement.dataset.hydrated).toBe('true')
    // The year is the visitor's, and the menu button works.
    expect(document.querySelector('[data-island="current-year"]')!.textContent).toBe(
      String(new Date().getFullYear()),
    )
    fireEvent.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('link', { name: 'Home' })[0]!.getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it('leaves an island it does not know as the server rendered it and hydrates the others', async () => {
    const errors: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args))
    document.body.innerHTML = `<div data-island="no-such-island" data-props="{}"><p>kept</p></div>${renderToString(
      <Island name="current-year" props={{ renderedYear: 1999 }} />,
    )}`
    await hydrateIslands()
    expect(document.querySelector('[data-island="no-such-island"]')!.innerHTML).toBe('<p>kept</p>')
    expect(errors.map((e) => String((e as unknown[])[0]))).toEqual([
      expect.stringContaining('No island named "no-such-island"'),
    ])
    expect(document.querySelector('[data-island="current-year"]')!.textContent).not.toBe('1999')
    expect(document.documentElement.dataset.hydrated).toBe('true')
  })
})
