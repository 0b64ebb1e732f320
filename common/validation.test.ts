import { describe, expect, it } from 'vitest'
import { isEmailAddress } from './validation.ts'

describe('isEmailAddress', () => {
  it.each([
    "o'brien@example.org",
    'first.last+tag@example.org',
    "!#$%&'*+/=?^_`{|}~-@example.org",
    'user@sub.domain.example.co.uk',
    'user@xn--bcher-kva.example',
    'UPPER@EXAMPLE.ORG',
  ])('accepts %s', (address) => expect(isEmailAddress(address)).toBe(true))

  it.each([
    '',
    'plain',
    '@example.org',
    'user@',
    'user@localhost',
    'user@example.c',
    'user@example.123',
    '.user@example.org',
    'user.@example.org',
    'us..er@example.org',
    'us er@example.org',
    '"quoted"@example.org',
    'user@-example.org',
    'user@example-.org',
    'user@exa_mple.org',
    'a@b@example.org',
    `${'a'.repeat(65)}@example.org`,
    `${'a'.repeat(64)}@${'b'.repeat(64)}.org`,
  ])('refuses %s', (address) => expect(isEmailAddress(address)).toBe(false))
})
