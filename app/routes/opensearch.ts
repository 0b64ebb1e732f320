import type { Route } from './+types/opensearch'
import { siteConfig } from '#app/config.ts'
import { snapshotOf } from '#app/lib/content.server.ts'

const xmlText = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The OpenSearch description (https://github.com/dewitt/opensearch): browsers offer the site's
 * search from their address bar. Every page's head links it (app/document/document-head.tsx).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { brand } = snapshotOf(context).site
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${xmlText(brand.name.slice(0, 16))}</ShortName>
  <Description>${xmlText(`Search ${brand.name}: episodes and their transcripts, articles, pages and courses`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image width="16" height="16" type="image/x-icon">${siteConfig.siteUrl}/favicon.ico</Image>
  <Url type="text/html" method="get" template="${siteConfig.siteUrl}/search?q={searchTerms}"/>
</OpenSearchDescription>
`
  return new Response(xml, {
    headers: { 'Content-Type': 'application/opensearchdescription+xml; charset=utf-8' },
  })
}
