/**
 * Renders a whole document on the server: at build time for every page, and at run time when the
 * server re-renders pages (server/render/). The document waits for all of its data (no streaming:
 * every render is a finished file) and carries what its <head> needs (DocumentAssets): the
 * stylesheet inline, the web fonts for after the first paint, and the boot script with the client
 * chunks it imports after `load`.
 */
import { renderToReadableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'
import hydration from 'virtual:hydration-manifest'
import bootScript from '#app/document/boot.ts?inline-script'
import { DocumentAssetsContext, type DocumentAssets } from '#app/document/document-assets.ts'
import { fontFaceRules, fontsVersion, WEB_FONTS } from '#app/document/web-fonts.ts'
import { renderClock, RenderedAt } from '#app/render-clock.ts'
import { siteFrame, SiteFrameProvider } from '#app/site-context.tsx'
import type { RenderEntryExports } from '#common/render-entry.ts'
import { contentSnapshot, contentSource, previewRender } from '#app/lib/content.server.ts'
import {
  affectedPaths,
  ON_REQUEST_PATHS,
  OPTIONAL_ROUTE_PATHS,
  renderPaths,
  warmPaths,
} from '#app/page-paths.ts'
import { searchAnswer } from '#app/search/search-answer.server.ts'
import css from '#app/styles/app.css?inline'

/** `</style` inside CSS text would end the element early; CSS allows escaping the slash. */
const inStyleElement = (text: string) => text.replaceAll('</style', '<\\/style')

const assets: DocumentAssets = {
  css: inStyleElement(css),
  webFontsCss: inStyleElement(fontFaceRules(WEB_FONTS)),
  hydration,
  bootScript,
  bootData: { chunks: hydration.chunks, fonts: WEB_FONTS, fontsVersion: fontsVersion(WEB_FONTS) },
  // `react-router dev` has no client build: nothing to import after `load`.
  development: hydration.chunks.length === 0,
}

// For the render module (server/render/): see common/render-entry.ts.
export {
  renderClock,
  renderPaths,
  contentSource,
  previewRender,
  affectedPaths,
  warmPaths,
  searchAnswer,
}
export const notFoundPath = '/__not-found'
export const onRequestPaths = ON_REQUEST_PATHS
export const optionalRoutePaths = OPTIONAL_ROUTE_PATHS
export const defaultSnapshot = contentSnapshot
export { bootScript }
;({
  renderClock,
  renderPaths,
  contentSource,
  previewRender,
  affectedPaths,
  warmPaths,
  searchAnswer,
  defaultSnapshot,
  notFoundPath,
  onRequestPaths,
  optionalRoutePaths,
  bootScript,
}) satisfies RenderEntryExports

/** A path that matches no route is the not-found page, not an error worth a log line. */
export const handleError: HandleErrorFunction = (error) => {
  if (isRouteErrorResponse(error) && error.status === 404) return
  console.error(error)
}

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (!assets.development && hydration.chunks.at(-1) !== context.manifest.entry.module)
    throw new Error(
      `The hydration manifest ends with ${hydration.chunks.at(-1)}, not the client entry ${context.manifest.entry.module}`,
    )
  let failed: unknown
  const stream = await renderToReadableStream(
    <DocumentAssetsContext value={assets}>
      <RenderedAt value={loadContext.get(renderClock)()}>
        <SiteFrameProvider
          value={siteFrame(loadContext.get(contentSource)(), loadContext.get(previewRender))}
        >
          <ServerRouter context={context} url={request.url} />
        </SiteFrameProvider>
      </RenderedAt>
    </DocumentAssetsContext>,
    {
      onError(error) {
        failed ??= error
      },
    },
  )
  await stream.allReady
  headers.set('Content-Type', 'text/html; charset=utf-8')
  if (request.method === 'HEAD') return new Response(null, { status, headers })
  return new Response(stream, { status: failed === undefined ? status : 500, headers })
}
