import type { Route } from './+types/sitemap'
import { siteConfig } from '#app/config.ts'
import { snapshotOf } from '#app/lib/content.server.ts'
import { sitemapDocument, sitemapEntries } from '#app/lib/sitemap.server.ts'
import { pagePaths } from '#app/page-paths.ts'
import { renderClock } from '#app/render-clock.ts'

/**
 * sitemap.xml, from the same page list as prerendering (app/page-paths.ts), at the render's time:
 * every indexable page with its date, or the index of the part files once there are too many
 * for one (app/lib/sitemap.server.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const snapshot = snapshotOf(context)
  const entries = sitemapEntries(pagePaths(snapshot, context.get(renderClock)()), snapshot)
  return new Response(sitemapDocument(entries, siteConfig.siteUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
