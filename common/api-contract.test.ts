import { describe, expect, it } from 'vitest'
import { pathOf } from './api-contract.ts'

describe('the path of a call', () => {
  it('puts each param in its place, percent-encoded', () => {
    expect(pathOf('/messages/:id', { id: 'a/b c?d#e' })).toBe('/messages/a%2Fb%20c%3Fd%23e')
    expect(pathOf('/articles/:id/revisions/:revision/restore', { id: 'x', revision: 7 })).toBe(
      '/articles/x/revisions/7/restore',
    )
  })

  it('refuses a missing or empty param rather than call another route', () => {
    expect(() => pathOf('/staff/:id', {})).toThrow('No "id" for /staff/:id')
    expect(() => pathOf('/staff/:id', { id: '' })).toThrow('No "id" for /staff/:id')
  })

  it('refuses a param the URL parser would resolve to another route', () => {
    expect(() => pathOf('/staff/:id/link', { id: '..' })).toThrow('".." is no id')
    expect(() => pathOf('/staff/:id/link', { id: '.' })).toThrow('"." is no id')
    expect(pathOf('/staff/:id', { id: '...' })).toBe('/staff/...')
  })

  it('adds the query’s set values, and no "?" when none is set', () => {
    expect(pathOf('/messages')).toBe('/messages')
    expect(pathOf('/messages', undefined, {})).toBe('/messages')
    expect(pathOf('/messages', undefined, { q: '', cursor: undefined, filter: null })).toBe(
      '/messages',
    )
    expect(pathOf('/messages', undefined, { filter: 'new', q: 'a&b=c' })).toBe(
      '/messages?filter=new&q=a%26b%3Dc',
    )
    expect(pathOf('/articles/:id', { id: 'x' }, { baseVersion: 0 })).toBe(
      '/articles/x?baseVersion=0',
    )
  })
})
