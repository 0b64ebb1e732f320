/**
 * The podcast's island pack: the player and the transcript, islands only the podcast pages have.
 * Its code is a chunk of its own (scripts/vite/hydration-manifest.ts, `packs`), which a page that
 * names the pack in its route's `handle` imports before the client entry; the registry
 * (app/islands/registry.ts) imports it lazily when the page has one of its islands, so no other
 * page loads a byte of them (docs/rendering.md, "Island packs"). It knows nothing of the registry.
 */
import { EpisodePlayer } from './episode-player.tsx'
import { TranscriptView } from './transcript-view.tsx'

export const podcastIslands = {
  'episode-player': EpisodePlayer,
  'transcript-view': TranscriptView,
}
