import { useContext } from 'react'
import { Scripts } from 'react-router'
import { BOOT_DATA_ID } from '#common/render-entry.ts'
import { DocumentAssetsContext } from './document-assets.ts'

/** JSON inside a <script> element: `<` escaped, so no `</script>` or `<!--` can end it. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/**
 * The stylesheet and the boot script of the page (DocumentAssets), first in <head> after the
 * charset and viewport: the boot script marks the visitor before anything paints.
 */
export function DocumentHead() {
  const assets = useContext(DocumentAssetsContext)
  if (!assets) return null
  return (
    <>
      <script
        type="application/json"
        id={BOOT_DATA_ID}
        dangerouslySetInnerHTML={{ __html: jsonInScript(assets.bootData) }}
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
