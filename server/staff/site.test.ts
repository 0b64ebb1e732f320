/**
 * Where the back office runs, and the clear refusal where passkeys cannot work (an IP address,
 * plain HTTP on a public host) instead of a sign-in that breaks on its cookie.
 */
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '#server/test/databases.ts'
import { backOfficeApp } from '#server/test/staff.ts'
import { adminSite } from './site.ts'

const env = (values: { ADMIN_ORIGIN?: string; PUBLIC_SITE_URL?: string }) => ({
  PORT: 3000,
  ADMIN_ORIGIN: values.ADMIN_ORIGIN,
  PUBLIC_SITE_URL: values.PUBLIC_SITE_URL,
})

describe('adminSite', () => {
  it.each([
    [
      { ADMIN_ORIGIN: 'https://staff.example.org' },
      undefined,
      'https://staff.example.org',
      'staff.example.org',
    ],
    [
      { PUBLIC_SITE_URL: 'https://www.example.org/' },
      undefined,
      'https://www.example.org',
      'www.example.org',
    ],
    [{}, 'https://built.example.org', 'https://built.example.org', 'built.example.org'],
    [
      { PUBLIC_SITE_URL: 'https://www.example.org' },
      'https://built.example.org',
      'https://www.example.org',
      'www.example.org',
    ],
    // The default site address, a loopback IP, becomes localhost, where passkeys work.
    [{ PUBLIC_SITE_URL: 'http://127.0.0.1:3000' }, undefined, 'http://localhost:3000', 'localhost'],
    [{}, undefined, 'http://localhost:3000', 'localhost'],
    [
      { ADMIN_ORIGIN: 'http://staff.localhost:8080' },
      undefined,
      'http://staff.localhost:8080',
      'staff.localhost',
    ],
  ])('%j (built %s) is served at %s, RP ID %s', (values, built, origin, rpID) => {
    expect(adminSite(env(values), built)).toEqual({ origin, rpID, problem: undefined })
  })

  it('refuses plain HTTP on a public host, and an IP address, saying what to do', () => {
    expect(adminSite(env({ PUBLIC_SITE_URL: 'http://www.example.org' })).problem).toMatch(
      /needs HTTPS.*ADMIN_ORIGIN=https:\/\/www\.example\.org/,
    )
    expect(adminSite(env({ ADMIN_ORIGIN: 'https://203.0.113.7' })).problem).toMatch(
      /passkeys need a host name, not an IP address/,
    )
  })
})

describe('a back office that cannot work where it is', () => {
  it('answers every page and route with the reason, and never sets a cookie', async () => {
    const testDb = await createTestDatabase('sqlite')
    const app = await backOfficeApp(testDb.database, {
      env: { ADMIN_ORIGIN: 'http://www.example.org' },
    })
    try {
      const page = await app.inject({ method: 'GET', url: '/admin/sign-in' })
      expect(page.statusCode).toBe(503)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.body).toContain('The back office needs HTTPS')
      for (const url of ['/admin/api/session', '/admin/api/sign-in/options']) {
        const answer = await app.inject({ method: url.endsWith('options') ? 'POST' : 'GET', url })
        expect(answer.statusCode).toBe(503)
        expect(answer.json().message).toMatch(/needs HTTPS/)
        expect(answer.headers['set-cookie']).toBeUndefined()
      }
      // The public site and its API are not affected.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await app.close()
      await testDb.drop()
    }
  })
})
