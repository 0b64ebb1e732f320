/**
 * What every page's <head> carries besides its route's meta and links, prepared by the server
 * entry (app/entry.server.tsx) and rendered by <DocumentHead> in app/root.tsx:
 *
 * - the whole stylesheet, inline: the first paint needs only the HTML;
 * - one classic script, the boot script (app/document/boot.ts, compiled by Rolldown), which marks
 *   the visitor before the first paint, adds the web fonts after it, and once the page has loaded
 *   imports the client entry that hydrates the page's islands (app/islands/);
 * - the web fonts' rules in <noscript>, for browsers without JavaScript.
 *
 * The boot script's code is the same on every page (one CSP hash); what differs per page travels
 * in a JSON data block before it.
 */
import { createContext } from 'react'
import type { EarlyRequestsData } from '#app/lib/early-requests.ts'

/** The client entry's chunks, dependencies first, the entry itself last. */
export interface HydrationManifest {
  chunks: string[]
  /**
   * Per island pack (app/islands/registry.ts), the chunks it adds to a page that names it,
   * dependencies first: imported after the entry's dependencies, before the entry.
   */
  packs: Record<string, string[]>
}

/** What a route's `handle` may say: the island packs its page needs. */
export interface IslandPacksHandle {
  islandPacks?: readonly string[]
}

/** The chunks a page imports after `load`: the entry's, with the page's packs before the entry. */
export function pageChunks(manifest: HydrationManifest, packs: readonly string[]): string[] {
  if (packs.length === 0 || manifest.chunks.length === 0) return manifest.chunks
  const added = packs.flatMap((name) => {
    const chunks = manifest.packs[name]
    if (!chunks) throw new Error(`No island pack "${name}" (scripts/vite/hydration-manifest.ts)`)
    return chunks
  })
  return [...manifest.chunks.slice(0, -1), ...new Set(added), manifest.chunks.at(-1)!]
}

/** A web font as the FontFace API takes it. */
export interface WebFontFace {
  family: string
  /** The `src` descriptor: url(…) format(…). */
  src: string
  descriptors: { style: string; weight: string; display: 'swap'; unicodeRange: string }
}

/** What the boot script reads: a JSON data block in <head> (BOOT_DATA_ID, common/render-entry.ts). */
export interface BootData {
  /** Module URLs to import after `load`, one per task; the last one hydrates the page. */
  chunks: string[]
  fonts: WebFontFace[]
  /** Changes when the font files change: the browser's cache note is per version. */
  fontsVersion: string
  /** API requests to start at once, which the page's islands take over (early-requests.ts). */
  requests?: EarlyRequestsData
}

export interface DocumentAssets {
  /** The site's stylesheet without the web fonts' @font-face rules. */
  css: string
  /** The client chunks; a page's boot data lists the entry's and its island packs'. */
  hydration: HydrationManifest
  /** The same rules as CSS, for <noscript>. */
  webFontsCss: string
  bootScript: string
  /** The boot data of a page without island packs. */
  bootData: BootData
  /**
   * `react-router dev`: there is no client build to import after `load`, so the document loads
   * React Router's development scripts (module scripts, hot reloading) instead.
   */
  development: boolean
}

/** Provided by app/entry.server.tsx; a document rendered without it has no styles or scripts. */
export const DocumentAssetsContext = createContext<DocumentAssets | undefined>(undefined)
