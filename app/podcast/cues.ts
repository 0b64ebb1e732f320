/** Which transcript cue or chapter is playing: the last one that started at or before the time. */
export function indexAt<T>(
  items: readonly T[],
  time: number,
  startOf: (item: T) => number,
): number {
  let low = 0
  let high = items.length - 1
  let found = -1
  while (low <= high) {
    const mid = (low + high) >> 1
    if (startOf(items[mid]!) <= time + 0.001) {
      found = mid
      low = mid + 1
    } else high = mid - 1
  }
  return found
}

export type Turn<C> = { speaker: string; start: number; cues: { cue: C; index: number }[] }

/** Consecutive cues of one speaker, read as one paragraph. */
export function turnsOf<C extends { speaker: string; start: number }>(
  cues: readonly C[],
): Turn<C>[] {
  const turns: Turn<C>[] = []
  cues.forEach((cue, index) => {
    const last = turns.at(-1)
    if (last && last.speaker === cue.speaker) last.cues.push({ cue, index })
    else turns.push({ speaker: cue.speaker, start: cue.start, cues: [{ cue, index }] })
  })
  return turns
}
