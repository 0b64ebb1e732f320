/**
 * The parts of the site that have behaviour: the only components the browser hydrates. Every
 * other part of a page is HTML the server rendered and no script touches (no JavaScript for it,
 * no hydration work), see docs/decisions/010. An island takes JSON props only: they travel in its
 * element's `data-props` (app/islands/island.tsx). An island's module never imports this
 * registry (or Island), so that no island contains another.
 *
 * Islands only a few pages have come in packs: a feature exports them (the podcast's player and
 * transcript, app/podcast/islands.ts) and this registry imports the pack only lazily, when a
 * page has one of its islands. A page that names the pack imports its chunk before the client
 * entry, so the lazy import finds it loaded; every page without the pack carries none of its
 * code (docs/rendering.md, "Island packs"). Nothing imports this registry back: no cycle.
 */
import type { ComponentType } from 'react'
import { CurrentYear } from '#app/components/layout/current-year.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { AwardStrip } from '#app/components/sections/award-strip.tsx'
import { HeroVideoPlayer } from '#app/components/sections/hero-video-player.tsx'
import { AutoplayVideo } from '#app/components/ui/autoplay-video.tsx'
import { LazyPosterVideo } from '#app/components/ui/lazy-poster-video.tsx'
import { ContactForm } from '#app/contact/contact-form.tsx'
import { FieldRules } from '#app/contact/field-rules.tsx'
import { NewsletterSignup } from '#app/contact/newsletter-signup.tsx'
import { CourseCatalogue } from '#app/courses/course-catalogue.tsx'
import type { podcastIslands } from '#app/podcast/islands.ts'

const eagerIslands = {
  'site-header': SiteHeader,
  'current-year': CurrentYear,
  'newsletter-signup': NewsletterSignup,
  'hero-video': HeroVideoPlayer,
  'award-strip': AwardStrip,
  'autoplay-video': AutoplayVideo,
  'lazy-poster-video': LazyPosterVideo,
  'contact-form': ContactForm,
  'field-rules': FieldRules,
  'course-catalogue': CourseCatalogue,
}

/** Each pack's islands, imported when a page has one of them. */
const islandPacks = {
  podcast: () => import('#app/podcast/islands.ts').then((pack) => pack.podcastIslands),
}

type PackIslands = typeof podcastIslands
export type IslandName = keyof typeof eagerIslands | keyof PackIslands

/** The component of an island, its pack imported first if it is in one; undefined if none. */
export async function islandComponent(name: string): Promise<ComponentType<object> | undefined> {
  const islands: Record<string, unknown> = eagerIslands
  if (Object.hasOwn(islands, name)) return islands[name] as ComponentType<object>
  for (const load of Object.values(islandPacks)) {
    const pack: Record<string, unknown> = await load()
    if (Object.hasOwn(pack, name)) return pack[name] as ComponentType<object>
  }
  return undefined
}

/** Every island the server may render: the eager ones and the packs' (app/islands/island.tsx). */
export { eagerIslands }
