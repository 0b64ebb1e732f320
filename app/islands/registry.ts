/**
 * The parts of the site that have behaviour: the only components the browser hydrates. Every
 * other part of a page is HTML the server rendered and no script touches (no JavaScript for it,
 * no hydration work), see docs/decisions/010. An island takes JSON props only: they travel in its
 * element's `data-props` (app/islands/island.tsx). An island's module never imports this
 * registry (or Island), so that no island contains another.
 *
 * Islands only a few pages have come in packs (the podcast's player and transcript,
 * app/podcast/islands.ts): a pack's chunk adds its islands to this object when a page that names
 * the pack imports it, before the client entry, so that the entry, and every page without the
 * pack, carries none of their code (docs/rendering.md, "Island packs").
 */
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

/** The islands of the packs, present once their pack's chunk has run. */
type PackIslands = typeof podcastIslands

export const islandComponents: typeof eagerIslands & Partial<PackIslands> = eagerIslands

export type IslandName = keyof typeof eagerIslands | keyof PackIslands
