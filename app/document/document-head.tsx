import { useContext } from 'react'
import { Scripts, useMatches } from 'react-router'
import { BOOT_DATA_ID } from '#common/render-entry.ts'
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
  const packs = useMatches().flatMap(
    (match) => (match.handle as IslandPacksHandle | undefined)?.islandPacks ?? [],
  )
  if (!assets) return null
  const bootData =
    packs.length === 0
      ? assets.bootData
      : { ...assets.bootData, chunks: pageChunks(assets.hydration, packs) }
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
