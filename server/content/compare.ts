/**
 * Comparing two versions of a document for the back office (GET …/compare): the data field by
 * field (dotted paths, lists item by item), and an article's Markdown body line by line in hunks
 * with three lines of context, as `diff -u` shows them.
 */
import type { DiffHunk, DiffLine, FieldChange } from '#common/content-admin.ts'

/** Every scalar of a value at its dotted path, in document order. */
function flatten(value: unknown, path: string, into: Map<string, string>) {
  if (Array.isArray(value)) {
    if (value.length === 0 && path) into.set(path, '(empty list)')
    value.forEach((item, i) => flatten(item, path ? `${path}.${i}` : `${i}`, into))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      flatten(item, path ? `${path}.${key}` : key, into)
  } else if (value !== undefined && path) {
    into.set(path, value === null ? '' : String(value))
  }
}

/** The fields whose value differs, added or removed: after's order, then what before alone had. */
export function diffData(before: unknown, after: unknown): FieldChange[] {
  const older = new Map<string, string>()
  const newer = new Map<string, string>()
  flatten(before, '', older)
  flatten(after, '', newer)
  const changes: FieldChange[] = []
  for (const [field, value] of newer) {
    const previous = older.get(field)
    if (previous !== value) changes.push({ field, before: previous ?? null, after: value })
  }
  for (const [field, value] of older)
    if (!newer.has(field)) changes.push({ field, before: value, after: null })
  return changes
}

/** Lines, without the final line end's empty last line. */
const linesOf = (text: string) => {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

/** Beyond this many cells the middle of two bodies is shown as removed, then added. */
const MAX_CELLS = 4_000_000

/** The edit script from a to b: a longest common subsequence, by dynamic programming. */
function editScript(a: string[], b: string[]): DiffLine[] {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }))
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ kind: 'same', text }))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  const n = midA.length
  const m = midB.length
  if (n * m > MAX_CELLS)
    return [
      ...head,
      ...midA.map((text): DiffLine => ({ kind: 'removed', text })),
      ...midB.map((text): DiffLine => ({ kind: 'added', text })),
      ...tail,
    ]
  // lengths[i][j]: the LCS of midA[i..] and midB[j..], in one flat array.
  const width = m + 1
  const lengths = new Uint32Array((n + 1) * width)
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i * width + j] =
        midA[i] === midB[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!)
  const middle: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      middle.push({ kind: 'same', text: midA[i]! })
      i++
      j++
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      middle.push({ kind: 'removed', text: midA[i++]! })
    } else {
      middle.push({ kind: 'added', text: midB[j++]! })
    }
  }
  while (i < n) middle.push({ kind: 'removed', text: midA[i++]! })
  while (j < m) middle.push({ kind: 'added', text: midB[j++]! })
  return [...head, ...middle, ...tail]
}

/** The changed runs of two texts, each with up to `context` unchanged lines around it. */
export function diffLines(before: string, after: string, context = 3): DiffHunk[] {
  const script = editScript(linesOf(before), linesOf(after))
  const hunks: DiffHunk[] = []
  let lineA = 1
  let lineB = 1
  // Where each script entry stands in both texts.
  const positions = script.map((entry) => {
    const at = { a: lineA, b: lineB }
    if (entry.kind !== 'added') lineA++
    if (entry.kind !== 'removed') lineB++
    return at
  })
  let index = 0
  while (index < script.length) {
    if (script[index]!.kind === 'same') {
      index++
      continue
    }
    const start = Math.max(0, index - context)
    let end = index
    // Extend while the next change is within twice the context.
    for (;;) {
      while (end < script.length && script[end]!.kind !== 'same') end++
      let next = end
      while (next < script.length && script[next]!.kind === 'same') next++
      if (next < script.length && next - end <= context * 2) end = next
      else break
    }
    const stop = Math.min(script.length, end + context)
    hunks.push({
      beforeLine: positions[start]!.a,
      afterLine: positions[start]!.b,
      lines: script.slice(start, stop),
    })
    index = stop
  }
  return hunks
}
