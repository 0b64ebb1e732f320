/**
 * Row ids are UUID version 7 (RFC 9562): Unix milliseconds first, then a counter, so ids made by
 * one process sort in creation order and "oldest first" has a stable tie-break for rows created
 * in the same millisecond. uuid's v7() keeps that counter (monotonic within the process).
 */
import { v7 } from 'uuid'

export function newRowId(): string {
  return v7()
}
