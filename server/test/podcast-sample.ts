/**
 * The repository's sample podcast (content/podcast/), read and checked with the content schemas,
 * for the tests of the feed and of the sample itself.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import {
  episodeFrontMatterSchema,
  parseOrThrow,
  podcastShowSchema,
  type EpisodeFrontMatter,
  type PodcastShow,
} from '#common/content/podcast.ts'

export const sampleDir = path.resolve(import.meta.dirname, '../../content/podcast')
export const sampleEpisodesDir = path.join(sampleDir, 'episodes')

export type SampleEpisode = { slug: string; frontMatter: EpisodeFrontMatter; notes: string }

/** Front matter between `---` lines, then the Markdown body. */
export function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source)
  if (!match) throw new Error(`${file}: expected front matter between two --- lines`)
  return { data: parseYaml(match[1]!), body: match[2]!.trim() }
}

export async function readSampleShow(): Promise<PodcastShow> {
  const file = path.join(sampleDir, 'show.yaml')
  return parseOrThrow(podcastShowSchema, parseYaml(await readFile(file, 'utf8')), file)
}

export async function readSampleEpisodes(): Promise<SampleEpisode[]> {
  const names = (await readdir(sampleEpisodesDir)).filter((n) => n.endsWith('.md')).sort()
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(sampleEpisodesDir, name)
      const { data, body } = splitFrontMatter(await readFile(file, 'utf8'), file)
      return {
        slug: name.slice(0, -3),
        frontMatter: parseOrThrow(episodeFrontMatterSchema, data, file),
        notes: body,
      }
    }),
  )
}
