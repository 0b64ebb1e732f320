import type { Route } from './+types/sitemap-part'
import { siteConfig } from '#app/config.ts'
import { snapshotOf } from '#app/lib/content.server.ts'
import { sitemapEntries, sitemapPart, sitemapPartCount, urlset } from '#app/lib/sitemap.server.ts'
import { pagePaths } from '#app/page-paths.ts'
import { renderClock } from '#app/render-clock.ts'

/** /sitemap/<n>.xml: one part of a sitemap too large for one file (app/lib/sitemap.server.ts). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const snapshot = snapshotOf(context)
  const entries = sitemapEntries(pagePaths(snapshot, context.get(renderClock)()), snapshot)
  const part = /^([1-9]\d*)\.xml$/.exec(params.part)?.[1]
  if (!part || Number(part) > sitemapPartCount(entries.length))
    throw new Response('Not Found', { status: 404 })
  return new Response(urlset(sitemapPart(entries, Number(part)), siteConfig.siteUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
