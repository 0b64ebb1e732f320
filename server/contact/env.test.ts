/** The contact and newsletter settings of server/env.ts (their defaults: server/env.test.ts). */
import { describe, expect, it } from 'vitest'
import { databaseSettings, EnvError, parseEnv } from '#server/env.ts'

const mail = {
  SMTP_URL: 'smtp://mail.example.org:587',
  MAIL_FROM: 'DocuCommons <web@example.org>',
  PUBLIC_SITE_URL: 'https://docucommons.example.org',
}

describe('contact and newsletter settings', () => {
  it('reads a mail setup with a list of recipients', () => {
    const env = parseEnv({ ...mail, CONTACT_NOTIFY_TO: 'team@example.org, director@example.org' })
    expect(env.CONTACT_NOTIFY_TO).toEqual(['team@example.org', 'director@example.org'])
    expect(env.MAIL_FROM).toBe('DocuCommons <web@example.org>')
  })

  it("takes PUBLIC_SITE_URL from the build's settings when the environment leaves it unset", () => {
    const built = { PUBLIC_SITE_URL: 'https://built.example.org', PUBLIC_PHONE: '+1 555 0100' }
    const { SMTP_URL, MAIL_FROM } = mail
    expect(parseEnv({ SMTP_URL, MAIL_FROM }, built).PUBLIC_SITE_URL).toBe(
      'https://built.example.org',
    )
    expect(parseEnv({ SMTP_URL, MAIL_FROM, PUBLIC_SITE_URL: ' ' }, built).PUBLIC_SITE_URL).toBe(
      'https://built.example.org',
    )
    // Set, it is the environment's (the server refuses one that contradicts the build).
    expect(parseEnv(mail, built).PUBLIC_SITE_URL).toBe('https://docucommons.example.org')
    // Only settings the server reads are taken.
    expect(parseEnv({}, built)).not.toHaveProperty('PUBLIC_PHONE')
    expect(() => parseEnv({ SMTP_URL, MAIL_FROM }, {})).toThrow(
      /PUBLIC_SITE_URL is required when SMTP_URL is set .*site-config\.json is missing/,
    )
  })

  it('lets the operator commands read where the database is, whatever the mail settings', () => {
    const { SMTP_URL } = mail
    expect(databaseSettings({ SMTP_URL, DATA_DIR: '/srv/data' })).toEqual({
      DATA_DIR: '/srv/data',
      DATABASE_URL: undefined,
    })
    expect(() => databaseSettings({ DATABASE_URL: 'mysql://db/x' })).toThrow(/DATABASE_URL/)
  })

  it.each([
    [
      { SMTP_URL: 'http://mail.example.org' },
      /SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//,
    ],
    [
      { SMTP_URL: mail.SMTP_URL, PUBLIC_SITE_URL: mail.PUBLIC_SITE_URL },
      /MAIL_FROM is required when SMTP_URL is set/,
    ],
    [
      { SMTP_URL: mail.SMTP_URL, MAIL_FROM: mail.MAIL_FROM },
      /PUBLIC_SITE_URL is required when SMTP_URL is set/,
    ],
    [{ MAIL_FROM: 'DocuCommons <not-an-address>' }, /MAIL_FROM must be an e-mail address/],
    [
      { CONTACT_NOTIFY_TO: 'team@example.org; other@example.org' },
      /CONTACT_NOTIFY_TO must be e-mail addresses separated by commas/,
    ],
    [{ FORM_RATE_LIMIT_MAX: '0' }, /FORM_RATE_LIMIT_MAX must be greater than 0/],
    [{ FORM_MIN_FILL_MS: '-1' }, /FORM_MIN_FILL_MS must be 0 or more/],
  ])('rejects %o with a line naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(message)
  })
})
