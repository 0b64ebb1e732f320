import { data } from 'react-router'
import type { Route } from './+types/episode-transcript'
import { snapshotOf } from '#app/lib/content.server.ts'
import { transcriptFile } from '#app/lib/podcast.server.ts'
import { renderClock } from '#app/render-clock.ts'

/**
 * /listen/<slug>/transcript.vtt: an episode's timed transcript as WebVTT, for the player's
 * captions track and the feed's podcast:transcript.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const vtt = transcriptFile(snapshotOf(context), params.slug, context.get(renderClock)())
  if (vtt === undefined) throw data(null, { status: 404, statusText: 'Not Found' })
  return new Response(vtt, { headers: { 'Content-Type': 'text/vtt; charset=utf-8' } })
}
