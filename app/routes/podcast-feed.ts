import type { Route } from './+types/podcast-feed'
import { snapshotOf } from '#app/lib/content.server.ts'
import { podcastFeed } from '#app/lib/podcast.server.ts'
import { renderClock } from '#app/render-clock.ts'

/**
 * /listen/feed.xml: The Daily Commons for podcast apps and directories (RSS 2.0, Apple Podcasts'
 * tags, Podcasting 2.0). Served from the page set like every page: ETag and 304, precompressed.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await podcastFeed(snapshotOf(context), context.get(renderClock)())
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } })
}
