/**
 * common/content/snapshot.ts at the size of a daily show's archive (issue 29): what documents
 * say about each other is read in one pass, and a document parsed by an earlier check is not
 * parsed again when the caller says it passed. (Here, not beside it: common/ imports nothing of
 * the project, and the CPU clock of these tests is server/test's.)
 */
import { describe, expect, it } from 'vitest'
import { threadCpuMs } from '#server/test/time-bounds.ts'
import { readContentDir } from '#common/content/content-dir.ts'
import { ContentError } from '#common/content/problems.ts'
import {
  crossReferenceProblems,
  snapshotDocuments,
  snapshotFromDocuments,
  type ContentDocument,
  type ContentSnapshot,
} from '#common/content/snapshot.ts'

const sample = readContentDir('content')

/** The sample with `count` episodes: copies of the first under their own slug, number and guid. */
function withEpisodes(count: number, same?: { number?: boolean; guid?: boolean }): ContentSnapshot {
  const first = sample.podcast.episodes[0]!
  const episodes = Array.from({ length: count }, (_, index) => ({
    ...first,
    slug: `${first.slug}-${index + 1}`,
    data: {
      ...first.data,
      number: same?.number && index === count - 1 ? 7 : index + 1,
      guid: same?.guid && index === count - 1 ? guidOf(3) : guidOf(index + 1),
    },
  }))
  return { ...sample, podcast: { ...sample.podcast, episodes } }
}

const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe('what documents say about each other', () => {
  it('names an episode whose number or guid an earlier one has, by the earlier one', () => {
    const problems = crossReferenceProblems(withEpisodes(400, { number: true, guid: true }))
    const first = sample.podcast.episodes[0]!.slug
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual([
      `number: episode ${first}-7 has the number 7 too`,
      `guid: episode ${first}-3 has this guid too: every episode needs its own`,
    ])
  })

  it('reads ten times the episodes in about ten times the time, not a hundred', () => {
    // The control does the same work if the reading is linear: the archive of 1,500 read ten
    // times, against the archive of 15,000 read once. Both then last about as long, so a busy
    // core or a collection during either is a small part of the ratio (one control read of 1,500
    // took under a millisecond, and 15,000 measured 53 times that under the 0.7 CPU quota).
    // Reading in the square of the episodes makes the larger several times the control (6.5
    // with the numbers' lookup made a search of the list), reading in linear time about once.
    const few = withEpisodes(1500)
    const many = withEpisodes(15000)
    // Warm, then the best of three of each: the first call pays for compiling.
    crossReferenceProblems(few)
    crossReferenceProblems(many)
    const best = (work: () => void) => Math.min(...[0, 1, 2].map(() => threadCpuMs(work).cpuMs))
    const controlMs = best(() => {
      for (let read = 0; read < 10; read++) crossReferenceProblems(few)
    })
    expect(best(() => crossReferenceProblems(many))).toBeLessThan(controlMs * 4)
  })
})

describe('a document parsed before', () => {
  const documents = snapshotDocuments(sample)
  const settings = documents.find((document) => document.key === 'settings')!

  it('is taken as it was parsed when the caller says it passed, and every one is handed back', () => {
    const earlier = {
      ...settings,
      data: { ...(settings.data as object), phone: 'as parsed before' },
    }
    const parsed = new Map<string, ContentDocument>()
    const snapshot = snapshotFromDocuments(documents, {
      checkedBefore: (document) => document.key === 'settings',
      parsedBefore: (document) => (document.key === 'settings' ? earlier : undefined),
      parsed,
    })
    expect((snapshot.settings as { phone: string }).phone).toBe('as parsed before')
    expect([...parsed.keys()].sort()).toEqual(documents.map((document) => document.key).sort())
    expect(parsed.get('settings')).toBe(earlier)
  })

  it('is parsed again, and its problems found, when the caller does not say it passed', () => {
    const broken = { ...settings, data: { ...(settings.data as object), phone: 42 } }
    const run = () =>
      snapshotFromDocuments(
        documents.map((document) => (document.key === 'settings' ? broken : document)),
        { checkedBefore: () => false, parsedBefore: () => settings },
      )
    expect(run).toThrow(ContentError)
  })
})
