import { useContext } from 'react'
import { Scripts, useMatches } from 'react-router'
import { BOOT_DATA_ID } from '#common/render-entry.ts'
import { REQUEST_TIMEOUT_MS } from '#app/config.ts'
import type { EarlyRequestsHandle } from '#app/lib/early-requests.ts'
import { DocumentAssetsContext, pageChunks, type IslandPacksHandle } from './document-assets.ts'

/** JSON inside a <script> element: `<` escaped, so no `</script>` or `<!--` can end it. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/**
 * The stylesheet and the boot script of the page (DocumentAssets), first in <head> after the
 * charset and viewport: the boot script marks the visitor before anything paints.
 */
export function DocumentHead() {
  const assets = useContext(DocumentAssetsContext)
  // The island packs the page's routes name (their `handle`): their chunks come before the entry.
  const matches = useMatches()
  const packs = matches.flatMap(
    (match) => (match.handle as IslandPacksHandle | undefined)?.islandPacks ?? [],
  )
  // The API requests the page starts with its HTML (their `handle`): the boot script sends them.
  const requests = matches.flatMap(
    (match) => (match.handle as EarlyRequestsHandle | undefined)?.earlyRequests ?? [],
  )
  if (!assets) return null
  const bootData = {
    ...assets.bootData,
    ...(packs.length > 0 && { chunks: pageChunks(assets.hydration, packs) }),
    ...(requests.length > 0 && { requests: { urls: requests, timeoutMs: REQUEST_TIMEOUT_MS } }),
  }
  return (
    <>
      <script
        type="application/json"
        id={BOOT_DATA_ID}
        dangerouslySetInnerHTML={{ __html: jsonInScript(bootData) }}
      />
      <script dangerouslySetInnerHTML={{ __html: assets.bootScript }} />
      <noscript>
        <style dangerouslySetInnerHTML={{ __html: assets.webFontsCss }} />
      </noscript>
      <style dangerouslySetInnerHTML={{ __html: assets.css }} />
    </>
  )
}

/** React Router's development scripts (hot reloading) under `react-router dev`; nothing in a build. */
export function DevelopmentScripts() {
  const assets = useContext(DocumentAssetsContext)
  return assets?.development ? <Scripts /> : null
}
