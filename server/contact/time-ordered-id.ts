/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then a counter, then random bits.
 * Ids made by one process sort in creation order, so "oldest first" has a stable tie-break for
 * rows created in the same millisecond.
 */
import crypto from 'node:crypto'

let lastMs = 0
let counter = 0

export function timeOrderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now
    counter = crypto.randomInt(0, 0x400)
  } else if (++counter > 0xfff) {
    // 4096 ids in one millisecond: borrow the next millisecond rather than repeat an order.
    lastMs += 1
    counter = 0
  }
  const bytes = crypto.randomBytes(16)
  bytes.writeUIntBE(lastMs, 0, 6)
  bytes[6] = 0x70 | (counter >> 8)
  bytes[7] = counter & 0xff
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
