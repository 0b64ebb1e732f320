import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFileCache } from './file-cache.ts'

let dir: string
const write = (name: string, body: string) => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, body)
  return file
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-cache-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('file cache', () => {
  it('reads a small file once and answers later requests from memory', () => {
    const cache = createFileCache()
    const file = write('page.html', 'first')
    expect(cache.get(file, 5)?.toString()).toBe('first')
    fs.writeFileSync(file, 'other')
    expect(cache.get(file, 5)?.toString()).toBe('first')
    expect(cache.totalBytes).toBe(5)
  })

  it('leaves large files, files past the budget and changed files to streaming', () => {
    const cache = createFileCache({ maxFileBytes: 10, maxTotalBytes: 15 })
    expect(cache.get(write('big.mp4', 'x'.repeat(11)), 11)).toBeUndefined()
    expect(cache.get(write('a.js', 'a'.repeat(10)), 10)).toBeDefined()
    expect(cache.get(write('b.js', 'b'.repeat(10)), 10)).toBeUndefined()
    expect(cache.get(write('c.js', 'changed since indexed'), 5)).toBeUndefined()
    expect(cache.totalBytes).toBe(10)
  })
})
