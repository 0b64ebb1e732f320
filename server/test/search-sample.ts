/**
 * An article and an episode that are not in the sample content, for search's tests: words no
 * sample document has (Quillon, willow frames), and a transcript line said at 1:05.
 */
import { readContentDir } from '#common/content/content-dir.ts'
import type { EpisodeDocument } from '#common/content/podcast.ts'
import type { ContentRepository } from '#server/content/repository.ts'

const sample = readContentDir('content')

/** A new episode of the sample show, with a transcript line said at 1:05 by Odessa Quarles. */
export function newEpisode(): { data: EpisodeDocument; body: string } {
  const data = structuredClone(sample.podcast.episodes[0]!.data)
  data.title = 'Lanterns Along the Levee'
  data.number = 900
  data.guid = '0b0f4d7e-5c1a-4f0e-9a51-3d8e2f6c7a90'
  data.publishedAt = '2026-12-01T11:00:00Z'
  data.summary = 'A river town hangs lanterns for the neighbours it lost to the flood.'
  delete data.chapters
  delete data.files.chapters
  data.files.transcript = [
    'WEBVTT',
    '',
    '00:00:01.000 --> 00:00:04.000',
    '<v Ines Calloway>Good morning, this is The Daily Commons.',
    '',
    '00:01:05.500 --> 00:01:09.000',
    '<v Odessa Quarles>We braided the willow frames in the gymnasium until midnight.',
    '',
  ].join('\n')
  return { data, body: 'The levee committee meets on Thursdays.' }
}

export function newArticle(): { data: unknown; body: string } {
  const data = structuredClone(sample.articles[0]!.frontmatter)
  data.headline = 'Quillon Farrow Keeps the Seed Library Open'
  data.name = 'Quillon Farrow'
  data.summary = 'A retired teacher lends heirloom seeds from a converted phone booth.'
  return {
    data,
    body: 'Every spring the gardeners of Lindell Street bring back more seeds than they borrowed.',
  }
}

/** Publishes a new body for a document, its data unchanged, as `actor` (a staff id, or none). */
export async function publishBody(
  repository: ContentRepository,
  key: string,
  body: string,
  actor: string | null = null,
) {
  const document = await repository.getDocument(key)
  const saved = await repository.saveDraft(key, {
    data: document.published!.data,
    body,
    baseVersion: document.version,
    actor,
  })
  await repository.publish(key, { baseVersion: saved.document.version, actor })
}
