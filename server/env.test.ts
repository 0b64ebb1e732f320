import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.ts'

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data' })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('reads valid values', () => {
    const env = parseEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/site',
    })
    expect(env.PORT).toBe(8080)
    expect(env.DATABASE_URL).toBe('postgres://u:p@127.0.0.1:5432/site')
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a URL starting with postgres/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be a number of proxies .*"maybe" is neither/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be a number of proxies/],
    [
      { TRUST_PROXY: 'true' },
      /TRUST_PROXY must not be true.*e\.g\. 1\).*127\.0\.0\.1,10\.0\.0\.0\/8/,
    ],
    [
      { HEADERS_TIMEOUT_MS: '40000' },
      /HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS/,
    ],
  ])('rejects %o with a line naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(message)
  })

  it('never prints a password from a bad URL', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://admin:s3cret@db:3306/x' })).toThrow(
      /mysql:\/\/admin:\*\*\*@db/,
    )
    expect(() => parseEnv({ DATABASE_URL: 'mysql://admin:s3cret@db:3306/x' })).not.toThrow(/s3cret/)
  })

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [
      ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback',
      ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'],
    ],
  ])('reads TRUST_PROXY=%s as %o', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected)
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})
