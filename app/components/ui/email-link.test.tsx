import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { EmailLink } from './email-link.tsx'

describe('EmailLink', () => {
  it('offers line breaks after the @ and before each dot of the domain, and reads as the address', () => {
    const markup = renderToStaticMarkup(<EmailLink address="info@docucommons.example.org" />)
    expect(markup).toBe(
      '<a href="mailto:info@docucommons.example.org">info@<wbr/>docucommons<wbr/>.example<wbr/>.org</a>',
    )
    expect(markup.replaceAll(/<[^>]+>/g, '')).toBe('info@docucommons.example.org')
  })

  it('leaves an address without an @ whole', () => {
    expect(renderToStaticMarkup(<EmailLink address="postmaster" className="x" />)).toBe(
      '<a href="mailto:postmaster" class="x">postmaster</a>',
    )
  })
})
