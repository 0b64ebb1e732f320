/**
 * Letters made from published content: one episode or article ("Send this episode to readers"),
 * or the weekly letter, assembled from what was published in the last seven days for staff to
 * edit. The content comes in as the published snapshot (common/content/snapshot.ts), which the
 * composition root reads for this feature (server/app.ts): features do not import each other.
 */
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import type { LetterFields } from './letters.ts'

/** The site's public paths of episodes and articles (app/lib/podcast-paths.server.ts, app/routes). */
export const episodePagePath = (slug: string) => `/listen/${slug}`
export const articlePagePath = (slug: string) => `/articles/${slug}`

export interface PublishedItem {
  kind: 'episode' | 'article'
  slug: string
  title: string
  summary: string
  /** When it was published (an episode's publishedAt, an article's date). */
  date: string
  path: string
  /** Its Markdown: an article's body, an episode's show notes. */
  body: string
}

/** Every published episode and article, newest first. */
export function publishedItems(snapshot: ContentSnapshot): PublishedItem[] {
  const episodes: PublishedItem[] = snapshot.podcast.episodes.map((episode) => ({
    kind: 'episode',
    slug: episode.slug,
    title: episode.data.title,
    summary: episode.data.summary,
    date: episode.data.publishedAt,
    path: episodePagePath(episode.slug),
    body: episode.notes,
  }))
  const articles: PublishedItem[] = snapshot.articles.map((article) => ({
    kind: 'article',
    slug: article.slug,
    title: article.frontmatter.headline,
    summary: article.frontmatter.summary,
    date: article.frontmatter.date,
    path: articlePagePath(article.slug),
    body: article.body,
  }))
  return [...episodes, ...articles].sort((a, b) => b.date.localeCompare(a.date))
}

const WORD = { episode: 'episode', article: 'article' } as const

/** A letter of one episode or article: its words, and a link to its page. */
export function letterFromItem(item: PublishedItem): LetterFields {
  const link = `[${item.kind === 'episode' ? 'Listen to the episode' : 'Read the article'} on the website](${item.path})`
  return {
    subject: item.title,
    preheader: item.summary,
    body: `${item.body.trim()}\n\n${link}\n`,
  }
}

/** The weekly letter: what was published in the seven days before `now`, each with its summary. */
export function weeklyLetter(
  snapshot: ContentSnapshot,
  now: Date,
): LetterFields & { count: number } {
  const since = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString()
  const week = publishedItems(snapshot).filter(
    (item) => item.date >= since.slice(0, item.date.length) && item.date <= now.toISOString(),
  )
  const day = now.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })
  const sections = week.map(
    (item) => `## ${item.title}\n\n${item.summary}\n\n[Open the ${WORD[item.kind]}](${item.path})`,
  )
  return {
    subject: `This week at DocuCommons: ${day}`,
    preheader:
      week.length === 0
        ? 'A note from the team'
        : week
            .map((item) => item.title)
            .join(' · ')
            .slice(0, 200),
    body:
      week.length === 0
        ? 'Nothing new was published this week. Write a few words to readers here, or wait for next week.\n'
        : `Here is what we published this week.\n\n${sections.join('\n\n')}\n`,
    count: week.length,
  }
}
