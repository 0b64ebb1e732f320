import type { Route } from './+types/sitemap'
import { siteConfig } from '#app/config.ts'
import { snapshotOf } from '#app/lib/content.server.ts'
import { pagePaths } from '#app/page-paths.ts'
import { renderClock } from '#app/render-clock.ts'

/** sitemap.xml, from the same page list as prerendering (app/page-paths.ts), at the render's time. */
export async function loader({ context }: Route.LoaderArgs) {
  const urls = pagePaths(snapshotOf(context), context.get(renderClock)())
    .map((path) => `  <url><loc>${siteConfig.siteUrl}${path === '/' ? '/' : path}</loc></url>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}
