/**
 * What every page shows around its own content (the brand, the navigation and footer, the site
 * settings) and whether the render is a staff preview, from the content the render is made of.
 * The server entry provides it for the whole document (app/entry.server.tsx), the not-found page
 * included, where no loader runs; the layout reads it (app/root.tsx). Server rendering only: an
 * island gets what it shows as props.
 */
import { createContext, useContext } from 'react'
import type { SiteCopy } from '#common/content/site.ts'
import type { ContentSnapshot } from '#common/content/snapshot.ts'
import { resolveSettings, type ResolvedSettings } from '#app/lib/site-settings.ts'

export interface SiteFrame {
  site: SiteCopy
  settings: ResolvedSettings
  /** A staff member's preview of unpublished changes. */
  preview: boolean
}

const SiteFrameContext = createContext<SiteFrame | undefined>(undefined)

export function siteFrame(snapshot: ContentSnapshot, preview: boolean): SiteFrame {
  return { site: snapshot.site, settings: resolveSettings(snapshot.settings), preview }
}

export const SiteFrameProvider = SiteFrameContext

export function useSiteFrame(): SiteFrame {
  const frame = useContext(SiteFrameContext)
  if (!frame) throw new Error('No site frame: the server entry provides it (app/entry.server.tsx)')
  return frame
}
