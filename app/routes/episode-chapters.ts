import { data } from 'react-router'
import type { Route } from './+types/episode-chapters'
import { snapshotOf } from '#app/lib/content.server.ts'
import { chaptersFile } from '#app/lib/podcast.server.ts'
import { renderClock } from '#app/render-clock.ts'

/** /listen/<slug>/chapters.json: an episode's Podcasting 2.0 chapters, for the feed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const json = chaptersFile(snapshotOf(context), params.slug, context.get(renderClock)())
  if (json === undefined) throw data(null, { status: 404, statusText: 'Not Found' })
  return new Response(json, {
    headers: { 'Content-Type': 'application/json+chapters; charset=utf-8' },
  })
}
