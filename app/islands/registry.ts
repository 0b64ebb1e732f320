/**
 * The parts of the site that have behaviour: the only components the browser hydrates. Every
 * other part of a page is HTML the server rendered and no script touches (no JavaScript for it,
 * no hydration work), see docs/decisions/010. An island takes JSON props only: they travel in its
 * element's `data-props` (app/islands/island.tsx). An island's module never imports this
 * registry (or Island), so that no island contains another.
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

export const islandComponents = {
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

export type IslandName = keyof typeof islandComponents
