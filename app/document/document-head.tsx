import { useContext } from 'react'
import { Scripts } from 'react-router'
import { DocumentAssetsContext } from './document-assets.ts'

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
        data-boot={JSON.stringify(assets.bootData)}
        dangerouslySetInnerHTML={{ __html: assets.bootScript }}
      />
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
