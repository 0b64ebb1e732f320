import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EnvError, envSchema, parseEnv } from './env.ts'

/**
 * The defaults as the settings tables of the README and of docs/*.md (a part's own page) state
 * them (every table whose header is "variable | default | …"), so each default is written down
 * for people, and checked here. "unset", "(unset)" and "–" mean no value; "A / B" rows document
 * two variables.
 */
function documentedDefaults(): Map<string, string | undefined> {
  const docs = new URL('../docs/', import.meta.url)
  const pages = [
    new URL('../README.md', import.meta.url),
    ...readdirSync(docs)
      .filter((name) => name.endsWith('.md'))
      .map((name) => new URL(name, docs)),
  ].map((page) => readFileSync(page, 'utf8'))
  const defaults = new Map<string, string | undefined>()
  let inSettingsTable = false
  for (const line of pages.join('\n').split('\n')) {
    if (!line.startsWith('|')) {
      inSettingsTable = false
      continue
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    if (/^variable$/i.test(cells[0] ?? '')) {
      inSettingsTable = cells.length === 3 && /^default$/i.test(cells[1] ?? '')
      continue
    }
    if (!inSettingsTable || cells[0]!.startsWith('---') || cells[0]!.includes('(build time)'))
      continue
    const names = [...cells[0]!.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!)
    const values = cells[1]!.split(' / ')
    names.forEach((name, i) => {
      const value = (values.length === names.length ? values[i] : cells[1])!.trim()
      defaults.set(name, /^(\(?unset\)?|–)/.test(value) ? undefined : /^`([^`]*)`/.exec(value)?.[1])
    })
  }
  return defaults
}

// Accepted for the usual tooling, but nothing in the server reads it, so it is not documented.
const UNDOCUMENTED = ['NODE_ENV']

describe('parseEnv', () => {
  it('applies the defaults the docs state, and the README or docs/ document every variable', () => {
    const documented = documentedDefaults()
    const parsed = parseEnv({}) as Record<string, unknown>
    const asDocumented = (value: unknown) =>
      value === undefined || (Array.isArray(value) && value.length === 0)
        ? undefined
        : String(value)
    const actual = Object.fromEntries(
      Object.keys(envSchema.shape)
        .filter((name) => !UNDOCUMENTED.includes(name))
        .map((name) => [name, asDocumented(parsed[name])]),
    )
    expect(Object.fromEntries(documented)).toEqual(actual)
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

  it.each([
    [{}, 30, undefined],
    [{ MESSAGE_RETENTION_DAYS: '' }, 30, undefined],
    [{ SPAM_RETENTION_DAYS: '7', MESSAGE_RETENTION_DAYS: ' 365 ' }, 7, 365],
  ])('reads the retention settings %o', (source, spamDays, messageDays) => {
    const env = parseEnv(source)
    expect(env.SPAM_RETENTION_DAYS).toBe(spamDays)
    expect(env.MESSAGE_RETENTION_DAYS).toBe(messageDays)
  })

  it.each([
    [{ MESSAGE_RETENTION_DAYS: '0' }, /MESSAGE_RETENTION_DAYS must be greater than 0/],
    [{ MESSAGE_RETENTION_DAYS: 'forever' }, /MESSAGE_RETENTION_DAYS must be a number/],
    [{ SPAM_RETENTION_DAYS: '1.5' }, /SPAM_RETENTION_DAYS must be a whole number/],
  ])('rejects the retention setting %o', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message)
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})
