import type { Route } from './+types/rss'
import { siteConfig } from '#app/config.ts'
import { listArticles } from '#app/lib/articles.server.ts'
import { snapshotOf } from '#app/lib/content.server.ts'
import { renderClock } from '#app/render-clock.ts'

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** RSS 2.0 feed of the articles, newest first; dated when it was rendered (app/render-clock.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const renderedAt = context.get(renderClock)()
  const snapshot = snapshotOf(context)
  const { brand } = snapshot.site
  const items = listArticles(snapshot)
    .map((article) => {
      const url = `${siteConfig.siteUrl}/articles/${article.slug}`
      return [
        '    <item>',
        `      <title>${escape(`${article.cardTitle}: ${article.name}`)}</title>`,
        `      <link>${url}</link>`,
        `      <guid isPermaLink="true">${url}</guid>`,
        `      <pubDate>${new Date(`${article.date}T12:00:00Z`).toUTCString()}</pubDate>`,
        `      <description>${escape(article.summary)}</description>`,
        '    </item>',
      ].join('\n')
    })
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escape(`${brand.name} articles`)}</title>
    <link>${siteConfig.siteUrl}/articles</link>
    <atom:link href="${siteConfig.siteUrl}/rss.xml" rel="self" type="application/rss+xml" />
    <description>${escape('Interview profiles of community changemakers.')}</description>
    <language>en-us</language>
    <lastBuildDate>${renderedAt.toUTCString()}</lastBuildDate>
${items}
  </channel>
</rss>
`
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } })
}
