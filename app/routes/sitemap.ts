import type { Route } from './+types/sitemap'
import { siteConfig } from '#app/config.ts'
import { snapshotOf } from '#app/lib/content.server.ts'
import { pagePaths } from '#app/page-paths.ts'

/** sitemap.xml, from the same page list as prerendering (app/page-paths.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const urls = pagePaths(snapshotOf(context))
    .map((path) => `  <url><loc>${siteConfig.siteUrl}${path === '/' ? '/' : path}</loc></url>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}
