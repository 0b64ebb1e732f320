/** The private preview of a draft, rendered by the running site and never served to visitors. */
import type { FastifyReply } from 'fastify'
import { articleKeyOf, pageKey } from '#common/content-admin.ts'
import { ArticleParams, PageParams } from '#common/content-admin-schemas.ts'
import { contentSecurityPolicy, ERROR_PAGE_CSP } from '#server/http/security-headers.ts'
import type { RouteContext, SignedInStaff } from '#server/back-office/table.ts'
import { ContentNotFoundError } from '../errors.ts'
import { EDITORS, type ContentRoutes, type ContentSite } from './context.ts'

/** A small page of the back office saying why a preview cannot be shown. */
function sendPreviewProblem(reply: FastifyReply, status: number, lines: string[]) {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Preview not available · DocuCommons</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1.25rem;line-height:1.6;color:#1f2937}li{margin:.5rem 0}</style>
</head>
<body><main><h1>This preview cannot be shown</h1><ul>${lines.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>
<p>Fix it in the editor, save, and open the preview again.</p></main></body>
</html>
`
  return reply
    .code(status)
    .header('content-security-policy', ERROR_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(html)
}

async function sendPreview(
  site: ContentSite | undefined,
  context: RouteContext<unknown, unknown, unknown, SignedInStaff>,
  key: string,
) {
  const { reply } = context
  if (!site)
    return sendPreviewProblem(reply, 503, [
      'This server has no site build to render a preview with (npm run build).',
    ])
  let previewed: Awaited<ReturnType<ContentSite['preview']>>
  try {
    previewed = await site.preview(key)
  } catch (error) {
    if (error instanceof ContentNotFoundError)
      return sendPreviewProblem(reply, 404, [error.message])
    throw error
  }
  if ('problems' in previewed) return sendPreviewProblem(reply, 422, previewed.problems)
  const { page } = previewed
  return reply
    .code(200)
    .header('content-type', page.contentType)
    .header('content-security-policy', contentSecurityPolicy(page.scriptHashes))
    .send(page.body)
}

export function previewRoutes({ backOffice, site }: ContentRoutes) {
  backOffice.view(EDITORS, {
    url: '/preview/articles/:id',
    params: ArticleParams,
    handler: (context) => sendPreview(site, context, articleKeyOf(context.params.id)),
  })
  backOffice.view(EDITORS, {
    url: '/preview/pages/:name',
    params: PageParams,
    handler: (context) => sendPreview(site, context, pageKey(context.params.name)),
  })
}
