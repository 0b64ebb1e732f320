import { describe, expect, it } from 'vitest'
import { parseEnv } from '#server/env.ts'
import { smtpOptions } from './transport.ts'

const MAIL = { MAIL_FROM: 'DocuCommons <web@example.org>', PUBLIC_SITE_URL: 'https://example.org' }

describe('SMTP over the network requires STARTTLS (issue 25, point 8)', () => {
  it.each([
    ['smtp://mail.example.org:587', true],
    ['smtp://user:secret@203.0.113.5:25', true],
    ['smtp://[2001:db8::1]:587', true],
    ['smtps://mail.example.org:465', false],
    ['smtp://127.0.0.1:2525', false],
    ['smtp://localhost:25', false],
    ['smtp://[::1]:25', false],
  ])('%s: requireTLS %s', (url, required) => {
    expect(smtpOptions(parseEnv({ SMTP_URL: url, ...MAIL }))).toEqual({
      url,
      requireTLS: required,
    })
  })

  it('sends in the clear to another machine only with the setting that names the risk', () => {
    const env = parseEnv({
      SMTP_URL: 'smtp://mail.example.org:25',
      SMTP_SEND_ADMIN_LINKS_UNENCRYPTED: 'true',
      ...MAIL,
    })
    expect(smtpOptions(env).requireTLS).toBe(false)
  })

  it.each(['ignoreTLS=true', 'requireTLS=false', 'secure=false'])(
    'refuses a URL whose query (%s) would turn STARTTLS off, naming the risk',
    (query) => {
      expect(() => parseEnv({ SMTP_URL: `smtp://mail.example.org:587?${query}`, ...MAIL })).toThrow(
        /invitation links grant administrator access.*SMTP_SEND_ADMIN_LINKS_UNENCRYPTED/,
      )
    },
  )
})
