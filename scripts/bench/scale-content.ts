/**
 * The content of `npm run bench:scale`: the repository's content/ with its six sample episodes
 * copied under new slugs, titles, numbers, guids and dates until the show has `episodes` of them
 * (one a day, the newest yesterday), each with its transcript and chapters, and with `articles`
 * more articles copied from the sample ones. Each copy's show notes end with a line of its own, so
 * no two episodes' notes are the same text (as on the real show: nothing rendered for one serves
 * another). The audio files are hard links to the sample's: the media library stores a file once
 * by its SHA-256, so a thousand episodes share six stored files (the pages and the feed still
 * name each episode's own address and size).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const EPISODES_DIR = path.join('podcast', 'episodes')

/** A copy of `content/` in `target` with `episodes` episodes and `articles` extra articles. */
export function writeScaleContent(
  source: string,
  target: string,
  options: { episodes: number; articles: number; now?: Date },
): void {
  fs.cpSync(source, target, { recursive: true })
  const episodesDir = path.join(target, EPISODES_DIR)
  const samples = fs
    .readdirSync(episodesDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -'.md'.length))
    .sort()
  const read = (slug: string, extension: string) =>
    fs.readFileSync(path.join(path.join(source, EPISODES_DIR), `${slug}${extension}`), 'utf8')
  for (const name of fs.readdirSync(episodesDir)) fs.rmSync(path.join(episodesDir, name))
  const day = 24 * 3600_000
  const newest = (options.now ?? new Date()).getTime() - day
  for (let i = 0; i < options.episodes; i++) {
    const sample = samples[i % samples.length]!
    const number = i + 1
    const slug = `${sample}-${number}`
    const publishedAt = new Date(newest - (options.episodes - 1 - i) * day)
    publishedAt.setUTCHours(11, 0, 0, 0)
    const markdown = read(sample, '.md')
      .replace(/^title: (.*)$/m, (_line, title: string) => `title: ${title} (${number})`)
      .replace(/^number: .*$/m, `number: ${number}`)
      .replace(/^publishedAt: .*$/m, `publishedAt: ${publishedAt.toISOString()}`)
      .replace(/^guid: .*$/m, `guid: ${crypto.randomUUID()}`)
      .replaceAll(`${sample}.`, `${slug}.`)
      .trimEnd()
      .concat(
        `\n\nEpisode ${number} of the archive, first published ${publishedAt.toDateString()}.\n`,
      )
    fs.writeFileSync(path.join(episodesDir, `${slug}.md`), markdown)
    fs.writeFileSync(path.join(episodesDir, `${slug}.vtt`), read(sample, '.vtt'))
    const chapters = path.join(source, EPISODES_DIR, `${sample}.chapters.json`)
    if (fs.existsSync(chapters))
      fs.copyFileSync(chapters, path.join(episodesDir, `${slug}.chapters.json`))
    fs.linkSync(
      path.join(source, EPISODES_DIR, `${sample}.mp3`),
      path.join(episodesDir, `${slug}.mp3`),
    )
  }
  const articlesDir = path.join(target, 'articles')
  const articles = fs.readdirSync(articlesDir).filter((name) => name.endsWith('.md'))
  for (let i = 0; i < options.articles; i++) {
    const sample = articles[i % articles.length]!
    fs.copyFileSync(
      path.join(articlesDir, sample),
      path.join(articlesDir, `${sample.slice(0, -3)}-${i + 1}.md`),
    )
  }
}
