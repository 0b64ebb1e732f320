import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BatchedWriter } from './batched-writer.ts'

let dir: string
let file: string
let fd: number

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batched-'))
  file = path.join(dir, 'log')
  fd = fs.openSync(file, 'w')
})
afterEach(() => {
  fs.closeSync(fd)
  fs.rmSync(dir, { recursive: true, force: true })
})

const written = () => fs.readFileSync(file, 'utf8')

describe('batched log writer', () => {
  it('keeps lines until a batch is full, then writes them in order in one go', () => {
    const writer = new BatchedWriter(fd, { batchChars: 30, flushMs: 60_000 })
    writer.write('line 1 ………\n')
    writer.write('line 2\n')
    expect(written()).toBe('')
    writer.write('line 3 completes the batch\n')
    expect(written()).toBe('line 1 ………\nline 2\nline 3 completes the batch\n')
  })

  it('writes a lone line after the flush delay', async () => {
    const writer = new BatchedWriter(fd, { batchChars: 4096, flushMs: 20 })
    writer.write('quiet server\n')
    expect(written()).toBe('')
    await expect.poll(written, { timeout: 20_000 }).toBe('quiet server\n')
  })

  it('writes what waits when flushed (at exit), and drops past its bound instead of growing', () => {
    const writer = new BatchedWriter(fd, { batchChars: 4096, flushMs: 60_000, maxPendingChars: 10 })
    writer.write('12345\n')
    writer.write('this one does not fit\n')
    writer.flushSync()
    expect(written()).toBe('12345\n')
    expect(writer.dropped).toBe(1)
  })

  it('counts a batch as lost when the descriptor is gone, and keeps going', () => {
    const writer = new BatchedWriter(999_999, { batchChars: 1 })
    expect(() => writer.write('nowhere\n')).not.toThrow()
    expect(writer.dropped).toBe(1)
  })
})
