import { describe, expect, it } from 'vitest'
import { ContactSubmission, isHttpUrl, NewsletterSignup } from './contact-schemas.ts'
import { fieldErrors } from './validation.ts'

describe('isHttpUrl', () => {
  it.each(['http://example.org', 'https://example.org/path?q=1#x', 'https://127.0.0.1:8080'])(
    'accepts %s',
    (url) => expect(isHttpUrl(url)).toBe(true),
  )
  it.each([
    'ftp://example.org',
    'javascript:alert(1)',
    'mailto:a@example.org',
    'example.org',
    'https://',
    'data:text/html,x',
  ])('refuses %s', (url) => expect(isHttpUrl(url)).toBe(false))
})

describe('ContactSubmission', () => {
  it('trims, drops empty optional fields and keeps the rest', () => {
    expect(
      ContactSubmission.parse({
        name: ' Ana ',
        email: ' ana@example.org',
        website: '',
        message: ' Hi\nthere ',
        fax: '',
        startedAt: 5,
      }),
    ).toEqual({
      name: 'Ana',
      email: 'ana@example.org',
      message: 'Hi\nthere',
      fax: '',
      startedAt: 5,
    })
  })

  it('refuses line breaks in the name and the address but keeps them in the message', () => {
    const result = ContactSubmission.safeParse({
      name: 'A\u2028B',
      email: 'a@example.org\r',
      message: 'one\r\ntwo',
    })
    expect(result.success).toBe(false)
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual(['email', 'name'])
  })
})

describe('fieldErrors', () => {
  it('gives one message per field, names unknown fields and puts a bad body under "_"', () => {
    const result = NewsletterSignup.safeParse({ email: 'nope', extra: 1, other: 2 })
    expect(fieldErrors(result.error!)).toEqual({
      email: 'Please enter a valid e-mail address, such as name@example.org.',
      extra: 'This field is not part of the form.',
      other: 'This field is not part of the form.',
    })
    expect(Object.keys(fieldErrors(NewsletterSignup.safeParse('x').error!))).toEqual(['_'])
  })
})
